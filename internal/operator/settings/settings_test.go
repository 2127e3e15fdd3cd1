package settings_test

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"strings"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/app"
	"efir/internal/operator/settings"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// The demo's staff (internal/demo/staff.go).
const (
	ownerEmail   = "admin@efir.example"
	ownerPass    = "efir24-admin"
	supportEmail = "support@efir.example"
	editorEmail  = "editor@efir.example"
	financeEmail = "finance@efir.example"
	staffPass    = "efir24-staff"
)

func newServer(t *testing.T, db *store.DB) *apitest.Server {
	now := time.Unix(1_800_000_000, 0)
	return apitest.NewWithOptions(t, db, app.Options{Now: func() time.Time { return now }})
}

// console is one browser of the operator console: its session cookie and
// the session's CSRF token.
type console struct {
	t      *testing.T
	srv    *apitest.Server
	cookie string
	csrf   string
}

func (c *console) do(method, path string, body any, header ...string) *apitest.Response {
	c.t.Helper()
	h := http.Header{}
	if c.cookie != "" {
		h.Set("Cookie", "efir_staff="+c.cookie)
	}
	if c.csrf != "" {
		h.Set("X-CSRF-Token", c.csrf)
	}
	for i := 0; i+1 < len(header); i += 2 {
		h.Set(header[i], header[i+1])
	}
	res := c.srv.Do(apitest.Request{Method: method, Path: path, Body: body, Header: h})
	for _, sc := range res.Header.Values("Set-Cookie") {
		if v, ok := strings.CutPrefix(sc, "efir_staff="); ok {
			c.cookie, _, _ = strings.Cut(v, ";")
		}
	}
	return res
}

func signIn(t *testing.T, srv *apitest.Server, email, password string) *console {
	t.Helper()
	c := &console{t: t, srv: srv}
	if email == "" {
		return c
	}
	res := c.do("POST", "/v2/operator/auth/login", map[string]string{"email": email, "password": password})
	var a struct {
		Status  string `json:"status"`
		Session *struct {
			CSRFToken string `json:"csrf_token"`
		} `json:"session"`
	}
	if res.Status != http.StatusOK {
		t.Fatalf("sign-in of %s: %d %s", email, res.Status, res.Body)
	}
	res.JSON(t, &a)
	if a.Status != "ok" || a.Session == nil {
		t.Fatalf("sign-in of %s: %s", email, res.Body)
	}
	c.csrf = a.Session.CSRFToken
	return c
}

// addStaff adds a member of operator provider with the demo staff's
// password (no second factor asked).
func addStaff(t *testing.T, db *store.DB, provider int64, email, role string) {
	t.Helper()
	if _, err := db.Exec(t.Context(), `INSERT INTO staff (provider_id, email, role, password_hash, totp_exempt, created_at)
		SELECT ?, ?, ?, password_hash, TRUE, 0 FROM staff WHERE email = ?`, provider, email, role, supportEmail); err != nil {
		t.Fatal(err)
	}
}

func mustStatus(t *testing.T, res *apitest.Response, want int) {
	t.Helper()
	if res.Status != want {
		t.Fatalf("status %d, want %d: %s", res.Status, want, res.Body)
	}
}

type settingsView struct {
	Name         string   `json:"name"`
	LogoURL      string   `json:"logo_url"`
	AccentColor  string   `json:"accent_color"`
	ButtonColor  string   `json:"button_color"`
	PhoneMask    string   `json:"phone_mask"`
	OTPLength    int      `json:"phone_otp_length"`
	Languages    []string `json:"languages"`
	Currency     string   `json:"currency"`
	DeviceLimit  int      `json:"device_limit"`
	StreamLimit  int      `json:"stream_limit"`
	Retention    int      `json:"stat_retention_days"`
	GuestAllowed bool     `json:"guest_allowed"`
	Networks     []string `json:"networks"`
	Countries    []string `json:"allowed_countries"`
	Messengers   []struct {
		Name string `json:"name"`
		URL  string `json:"url"`
	} `json:"messengers"`
}

type errorAnswer struct {
	Error struct {
		Type   string            `json:"type"`
		Detail map[string]string `json:"detail"`
	} `json:"error"`
}

// A change of the name, colours, phone mask, code length and device limit
// shows in the viewer's calls at once, and the audit log holds it with
// the settings before and after.
func TestSettingsReachViewers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newServer(t, db)
		owner := signIn(t, srv, ownerEmail, ownerPass)
		var before settingsView
		owner.do("GET", "/v2/operator/settings", nil).JSON(t, &before)
		if before.Name != "Efir Demo" || before.PhoneMask == "" || len(before.Networks) == 0 {
			t.Fatalf("demo settings: %+v", before)
		}
		res := owner.do("PATCH", "/v2/operator/settings", map[string]any{
			"name": "  Эфир Плюс ", "accent_color": "#FFAA00", "button_color": "#1a56db", "phone_mask": "+998 (##) ###-##-##",
			"phone_otp_length": 4, "device_limit": 3, "stream_limit": 2, "stat_retention_days": 60, "guest_allowed": false, "currency": "uzs", "currency_symbol": "сўм",
			"messengers": []map[string]string{{"name": "Telegram", "url": "https://t.me/efir_demo"}},
			"networks":   []string{"10.0.0.0/8", "127.0.0.0/8", "::1/128", "192.0.2.7", "2001:db8::1/32"},
		})
		mustStatus(t, res, http.StatusOK)
		var after settingsView
		res.JSON(t, &after)
		if after.Name != "Эфир Плюс" || after.AccentColor != "#ffaa00" || after.Currency != "UZS" || after.StreamLimit != 2 ||
			after.Retention != 60 ||
			strings.Join(after.Networks, " ") != "10.0.0.0/8 127.0.0.0/8 ::1/128 192.0.2.7/32 2001:db8::/32" {
			t.Fatalf("saved: %+v", after)
		}

		var network struct {
			Provider struct {
				Name string `json:"name"`
			} `json:"provider"`
			PhoneMask      string `json:"phone_mask"`
			PhoneOTPLength int    `json:"phone_otp_length"`
			IsGuestAllowed bool   `json:"is_guest_allowed"`
		}
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/network"}).JSON(t, &network)
		if network.Provider.Name != "Эфир Плюс" || network.PhoneMask != "+998 (##) ###-##-##" || network.PhoneOTPLength != 4 ||
			network.IsGuestAllowed {
			t.Fatalf("network info after the change: %+v", network)
		}
		var resources struct {
			BrandName string `json:"brand_name"`
		}
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/platform/resources"}).JSON(t, &resources)
		if resources.BrandName != "Эфир Плюс" {
			t.Fatalf("resources: %+v", resources)
		}
		var brand struct {
			AccentColor string `json:"accent_color"`
			ButtonColor string `json:"button_color"`
			Messengers  []struct {
				Name string `json:"name"`
			} `json:"messengers"`
		}
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/platform/brand"}).JSON(t, &brand)
		if brand.AccentColor != "#ffaa00" || brand.ButtonColor != "#1a56db" || len(brand.Messengers) != 1 {
			t.Fatalf("brand: %+v", brand)
		}
		// Alma Demo's viewers keep their operator's look.
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/platform/brand?provider=alma"}).JSON(t, &brand)
		if brand.AccentColor != "" {
			t.Fatalf("Alma's brand: %+v", brand)
		}

		var beforeJSON, afterJSON string
		if err := store.Get(t.Context(), db, `SELECT before_json, after_json FROM audit_log WHERE action = 'settings.update'
			AND provider_id = 1`, nil, &beforeJSON, &afterJSON); err != nil {
			t.Fatal(err)
		}
		var b, a settingsView
		_ = json.Unmarshal([]byte(beforeJSON), &b)
		_ = json.Unmarshal([]byte(afterJSON), &a)
		if b.Name != "Efir Demo" || a.Name != "Эфир Плюс" || a.DeviceLimit != 3 || b.DeviceLimit != before.DeviceLimit {
			t.Fatalf("audit: before %s after %s", beforeJSON, afterJSON)
		}

		// A partial change keeps the rest.
		res = owner.do("PATCH", "/v2/operator/settings", map[string]any{"device_limit": 7})
		mustStatus(t, res, http.StatusOK)
		res.JSON(t, &after)
		if after.DeviceLimit != 7 || after.Name != "Эфир Плюс" || after.PhoneMask != "+998 (##) ###-##-##" {
			t.Fatalf("partial change: %+v", after)
		}
	})
}

// Bad values are refused with an error per field, and nothing changes.
func TestSettingsRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newServer(t, db)
		owner := signIn(t, srv, ownerEmail, ownerPass)
		res := owner.do("PATCH", "/v2/operator/settings", map[string]any{
			"name": " ", "accent_color": "red", "button_color": "#ffff00", "phone_mask": "+7 <script>",
			"phone_otp_length": 12, "languages": []string{"ru", "xx", "ru"}, "currency": "RUR", "device_limit": 0,
			"stream_limit": -1, "stat_retention_days": 0,
			"allowed_countries": []string{"RU", "Russia"}, "networks": []string{"10.0.0.0/8", "10.0.0.0/33", "0.0.0.0/0", "192.168.77.0/24"},
			"support":    map[string]string{"phone": "call us", "email": "not-an-address", "url": "javascript:alert(1)"},
			"messengers": []map[string]string{{"name": "X", "url": "javascript:alert(1)"}},
		}, "Accept-Language", "en")
		mustStatus(t, res, http.StatusBadRequest)
		var e errorAnswer
		res.JSON(t, &e)
		for _, f := range []string{"name", "accent_color", "button_color", "phone_mask", "phone_otp_length", "languages",
			"languages.1", "languages.2", "currency", "device_limit", "stream_limit", "stat_retention_days",
			"allowed_countries.1", "networks.1", "networks.2",
			"networks.3", "support.phone", "support.email", "support.url", "messengers.0.url"} {
			if e.Error.Detail[f] == "" {
				t.Errorf("no error for %s: %v", f, e.Error.Detail)
			}
		}
		if e.Error.Detail["networks.0"] != "" {
			t.Errorf("a good network refused: %v", e.Error.Detail)
		}
		if !strings.Contains(e.Error.Detail["networks.3"], "another operator") {
			t.Errorf("Alma's network: %q", e.Error.Detail["networks.3"])
		}
		var now settingsView
		owner.do("GET", "/v2/operator/settings", nil).JSON(t, &now)
		if now.Name != "Efir Demo" || now.DeviceLimit == 0 || now.AccentColor != "" {
			t.Fatalf("a refused change left traces: %+v", now)
		}
		// A mask with too few digits, and a dark accent.
		res = owner.do("PATCH", "/v2/operator/settings", map[string]any{"phone_mask": "+7 ###", "accent_color": "#101010"})
		mustStatus(t, res, http.StatusBadRequest)
		res.JSON(t, &e)
		if e.Error.Detail["phone_mask"] == "" || e.Error.Detail["accent_color"] == "" {
			t.Fatalf("detail: %v", e.Error.Detail)
		}
		mustStatus(t, owner.do("PATCH", "/v2/operator/settings", `{"device_limit":"many"}`), http.StatusBadRequest)
	})
}

type page struct {
	Kind     string `json:"kind"`
	Lang     string `json:"lang"`
	Markdown string `json:"markdown"`
	HTML     string `json:"html"`
}

// Pages are stored as Markdown and served as HTML in which nothing runs:
// raw HTML is dropped, script addresses lose their link, headings move
// below the page's title. A viewer gets their language, else the
// operator's first that has the page.
func TestLegalPages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newServer(t, db)
		owner := signIn(t, srv, ownerEmail, ownerPass)
		viewer := func(path, lang string) (*apitest.Response, page) {
			res := srv.Do(apitest.Request{Method: "GET", Path: path, Header: http.Header{"Accept-Language": {lang}}})
			var p page
			if res.Status == http.StatusOK {
				res.JSON(t, &p)
			}
			return res, p
		}
		// The demo's own texts.
		if res, p := viewer("/v2/pages/faq", "en"); res.Status != http.StatusOK || !strings.Contains(p.HTML, "<h2>Frequently asked questions</h2>") {
			t.Fatalf("demo FAQ: %d %s", res.Status, res.Body)
		}
		md := "# Правила\n\n<script>alert(1)</script>\n\nТекст <img src=x onerror=alert(1)> и [ссылка](javascript:alert(1)), " +
			"[сайт](https://efir.example/help) и [пакеты](/packets).\n\n![x](javascript:alert(2))\n"
		res := owner.do("POST", "/v2/operator/settings/pages/terms/ru", map[string]string{"markdown": md})
		mustStatus(t, res, http.StatusOK)
		var saved page
		res.JSON(t, &saved)
		res, got := viewer("/v2/pages/terms", "ru")
		mustStatus(t, res, http.StatusOK)
		for _, bad := range []string{"<script", "onerror", "javascript:", "<img src=x"} {
			if strings.Contains(got.HTML, bad) || strings.Contains(saved.HTML, bad) {
				t.Errorf("%q in the page: %s", bad, got.HTML)
			}
		}
		for _, good := range []string{"<h2>Правила</h2>", `href="https://efir.example/help" rel="nofollow noopener noreferrer"`, `href="/packets"`} {
			if !strings.Contains(got.HTML, good) {
				t.Errorf("%q not in the page: %s", good, got.HTML)
			}
		}
		// A Georgian viewer gets the Russian text (no Georgian one; the
		// demo offers Russian first); an English one the demo's English.
		if _, p := viewer("/v2/pages/terms", "ka"); p.Lang != "ru" || !strings.Contains(p.HTML, "Правила") {
			t.Errorf("fallback: %+v", p)
		}
		if _, p := viewer("/v2/pages/terms", "en"); p.Lang != "en" {
			t.Errorf("English: %+v", p)
		}
		// Empty removes a language; an operator without the page answers 404.
		mustStatus(t, owner.do("POST", "/v2/operator/settings/pages/terms/ru", map[string]string{"markdown": " "}), http.StatusOK)
		if _, p := viewer("/v2/pages/terms", "ru"); p.Lang == "ru" {
			t.Errorf("removed page still served: %+v", p)
		}
		mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/pages/faq?provider=alma"}), http.StatusNotFound)
		mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/pages/rules"}), http.StatusNotFound)
		mustStatus(t, owner.do("POST", "/v2/operator/settings/pages/rules/ru", map[string]string{"markdown": "x"}), http.StatusBadRequest)
		mustStatus(t, owner.do("POST", "/v2/operator/settings/pages/faq/xx", map[string]string{"markdown": "x"}), http.StatusBadRequest)
		mustStatus(t, owner.do("POST", "/v2/operator/settings/pages/faq/ru",
			map[string]string{"markdown": strings.Repeat("a", 100_001)}), http.StatusBadRequest)

		// The demo's texts are given once: a removed one stays removed.
		if err := settings.SeedDemo(t.Context(), db, 1_800_000_000); err != nil {
			t.Fatal(err)
		}
		var list []page
		owner.do("GET", "/v2/operator/settings/pages", nil).JSON(t, &list)
		if len(list) != 5 { // the demo's six less the removed Russian terms
			t.Errorf("pages: %+v", list)
		}
		var preview struct {
			HTML string `json:"html"`
		}
		owner.do("POST", "/v2/operator/settings/pages/preview", map[string]string{"markdown": "**a** <b>b</b>"}).JSON(t, &preview)
		if !strings.Contains(preview.HTML, "<strong>a</strong>") || strings.Contains(preview.HTML, "<b>") {
			t.Errorf("preview: %s", preview.HTML)
		}
		var n int
		if err := store.Get(t.Context(), db, "SELECT COUNT(*) FROM audit_log WHERE action = 'settings.page'", nil, &n); err != nil || n != 2 {
			t.Errorf("page changes audited: %d %v", n, err)
		}
	})
}

func pngLogo(t *testing.T, w, h int) string {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	img.Set(0, 0, color.RGBA{255, 90, 54, 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// An uploaded logo becomes the operator's logo for viewers; a file that is
// no picture is refused; removing it brings back the built-in one.
func TestLogo(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newServer(t, db)
		owner := signIn(t, srv, ownerEmail, ownerPass)
		logo := pngLogo(t, 64, 32)
		res := owner.do("POST", "/v2/operator/settings/logo", logo, "Content-Type", "image/png")
		mustStatus(t, res, http.StatusOK)
		var s settingsView
		res.JSON(t, &s)
		if !strings.HasPrefix(s.LogoURL, "/v2/platform/logos/1-") {
			t.Fatalf("logo url: %q", s.LogoURL)
		}
		got := srv.Do(apitest.Request{Method: "GET", Path: s.LogoURL})
		mustStatus(t, got, http.StatusOK)
		if string(got.Body) != logo || got.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("logo served: %s %d bytes", got.Header.Get("Content-Type"), len(got.Body))
		}
		var resources struct {
			LogoURL string `json:"logo_url"`
		}
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/platform/resources"}).JSON(t, &resources)
		if resources.LogoURL != s.LogoURL {
			t.Fatalf("resources logo: %q", resources.LogoURL)
		}
		mustStatus(t, owner.do("POST", "/v2/operator/settings/logo", "<svg onload=alert(1)></svg>", "Content-Type", "image/svg+xml"),
			http.StatusBadRequest)
		mustStatus(t, owner.do("POST", "/v2/operator/settings/logo", pngLogo(t, 5000, 1)), http.StatusBadRequest)
		old := s.LogoURL
		res = owner.do("DELETE", "/v2/operator/settings/logo", nil)
		mustStatus(t, res, http.StatusOK)
		res.JSON(t, &s)
		if s.LogoURL != "" {
			t.Fatalf("logo after removal: %q", s.LogoURL)
		}
		mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: old}), http.StatusNotFound)
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/platform/resources"}).JSON(t, &resources)
		if resources.LogoURL != "/v2/platform/images/logo.svg" {
			t.Fatalf("resources logo after removal: %q", resources.LogoURL)
		}
	})
}

// Who may call what: settings.write is the owner's and the admin's; another
// operator's staff change their own operator, never this one.
func TestSettingsCallers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newServer(t, db)
		addStaff(t, db, 1, "admin2@efir.example", "admin")
		addStaff(t, db, 2, "owner@alma.example", "owner")
		as := map[string]*console{
			"nobody":  signIn(t, srv, "", ""),
			"owner":   signIn(t, srv, ownerEmail, ownerPass),
			"admin":   signIn(t, srv, "admin2@efir.example", staffPass),
			"support": signIn(t, srv, supportEmail, staffPass),
			"content": signIn(t, srv, editorEmail, staffPass),
			"finance": signIn(t, srv, financeEmail, staffPass),
		}
		calls := []struct {
			method, path string
			body         any
		}{
			{"GET", "/v2/operator/settings", nil},
			{"PATCH", "/v2/operator/settings", map[string]any{"device_limit": 5}},
			{"POST", "/v2/operator/settings/logo", pngLogo(t, 2, 2)},
			{"DELETE", "/v2/operator/settings/logo", nil},
			{"GET", "/v2/operator/settings/pages", nil},
			{"POST", "/v2/operator/settings/pages/faq/en", map[string]string{"markdown": "# FAQ"}},
			{"POST", "/v2/operator/settings/pages/preview", map[string]string{"markdown": "x"}},
			{"GET", "/v2/operator/settings/player", nil},
			{"PATCH", "/v2/operator/settings/player", map[string]any{"blackout_safe_area": 30}},
		}
		allowed := map[string]bool{"owner": true, "admin": true}
		for _, c := range calls {
			for who, cn := range as {
				res := cn.do(c.method, c.path, c.body)
				switch {
				case who == "nobody":
					if res.Status != http.StatusUnauthorized {
						t.Errorf("%s %s without a session: %d", c.method, c.path, res.Status)
					}
				case allowed[who]:
					if res.Status != http.StatusOK {
						t.Errorf("%s %s as %s: %d %s", c.method, c.path, who, res.Status, res.Body)
					}
				default:
					if res.Status != http.StatusForbidden {
						t.Errorf("%s %s as %s: %d, want 403", c.method, c.path, who, res.Status)
					}
				}
			}
		}
		// Alma Demo's owner sees and changes Alma Demo only.
		alma := signIn(t, srv, "owner@alma.example", staffPass)
		var s settingsView
		alma.do("GET", "/v2/operator/settings", nil).JSON(t, &s)
		if s.Name != "Alma Demo" {
			t.Fatalf("Alma's owner reads %q", s.Name)
		}
		mustStatus(t, alma.do("PATCH", "/v2/operator/settings", map[string]any{"name": "Alma Plus"}), http.StatusOK)
		mustStatus(t, alma.do("POST", "/v2/operator/settings/pages/faq/ru", map[string]string{"markdown": "Вопросы Alma"}), http.StatusOK)
		as["owner"].do("GET", "/v2/operator/settings", nil).JSON(t, &s)
		if s.Name != "Efir Demo" {
			t.Fatalf("Alma's change reached Efir Demo: %q", s.Name)
		}
		var p page
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/pages/faq", Header: http.Header{"Accept-Language": {"ru"}}}).JSON(t, &p)
		if strings.Contains(p.HTML, "Alma") {
			t.Fatalf("Alma's page shown to Efir Demo's viewers: %s", p.HTML)
		}
		var n int
		if err := store.Get(t.Context(), db, `SELECT COUNT(*) FROM audit_log WHERE provider_id = 2 AND action LIKE 'settings.%'`, nil, &n); err != nil || n != 2 {
			t.Fatalf("Alma's audit entries: %d %v", n, err)
		}
	})
}
