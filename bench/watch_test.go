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
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"efir/internal/app"
	"efir/internal/config"
	"efir/internal/demo"
	"efir/internal/identity"
	"efir/internal/operator"
	"efir/internal/store"
)

// The watch budgets (issue "operator side", item 1): 100 000 viewers whose
// players report every 30 s need about 3 333 reports a second through the
// roll-ups, on SQLite and on PostgreSQL (when EFIR_TEST_POSTGRES_URL is
// set); the dashboard's "now" and series answer in under 100 ms of server
// time with that data. ingest stores reports through the roll-ups,
// ingest-handler sends them through the whole call (20 000 viewers with a
// device's token); count-job is one run of the job that counts the series
// ahead (every minute).
//
// The fixture: 100 000 subscribers of the demo operator who joined over
// 120 days, a subscription and a payment each (a third also a lapsed
// subscription before, some refunded, some failed payments), 2 000 films,
// a week of daily roll-ups, 120 days of the operator's totals, and one
// round of reports (every viewer watching a channel or a film).
var watchViewers = envInt("EFIR_BENCH_WATCH_N", 100_000)

// watchAt is the benchmark's now.
var watchAt = time.Date(2026, 6, 15, 12, 0, 0, 0, time.UTC)

func BenchmarkWatchDashboard(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) {
		benchWatch(b, benchSQLite(b), b.TempDir())
	})
	if url := os.Getenv("EFIR_TEST_POSTGRES_URL"); url != "" {
		b.Run("postgres", func(b *testing.B) {
			benchWatch(b, benchPostgres(b, url, "bench_watch"), b.TempDir())
		})
	}
}

type watchFixture struct {
	users    []int64
	tokens   []string // device tokens of the first watchTokens viewers
	channels []int64
	films    []int64
}

// watchTokens viewers report through the server as well.
var watchTokens = min(envInt("EFIR_BENCH_WATCH_TOKENS", 20_000), watchViewers)

func benchWatch(b *testing.B, db *store.DB, dir string) {
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	ctx := context.Background()
	start := time.Now()
	f := watchData(b, db)
	b.Logf("fixture of %d viewers in %v", len(f.users), time.Since(start).Round(time.Second))
	var clock atomic.Int64 // the server's now
	// The pace of reports is counted in Redis when one is given, as at
	// scale; else in the database.
	h, err := app.Handler(ctx, config.Config{DataDir: dir, OTPSender: "outbox", TokenTTL: 12 * time.Hour,
		PublicURL: "http://efir.test", TelegramAPIURL: "https://api.telegram.org", RedisURL: os.Getenv("EFIR_TEST_REDIS_URL")}, db,
		app.Options{Now: func() time.Time { return time.Unix(clock.Load(), 0) }})
	if err != nil {
		b.Fatal(err)
	}

	// Rounds of reports 30 s apart after the fixture's: every viewer
	// reports once a round.
	round := 0
	next := func() time.Time {
		round++
		at := watchAt.Add(time.Duration(round) * 30 * time.Second)
		clock.Store(at.Unix())
		return at
	}
	b.Run("ingest", func(b *testing.B) {
		var took time.Duration
		for i := 0; i < b.N; i++ {
			took += ingestRound(b, db, f, next())
		}
		reportRate(b, b.N*len(f.users), took, len(f.users)/30)
	})
	// The whole call (token, pace limit, streams at once, roll-ups) for the
	// viewers with a device's token.
	b.Run("ingest-handler", func(b *testing.B) {
		var took time.Duration
		for i := 0; i < b.N; i++ {
			next()
			took += handlerRound(b, h, f)
		}
		reportRate(b, b.N*len(f.tokens), took, len(f.users)/30)
	})
	// Every viewer fresh again for "watching now".
	ingestRound(b, db, f, next())

	clock.Add(5)
	now := clock.Load()
	cookie := staffCookie(b, h, "finance@efir.example", "efir24-staff")
	// The job's first run counts the last 400 days and 400 hours; later
	// runs count the buckets still open to change (the last week).
	start = time.Now()
	if err := operator.CountDashboard(ctx, db, []int64{1}, time.Unix(now, 0)); err != nil {
		b.Fatal(err)
	}
	b.Logf("first count of 400 days and 400 hours: %v", time.Since(start).Round(time.Millisecond))
	b.Run("count-job", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if err := operator.CountDashboard(ctx, db, []int64{1}, time.Unix(now, 0)); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, c := range []struct{ name, path string }{
		{"now", "/v2/operator/dashboard/now"},
		{"series-30-days", fmt.Sprintf("/v2/operator/dashboard/series?from=%d&to=%d", now-30*86400, now)},
		{"series-400-days", fmt.Sprintf("/v2/operator/dashboard/series?from=%d&to=%d", now-399*86400, now)},
		{"series-400-hours", fmt.Sprintf("/v2/operator/dashboard/series?bucket=hour&from=%d&to=%d", now-399*3600, now)},
	} {
		b.Run(c.name, func(b *testing.B) {
			body := consoleGet(b, h, c.path, cookie)
			if c.name == "now" && !strings.Contains(body, fmt.Sprintf(`"viewers":%d`, len(f.users))) {
				b.Fatalf("now: %.300s, want %d viewers", body, len(f.users))
			}
			b.ResetTimer()
			cpu := cpuTime()
			for i := 0; i < b.N; i++ {
				consoleGet(b, h, c.path, cookie)
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(len(body)), "bytes/answer")
		})
	}
}

func reportRate(b *testing.B, reports int, took time.Duration, needed int) {
	rate := float64(reports) / took.Seconds()
	b.ReportMetric(rate, "reports/s")
	b.Logf("%d reports in %v: %.0f reports/s (needed: %d)", reports, took.Round(time.Millisecond), rate, needed)
}

// inFlight reports are sent at once: the requests of many players on a
// busy server.
const inFlight = 256

// each runs fn(i) for i in [0, n) from inFlight goroutines and answers how
// long it took.
func each(b testing.TB, n int, fn func(i int) error) time.Duration {
	var next atomic.Int64
	var wg sync.WaitGroup
	var failed atomic.Value
	t0 := time.Now()
	for w := 0; w < inFlight; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				if err := fn(i); err != nil {
					failed.Store(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	took := time.Since(t0)
	if err, _ := failed.Load().(error); err != nil {
		b.Fatal(err)
	}
	return took
}

// ingestRound stores every viewer's report at at through the roll-ups.
func ingestRound(b testing.TB, db *store.DB, f *watchFixture, at time.Time) time.Duration {
	return each(b, len(f.users), func(i int) error {
		return identity.RecordWatch(context.Background(), db, identity.WatchReport{UserID: f.users[i], ProviderID: 1,
			StatID: f.statID(i), Duration: 30, At: at})
	})
}

// handlerRound sends the report of every viewer with a token through the
// server.
func handlerRound(b testing.TB, h http.Handler, f *watchFixture) time.Duration {
	return each(b, len(f.tokens), func(i int) error {
		r := httptest.NewRequest("PATCH", "http://efir.test/v2/users/self/stat/"+f.statID(i)+"?duration=30", nil)
		r.RemoteAddr = "10.9.9.6:40000"
		r.Header.Set("Authorization", "Token "+f.tokens[i])
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != http.StatusNoContent {
			return fmt.Errorf("report %d: %d %s", i, w.Code, w.Body.String())
		}
		return nil
	})
}

// statID: four viewers in five watch a channel (the first channels most),
// the others a film.
func (f *watchFixture) statID(i int) string {
	if i%5 == 4 {
		return fmt.Sprintf("vod%d-%08x", f.films[(i*7919)%len(f.films)], i)
	}
	k := i % (len(f.channels) * (len(f.channels) + 1) / 2)
	c := 0
	for k >= len(f.channels)-c {
		k -= len(f.channels) - c
		c++
	}
	return fmt.Sprintf("tv%d-%08x", f.channels[c], i)
}

func watchData(b testing.TB, db *store.DB) *watchFixture {
	ctx := context.Background()
	if err := db.Migrate(ctx); err != nil {
		b.Fatal(err)
	}
	for _, step := range []func(context.Context, *store.DB) error{demo.Seed, demo.EnsureStaff} {
		if err := step(ctx, db); err != nil {
			b.Fatal(err)
		}
	}
	f := &watchFixture{}
	var packets []int64
	now := watchAt.Unix()
	const day = int64(86400)
	err := db.Tx(ctx, func(tx *store.Tx) error {
		if err := store.Each(ctx, tx, "SELECT id FROM channels WHERE provider_id = 1 ORDER BY id", nil, func(r store.Scanner) error {
			var id int64
			err := r.Scan(&id)
			f.channels = append(f.channels, id)
			return err
		}); err != nil {
			return err
		}
		if err := store.Each(ctx, tx, "SELECT id FROM packets WHERE provider_id = 1 ORDER BY id", nil, func(r store.Scanner) error {
			var id int64
			err := r.Scan(&id)
			packets = append(packets, id)
			return err
		}); err != nil {
			return err
		}
		for i := 0; i < 2000; i++ {
			id, err := store.InsertID(ctx, tx, `INSERT INTO contents (provider_id, content_type, slug, title) VALUES (1, 'movie', ?, ?)
				RETURNING id`, fmt.Sprintf("bench-film-%d", i), fmt.Sprintf("Фильм %d", i))
			if err != nil {
				return err
			}
			f.films = append(f.films, id)
		}
		for i := 0; i < watchViewers; i++ {
			joined := now - int64(i)*120*day/int64(watchViewers)
			u, err := store.InsertID(ctx, tx, `INSERT INTO users (provider_id, username, is_guest, date_joined) VALUES (1, ?, ?, ?)
				RETURNING id`, fmt.Sprintf("viewer-%d", i), i%10 == 9, joined)
			if err != nil {
				return err
			}
			f.users = append(f.users, u)
			if i < watchTokens {
				device, err := store.InsertID(ctx, tx, `INSERT INTO devices (user_id, serial, created_at, login_at) VALUES (?, ?, ?, ?)
					RETURNING id`, u, fmt.Sprintf("bench-%d", i), joined, joined)
				if err != nil {
					return err
				}
				token := fmt.Sprintf("bench-watch-token-%d", i)
				sum := sha256.Sum256([]byte(token))
				if _, err := tx.Exec(ctx, `INSERT INTO tokens (hash, user_id, device_id, issued_at, expires_at) VALUES (?, ?, ?, ?, ?)`,
					hex.EncodeToString(sum[:]), u, device, now, now+30*day); err != nil {
					return err
				}
				f.tokens = append(f.tokens, token)
			}
			packet := packets[i%len(packets)]
			end, closed := int64(0), int64(0)
			switch i % 4 {
			case 1:
				end = joined + 30*day
			case 2:
				end, closed = joined+10*day, joined+10*day
			}
			if i%3 == 0 {
				if _, err := tx.Exec(ctx, `INSERT INTO subscriptions (user_id, packet_id, start_at, end_at, source, created_at)
					VALUES (?, ?, ?, ?, 'paid', ?)`, u, packets[(i+1)%len(packets)], joined-30*day, joined-day, joined); err != nil {
					return err
				}
			}
			if _, err := tx.Exec(ctx, `INSERT INTO subscriptions (user_id, packet_id, start_at, end_at, renew, closed_at, source, created_at)
				VALUES (?, ?, ?, ?, ?, ?, 'paid', ?)`, u, packet, joined, end, i%4 == 1, closed, joined); err != nil {
				return err
			}
			status, refunded := "complete", int64(0)
			if i%20 == 7 {
				status = "error"
			}
			if i%20 == 3 {
				refunded = 10000
			}
			if _, err := tx.Exec(ctx, `INSERT INTO payments (user_id, provider_id, account_id, kind, status, amount, currency, paysystem,
				gateway, idem_key, refunded, created_at, updated_at) VALUES (?, 1, 0, 'subscription', ?, 29900, 'RUB', 'card', 'sandbox', ?, ?, ?, ?)`,
				u, status, fmt.Sprintf("bench-%d", i), refunded, joined+3600, joined+3600); err != nil {
				return err
			}
		}
		// A week of roll-ups and 120 days of totals before today.
		today := now / day
		days := []string{}
		for d := today - 7; d < today; d++ {
			days = append(days, fmt.Sprintf("SELECT %d AS day", d))
		}
		if _, err := tx.Exec(ctx, `INSERT INTO watch_daily (user_id, object_kind, object_id, day, seconds)
			SELECT u.id, 'channel', ?, d.day, 1800 FROM users u CROSS JOIN (`+strings.Join(days, " UNION ALL ")+`) d
			WHERE u.username LIKE 'viewer-%'`, f.channels[0]); err != nil {
			return err
		}
		for d := today - 120; d < today; d++ {
			for shard := 0; shard < 16; shard++ {
				if _, err := tx.Exec(ctx, `INSERT INTO watch_totals (provider_id, day, shard, seconds) VALUES (1, ?, ?, ?)`,
					d, shard, int64(watchViewers)*1800/16); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	ingestRound(b, db, f, watchAt)
	return f
}

// staffCookie signs a console member in and answers the session cookie.
func staffCookie(b *testing.B, h http.Handler, email, password string) string {
	r := httptest.NewRequest("POST", "http://efir.test/v2/operator/auth/login",
		strings.NewReader(fmt.Sprintf(`{"email": %q, "password": %q}`, email, password)))
	r.RemoteAddr = "10.9.9.7:40000"
	r.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	for _, c := range w.Result().Cookies() {
		if c.Name == "efir_staff" {
			return c.Value
		}
	}
	b.Fatalf("console sign-in: %d %s", w.Code, w.Body.String())
	return ""
}

func consoleGet(b *testing.B, h http.Handler, path, cookie string) string {
	r := httptest.NewRequest("GET", "http://efir.test"+path, nil)
	r.RemoteAddr = "10.9.9.7:40000"
	r.Header.Set("Cookie", "efir_staff="+cookie)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != http.StatusOK {
		b.Fatalf("%s: %d %s", path, w.Code, w.Body.String())
	}
	return w.Body.String()
}
