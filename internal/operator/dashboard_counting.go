package operator

import (
	"context"
	"database/sql"

	"efir/internal/store"
)

// Counting the dashboard's series from what other areas keep: users,
// payments, subscriptions and packets of one operator, over a range of
// buckets. Each count is one query grouped in the database; the active
// subscriptions read every subscription still running, which is why the
// counts are stored ahead (dashboard_facts.go) rather than made on each read.

// buckets are a series' time steps: n buckets of size seconds from from.
type buckets struct {
	from, size int64
	n          int
}

func (b buckets) to() int64 { return b.from + int64(b.n)*b.size }

// maxBuckets bounds one series (400 days is more than a year by day).
const maxBuckets = 400

// bucketSizes, and the span a series shows when from is not given.
var bucketSizes = map[string]struct{ size, span int64 }{
	"day":  {86400, 30 * 86400},
	"hour": {3600, 48 * 3600},
}

// bucketOf is the index of the bucket of expression expr (an SQL time
// column); its arguments are from and size.
func bucketOf(expr string) string { return "(" + expr + " - ?) / ?" }

// signUps counts the operator's new subscribers (not guests) per bucket.
func signUps(ctx context.Context, db *store.DB, providerID int64, b buckets) ([]int64, error) {
	return countPerBucket(ctx, db, b, `SELECT `+bucketOf("date_joined")+` AS b, COUNT(*) FROM users
		WHERE provider_id = ? AND is_guest = FALSE AND date_joined >= ? AND date_joined < ? GROUP BY b`,
		b.from, b.size, providerID, b.from, b.to())
}

// countPerBucket runs a query answering (bucket index, count) rows.
func countPerBucket(ctx context.Context, db *store.DB, b buckets, query string, args ...any) ([]int64, error) {
	out := make([]int64, b.n)
	err := store.Each(ctx, db, query, args, func(row store.Scanner) error {
		var i, n int64
		if err := row.Scan(&i, &n); err != nil {
			return err
		}
		out[i] = n
		return nil
	})
	return out, err
}

// Money is an amount in minor units of a currency.
type Money struct {
	Currency string `json:"currency"`
	Amount   int64  `json:"amount"`
}

// revenue sums the completed payments made in each bucket, less what was
// refunded of them, by currency. A card check (card_link) is no sale.
func revenue(ctx context.Context, db *store.DB, providerID int64, b buckets) ([][]Money, error) {
	out := make([][]Money, b.n)
	err := store.Each(ctx, db, `SELECT `+bucketOf("created_at")+` AS b, currency, SUM(amount - refunded) FROM payments
		WHERE provider_id = ? AND status = 'complete' AND kind <> 'card_link' AND created_at >= ? AND created_at < ?
		GROUP BY b, currency ORDER BY b, currency`,
		[]any{b.from, b.size, providerID, b.from, b.to()}, func(row store.Scanner) error {
			var i int64
			var m Money
			if err := row.Scan(&i, &m.Currency, &m.Amount); err != nil {
				return err
			}
			out[i] = append(out[i], m)
			return nil
		})
	return out, err
}

// watchHours reads the operator's hours watched per day (day buckets) as
// they stand: identity's watch_totals are a few rows a day, nothing to
// count ahead.
func watchHours(ctx context.Context, db *store.DB, providerID int64, b buckets) ([]float64, error) {
	out := make([]float64, b.n)
	first := b.from / 86400
	err := store.Each(ctx, db, `SELECT day, SUM(seconds) FROM watch_totals WHERE provider_id = ? AND day >= ? AND day < ?
		GROUP BY day`, []any{providerID, first, first + int64(b.n)}, func(row store.Scanner) error {
		var day, seconds int64
		if err := row.Scan(&day, &seconds); err != nil {
			return err
		}
		out[day-first] = float64(seconds*100/3600) / 100
		return nil
	})
	return out, err
}

// churn counts the subscriptions whose access ended in each bucket (and has
// ended by now) without going on: no renewal pending, not paused, and no
// other subscription of the viewer holding on past that end (a switch to
// another packet, a period bought ahead, a second packet still running are
// not churn). A subscription that ends when closed by staff or by the
// viewer counts at its end.
func churn(ctx context.Context, db *store.DB, providerID int64, b buckets, now int64) ([]int64, error) {
	return countPerBucket(ctx, db, b, `SELECT `+bucketOf("s.end_at")+` AS b, COUNT(*) FROM subscriptions s
		JOIN packets p ON p.id = s.packet_id
		WHERE p.provider_id = ? AND s.end_at >= ? AND s.end_at < ? AND s.end_at <= ? AND s.end_at > s.start_at
			AND (s.renew = FALSE OR s.closed_at > 0) AND (s.paused_at = 0 OR s.closed_at > 0)
			AND NOT EXISTS (SELECT 1 FROM subscriptions o WHERE o.user_id = s.user_id AND o.id <> s.id
				AND o.start_at <= s.end_at AND (o.end_at = 0 OR o.end_at > s.end_at) AND o.end_at <> o.start_at)
		GROUP BY b`, b.from, b.size, providerID, b.from, b.to(), now)
}

// activeEnd is when a subscription stops giving access: the first of its
// pause, its closing and its end (0: none of them, NULL: it runs on).
const activeEnd = `CASE
	WHEN s.paused_at > 0 AND (s.end_at = 0 OR s.paused_at < s.end_at) AND (s.closed_at = 0 OR s.paused_at < s.closed_at) THEN s.paused_at
	WHEN s.closed_at > 0 AND (s.end_at = 0 OR s.closed_at < s.end_at) THEN s.closed_at
	WHEN s.end_at > 0 THEN s.end_at END`

// activeSubscriptions counts, per packet id, the subscriptions active at each
// bucket's end (start_at <= t < activeEnd), or at now for the bucket now is
// in; a bucket still to come has none. A future subscription not yet
// charged (end_at = start_at) gives nothing.
//
// The buckets that have ended are counted in one pass: each subscription
// is active from the first bucket end at or after its start up to the first
// at or after its activeEnd, so the database groups subscriptions by those
// two bucket numbers and the counts per bucket are running sums here.
func activeSubscriptions(ctx context.Context, db *store.DB, providerID int64, b buckets, now int64) ([]map[int64]int64, error) {
	diffs := map[int64][]int64{} // per packet: changes of the count at each bucket
	add := func(packet int64, from, to int64, n int64) {
		d := diffs[packet]
		if d == nil {
			d = make([]int64, b.n+1)
			diffs[packet] = d
		}
		d[from] += n
		d[to] -= n
	}
	ended := 0 // buckets whose end has passed
	if now >= b.from+b.size {
		ended = int(min((now-b.from)/b.size, int64(b.n)))
	}
	if ended > 0 {
		first, last := b.from+b.size, b.from+int64(ended)*b.size
		err := store.Each(ctx, db, `SELECT packet_id, a, e, COUNT(*) FROM (
				SELECT packet_id,
					CASE WHEN start_at <= ? THEN 0 ELSE (start_at - ? - 1) / ? END AS a,
					CASE WHEN active_end IS NULL THEN NULL WHEN active_end <= ? THEN 0 ELSE (active_end - ? - 1) / ? END AS e
				FROM (SELECT s.packet_id, s.start_at, `+activeEnd+` AS active_end
					FROM subscriptions s JOIN packets p ON p.id = s.packet_id
					WHERE p.provider_id = ? AND s.start_at <= ? AND (s.end_at = 0 OR s.end_at > ?) AND s.end_at <> s.start_at) x
			) y WHERE e IS NULL OR e > a GROUP BY packet_id, a, e`,
			[]any{first, b.from, b.size, first, b.from, b.size, providerID, last, first}, func(row store.Scanner) error {
				var id, a, n int64
				var e sql.NullInt64
				if err := row.Scan(&id, &a, &e, &n); err != nil {
					return err
				}
				hi := int64(ended)
				if e.Valid && e.Int64 < hi {
					hi = e.Int64
				}
				if a < hi {
					add(id, a, hi, n)
				}
				return nil
			})
		if err != nil {
			return nil, err
		}
	}
	if ended < b.n && now >= b.from+int64(ended)*b.size {
		// The bucket now is in: counted at now.
		err := store.Each(ctx, db, `SELECT s.packet_id, COUNT(*) FROM subscriptions s JOIN packets p ON p.id = s.packet_id
			WHERE p.provider_id = ? AND s.start_at <= ? AND (s.end_at = 0 OR s.end_at > ?) AND s.end_at <> s.start_at
				AND (s.closed_at = 0 OR s.closed_at > ?) AND (s.paused_at = 0 OR s.paused_at > ?)
			GROUP BY s.packet_id`, []any{providerID, now, now, now, now}, func(row store.Scanner) error {
			var id, n int64
			if err := row.Scan(&id, &n); err != nil {
				return err
			}
			add(id, int64(ended), int64(ended)+1, n)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	out := make([]map[int64]int64, b.n)
	for id, d := range diffs {
		running := int64(0)
		for i := 0; i < b.n; i++ {
			if running += d[i]; running > 0 {
				if out[i] == nil {
					out[i] = map[int64]int64{}
				}
				out[i][id] = running
			}
		}
	}
	return out, nil
}
