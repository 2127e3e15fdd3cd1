package analytics

import (
	"cmp"
	"context"
	"slices"

	"efir/internal/store"
)

// Batches are written as identity's watch reports are (store.GroupCommit):
// one writer per service, and the batches that arrive while one transaction
// is written go together in the next, so a busy server writes a few
// transactions a second and a quiet one each batch at once.

// maxRowsPerTx rows go in one transaction (each statement carries at most
// maxRowsPerStatement of them: 9 parameters a row stays under both
// databases' limits).
const (
	maxRowsPerTx        = 5000
	maxRowsPerStatement = 500
)

// batch is one call's events, validated, of one viewer.
type batch struct {
	provider, user int64
	state          int16
	at             int64
	rows           []row
}

// newWriter: batches are written whole or not at all (writeBatches); in a
// failed group each is tried alone, so one failing does not fail the others.
func newWriter(db *store.DB) *store.GroupCommit[batch] {
	return store.NewGroupCommit(maxRowsPerTx, func(b batch) int { return len(b.rows) },
		func(ctx context.Context, batches []batch) error { return writeBatches(ctx, db, batches) })
}

type dayKey struct {
	provider, day int64
	kind, name    int16
	state         int16
}

// writeBatches stores the rows of batches and adds them to the counts per
// day, in one transaction.
func writeBatches(ctx context.Context, db *store.DB, batches []batch) error {
	return db.Tx(ctx, func(tx *store.Tx) error {
		counts := map[dayKey]int64{}
		var args []any
		n := 0
		flush := func() error {
			if n == 0 {
				return nil
			}
			_, err := tx.Exec(ctx, `INSERT INTO analytics_events (provider_id, created_at, kind, name, state, user_id, object_id,
				value, detail) VALUES `+store.Placeholders(n, 9), args...)
			args, n = args[:0], 0
			return err
		}
		for _, b := range batches {
			for _, r := range b.rows {
				args = append(args, b.provider, b.at, r.kind, r.name, b.state, b.user, r.object, r.value, r.detail)
				n++
				counts[dayKey{b.provider, b.at / 86400, r.kind, r.name, b.state}]++
				if n == maxRowsPerStatement {
					if err := flush(); err != nil {
						return err
					}
				}
			}
		}
		if err := flush(); err != nil {
			return err
		}
		// In key order, so that copies of efir writing at once take the
		// rows' locks in one order.
		keys := make([]dayKey, 0, len(counts))
		for k := range counts {
			keys = append(keys, k)
		}
		slices.SortFunc(keys, func(a, b dayKey) int {
			return cmp.Or(cmp.Compare(a.provider, b.provider), cmp.Compare(a.day, b.day), cmp.Compare(a.kind, b.kind),
				cmp.Compare(a.name, b.name), cmp.Compare(a.state, b.state))
		})
		for start := 0; start < len(keys); start += maxRowsPerStatement {
			part := keys[start:min(start+maxRowsPerStatement, len(keys))]
			args = args[:0]
			for _, k := range part {
				args = append(args, k.provider, k.day, k.kind, k.name, k.state, counts[k])
			}
			if _, err := tx.Exec(ctx, `INSERT INTO analytics_daily (provider_id, day, kind, name, state, events) VALUES `+
				store.Placeholders(len(part), 6)+` ON CONFLICT (provider_id, day, kind, name, state)
				DO UPDATE SET events = analytics_daily.events + excluded.events`, args...); err != nil {
				return err
			}
		}
		return nil
	})
}
