package identity

import (
	"cmp"
	"context"
	"slices"
	"sync"
	"time"

	"efir/internal/store"
)

// "Watching now" (watch_now): a viewer counts in the slot of their latest
// report; the viewers of the last WatchingWindow are the sum of the slots
// that start within it.
const (
	WatchSlotSeconds = 10
	WatchingWindow   = 90 * time.Second
)

// maxWatchBatch reports go in one transaction: each statement then carries at
// most a few thousand parameters, well within both databases' limits.
const maxWatchBatch = 500

// RecordWatch stores one report: its raw row and the roll-ups. Reports are
// written in batches, one batch at a time per database: while a batch is
// written the reports that arrive queue and go together in the next (a group
// commit), so that a busy server writes a few transactions a second instead
// of one per report, and a quiet one writes each report at once.
// RecordWatch returns when its report is stored. A repeated report is refused
// before it gets here (the pace of reports per device and stat id, stat.go),
// so nothing is counted twice.
func RecordWatch(ctx context.Context, db *store.DB, r WatchReport) error {
	return writerOf(db).Write(ctx, r)
}

// watchWriters: one writer per database. On SQLite there is one writer
// connection anyway; on PostgreSQL several writers of a process would wait
// for each other's locks on the shared rows (an operator's totals and slots),
// and one writer's larger batches do more.
var watchWriters sync.Map // *store.DB -> *store.GroupCommit[WatchReport]

func writerOf(db *store.DB) *store.GroupCommit[WatchReport] {
	if w, ok := watchWriters.Load(db); ok {
		return w.(*store.GroupCommit[WatchReport])
	}
	// A failing report (its viewer deleted meanwhile) is tried alone and
	// fails alone.
	w, _ := watchWriters.LoadOrStore(db, store.NewGroupCommit(maxWatchBatch, nil,
		func(ctx context.Context, reports []WatchReport) error { return writeWatchBatch(ctx, db, reports) }))
	return w.(*store.GroupCommit[WatchReport])
}

func writeWatchBatch(ctx context.Context, db *store.DB, reports []WatchReport) error {
	return db.Tx(ctx, func(tx *store.Tx) error {
		args := make([]any, 0, 5*len(reports))
		for _, r := range reports {
			args = append(args, r.UserID, r.ProviderID, r.StatID, r.Duration, r.At.Unix())
		}
		if _, err := tx.Exec(ctx, `INSERT INTO watch_stats (user_id, provider_id, stat_id, duration, created_at) VALUES `+
			store.Placeholders(len(reports), 5), args...); err != nil {
			return err
		}
		roll := rollup{live: map[liveKey]liveMark{}, slots: map[slotKey]int64{}, daily: map[dailyKey]int64{},
			totals: map[totalKey]int64{}}
		for _, r := range reports {
			if kind, id, ok := watchObject(r.StatID); ok {
				roll.add(r, kind, id)
			}
		}
		if err := roll.mark(ctx, tx); err != nil {
			return err
		}
		return roll.write(ctx, tx)
	})
}

type liveKey struct {
	user   int64
	kind   string
	object int64
}

type liveMark struct{ provider, at int64 }

type slotKey struct {
	provider, slot int64
	kind           string
	object         int64
}

type dailyKey struct {
	user   int64
	kind   string
	object int64
	day    int64
}

type totalKey struct{ provider, day, shard int64 }

// rollup is what one batch adds: the latest report of each viewer and
// object and of each viewer (an empty object_kind), and the sums to add.
type rollup struct {
	live   map[liveKey]liveMark
	slots  map[slotKey]int64
	daily  map[dailyKey]int64
	totals map[totalKey]int64
}

func (ro *rollup) add(r WatchReport, kind string, id int64) {
	at := r.At.Unix()
	for _, k := range []liveKey{{r.UserID, kind, id}, {r.UserID, "", 0}} {
		if at > ro.live[k].at {
			ro.live[k] = liveMark{r.ProviderID, at}
		}
	}
	if r.Duration > 0 {
		day := at / 86400
		ro.daily[dailyKey{r.UserID, kind, id, day}] += r.Duration
		ro.totals[totalKey{r.ProviderID, day, r.UserID % watchTotalShards}] += r.Duration
	}
}

// mark writes the latest reports and reads back, in the same statement, the
// report each replaced: the viewer moves from that one's slot to the new
// one's. The database's row lock orders two writers of one viewer (two
// copies of efir), so the second moves the viewer from the first's slot.
func (ro *rollup) mark(ctx context.Context, tx *store.Tx) error {
	keys := sortedKeys(ro.live, func(a, b liveKey) int {
		return cmp.Or(cmp.Compare(a.user, b.user), cmp.Compare(a.kind, b.kind), cmp.Compare(a.object, b.object))
	})
	if len(keys) == 0 {
		return nil
	}
	args := make([]any, 0, 5*len(keys))
	for _, k := range keys {
		m := ro.live[k]
		args = append(args, k.user, k.kind, k.object, m.provider, m.at)
	}
	return store.Each(ctx, tx, `INSERT INTO watch_live (user_id, object_kind, object_id, provider_id, reported_at) VALUES `+
		store.Placeholders(len(keys), 5)+` ON CONFLICT (user_id, object_kind, object_id) DO UPDATE SET
			previous_at = watch_live.reported_at, provider_id = excluded.provider_id,
			reported_at = CASE WHEN excluded.reported_at > watch_live.reported_at THEN excluded.reported_at ELSE watch_live.reported_at END
		RETURNING object_kind, object_id, provider_id, reported_at, previous_at`, args, func(row store.Scanner) error {
		var kind string
		var object, provider, at, previous int64
		if err := row.Scan(&kind, &object, &provider, &at, &previous); err != nil {
			return err
		}
		if at > previous {
			ro.move(provider, kind, object, previous, at)
		}
		return nil
	})
}

// move counts a viewer in the slot of their report at to instead of the
// slot of their previous one (from; 0: none). A previous slot too old to
// fall in any later window is left alone.
func (ro *rollup) move(provider int64, kind string, object, from, to int64) {
	slot := to / WatchSlotSeconds
	if from > 0 && from/WatchSlotSeconds == slot {
		return
	}
	ro.slots[slotKey{provider, slot, kind, object}]++
	if from > 0 && from >= to-int64(WatchingWindow.Seconds())-WatchSlotSeconds {
		ro.slots[slotKey{provider, from / WatchSlotSeconds, kind, object}]--
	}
}

// write stores the batch's changes, each table's rows in key order so that
// concurrent writers (several copies of efir) take row locks in one order.
func (ro *rollup) write(ctx context.Context, tx *store.Tx) error {
	var args []any
	daily := sortedKeys(ro.daily, func(a, b dailyKey) int {
		return cmp.Or(cmp.Compare(a.user, b.user), cmp.Compare(a.kind, b.kind), cmp.Compare(a.object, b.object), cmp.Compare(a.day, b.day))
	})
	for _, k := range daily {
		args = append(args, k.user, k.kind, k.object, k.day, ro.daily[k])
	}
	if err := upsert(ctx, tx, `INSERT INTO watch_daily (user_id, object_kind, object_id, day, seconds) VALUES `, len(daily), 5,
		` ON CONFLICT (user_id, object_kind, object_id, day) DO UPDATE SET seconds = watch_daily.seconds + excluded.seconds`,
		args); err != nil {
		return err
	}
	totals := sortedKeys(ro.totals, func(a, b totalKey) int {
		return cmp.Or(cmp.Compare(a.provider, b.provider), cmp.Compare(a.day, b.day), cmp.Compare(a.shard, b.shard))
	})
	args = args[:0]
	for _, k := range totals {
		args = append(args, k.provider, k.day, k.shard, ro.totals[k])
	}
	if err := upsert(ctx, tx, `INSERT INTO watch_totals (provider_id, day, shard, seconds) VALUES `, len(totals), 4,
		` ON CONFLICT (provider_id, day, shard) DO UPDATE SET seconds = watch_totals.seconds + excluded.seconds`, args); err != nil {
		return err
	}
	slots := sortedKeys(ro.slots, func(a, b slotKey) int {
		return cmp.Or(cmp.Compare(a.provider, b.provider), cmp.Compare(a.slot, b.slot), cmp.Compare(a.kind, b.kind),
			cmp.Compare(a.object, b.object))
	})
	args = args[:0]
	n := 0
	for _, k := range slots {
		if d := ro.slots[k]; d != 0 {
			args = append(args, k.provider, k.slot, k.kind, k.object, d)
			n++
		}
	}
	return upsert(ctx, tx, `INSERT INTO watch_now (provider_id, slot, object_kind, object_id, viewers) VALUES `, n, 5,
		` ON CONFLICT (provider_id, slot, object_kind, object_id) DO UPDATE SET viewers = watch_now.viewers + excluded.viewers`, args)
}

func upsert(ctx context.Context, tx *store.Tx, head string, rows, cols int, tail string, args []any) error {
	if rows == 0 {
		return nil
	}
	_, err := tx.Exec(ctx, head+store.Placeholders(rows, cols)+tail, args...)
	return err
}

func sortedKeys[K comparable, V any](m map[K]V, compare func(a, b K) int) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, compare)
	return keys
}
