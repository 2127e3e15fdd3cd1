package identity

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"efir/internal/store/storetest"
)

// The accessToken cookie is looked up for pages only: the client's files,
// locales and the site's fixed files are the same for everybody and cost no
// query. A request whose token was looked up carries it as presented.
func TestPageTokenOnlyForPages(t *testing.T) {
	s := New(storetest.SQLite(t), nil, nil, Options{})
	var lookedUp bool
	h := s.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		lookedUp = presentedToken(r.Context()) != nil
	}))
	for path, want := range map[string]bool{
		"/":                            true,
		"/channels":                    true,
		"/contents/matrica-snov-12":    true,
		"/persons/j.-smith-5":          true, // a dot in a slug is no file extension
		"/assets/app-1a2b.js":          false,
		"/assets/logo":                 false,
		"/locales/ru/translation.json": false,
		"/favicon.ico":                 false,
		"/robots.txt":                  false,
		"/manifest.webmanifest":        false,
		"/app.css":                     false,
		"/icons/tv.SVG":                false,
		"/sw.js.map":                   false,
		"/v2/users/self":               false,
		"/media/live/x/master.m3u8":    false,
	} {
		r := httptest.NewRequest("GET", path, nil)
		r.AddCookie(&http.Cookie{Name: "accessToken", Value: "tok-page-test"})
		lookedUp = false
		h.ServeHTTP(httptest.NewRecorder(), r)
		if lookedUp != want {
			t.Errorf("%s: token looked up %v, want %v", path, lookedUp, want)
		}
	}
}
