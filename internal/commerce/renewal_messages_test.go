package commerce_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/app"
	"efir/internal/config"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// A renewal that fails for want of money reaches the viewer's messages
// (GET /v2/users/self/messages) through the whole process's wiring, once
// per period, and nobody else's.
func TestFailedRenewalMessage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		ctx := context.Background()
		var packet, period int64
		if err := store.Get(ctx, db, `SELECT p.id, pp.id FROM packets p JOIN packet_periods pp ON pp.packet_id = p.id
			JOIN users u ON u.provider_id = p.provider_id WHERE u.username = 'shopper' AND p.is_base = TRUE AND pp.months = 1 AND pp.amount > 0
			AND pp.amount <= 100000 ORDER BY pp.amount, p.id LIMIT 1`, nil, &packet, &period); err != nil {
			t.Fatal(err)
		}
		shopper := srv.SignIn(t, "shopper", "efir24", "renewal-messages")
		demo := srv.SignIn(t, "demo", "efir24", "renewal-messages-other")
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/subscriptions", Token: shopper,
			Body: map[string]any{"packet_id": packet, "period_id": period, "trial": false, "idempotency_key": "renewal-messages"}})
		if res.Status != http.StatusCreated {
			t.Fatalf("buy: %d %s", res.Status, res.Body)
		}
		var sub struct {
			ID int64 `json:"id"`
		}
		res.JSON(t, &sub)
		// The money is gone before the period ends.
		if _, err := db.Exec(ctx, `UPDATE accounts SET balance = 0 WHERE user_id = (SELECT id FROM users WHERE username = 'shopper')`); err != nil {
			t.Fatal(err)
		}
		var endAt int64
		if err := store.Get(ctx, db, `SELECT end_at FROM subscriptions WHERE id = ?`, []any{sub.ID}, &endAt); err != nil {
			t.Fatal(err)
		}
		failed := func(token string) int {
			t.Helper()
			var list []struct {
				Title string `json:"title"`
			}
			res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/messages", Token: token})
			if res.Status != http.StatusOK {
				t.Fatalf("messages: %d %s", res.Status, res.Body)
			}
			res.JSON(t, &list)
			n := 0
			for _, m := range list {
				// In the operator's first language.
				if m.Title == "Продление не удалось" || m.Title == "Renewal failed" {
					n++
				}
			}
			return n
		}
		if n := failed(shopper); n != 0 {
			t.Fatalf("%d renewal messages before the renewal", n)
		}
		cfg := config.Config{Addr: ":0", DataDir: t.TempDir(), PublicURL: "http://efir.test", OTPSender: "outbox"}
		at := time.Unix(endAt+60, 0)
		for _, when := range []time.Time{at, at.Add(2 * time.Hour)} {
			if _, err := app.RenewOnce(ctx, cfg, db, when); err != nil {
				t.Fatal(err)
			}
		}
		if n := failed(shopper); n != 1 {
			t.Fatalf("%d messages about the failed renewal, want 1 (the retry tells nothing new)", n)
		}
		if n := failed(demo); n != 0 {
			t.Fatalf("another viewer got %d renewal messages", n)
		}
	})
}
