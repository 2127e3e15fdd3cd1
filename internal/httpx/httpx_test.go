package httpx

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
)

func TestDecodeJSONAndForm(t *testing.T) {
	type body struct {
		Phone   string `json:"phone"`
		IsGuest bool   `json:"is_guest"`
		Count   int    `json:"count"`
	}
	r := httptest.NewRequest("POST", "/", strings.NewReader(`{"phone":"79000000001","is_guest":true,"count":3}`))
	r.Header.Set("Content-Type", "application/json")
	var b body
	if err := Decode(r, &b); err != nil || b.Phone != "79000000001" || !b.IsGuest || b.Count != 3 {
		t.Fatalf("json: %+v %v", b, err)
	}
	r = httptest.NewRequest("POST", "/", strings.NewReader("phone=079&is_guest=true&count=3"))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	b = body{}
	if err := Decode(r, &b); err != nil || b.Phone != "079" || !b.IsGuest || b.Count != 3 {
		t.Fatalf("form: %+v %v", b, err)
	}
	r = httptest.NewRequest("POST", "/", strings.NewReader(`{"count":"x"}`))
	var e *Error
	if err := Decode(r, &b); !errors.As(err, &e) || e.Status != 400 || e.Detail["count"] == "" {
		t.Fatalf("type error: %v", err)
	}
	r = httptest.NewRequest("POST", "/", strings.NewReader(`{`))
	if err := Decode(r, &b); !errors.As(err, &e) || e.Status != 400 {
		t.Fatalf("bad json: %v", err)
	}
	for _, trailing := range []string{`{"count":1} {"count":2}`, `{"count":1} x`, `{"count":1}]`} {
		r = httptest.NewRequest("POST", "/", strings.NewReader(trailing))
		if err := Decode(r, &b); !errors.As(err, &e) || e.Status != 400 {
			t.Fatalf("%s: %v", trailing, err)
		}
	}
	r = httptest.NewRequest("POST", "/", strings.NewReader("{\"count\":1}\r\n\t "))
	if err := Decode(r, &b); err != nil || b.Count != 1 {
		t.Fatalf("trailing white space: %+v %v", b, err)
	}
	// multipart/form-data is read like a form.
	r = httptest.NewRequest("POST", "/", strings.NewReader("--xx\r\nContent-Disposition: form-data; name=\"phone\"\r\n\r\n+7 900 000-00-02\r\n--xx--\r\n"))
	r.Header.Set("Content-Type", "multipart/form-data; boundary=xx")
	b = body{}
	if err := Decode(r, &b); err != nil || b.Phone != "+7 900 000-00-02" {
		t.Fatalf("multipart: %+v %v", b, err)
	}
	// Too large: 413, in JSON and in forms.
	for _, ct := range []string{"application/json", "application/x-www-form-urlencoded"} {
		r = httptest.NewRequest("POST", "/", strings.NewReader(`{"phone":"`+strings.Repeat("9", MaxBody)+`"}`))
		r.Header.Set("Content-Type", ct)
		if err := Decode(r, &b); !errors.As(err, &e) || e.Status != http.StatusRequestEntityTooLarge {
			t.Fatalf("%s too large: %v", ct, err)
		}
	}
}

func TestLanguages(t *testing.T) {
	cases := map[string]string{"kz": "kk", "ru-RU": "ru", "EN": "en", "uz-Latn": "uz", "de": "", "": ""}
	for in, want := range cases {
		if got := NormalizeLang(in); got != want {
			t.Errorf("NormalizeLang(%q) = %q, want %q", in, got, want)
		}
	}
	r := httptest.NewRequest("GET", "/", nil)
	r.Header.Set("Accept-Language", "de-DE,de;q=0.9,en;q=0.8")
	if got := Lang(r); got != "en" {
		t.Errorf("Lang = %q, want en", got)
	}
	if got := T("de", "error_not_found"); got != "Не найдено." {
		t.Errorf("fallback to ru: %q", got)
	}
	if got := T("en", "error_rate_limited", 42); !strings.Contains(got, "42") {
		t.Errorf("args: %q", got)
	}
}

func TestPaging(t *testing.T) {
	r := httptest.NewRequest("GET", "/?limit=500&offset=10", nil)
	l, o, err := Paging(r)
	if err != nil || l != 100 || o != 10 {
		t.Fatalf("%d %d %v", l, o, err)
	}
	r = httptest.NewRequest("GET", "/?offset=-1", nil)
	if _, _, err := Paging(r); err == nil {
		t.Fatal("negative offset accepted")
	}
}

func TestRateLimitedCarriesWait(t *testing.T) {
	w := httptest.NewRecorder()
	WriteError(w, httptest.NewRequest("GET", "/", nil), RateLimited(37))
	if w.Code != http.StatusTooManyRequests || w.Header().Get("Retry-After") != "37" ||
		!strings.Contains(w.Body.String(), `"wait":"37"`) || !strings.Contains(w.Body.String(), `"rate_limited"`) {
		t.Fatalf("%d %v %s", w.Code, w.Header(), w.Body.String())
	}
}

func FuzzParsePrefixes(f *testing.F) {
	for _, s := range []string{"10.0.0.0/8", "127.0.0.1, ::1", "1.2.3.4/33", "", ",,", "fe80::/10,bad"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ps, err := ParsePrefixes(s)
		if err != nil {
			return
		}
		for _, p := range ps {
			if !p.IsValid() {
				t.Fatalf("invalid prefix from %q", s)
			}
		}
	})
}

func FuzzClientIP(f *testing.F) {
	f.Add("10.0.0.1:80", "1.2.3.4, 10.0.0.2")
	f.Add("[::1]:80", "garbage")
	f.Add("nonsense", "")
	trusted, _ := ParsePrefixes("10.0.0.0/8,::1")
	c := ClientIPResolver{Trusted: trusted}
	f.Fuzz(func(t *testing.T, remote, xff string) {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = remote
		r.Header.Set("X-Forwarded-For", xff)
		ip := c.Resolve(r)
		peer := parseAddr(remote)
		if peer.IsValid() && !c.trusted(peer) && ip != peer {
			t.Fatalf("untrusted peer %v replaced by %v", peer, ip)
		}
		_ = netip.Addr(ip)
	})
}
