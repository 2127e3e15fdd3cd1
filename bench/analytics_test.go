package bench

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"efir/internal/app"
	"efir/internal/config"
	"efir/internal/demo"
	"efir/internal/engage/analytics"
	"efir/internal/store"
)

// The analytics ingest budget (issue "Engagement, analytics", "Analytics and
// error reports"): 100 000 viewers' playback updates sustained, on SQLite and
// on PostgreSQL (when EFIR_TEST_POSTGRES_URL is set). A viewer watching sends
// 7 updates in its first 3000 s (120, 300, 600 s, then every 600 s), so
// 100 000 viewers need about 233 updates a second. ingest stores one batch
// of one update per viewer through the service; ingest-handler sends each
// through the whole call (token, pace limit, user state from the
// subscriptions) for the viewers with a device's token. storage reports the
// bytes the events' table and index take per million events.
var analyticsViewers = envInt("EFIR_BENCH_ANALYTICS_N", 100_000)

func BenchmarkAnalyticsIngest(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) {
		benchAnalytics(b, benchSQLite(b), b.TempDir())
	})
	if url := os.Getenv("EFIR_TEST_POSTGRES_URL"); url != "" {
		b.Run("postgres", func(b *testing.B) {
			benchAnalytics(b, benchPostgres(b, url, "bench_analytics"), b.TempDir())
		})
	}
}

type analyticsFixture struct {
	users  []int64
	tokens []string
}

func benchAnalytics(b *testing.B, db *store.DB, dir string) {
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	ctx := context.Background()
	f := analyticsData(b, db)
	var clock atomic.Int64
	clock.Store(watchAt.Unix())
	now := func() time.Time { return time.Unix(clock.Load(), 0) }
	svc := analytics.New(db, analytics.Config{Now: now})
	h, err := app.Handler(ctx, config.Config{DataDir: dir, OTPSender: "outbox", TokenTTL: 12 * time.Hour,
		PublicURL: "http://efir.test", TelegramAPIURL: "https://api.telegram.org", RedisURL: os.Getenv("EFIR_TEST_REDIS_URL")}, db,
		app.Options{Now: now})
	if err != nil {
		b.Fatal(err)
	}
	marks := []int64{120, 300, 600, 1200, 1800, 2400, 3000}
	round := 0
	next := func() int64 {
		round++
		clock.Add(61) // past the pace limit's minute
		return marks[round%len(marks)]
	}
	needed := analyticsViewers * len(marks) / 3000
	b.Run("ingest", func(b *testing.B) {
		var took time.Duration
		for i := 0; i < b.N; i++ {
			mark := next()
			took += each(b, len(f.users), func(v int) error {
				_, err := svc.Ingest(ctx, analytics.Viewer{ProviderID: 1, UserID: f.users[v]}, []analytics.Event{
					{Type: "playback_update", StartType: "live", ChannelID: int64(1 + v%40), Seconds: mark}})
				return err
			})
		}
		reportEvents(b, b.N*len(f.users), took, needed)
	})
	b.Run("ingest-handler", func(b *testing.B) {
		var took time.Duration
		for i := 0; i < b.N; i++ {
			body := fmt.Sprintf(`{"events":[{"type":"playback_update","start_type":"vod","content_id":7,"seconds":%d}]}`, next())
			took += each(b, len(f.tokens), func(v int) error {
				r := httptest.NewRequest("POST", "http://efir.test/v2/analytics/events", strings.NewReader(body))
				r.RemoteAddr = "10.9.9.8:40000"
				r.Header.Set("Content-Type", "application/json")
				r.Header.Set("Authorization", "Token "+f.tokens[v])
				w := httptest.NewRecorder()
				h.ServeHTTP(w, r)
				if w.Code != http.StatusAccepted {
					return fmt.Errorf("batch %d: %d %s", v, w.Code, w.Body.String())
				}
				return nil
			})
		}
		reportEvents(b, b.N*len(f.tokens), took, needed)
	})
	b.Run("storage", func(b *testing.B) {
		var rows int64
		if err := store.Get(ctx, db, "SELECT COUNT(*) FROM analytics_events", nil, &rows); err != nil {
			b.Fatal(err)
		}
		bytes := analyticsBytes(b, db)
		b.ReportMetric(float64(bytes)/float64(rows)*1e6/(1<<20), "MiB/million-events")
		b.Logf("%d events in %d bytes (table and index): %.1f MiB per million events", rows, bytes,
			float64(bytes)/float64(rows)*1e6/(1<<20))
	})
}

func reportEvents(b *testing.B, events int, took time.Duration, needed int) {
	rate := float64(events) / took.Seconds()
	b.ReportMetric(rate, "events/s")
	b.Logf("%d events in %v: %.0f events/s (needed: %d)", events, took.Round(time.Millisecond), rate, needed)
}

// analyticsBytes is the size of the events' table and its index.
func analyticsBytes(b *testing.B, db *store.DB) int64 {
	ctx := context.Background()
	var n int64
	var err error
	if db.Dialect() == store.Postgres {
		err = store.Get(ctx, db, "SELECT pg_total_relation_size('analytics_events')", nil, &n)
	} else {
		err = store.Get(ctx, db, `SELECT SUM(pgsize) FROM dbstat WHERE name IN ('analytics_events',
			'analytics_events_provider_created')`, nil, &n)
	}
	if err != nil {
		b.Fatal(err)
	}
	return n
}

func analyticsData(b *testing.B, db *store.DB) *analyticsFixture {
	ctx := context.Background()
	if err := db.Migrate(ctx); err != nil {
		b.Fatal(err)
	}
	if err := demo.Seed(ctx, db); err != nil {
		b.Fatal(err)
	}
	f := &analyticsFixture{}
	now := watchAt.Unix()
	err := db.Tx(ctx, func(tx *store.Tx) error {
		for i := 0; i < analyticsViewers; i++ {
			u, err := store.InsertID(ctx, tx, `INSERT INTO users (provider_id, username, date_joined) VALUES (1, ?, ?) RETURNING id`,
				fmt.Sprintf("analytics-%d", i), now)
			if err != nil {
				return err
			}
			f.users = append(f.users, u)
			if i >= watchTokens {
				continue
			}
			device, err := store.InsertID(ctx, tx, `INSERT INTO devices (user_id, serial, created_at, login_at) VALUES (?, ?, ?, ?)
				RETURNING id`, u, fmt.Sprintf("analytics-%d", i), now, now)
			if err != nil {
				return err
			}
			token := fmt.Sprintf("bench-analytics-token-%d", i)
			sum := sha256.Sum256([]byte(token))
			if _, err := tx.Exec(ctx, `INSERT INTO tokens (hash, user_id, device_id, issued_at, expires_at) VALUES (?, ?, ?, ?, ?)`,
				hex.EncodeToString(sum[:]), u, device, now, now+30*86400); err != nil {
				return err
			}
			f.tokens = append(f.tokens, token)
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return f
}
