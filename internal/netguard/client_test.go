package netguard

import (
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
)

// server answers "ok" and counts the requests it got.
func server(t *testing.T, h http.HandlerFunc) (*httptest.Server, *atomic.Int32) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		h(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

func get(c *http.Client, url string) (string, error) {
	res, err := c.Get(url)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return string(b), err
}

func ok(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("ok")) }

// A server on 127.0.0.1 is out of reach with an empty allow list, by its
// address or by a name that resolves to it, and in reach once allowed.
func TestClientLoopback(t *testing.T) {
	srv, hits := server(t, ok)
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	closed := New(nil).Client(nil)
	for _, url := range []string{srv.URL, "http://localhost:" + port + "/"} {
		_, err := get(closed, url)
		var re *RefusedError
		if !errors.Is(err, ErrRefused) || !errors.As(err, &re) || re.Class != "loopback" {
			t.Errorf("%s: %v, want refused as loopback", url, err)
		}
	}
	if hits.Load() != 0 {
		t.Fatalf("the refused server got %d requests", hits.Load())
	}
	open := New([]netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}).Client(nil)
	if body, err := get(open, srv.URL); err != nil || body != "ok" {
		t.Fatalf("allowed server: %q %v", body, err)
	}
}

// A redirect to a barred address is refused although the first hop was
// allowed: each hop is a new connection.
func TestClientRedirectHop(t *testing.T) {
	// the second server listens on another loopback address (Linux answers
	// on all of 127/8)
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Skipf("no 127.0.0.2 here: %v", err)
	}
	var innerHits atomic.Int32
	inner := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		innerHits.Add(1)
		ok(w, r)
	}))
	inner.Listener.Close()
	inner.Listener = ln
	inner.Start()
	defer inner.Close()
	outer, _ := server(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, inner.URL+"/secret", http.StatusFound)
	})

	c := New([]netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}).Client(nil)
	if _, err := get(c, outer.URL); !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "127.0.0.2") {
		t.Fatalf("redirect to 127.0.0.2: %v, want refused", err)
	}
	if innerHits.Load() != 0 {
		t.Fatalf("the redirect's target got %d requests", innerHits.Load())
	}
	// both allowed: the redirect is followed
	c = New([]netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}).Client(nil)
	if body, err := get(c, outer.URL); err != nil || body != "ok" || innerHits.Load() != 1 {
		t.Fatalf("allowed redirect: %q %v (%d hits)", body, err, innerHits.Load())
	}
}
