package app_test

import (
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"efir/internal/apitest"
	_ "efir/internal/app" // every package's texts are registered by its init
	"efir/internal/httpx"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// messageKey finds the message keys the server passes to httpx (error texts,
// detail texts, messages for people): string literals of these shapes.
var messageKey = regexp.MustCompile(`"((?:error|otp|parental|profile|alma|avatar_category|login_default|lk_default)_[a-z0-9_]+)"`)

// TestEveryMessageKeyIsTranslated: every message key in the server's source
// has a Russian text (and so, by TestEveryTextInEveryLanguage, a text in
// every interface language), so no answer shows a bare key.
func TestEveryMessageKeyIsTranslated(t *testing.T) {
	root := filepath.Join("..", "..", "internal")
	seen := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range messageKey.FindAllStringSubmatch(string(src), -1) {
			key := m[1]
			if isNotAKey(key) {
				continue
			}
			seen++
			for _, lang := range httpx.Languages {
				if !httpx.Has(lang, key) {
					t.Errorf("%s: message key %q has no %s text", path, key, lang)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen < 50 {
		t.Fatalf("found only %d keys: the pattern no longer matches how keys are written", seen)
	}
}

// isNotAKey leaves out literals of the same shape that are not message keys
// (column names, JSON fields).
func isNotAKey(s string) bool {
	switch s {
	case "parental_code", "parental_status", "parental_settings", "parental_dialogue", "profile_id",
		"current_parental_code", "parental_failures", "parental_locked_until", "parental_sent_at",
		"parental_code_hash", "parental_pass_until", "otp_exist", "otp_codes", "otp_sends", "otp_outbox",
		"alma_sessions", "alma_cities", "alma_addresses", "parental_code_required", "parental_durations",
		"error_type":
		return true
	}
	return false
}

// printfVerb finds the fmt verbs of a text (%d, %s, %5.2f, %%); placeholder
// finds the {name} slots some texts fill by replacement.
var (
	printfVerb  = regexp.MustCompile(`%[-+# 0]*[0-9]*(?:\.[0-9]+)?[a-zA-Z%]`)
	placeholder = regexp.MustCompile(`\{[a-z_]+\}`)
)

// TestEveryTextInEveryLanguage: every key registered for Russian (the
// reference catalogue) has a non-empty text in each of the 11 interface
// languages with the same printf verbs in the same order and the same {slots},
// and no language holds a key Russian lacks (a typo in a translation file).
func TestEveryTextInEveryLanguage(t *testing.T) {
	if len(httpx.Languages) != 11 {
		t.Fatalf("interface languages: %v", httpx.Languages)
	}
	ru := httpx.Keys("ru")
	if len(ru) < 130 {
		t.Fatalf("only %d Russian texts registered: a texts file is not loaded", len(ru))
	}
	for _, lang := range httpx.Languages {
		for _, key := range ru {
			if !httpx.Has(lang, key) {
				t.Errorf("%s: no text for %q", lang, key)
				continue
			}
			ref, text := httpx.T("ru", key), httpx.T(lang, key)
			if strings.TrimSpace(text) == "" {
				t.Errorf("%s: empty text for %q", lang, key)
			}
			if want, got := printfVerb.FindAllString(ref, -1), printfVerb.FindAllString(text, -1); !slices.Equal(want, got) {
				t.Errorf("%s: %q has verbs %v, Russian has %v: %q", lang, key, got, want, text)
			}
			want, got := placeholder.FindAllString(ref, -1), placeholder.FindAllString(text, -1)
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(want, got) {
				t.Errorf("%s: %q has slots %v, Russian has %v: %q", lang, key, got, want, text)
			}
		}
		for _, key := range httpx.Keys(lang) {
			if !httpx.Has("ru", key) {
				t.Errorf("%s: text for %q, a key Russian does not have", lang, key)
			}
		}
	}
}

// TestKazakhViewerGetsKazakhTexts: a request in Kazakh gets Kazakh error
// messages and details and Kazakh country names, not the Russian fallback.
func TestKazakhViewerGetsKazakhTexts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		kk := http.Header{"Accept-Language": {"kk-KZ,kk;q=0.9,ru;q=0.8"}}
		var body struct {
			Error struct {
				Type    string            `json:"type"`
				Message string            `json:"message"`
				Detail  map[string]string `json:"detail"`
			} `json:"error"`
		}

		res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/no-such-thing", Header: kk})
		res.JSON(t, &body)
		if res.Status != http.StatusNotFound || body.Error.Message != "Табылмады." {
			t.Fatalf("404 in Kazakh: %d %s", res.Status, res.Body)
		}

		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/otps", Header: kk, Body: map[string]string{"phone": "12345"}})
		res.JSON(t, &body)
		if res.Status != http.StatusBadRequest || body.Error.Message != "Толтырылған деректерді тексеріңіз." ||
			body.Error.Detail["phone"] != "Телефон нөмірі қате." {
			t.Fatalf("wrong phone in Kazakh: %d %s", res.Status, res.Body)
		}

		var countries []struct {
			Code string `json:"code"`
			Name string `json:"name"`
		}
		for _, lang := range httpx.Languages {
			res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/countries", Header: http.Header{"Accept-Language": {lang}}})
			res.JSON(t, &countries)
			if len(countries) < 30 {
				t.Fatalf("%s: %d countries", lang, len(countries))
			}
			for _, c := range countries {
				if c.Name == "" || strings.HasPrefix(c.Name, "country_") {
					t.Errorf("%s: country %s has no name: %q", lang, c.Code, c.Name)
				}
				if lang == "kk" && c.Code == "KZ" && c.Name != "Қазақстан" {
					t.Errorf("kk: KZ is %q", c.Name)
				}
			}
		}
	})
}
