package identity

import (
	"context"
	"time"

	"efir/internal/provider"
	"efir/internal/store"
)

const (
	// watchLiveKeep: a viewer's live mark outlives "watching now" by a
	// margin, then goes (a viewer back later counts afresh).
	watchLiveKeep = 10 * time.Minute
	// pruneBatch raw rows go per statement, so that on SQLite the reports
	// waiting for the one writer wait for a short delete, not a long one.
	pruneBatch = 5000
)

// PruneWatch deletes raw watch reports older than their operator's
// retention (keepDays by operator id; rows from before the roll-ups, of
// operator 0, keep the default), and live marks and "watching now" slots of
// viewers long silent. The roll-ups stay. Every copy of efir may run it: the
// deletes are idempotent.
func PruneWatch(ctx context.Context, db *store.DB, now time.Time, keepDays map[int64]int) error {
	days := map[int64]int{0: provider.DefaultStatRetentionDays}
	for id, d := range keepDays {
		days[id] = d
	}
	for id, d := range days {
		if d <= 0 {
			d = provider.DefaultStatRetentionDays
		}
		cutoff := now.Add(-time.Duration(d) * 24 * time.Hour).Unix()
		if err := deleteInBatches(ctx, db, `DELETE FROM watch_stats WHERE id IN
			(SELECT id FROM watch_stats WHERE provider_id = ? AND created_at < ? LIMIT ?)`, id, cutoff); err != nil {
			return err
		}
	}
	// Both hold a few rows per viewer watching now: one statement each.
	gone := now.Add(-watchLiveKeep).Unix()
	if _, err := db.Exec(ctx, "DELETE FROM watch_live WHERE reported_at < ?", gone); err != nil {
		return err
	}
	_, err := db.Exec(ctx, "DELETE FROM watch_now WHERE slot < ?", gone/WatchSlotSeconds)
	return err
}

// deleteInBatches runs query (whose last argument is the batch size) until
// it deletes less than a batch.
func deleteInBatches(ctx context.Context, db *store.DB, query string, args ...any) error {
	args = append(args, pruneBatch)
	for {
		res, err := db.Exec(ctx, query, args...)
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
