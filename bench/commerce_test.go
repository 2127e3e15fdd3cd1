package bench

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/commerce"
	"efir/internal/demo"
	"efir/internal/provider"
	"efir/internal/store"
)

// The commerce budgets (issue 10): the renewal of 100 000 due subscriptions
// under 60 s on SQLite and on PostgreSQL, peak memory under 300 MB, every one
// charged once. PostgreSQL runs when EFIR_TEST_POSTGRES_URL is set.
var renewViewers = envInt("EFIR_BENCH_RENEW_N", 100_000)

func BenchmarkRenew100k(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) {
		benchRenew(b, benchSQLite(b))
	})
	if url := os.Getenv("EFIR_TEST_POSTGRES_URL"); url != "" {
		b.Run("postgres", func(b *testing.B) {
			benchRenew(b, benchPostgres(b, url, "bench_renew"))
		})
	}
}

func benchRenew(b *testing.B, db *store.DB) {
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	ctx := context.Background()
	if err := db.Migrate(ctx); err != nil {
		b.Fatal(err)
	}
	if err := demo.Seed(ctx, db); err != nil {
		b.Fatal(err)
	}
	if err := demo.EnsureCommerce(ctx, db); err != nil {
		b.Fatal(err)
	}
	var packet int64
	if err := store.Get(ctx, db, `SELECT id FROM packets WHERE short = 'base-1'`, nil, &packet); err != nil {
		b.Fatal(err)
	}
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
	end := start + 30*86400
	// 100 000 viewers, each with 1 000 ₽ and a base subscription due at end.
	err := db.Tx(ctx, func(tx *store.Tx) error {
		for i := 0; i < renewViewers; i++ {
			u, err := store.InsertID(ctx, tx, `INSERT INTO users (provider_id, username, date_joined) VALUES (1, ?, 0) RETURNING id`,
				fmt.Sprintf("renew-%d", i))
			if err != nil {
				return err
			}
			acc, err := store.InsertID(ctx, tx, `INSERT INTO accounts (user_id, balance, currency) VALUES (?, 100000, 'RUB') RETURNING id`, u)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO ledger_entries (account_id, user_id, kind, amount, currency, balance_after, idem_key,
				created_at) VALUES (?, ?, 'adjustment', 100000, 'RUB', 100000, ?, 0)`, acc, u, fmt.Sprintf("open-%d", acc)); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO subscriptions (user_id, packet_id, start_at, end_at, source, created_at, renew,
				months, price, currency, open_key) VALUES (?, ?, ?, ?, 'paid', ?, TRUE, 1, 29900, 'RUB', ?)`,
				u, packet, start, end, start, fmt.Sprintf("%d:%d", u, packet)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	providers, err := provider.NewService(ctx, db, provider.Config{})
	if err != nil {
		b.Fatal(err)
	}
	svc := commerce.New(db, commerce.Config{Now: func() time.Time { return time.Unix(end+60, 0) }, Providers: providers})
	var peak atomic.Uint64
	done := make(chan struct{})
	go func() {
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
			select {
			case <-done:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	b.ResetTimer()
	t0 := time.Now()
	n, err := svc.RenewDue(ctx)
	took := time.Since(t0)
	b.StopTimer()
	close(done)
	if err != nil {
		b.Fatal(err)
	}
	var charges int
	if err := store.Get(ctx, db, `SELECT COUNT(*) FROM ledger_entries WHERE description = 'renewal'`, nil, &charges); err != nil {
		b.Fatal(err)
	}
	if n != renewViewers || charges != renewViewers {
		b.Fatalf("renewed %d, charged %d, want %d", n, charges, renewViewers)
	}
	b.ReportMetric(took.Seconds(), "s/100k")
	b.ReportMetric(float64(peak.Load())/(1<<20), "peakMB")
	b.Logf("renewed %d in %s (budget 60 s), peak heap %.0f MB (budget 300 MB)", n, took, float64(peak.Load())/(1<<20))
}

func envInt(name string, def int) int {
	var n int
	if _, err := fmt.Sscan(os.Getenv(name), &n); err != nil || n <= 0 {
		return def
	}
	return n
}

// Purchase from the balance, request to the channel being streamable:
// under 20 ms of server time. Transaction poll: under 1 ms.
func BenchmarkPurchaseToStream(b *testing.B) {
	srv, tok, packet, channel := purchaseFixture(b)
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		// Give the packet up again and refill what it cost.
		if _, err := srv.DB.Exec(ctx, `UPDATE subscriptions SET closed_at = 1, open_key = NULL, end_at = 1 WHERE packet_id = ?
			AND user_id = (SELECT id FROM users WHERE username = 'shopper')`, packet); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/subscriptions", Token: tok,
			Body: map[string]any{"packet_id": packet, "trial": false}})
		if res.Status != http.StatusCreated {
			b.Fatalf("subscribe %d %s", res.Status, res.Body)
		}
		if res := srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/channels/%d/stream", channel), Token: tok}); res.Status != http.StatusOK {
			b.Fatalf("stream %d %s", res.Status, res.Body)
		}
		b.StopTimer()
		if _, err := srv.DB.Exec(ctx, `UPDATE accounts SET balance = balance + 29900 WHERE user_id = (SELECT id FROM users WHERE username = 'shopper')`); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
}

func BenchmarkTransactionPoll(b *testing.B) {
	srv, tok, _, _ := purchaseFixture(b)
	var accounts []struct {
		ID int64 `json:"id"`
	}
	srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/accounts", Token: tok}).JSON(b, &accounts)
	var tr struct {
		ID int64 `json:"id"`
	}
	res := srv.Do(apitest.Request{Method: "POST", Path: fmt.Sprintf("/v2/users/self/accounts/%d/payforms/short_url", accounts[0].ID),
		Token: tok, Body: map[string]any{"paysystem_shortname": "card", "amount": 10000}})
	res.JSON(b, &tr)
	path := fmt.Sprintf("/v2/users/self/transactions/%d", tr.ID)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if res := srv.Do(apitest.Request{Method: "GET", Path: path, Token: tok}); res.Status != http.StatusOK {
			b.Fatalf("poll %d", res.Status)
		}
	}
}

func purchaseFixture(b *testing.B) (*apitest.Server, string, int64, int64) {
	b.Helper()
	dir := b.TempDir()
	db, err := store.Open(context.Background(), "sqlite:"+filepath.Join(dir, "efir.db"), dir)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	if err := db.Migrate(context.Background()); err != nil {
		b.Fatal(err)
	}
	srv := apitest.New(b, db)
	tok := srv.SignIn(b, "shopper", "efir24", "bench-pc")
	var packet int64
	if err := store.Get(context.Background(), db, `SELECT id FROM packets WHERE short = 'base-1'`, nil, &packet); err != nil {
		b.Fatal(err)
	}
	var channel int64
	if err := store.Get(context.Background(), db, `SELECT pc.channel_id FROM packet_channels pc WHERE pc.packet_id = ?
		AND NOT EXISTS (SELECT 1 FROM packet_channels f JOIN packets p ON p.id = f.packet_id WHERE f.channel_id = pc.channel_id AND p.is_free)
		ORDER BY pc.channel_id LIMIT 1`, []any{packet}, &channel); err != nil {
		b.Fatal(err)
	}
	return srv, tok, packet, channel
}
