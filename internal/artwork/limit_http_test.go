package artwork_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sync"
	"testing"

	"efir/internal/artwork"
	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// artworkServer is the service alone behind the client address middleware,
// as efir serves it, for provider 1's viewers.
func artworkServer(db *store.DB, o artwork.Options) http.Handler {
	mux := http.NewServeMux()
	artwork.New(db, o).Register(mux)
	return httpx.ClientIPResolver{}.Middleware(withProvider(1, mux))
}

// withProvider is the provider middleware choosing id for every request.
func withProvider(id int64, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(provider.WithProvider(r.Context(), &provider.Provider{ID: id})))
	})
}

func getFrom(h http.Handler, addr, path string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodGet, path, nil)
	r.RemoteAddr = addr
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// addMovies inserts n films and gives the first id; the ids follow on.
func addMovies(t *testing.T, db *store.DB, n int) int64 {
	t.Helper()
	ctx := context.Background()
	var first int64
	err := db.Tx(ctx, func(tx *store.Tx) error {
		for i := range n {
			id, err := store.InsertID(ctx, tx, `INSERT INTO contents (provider_id, content_type, slug, title, year)
				VALUES (1, 'movie', ?, ?, 2001) RETURNING id`, fmt.Sprintf("m-%d", i), fmt.Sprintf("Фильм номер %d", i))
			if err != nil {
				return err
			}
			if i == 0 {
				first = id
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return first
}

// TestDrawsLimitedPerAddress: pictures not in memory are drawn for one
// address up to its limit, then 429 in the API's shape with the wait; another
// address still gets its drawings, and pictures in memory are answered to
// anyone, without limit.
func TestDrawsLimitedPerAddress(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		first := addMovies(t, db, 10)
		h := artworkServer(db, artwork.Options{DrawsPerMinute: 3})
		path := func(kind string, i int) string { return fmt.Sprintf("/v2/artwork/%s/%d.svg", kind, first+int64(i)) }
		const a, b = "203.0.113.7:4000", "198.51.100.9:4000"
		for i := range 3 {
			if w := getFrom(h, a, path("poster", i)); w.Code != 200 {
				t.Fatalf("drawing %d: %d %s", i+1, w.Code, w.Body)
			}
		}
		w := getFrom(h, a, path("poster", 3))
		var body struct {
			Error struct {
				Type   string            `json:"type"`
				Detail map[string]string `json:"detail"`
			} `json:"error"`
		}
		if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || w.Code != http.StatusTooManyRequests ||
			body.Error.Type != httpx.TypeRateLimited || w.Header().Get("Retry-After") != "20" || body.Error.Detail["wait"] != "20" {
			t.Fatalf("past the limit: %d %v %s", w.Code, w.Header(), w.Body)
		}
		// The same address on another port, or a neighbour in its IPv6 /64,
		// is the same client.
		if w := getFrom(h, "203.0.113.7:5000", path("cover", 3)); w.Code != http.StatusTooManyRequests {
			t.Fatalf("another port: %d", w.Code)
		}
		if w := getFrom(h, b, path("poster", 3)); w.Code != 200 {
			t.Fatalf("another address: %d %s", w.Code, w.Body)
		}
		// In memory: no drawing, no limit, for the limited address too.
		for range 20 {
			for i := range 4 {
				if w := getFrom(h, a, path("poster", i)); w.Code != 200 {
					t.Fatalf("cached %s: %d", path("poster", i), w.Code)
				}
			}
		}
		h6 := artworkServer(db, artwork.Options{DrawsPerMinute: 1})
		if w := getFrom(h6, "[2001:db8:1:2::1]:4000", path("poster", 5)); w.Code != 200 {
			t.Fatalf("IPv6: %d", w.Code)
		}
		if w := getFrom(h6, "[2001:db8:1:2::ffff]:4000", path("poster", 6)); w.Code != http.StatusTooManyRequests {
			t.Fatalf("the same /64: %d", w.Code)
		}
		if w := getFrom(h6, "[2001:db8:1:3::1]:4000", path("poster", 6)); w.Code != 200 {
			t.Fatalf("another /64: %d", w.Code)
		}
	})
}

// TestDrawingsKeepMemoryWithinBudget: thousands of distinct pictures, drawn
// two at a time, leave the live heap grown by about the memo's budget, not
// by the encoder buffers (several times a JPEG) or canvases behind them.
func TestDrawingsKeepMemoryWithinBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("draws hundreds of pictures")
	}
	const budget = 512 << 10
	const svgs, jpegs = 600, 300
	db := storetest.SQLite(t)
	first := addMovies(t, db, svgs)
	h := artworkServer(db, artwork.Options{DrawsPerMinute: 1 << 20, MemoBytes: budget})
	var paths []string
	for i := range svgs {
		for _, kind := range []string{"poster", "cover", "background"} {
			paths = append(paths, fmt.Sprintf("/v2/artwork/%s/%d.svg", kind, first+int64(i)))
		}
	}
	// The JPEGs last, so that the memo ends full of them: a background
	// 640 px wide is ~10 KB, its encoder's buffer ~57 KB.
	for i := range jpegs {
		paths = append(paths, fmt.Sprintf("/v2/artwork/background/%d.jpg?w=640", first+int64(i)))
	}
	get := func(p string) {
		if w := getFrom(h, "203.0.113.7:4000", p); w.Code != 200 {
			t.Errorf("%s: %d %s", p, w.Code, w.Body)
		}
	}
	// The first drawings set up what any drawing needs (fonts, tables).
	get(fmt.Sprintf("/v2/artwork/poster/%d.jpg", first))
	get(fmt.Sprintf("/v2/artwork/poster/%d.svg", first))
	before := liveHeap()

	work := make(chan string)
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			for p := range work {
				get(p)
			}
		})
	}
	for _, p := range paths {
		work <- p
	}
	close(work)
	wg.Wait()
	grown := int64(liveHeap()) - int64(before)
	runtime.KeepAlive(h) // the memo is what is measured: alive until here
	t.Logf("%d pictures drawn, live heap grown by %d KB (memo budget %d KB)", len(paths), grown>>10, budget>>10)
	if grown > budget+1<<20 {
		t.Fatalf("live heap grown by %d KB after %d pictures, memo budget %d KB", grown>>10, len(paths), budget>>10)
	}
}

// liveHeap is the heap in use once garbage is gone: two collections, as
// sync.Pool keeps what it held for one more.
func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
