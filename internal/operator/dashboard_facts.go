package operator

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"time"

	"efir/internal/store"
)

// The dashboard's series are counted ahead and stored per bucket
// (dashboard_facts, migration 0020): counting reads every running
// subscription, too much for each read at 100 000 subscribers. A job
// (CountDashboard) counts, every minute, the buckets still open to change
// and those of the last maxBuckets never counted; a read counts only the
// buckets it finds never counted, and tells when its newest bucket was
// counted.

// settleAfter: a bucket is counted again until this long after its end (a
// renewal that fails for good ends its subscription days later, a payment
// completes late). A change later than that (a refund months after) does
// not move the bucket.
const settleAfter = 7 * 24 * time.Hour

// Fact metrics (dashboard_facts.metric).
const (
	factSignUps = "sign_ups"
	factChurn   = "churn"
	factRevenue = "revenue" // item: the currency
	factActive  = "active"  // item: the packet id
)

// PacketCount is how many subscriptions of a packet are active.
type PacketCount struct {
	PacketID int64  `json:"packet_id"`
	Name     string `json:"name"`
	Count    int64  `json:"count"`
}

// seriesCounts are a range's counts as stored.
type seriesCounts struct {
	signUps, churn []int64
	revenue        [][]Money
	active         [][]PacketCount
	countedAt      int64 // when the newest bucket was counted
}

// CountDashboard counts, for each of the operators, the buckets of both
// sizes still open to change and those of the last maxBuckets not counted
// yet. Every copy of efir may run it: a count replaces the one before.
func CountDashboard(ctx context.Context, db *store.DB, providerIDs []int64, now time.Time) error {
	t := now.Unix()
	for _, id := range providerIDs {
		for name, unit := range bucketSizes {
			current := t - t%unit.size
			open := t - int64(settleAfter.Seconds())
			open -= open % unit.size
			horizon := current - (maxBuckets-1)*unit.size
			if err := countMissing(ctx, db, id, name, buckets{from: horizon, size: unit.size, n: int((open - horizon) / unit.size)}, t); err != nil {
				return err
			}
			if err := countRange(ctx, db, id, name, buckets{from: open, size: unit.size, n: int((current-open)/unit.size) + 1}, t); err != nil {
				return err
			}
		}
	}
	return nil
}

// readSeries answers the stored counts of b, counting first the started
// buckets never counted.
func readSeries(ctx context.Context, db *store.DB, providerID int64, name string, b buckets, now int64) (seriesCounts, error) {
	out := seriesCounts{signUps: make([]int64, b.n), churn: make([]int64, b.n), revenue: make([][]Money, b.n),
		active: make([][]PacketCount, b.n)}
	if err := countMissing(ctx, db, providerID, name, b, now); err != nil {
		return out, err
	}
	if err := store.Get(ctx, db, `SELECT COALESCE(MAX(counted_at), 0) FROM dashboard_counted WHERE provider_id = ? AND bucket = ?
		AND start_at >= ? AND start_at < ?`, []any{providerID, name, b.from, b.to()}, &out.countedAt); err != nil {
		return out, err
	}
	names, order, err := packetNames(ctx, db, providerID)
	if err != nil {
		return out, err
	}
	err = store.Each(ctx, db, `SELECT start_at, metric, item, value FROM dashboard_facts WHERE provider_id = ? AND bucket = ?
		AND start_at >= ? AND start_at < ?`, []any{providerID, name, b.from, b.to()}, func(row store.Scanner) error {
		var start, value int64
		var metric, item string
		if err := row.Scan(&start, &metric, &item, &value); err != nil {
			return err
		}
		i := (start - b.from) / b.size
		switch metric {
		case factSignUps:
			out.signUps[i] = value
		case factChurn:
			out.churn[i] = value
		case factRevenue:
			out.revenue[i] = append(out.revenue[i], Money{Currency: item, Amount: value})
		case factActive:
			id, _ := strconv.ParseInt(item, 10, 64)
			if n, ok := names[id]; ok {
				out.active[i] = append(out.active[i], PacketCount{PacketID: id, Name: n, Count: value})
			}
		}
		return nil
	})
	for i := range out.active {
		slices.SortFunc(out.revenue[i], func(a, b Money) int { return cmp.Compare(a.Currency, b.Currency) })
		slices.SortFunc(out.active[i], func(a, b PacketCount) int { return cmp.Compare(order[a.PacketID], order[b.PacketID]) })
		if out.active[i] == nil {
			out.active[i] = []PacketCount{}
		}
	}
	return out, err
}

// countMissing counts the started buckets of b that were never counted, in
// one pass from the first of them to the last.
func countMissing(ctx context.Context, db *store.DB, providerID int64, name string, b buckets, now int64) error {
	if b.n <= 0 {
		return nil
	}
	counted := map[int64]bool{}
	if err := store.Each(ctx, db, `SELECT start_at FROM dashboard_counted WHERE provider_id = ? AND bucket = ?
		AND start_at >= ? AND start_at < ?`, []any{providerID, name, b.from, b.to()}, func(row store.Scanner) error {
		var start int64
		err := row.Scan(&start)
		counted[start] = true
		return err
	}); err != nil {
		return err
	}
	first, last := -1, -1
	for i := 0; i < b.n; i++ {
		start := b.from + int64(i)*b.size
		if start <= now && !counted[start] {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return nil
	}
	return countRange(ctx, db, providerID, name, buckets{from: b.from + int64(first)*b.size, size: b.size, n: last - first + 1}, now)
}

// countRange counts the started buckets of b and stores their facts in
// place of the ones before.
func countRange(ctx context.Context, db *store.DB, providerID int64, name string, b buckets, now int64) error {
	if b.from > now {
		return nil
	}
	b.n = min(b.n, int((now-b.from)/b.size)+1)
	joined, err := signUps(ctx, db, providerID, b)
	if err != nil {
		return err
	}
	money, err := revenue(ctx, db, providerID, b)
	if err != nil {
		return err
	}
	lost, err := churn(ctx, db, providerID, b, now)
	if err != nil {
		return err
	}
	active, err := activeSubscriptions(ctx, db, providerID, b, now)
	if err != nil {
		return err
	}
	var facts, counted []any
	fact := func(start int64, metric, item string, value int64) {
		if value != 0 {
			facts = append(facts, providerID, name, start, metric, item, value)
		}
	}
	for i := 0; i < b.n; i++ {
		start := b.from + int64(i)*b.size
		fact(start, factSignUps, "", joined[i])
		fact(start, factChurn, "", lost[i])
		for _, m := range money[i] {
			fact(start, factRevenue, m.Currency, m.Amount)
		}
		for packet, n := range active[i] {
			fact(start, factActive, strconv.FormatInt(packet, 10), n)
		}
		counted = append(counted, providerID, name, start, now)
	}
	return db.Tx(ctx, func(tx *store.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM dashboard_facts WHERE provider_id = ? AND bucket = ? AND start_at >= ? AND start_at < ?`,
			providerID, name, b.from, b.to()); err != nil {
			return err
		}
		// Another copy of efir may count the same buckets at once: the last
		// count stands.
		if err := insertRows(ctx, tx, `INSERT INTO dashboard_facts (provider_id, bucket, start_at, metric, item, value) VALUES `,
			6, facts, ` ON CONFLICT (provider_id, bucket, start_at, metric, item) DO UPDATE SET value = excluded.value`); err != nil {
			return err
		}
		return insertRows(ctx, tx, `INSERT INTO dashboard_counted (provider_id, bucket, start_at, counted_at) VALUES `, 4, counted,
			` ON CONFLICT (provider_id, bucket, start_at) DO UPDATE SET counted_at = excluded.counted_at`)
	})
}

// insertRows runs head + VALUES + tail over args (cols per row) in
// statements of at most 500 rows.
func insertRows(ctx context.Context, tx *store.Tx, head string, cols int, args []any, tail string) error {
	const perStatement = 500
	for len(args) > 0 {
		n := min(len(args)/cols, perStatement)
		if _, err := tx.Exec(ctx, head+store.Placeholders(n, cols)+tail, args[:n*cols]...); err != nil {
			return err
		}
		args = args[n*cols:]
	}
	return nil
}

// packetNames are the operator's packets by id, and their order in the
// viewers' lists.
func packetNames(ctx context.Context, db *store.DB, providerID int64) (map[int64]string, map[int64]int, error) {
	names, order := map[int64]string{}, map[int64]int{}
	err := store.Each(ctx, db, `SELECT id, name FROM packets WHERE provider_id = ? ORDER BY sort, id`, []any{providerID},
		func(row store.Scanner) error {
			var id int64
			var name string
			if err := row.Scan(&id, &name); err != nil {
				return err
			}
			names[id], order[id] = name, len(order)
			return nil
		})
	return names, order, err
}
