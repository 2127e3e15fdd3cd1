package bench

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"efir/internal/app"
	"efir/internal/catalog"
	"efir/internal/catalog/catalogtest"
	"efir/internal/config"
	"efir/internal/demo"
	"efir/internal/store"
)

// The rows budget (issue 4): /v2/rows/{id}, a page of 24 with filters,
// under 3 ms of server time on a 100 000-content catalogue, on SQLite.
//
// The fixture adds 100 000 bulk contents (20 genres, 39 countries, 10 000
// persons) to the demo operator and two query rows over them; the viewer is
// the signed-in demo user (tiles then carry the viewer's history marks).
const rowsContents = 100_000

type rowsBench struct {
	h        http.Handler
	token    string
	genre    string // a bulk genre slug
	movies   int64  // the row of all movies
	allRows  int64  // the row of everything
	rowsetID string
}

func rowsFixture(b *testing.B) *rowsBench {
	b.Helper()
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	dir := b.TempDir()
	ctx := context.Background()
	db, err := store.Open(ctx, "sqlite:"+filepath.Join(dir, "efir.db"), dir)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	if err := db.Migrate(ctx); err != nil {
		b.Fatal(err)
	}
	if err := demo.Seed(ctx, db); err != nil {
		b.Fatal(err)
	}
	cat, err := catalogtest.Bulk(ctx, db, 1, rowsContents)
	if err != nil {
		b.Fatal(err)
	}
	f := &rowsBench{genre: cat.Genres[2].Slug}
	rs, err := store.InsertID(ctx, db, `INSERT INTO rowsets (provider_id, slug, template, title) VALUES (1, 'bench-page', 'startpage', 'Bench')
		RETURNING id`)
	if err != nil {
		b.Fatal(err)
	}
	for i, r := range []struct {
		slug, template, query string
		dst                   *int64
	}{
		{"bench-movies", "content-v", `{"content_type": "movie"}`, &f.movies},
		{"bench-all", "content-v", `{}`, &f.allRows},
		{"bench-series", "content-h", `{"content_type": "series", "order": "new"}`, nil},
		{"bench-genre", "content-v", fmt.Sprintf(`{"genre": %q}`, f.genre), nil},
		{"bench-programs", "content-h", `{"content_type": "program"}`, nil},
		{"bench-cartoons", "content-v", `{"cartoon": true}`, nil},
	} {
		id, err := store.InsertID(ctx, db, `INSERT INTO rows (provider_id, slug, title, template, source, query)
			VALUES (1, ?, ?, ?, 'query', ?) RETURNING id`, r.slug, r.slug, r.template, r.query)
		if err != nil {
			b.Fatal(err)
		}
		if r.dst != nil {
			*r.dst = id
		}
		if _, err := db.Exec(ctx, "INSERT INTO rowset_rows (rowset_id, row_id, sort) VALUES (?, ?, ?)", rs, id, i); err != nil {
			b.Fatal(err)
		}
	}
	f.rowsetID = fmt.Sprint(rs)
	if err := catalog.Bump(ctx, db); err != nil {
		b.Fatal(err)
	}
	f.h, err = app.Handler(ctx, config.Config{DataDir: dir, OTPSender: "outbox", TokenTTL: 12 * time.Hour,
		PublicURL: "http://efir.test", TelegramAPIURL: "https://api.telegram.org"}, db)
	if err != nil {
		b.Fatal(err)
	}
	login := call(b, f.h, "10.9.9.8", "POST", "/v2/auth/login", "", map[string]any{"login": "demo", "password": "efir24"})
	tok, _ := login["access_token"].(string)
	dev := call(b, f.h, "10.9.9.8", "POST", "/v2/users/self/devices", tok, map[string]any{"serial": "bench-rows", "device_type": "pc"})
	auth := call(b, f.h, "10.9.9.8", "POST", "/v2/auth/device", tok, map[string]any{"device_id": dev["id"]})
	f.token, _ = auth["access_token"].(string)
	// The first call builds the list index (once per catalogue version).
	start := time.Now()
	tvGet(b, f.h, fmt.Sprintf("/v2/rows/%d?limit=1", f.allRows), f.token)
	b.Logf("list index of %d contents built in %v (once per catalogue version)", rowsContents, time.Since(start).Round(time.Millisecond))
	return f
}

// BenchmarkRows100k: budget 3 ms/op (server time, SQLite) for every case.
// Repeated pages answer from the tile cache; cold-pages measures pages
// whose tiles are rendered from the database.
func BenchmarkRows100k(b *testing.B) {
	f := rowsFixture(b)
	filters := "genre=" + f.genre + "&year_from=2000&year_to=2019&rating_from=7"
	cases := []struct{ name, path string }{
		{"default-order", fmt.Sprintf("/v2/rows/%d?limit=24", f.allRows)},
		{"filtered-shallow", fmt.Sprintf("/v2/rows/%d?limit=24&%s", f.movies, filters)},
		{"filtered-deep", fmt.Sprintf("/v2/rows/%d?limit=24&offset=1200&%s", f.movies, filters)},
		{"filtered-by-rating", fmt.Sprintf("/v2/rows/%d?limit=24&mode=rating&%s", f.movies, filters)},
		{"deep-default", fmt.Sprintf("/v2/rows/%d?limit=24&offset=60000", f.allRows)},
		{"country-text", fmt.Sprintf("/v2/rows/%d?limit=24&country=250&text=%%D0%%B2%%D0%%B5%%D1%%82%%D0%%B5%%D1%%80", f.allRows)},
		{"rowset-4-rows", "/v2/rowsets/" + f.rowsetID},
		{"filters-movies", "/v2/filters?content_type=movie"},
	}
	// Pages never seen before: their tiles are not cached yet.
	b.Run("cold-pages", func(b *testing.B) {
		b.ReportAllocs()
		cpu := cpuTime()
		for i := 0; i < b.N; i++ {
			tvGet(b, f.h, fmt.Sprintf("/v2/rows/%d?limit=24&offset=%d", f.allRows, (i*24*37)%(rowsContents-100)), f.token)
		}
		b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
	})
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			size := tvGet(b, f.h, c.path, f.token)
			b.ReportAllocs()
			b.ResetTimer()
			cpu := cpuTime()
			for i := 0; i < b.N; i++ {
				tvGet(b, f.h, c.path, f.token)
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(size), "bytes/answer")
		})
	}
}
