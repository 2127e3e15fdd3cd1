package server

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"efir/internal/httpx"
)

// A page drawn for the viewer of the accessToken cookie is private: a shared
// cache keeps it for nobody else. Pages vary by the cookie either way, so a
// cache never answers a viewer with a page drawn for another or for nobody.
func TestPersonalPageIsPrivate(t *testing.T) {
	h := metaHandler(func(r *http.Request) PageMeta { return PageMeta{Title: "Efir"} })
	vary := func(w *httptest.ResponseRecorder) []string {
		var out []string
		for _, v := range w.Header().Values("Vary") {
			for _, part := range strings.Split(v, ",") {
				out = append(out, strings.TrimSpace(part))
			}
		}
		return out
	}

	w := do(h, "GET", "/", map[string]string{"Cookie": "accessToken=tok123"})
	if cc := w.Header().Get("Cache-Control"); w.Code != 200 || cc != "private, no-cache" {
		t.Errorf("with the cookie: %d %q", w.Code, cc)
	}
	if v := vary(w); !slices.Contains(v, "Cookie") || !slices.Contains(v, "Accept-Language") {
		t.Errorf("with the cookie: Vary %v", v)
	}

	w = do(h, "GET", "/channels", nil)
	if cc := w.Header().Get("Cache-Control"); w.Code != 200 || cc != "no-cache" {
		t.Errorf("without the cookie: %d %q", w.Code, cc)
	}
	if v := vary(w); !slices.Contains(v, "Cookie") || !slices.Contains(v, "Accept-Language") {
		t.Errorf("without the cookie: Vary %v", v)
	}

	// A session put in the context by the identity middleware counts too.
	r := httptest.NewRequest("GET", "/", nil)
	r = r.WithContext(httpx.WithSession(r.Context(), &httpx.Session{UserID: 1, DeviceID: 2, ProviderID: 1}))
	w = httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if cc := w.Header().Get("Cache-Control"); cc != "private, no-cache" {
		t.Errorf("with a session: %q", cc)
	}

	// Hashed assets are the same for everybody, cookie or not.
	w = do(h, "GET", "/assets/app.js", map[string]string{"Cookie": "accessToken=tok123"})
	if cc := w.Header().Get("Cache-Control"); w.Code != 200 || !strings.Contains(cc, "public") {
		t.Errorf("asset with the cookie: %d %q", w.Code, cc)
	}
}
