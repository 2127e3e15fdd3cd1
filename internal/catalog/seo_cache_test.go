package catalog

import (
	"fmt"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/server"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// seoKept tells whether the page-meta cache holds path, for any viewer.
func seoKept(s *Service, path string) bool {
	c := s.seoCacheOf()
	c.mu.Lock()
	defer c.mu.Unlock()
	for k := range c.entries {
		if strings.HasSuffix(k, "|"+path) {
			return true
		}
	}
	return false
}

func seoKeptCount(s *Service) int {
	c := s.seoCacheOf()
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}

// Anonymous requests for made-up paths, long ones and ones that name a
// real item in a form of their own, keep nothing and push nothing out: the
// cache holds canonical pages only.
func TestPageMetaCacheKeepsCanonicalPagesOnly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		seoExtras(t, f)
		matrix := f.path("/contents/matrica-snov-%d", "matrix")
		f.seoMeta(matrix, "")
		if !seoKept(f.svc, matrix) {
			t.Fatal("a canonical page was not kept")
		}

		const requests, pad = 4000, 32 << 10
		padding := strings.Repeat("x", pad)
		before := heapInUse()
		for i := range requests {
			f.seoMeta("/"+strconv.Itoa(i)+padding, "")
		}
		after := heapInUse()
		runtime.KeepAlive(f.svc)
		if grown := int64(after) - int64(before); grown > 16<<20 {
			t.Errorf("the heap grew by %d MiB after %d made-up paths (%d entries kept)", grown>>20, requests, seoKeptCount(f.svc))
		}

		for i := range 200 {
			f.seoMeta(fmt.Sprintf("/page-%d", i), "")
			f.seoMeta(fmt.Sprintf("/contents/made-up-%d-%d", i, f.id["matrix"]), "")
		}
		var rowset int64
		if err := store.Get(t.Context(), db, "SELECT id FROM rowsets WHERE slug = 'kino'", nil, &rowset); err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{
			f.path("/contents/%d", "matrix"), f.path("/watch/matrica-snov-%d", "matrix"),
			fmt.Sprintf("/catalog/made-up-%d", rowset), "/channels/made-up/ch1", "/contents/nothing-999999",
		} {
			if m := f.seoMeta(p, ""); m == (server.PageMeta{}) {
				t.Errorf("%s: no meta", p)
			}
			if seoKept(f.svc, p) {
				t.Errorf("%s was kept", p)
			}
		}
		if !seoKept(f.svc, matrix) {
			t.Error("made-up paths pushed a canonical page out")
		}
		if n := seoKeptCount(f.svc); n != 1 {
			t.Errorf("%d entries kept, want 1", n)
		}
		for _, p := range []string{fmt.Sprintf("/catalog/%d", rowset), "/channels/ch1", "/kino", "/"} {
			f.seoMeta(p, "")
			if !seoKept(f.svc, p) {
				t.Errorf("%s was not kept", p)
			}
		}
	})
}

// The brand is the request's operator: a viewer signed in with one
// operator who opens the site from another's network gets that one's name,
// from the cache too.
func TestPageMetaCacheKeepsBrandsApart(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		matrix := f.path("/contents/matrica-snov-%d", "matrix")
		for _, brand := range []string{"Efir Demo", "Другое ТВ", "Efir Demo"} {
			req := httptest.NewRequest("GET", matrix, nil)
			ctx := provider.WithProvider(req.Context(), &provider.Provider{ID: 2, Name: brand})
			ctx = httpx.WithSession(ctx, &httpx.Session{UserID: f.users["sub"], DeviceID: 1, ProfileID: 1, ProviderID: 1})
			m := f.svc.PageMeta("https://tv.example/")(req.WithContext(ctx))
			if m.SiteName != brand || !strings.Contains(m.Title, brand) {
				t.Errorf("as %s: %+v", brand, m)
			}
		}
	})
}

// A full cache drops its oldest entries, not all of them, and holds no
// more bytes than its bound.
func TestSEOCacheDropsTheOldest(t *testing.T) {
	c := &seoCache{entries: map[string]seoEntry{}}
	for i := range seoCacheMax + 10 {
		c.put(strconv.Itoa(i), server.PageMeta{Title: "t"})
	}
	if _, ok := c.get("9"); ok || len(c.entries) != seoCacheMax {
		t.Errorf("%d entries, the oldest kept: %v", len(c.entries), ok)
	}
	if _, ok := c.get("10"); !ok {
		t.Error("an entry newer than the dropped ones is gone")
	}
	big := strings.Repeat("d", 64<<10)
	for i := range 1000 {
		c.put("big"+strconv.Itoa(i), server.PageMeta{Description: big})
	}
	if _, ok := c.get("big999"); !ok || c.bytes > seoCacheBytes || len(c.entries)*len(big) > seoCacheBytes {
		t.Errorf("%d bytes in %d entries, bound %d", c.bytes, len(c.entries), seoCacheBytes)
	}
}
