package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"efir/internal/httpx"
)

type pingModule struct{}

func (pingModule) Register(mux *http.ServeMux) {
	mux.Handle("GET /v2/ping", httpx.Handler(func(w http.ResponseWriter, r *http.Request) error {
		httpx.OK(w, map[string]string{"ip": httpx.ClientIP(r).String()})
		return nil
	}))
	mux.Handle("GET /v2/boom", httpx.Handler(func(w http.ResponseWriter, r *http.Request) error {
		panic("boom")
	}))
}

func testHandler(t *testing.T) http.Handler {
	t.Helper()
	prefixes, err := httpx.ParsePrefixes("10.0.0.0/8")
	if err != nil {
		t.Fatal(err)
	}
	return Handler(Options{
		Modules:  []Module{pingModule{}},
		ClientIP: httpx.ClientIPResolver{Trusted: prefixes},
		Web: fstest.MapFS{
			"index.html":                  {Data: []byte("<!doctype html><title>Efir</title>")},
			"operator.html":               {Data: []byte("<!doctype html><title>Efir console</title>")},
			"assets/app-1a2b.js":          {Data: []byte("console.log(1)")},
			"locales/ru/translation.json": {Data: []byte("{}")},
		},
	})
}

func do(h http.Handler, method, target string, hdr map[string]string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, target, nil)
	r.RemoteAddr = "192.0.2.10:1234"
	for k, v := range hdr {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func errorType(t *testing.T, w *httptest.ResponseRecorder) string {
	t.Helper()
	var body struct {
		Error struct {
			Type    string `json:"type"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
		t.Fatalf("error body is not JSON: %q", w.Body.String())
	}
	if body.Error.Message == "" {
		t.Fatalf("error without message: %s", w.Body.String())
	}
	return body.Error.Type
}

func TestAPIErrorsKeepTheShape(t *testing.T) {
	h := testHandler(t)
	cases := []struct {
		method, path string
		status       int
		typ          string
	}{
		{"GET", "/v2/nothing/here", 404, "not_found"},
		{"POST", "/v2/ping", 405, "method_not_allowed"},
		{"GET", "/v2/boom", 500, "internal"},
	}
	for _, c := range cases {
		w := do(h, c.method, c.path, map[string]string{"Accept-Language": "en"})
		if w.Code != c.status {
			t.Errorf("%s %s: status %d, want %d", c.method, c.path, w.Code, c.status)
		}
		if got := errorType(t, w); got != c.typ {
			t.Errorf("%s %s: type %q, want %q", c.method, c.path, got, c.typ)
		}
		if strings.Contains(w.Body.String(), "boom") {
			t.Errorf("panic value leaked to the client: %s", w.Body.String())
		}
	}
}

func TestSecurityHeadersAndSPA(t *testing.T) {
	h := testHandler(t)
	w := do(h, "GET", "/settings/account", nil)
	if w.Code != 200 || !strings.Contains(w.Body.String(), "<title>Efir</title>") {
		t.Fatalf("client route: %d %q", w.Code, w.Body.String())
	}
	csp := w.Header().Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'self'", "script-src 'self'", "object-src 'none'", "frame-ancestors 'self'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
	if w.Header().Get("X-Content-Type-Options") != "nosniff" || w.Header().Get("X-Frame-Options") != "SAMEORIGIN" {
		t.Errorf("missing security headers: %v", w.Header())
	}
	if cc := w.Header().Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("index cache-control %q", cc)
	}
	w = do(h, "GET", "/assets/app-1a2b.js", nil)
	if w.Code != 200 || !strings.Contains(w.Header().Get("Cache-Control"), "immutable") {
		t.Errorf("asset: %d %q", w.Code, w.Header().Get("Cache-Control"))
	}
	if w = do(h, "GET", "/assets/missing.js", nil); w.Code != 404 {
		t.Errorf("missing asset: %d, want 404", w.Code)
	}
	for _, path := range []string{"/channel_embed/5", "/channel_embed/5?ts=1700000000", "/content_embed/film-12"} {
		w = do(h, "GET", path, nil)
		if strings.Contains(w.Header().Get("Content-Security-Policy"), "frame-ancestors 'self'") || w.Header().Get("X-Frame-Options") != "" {
			t.Errorf("%s: embeds must be frameable: %v", path, w.Header())
		}
	}
	// Only the embed routes: a path that merely holds "_embed/" is a page of the site.
	for _, path := range []string{"/settings/x_embed/", "/channels/all/a_embed/b", "/contents/x_embed/1", "/channel_embed/", "/xchannel_embed/5"} {
		w = do(h, "GET", path, nil)
		if !strings.Contains(w.Header().Get("Content-Security-Policy"), "frame-ancestors 'self'") || w.Header().Get("X-Frame-Options") != "SAMEORIGIN" {
			t.Errorf("%s may be framed by any site: %v", path, w.Header())
		}
	}
	// The operator console is its own page, never cached or framed by another site.
	for _, path := range []string{"/operator", "/operator/", "/operator/subscribers/5"} {
		w = do(h, "GET", path, nil)
		if w.Code != 200 || !strings.Contains(w.Body.String(), "Efir console") || w.Header().Get("Cache-Control") != "no-store" ||
			w.Header().Get("X-Frame-Options") != "SAMEORIGIN" {
			t.Errorf("%s: %d %q %v", path, w.Code, w.Body.String(), w.Header())
		}
	}
	if w = do(h, "GET", "/operators", nil); !strings.Contains(w.Body.String(), "<title>Efir</title>") {
		t.Errorf("/operators is a viewer page: %q", w.Body.String())
	}
	if w = do(h, "GET", "/../../etc/passwd", nil); strings.Contains(w.Body.String(), "root:") {
		t.Fatal("path traversal")
	}
}

func TestClientIPTrustsOnlyConfiguredProxies(t *testing.T) {
	h := testHandler(t)
	// The peer 192.0.2.10 is not a trusted proxy: its X-Forwarded-For is ignored.
	w := do(h, "GET", "/v2/ping", map[string]string{"X-Forwarded-For": "203.0.113.5"})
	if !strings.Contains(w.Body.String(), "192.0.2.10") {
		t.Fatalf("untrusted XFF believed: %s", w.Body.String())
	}
	r := httptest.NewRequest("GET", "/v2/ping", nil)
	r.RemoteAddr = "10.1.2.3:5555"
	r.Header.Set("X-Forwarded-For", "198.51.100.7, 10.9.9.9")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	if !strings.Contains(rec.Body.String(), "198.51.100.7") {
		t.Fatalf("trusted proxy chain: %s", rec.Body.String())
	}
}

func TestHealthz(t *testing.T) {
	if w := do(testHandler(t), "GET", "/healthz", nil); w.Code != 200 {
		t.Fatalf("healthz %d", w.Code)
	}
}
