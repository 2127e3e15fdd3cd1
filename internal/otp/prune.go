package otp

import (
	"context"
	"time"

	"efir/internal/store"
)

// How long spent rows are kept before Prune removes them.
const (
	keepCodes  = 24 * time.Hour     // well past the 5-minute life, for support questions
	keepSends  = 2 * time.Hour      // the longest rate window is an hour
	keepOutbox = 7 * 24 * time.Hour // the outbox is a development and demo stand-in for SMS
)

// Prune deletes expired codes, send events past every rate window and old
// outbox messages, so these tables stay small however long efir runs.
func Prune(ctx context.Context, db store.Querier, now time.Time) error {
	for _, q := range []struct {
		sql    string
		cutoff time.Duration
	}{
		{"DELETE FROM otp_codes WHERE expires_at < ?", keepCodes},
		{"DELETE FROM otp_sends WHERE created_at < ?", keepSends},
		{"DELETE FROM otp_outbox WHERE created_at < ?", keepOutbox},
	} {
		if _, err := db.Exec(ctx, q.sql, now.Add(-q.cutoff).Unix()); err != nil {
			return err
		}
	}
	return nil
}
