package analytics

import (
	"context"
	"time"

	"efir/internal/provider"
	"efir/internal/store"
)

// pruneBatch rows go per statement, so that on SQLite the batches waiting
// for the one writer wait for a short delete, not a long one.
const pruneBatch = 5000

// Prune deletes events and client errors older than their operator's
// retention (keepDays by operator id: every operator; rows of operator 0,
// sent before one was known, keep the default). The counts per day stay. Every copy of efir may run it: the
// deletes are idempotent.
func Prune(ctx context.Context, db *store.DB, now time.Time, keepDays map[int64]int) error {
	days := map[int64]int{0: provider.DefaultStatRetentionDays}
	for id, d := range keepDays {
		days[id] = d
	}
	for id, d := range days {
		if d <= 0 {
			d = provider.DefaultStatRetentionDays
		}
		cutoff := now.Add(-time.Duration(d) * 24 * time.Hour).Unix()
		for _, table := range []string{"analytics_events", "client_errors"} {
			if err := deleteBefore(ctx, db, table, id, cutoff); err != nil {
				return err
			}
		}
	}
	return nil
}

func deleteBefore(ctx context.Context, db *store.DB, table string, providerID, cutoff int64) error {
	for {
		res, err := db.Exec(ctx, `DELETE FROM `+table+` WHERE id IN (SELECT id FROM `+table+`
			WHERE provider_id = ? AND created_at < ? LIMIT ?)`, providerID, cutoff, pruneBatch)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n < pruneBatch {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
}
