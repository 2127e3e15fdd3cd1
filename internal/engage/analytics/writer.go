package analytics

import (
	"cmp"
	"context"
	"slices"
	"sync"

	"efir/internal/store"
)

// Batches are written as in identity's watch reports (watch_batch.go): one
// writer per database, and the batches that arrive while one transaction is
// written go together in the next (a group commit), so a busy server writes
// a few transactions a second and a quiet one each batch at once.

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

type writer struct {
	db      *store.DB
	mu      sync.Mutex
	queue   []queued
	running bool
}

type queued struct {
	b    batch
	done chan error
}

func newWriter(db *store.DB) *writer { return &writer{db: db} }

// write queues b and waits until it is stored (or refused by the database).
func (w *writer) write(ctx context.Context, b batch) error {
	q := queued{b: b, done: make(chan error, 1)}
	w.mu.Lock()
	w.queue = append(w.queue, q)
	if !w.running {
		w.running = true
		go w.run()
	}
	w.mu.Unlock()
	select {
	case err := <-q.done:
		return err
	case <-ctx.Done():
		return ctx.Err() // the batch is still written
	}
}

func (w *writer) run() {
	ctx := context.Background() // the write outlives the calls that queued it
	for {
		w.mu.Lock()
		n, rows := 0, 0
		for n < len(w.queue) && (n == 0 || rows+len(w.queue[n].b.rows) <= maxRowsPerTx) {
			rows += len(w.queue[n].b.rows)
			n++
		}
		if n == 0 {
			w.running = false
			w.mu.Unlock()
			return
		}
		group := slices.Clone(w.queue[:n])
		w.queue = append(w.queue[:0], w.queue[n:]...)
		w.mu.Unlock()
		batches := make([]batch, len(group))
		for i, q := range group {
			batches[i] = q.b
		}
		err := writeBatches(ctx, w.db, batches)
		for i, q := range group {
			if err != nil && len(group) > 1 {
				// Each batch alone, so that one failing does not fail
				// the others; a batch is still stored whole or not at all.
				q.done <- writeBatches(ctx, w.db, batches[i:i+1])
				continue
			}
			q.done <- err
		}
	}
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
