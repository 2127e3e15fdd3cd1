package bench

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"efir/internal/app"
	"efir/internal/config"
	"efir/internal/demo"
	"efir/internal/store"
	"efir/internal/tv"
)

// The live TV budgets (issue 3): /v2/users/self/channel_list with 300
// channels and their programmes on air under 5 ms of server time, and
// content_schedule of one channel for 6 days under 3 ms, on SQLite.
//
// The fixture replaces the demo line-up of provider 1 with 300 channels, all
// in the demo user's base packet, each with 14 days of half-hour programmes
// around now (201 600 schedule rows).
const (
	tvChannels = 300
	tvDays     = 14
	tvSlot     = 1800
)

func tvFixture(b *testing.B) (http.Handler, string, int64) {
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
	must := func(_ any, err error) {
		b.Helper()
		if err != nil {
			b.Fatal(err)
		}
	}
	must(db.Exec(ctx, "DELETE FROM channels WHERE provider_id = 1"))
	var base int64
	if err := store.Get(ctx, db, "SELECT id FROM packets WHERE provider_id = 1 AND is_base = ?", []any{true}, &base); err != nil {
		b.Fatal(err)
	}
	now := time.Now().Unix()
	from := now - now%tvSlot - tvDays/2*86400
	var first int64
	err = db.Tx(ctx, func(tx *store.Tx) error {
		for i := 0; i < tvChannels; i++ {
			id, err := store.InsertID(ctx, tx, `INSERT INTO channels (provider_id, slug, name, number, age, source_url, archived_days, epg_id)
				VALUES (1, ?, ?, ?, ?, 'ch01', 7, ?) RETURNING id`, fmt.Sprintf("bench-%d", i), fmt.Sprintf("Канал %d", i), i+1, (i%4)*6, fmt.Sprint(i))
			if err != nil {
				return err
			}
			if i == 0 {
				first = id
			}
			if _, err := tx.Exec(ctx, "INSERT INTO packet_channels (packet_id, channel_id) VALUES (?, ?)", base, id); err != nil {
				return err
			}
			for _, cat := range []int64{tv.CategoryAll, int64(1 + i%6)} {
				if _, err := tx.Exec(ctx, "INSERT INTO channel_categories (provider_id, category_id, channel_id) VALUES (1, ?, ?)", cat, id); err != nil {
					return err
				}
			}
			const batch = 96
			for s := 0; s < tvDays*48; s += batch {
				var q strings.Builder
				q.WriteString(`INSERT INTO schedule (channel_id, title, description, start_at, duration, real_start_at, real_duration,
					season, series, age, categories) VALUES `)
				args := make([]any, 0, batch*11)
				for k := s; k < s+batch; k++ {
					if k > s {
						q.WriteByte(',')
					}
					q.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
					start := from + int64(k)*tvSlot
					args = append(args, id, fmt.Sprintf("Передача %d", k%37), "Описание передачи для программы передач.", start, tvSlot,
						start, tvSlot, k%3, k%20, (k%4)*6, `["Кино"]`)
				}
				if _, err := tx.Exec(ctx, q.String(), args...); err != nil {
					return err
				}
			}
		}
		return tv.BumpLineup(ctx, tx)
	})
	if err != nil {
		b.Fatal(err)
	}
	h, err := app.Handler(ctx, config.Config{DataDir: dir, OTPSender: "outbox", TokenTTL: 12 * time.Hour,
		PublicURL: "http://efir.test", TelegramAPIURL: "https://api.telegram.org"}, db)
	if err != nil {
		b.Fatal(err)
	}
	login := call(b, h, "10.9.9.9", "POST", "/v2/auth/login", "", map[string]any{"login": "demo", "password": "efir24"})
	tok, _ := login["access_token"].(string)
	dev := call(b, h, "10.9.9.9", "POST", "/v2/users/self/devices", tok, map[string]any{"serial": "bench-tv", "device_type": "pc"})
	auth := call(b, h, "10.9.9.9", "POST", "/v2/auth/device", tok, map[string]any{"device_id": dev["id"]})
	tok, _ = auth["access_token"].(string)
	return h, tok, first
}

func tvGet(b *testing.B, h http.Handler, path, token string) int {
	r := httptest.NewRequest("GET", "http://efir.test"+path, nil)
	r.RemoteAddr = "10.9.9.9:40000"
	r.Header.Set("Authorization", "Token "+token)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != 200 {
		b.Fatalf("%s: %d %s", path, w.Code, w.Body.String())
	}
	return w.Body.Len()
}

// BenchmarkChannelList300: budget 5 ms/op (server time, SQLite).
func BenchmarkChannelList300(b *testing.B) {
	h, tok, _ := tvFixture(b)
	size := tvGet(b, h, "/v2/users/self/channel_list", tok)
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	for i := 0; i < b.N; i++ {
		tvGet(b, h, "/v2/users/self/channel_list", tok)
	}
	b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(size), "bytes/answer")
}

// BenchmarkContentSchedule6Days: budget 3 ms/op (server time, SQLite).
func BenchmarkContentSchedule6Days(b *testing.B) {
	h, tok, ch := tvFixture(b)
	now := time.Now().Unix()
	path := fmt.Sprintf("/v2/channels/%d/content_schedule?start=%d&end=%d", ch, now-3*86400, now+3*86400)
	size := tvGet(b, h, path, tok)
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	for i := 0; i < b.N; i++ {
		tvGet(b, h, path, tok)
	}
	b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(size), "bytes/answer")
}

// cpuTime is the CPU time of the process so far (user + system, ns): on a
// shared machine the wall time per op also counts other programs' load,
// cpu-ns/op does not.
func cpuTime() int64 {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// BenchmarkGuide300: the /guide grid data of 300 channels for 24 h (no
// budget of its own; the guide's budget is the client's first render).
func BenchmarkGuide300(b *testing.B) {
	h, tok, _ := tvFixture(b)
	size := tvGet(b, h, "/v2/channels/guide", tok)
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	for i := 0; i < b.N; i++ {
		tvGet(b, h, "/v2/channels/guide", tok)
	}
	b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(size), "bytes/answer")
}
