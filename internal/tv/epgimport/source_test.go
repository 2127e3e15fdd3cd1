package epgimport

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

// TestOpenSources reads a gzip guide over HTTP (whatever its name says), a
// file, and fails on HTTP errors and missing files.
func TestOpenSources(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/guide" {
			http.NotFound(w, r)
			return
		}
		zw := gzip.NewWriter(w)
		io.WriteString(zw, "<tv/>")
		zw.Close()
	}))
	defer srv.Close()
	rc, err := Open(ctx, srv.URL+"/guide")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(rc)
	rc.Close()
	if string(b) != "<tv/>" {
		t.Errorf("http gzip: %q", b)
	}
	if _, err := Open(ctx, srv.URL+"/missing"); err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("404: %v", err)
	}
	file := filepath.Join(t.TempDir(), "g.xml")
	os.WriteFile(file, []byte("<tv/>"), 0o644)
	rc, err = Open(ctx, file)
	if err != nil {
		t.Fatal(err)
	}
	b, _ = io.ReadAll(rc)
	rc.Close()
	if string(b) != "<tv/>" {
		t.Errorf("file: %q", b)
	}
	if _, err := Open(ctx, file+".nope"); err == nil {
		t.Error("a missing file must fail")
	}
}

func TestAdultAndQuality(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		playlist := "#EXTM3U\n#EXTINF:-1 group-title=\"Для взрослых 18+\",Night 4K\nhttp://a/n.m3u8\n#EXTINF:-1,Kino HD\nhttp://a/k.m3u8\n"
		if _, err := ImportM3U(ctx, db, strings.NewReader(playlist), Options{}); err != nil {
			t.Fatal(err)
		}
		var age int
		var hd, uhd, adult bool
		if err := store.Get(ctx, db, `SELECT c.age, c.is_hd, c.is_4k, g.tag_is_adult FROM channels c
			JOIN channel_categories cc ON cc.channel_id = c.id JOIN categories g ON g.provider_id = cc.provider_id AND g.id = cc.category_id
			WHERE c.slug = 'night-4k'`, nil, &age, &hd, &uhd, &adult); err != nil {
			t.Fatal(err)
		}
		if age != 18 || !hd || !uhd || !adult {
			t.Errorf("adult 4K: %d %v %v %v", age, hd, uhd, adult)
		}
		if err := store.Get(ctx, db, `SELECT age, is_hd, is_4k FROM channels WHERE slug = 'kino-hd'`, nil, &age, &hd, &uhd); err != nil || age != 0 || !hd || uhd {
			t.Errorf("HD: %d %v %v %v", age, hd, uhd, err)
		}
	})
}

// OpenURL downloads with the client it is given and never opens a file.
func TestOpenURL(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "<tv/>")
	}))
	defer srv.Close()
	used := 0
	client := &http.Client{Transport: roundTripper(func(r *http.Request) (*http.Response, error) {
		used++
		return http.DefaultTransport.RoundTrip(r)
	})}
	rc, err := OpenURL(ctx, client, srv.URL+"/guide")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(rc)
	rc.Close()
	if string(b) != "<tv/>" || used != 1 {
		t.Errorf("read %q with the client used %d times", b, used)
	}
	file := filepath.Join(t.TempDir(), "g.xml")
	os.WriteFile(file, []byte("<tv/>"), 0o644)
	for _, src := range []string{file, "file://" + file, "-"} {
		if rc, err := OpenURL(ctx, client, src); err == nil {
			rc.Close()
			t.Errorf("%s was opened", src)
		}
	}
}

type roundTripper func(*http.Request) (*http.Response, error)

func (f roundTripper) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
