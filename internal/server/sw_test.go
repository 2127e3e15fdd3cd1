package server

import (
	"net/http"
	"strings"
	"testing"
	"testing/fstest"
)

// The service worker is served as a script that browsers check for
// updates on every load (no long caching); a worker fetch of a script
// that is not there is a 404, never the page, so the client unregisters.
func TestServiceWorkerScript(t *testing.T) {
	h := Handler(Options{Web: fstest.MapFS{"index.html": {Data: []byte(testIndex)},
		"sw.js": {Data: []byte("self.addEventListener('push', () => {});")}}})
	w := do(h, "GET", "/sw.js", map[string]string{"Service-Worker": "script"})
	if w.Code != http.StatusOK || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/javascript") ||
		w.Header().Get("Cache-Control") != "no-cache" {
		t.Fatalf("sw.js: %d %q %q", w.Code, w.Header().Get("Content-Type"), w.Header().Get("Cache-Control"))
	}

	gone := Handler(Options{Web: fstest.MapFS{"index.html": {Data: []byte(testIndex)}}})
	if w := do(gone, "GET", "/sw.js", map[string]string{"Service-Worker": "script"}); w.Code != http.StatusNotFound {
		t.Fatalf("a missing worker script: %d %q", w.Code, w.Header().Get("Content-Type"))
	}
	// A page load of the same path is still the client's page.
	if w := do(gone, "GET", "/sw.js", nil); w.Code != http.StatusOK || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/html") {
		t.Fatalf("a page at /sw.js: %d", w.Code)
	}
}
