package app_test

import (
	"context"
	"testing"
	"time"

	"efir/internal/app"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

func count(t *testing.T, db *store.DB, table string) int {
	t.Helper()
	var n int
	if err := store.Get(context.Background(), db, "SELECT COUNT(*) FROM "+table, nil, &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// Prune removes what has outlived its use and keeps what may still be needed.
func TestPruneKeepsTheLiveRows(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
		day := int64(24 * 3600)
		n := now.Unix()
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := db.Exec(ctx, q, args...); err != nil {
				t.Fatal(err)
			}
		}
		exec("INSERT INTO otp_codes (phone, purpose, provider_id, code_hash, created_at, expires_at) VALUES ('7', 'login', 1, 'h', ?, ?)", n-3*day, n-3*day+300)
		exec("INSERT INTO otp_codes (phone, purpose, provider_id, code_hash, created_at, expires_at) VALUES ('7', 'login', 1, 'h', ?, ?)", n-60, n+240)
		exec("INSERT INTO otp_sends (scope, created_at) VALUES ('phone:7', ?), ('phone:7', ?)", n-day, n-60)
		exec("INSERT INTO otp_outbox (phone, text, created_at) VALUES ('7', 'old', ?), ('7', 'new', ?)", n-8*day, n-day)
		exec("INSERT INTO users (provider_id, username, date_joined) VALUES (1, 'janitor', ?)", n)
		var uid int64
		if err := store.Get(ctx, db, "SELECT id FROM users WHERE username = 'janitor'", nil, &uid); err != nil {
			t.Fatal(err)
		}
		// Dead (issued 40 days ago), re-issuable (expired, issued 10 days ago), live.
		exec("INSERT INTO tokens (hash, user_id, issued_at, expires_at) VALUES ('a', ?, ?, ?), ('b', ?, ?, ?), ('c', ?, ?, ?)",
			uid, n-40*day, n-40*day+43200, uid, n-10*day, n-10*day+43200, uid, n-3600, n+39600)
		exec("INSERT INTO alma_sessions (hash, phone, expires_at) VALUES ('x', '7', ?), ('y', '7', ?)", n-1, n+600)

		if err := app.Prune(ctx, db, now); err != nil {
			t.Fatal(err)
		}
		for table, want := range map[string]int{"otp_codes": 1, "otp_sends": 1, "otp_outbox": 1, "tokens": 2, "alma_sessions": 1} {
			if got := count(t, db, table); got != want {
				t.Errorf("%s: %d rows left, want %d", table, got, want)
			}
		}
	})
}
