package streams

import (
	"context"

	"efir/internal/store"
)

// device is one device of a subscriber with a stream alive; its place in
// the order of streams is its latest hand-out (a device zapping channels
// is as new as its last channel).
type device struct {
	id      int64
	started int64
	lastRow int64 // breaks ties of one second: rows are numbered in order
}

// newerThan orders devices by their latest hand-out.
func (d device) newerThan(o device) bool {
	return d.started > o.started || d.started == o.started && d.lastRow > o.lastRow
}

// aliveDevices lists the user's devices other than except whose streams
// are running and were handed out or reported since since, newest first.
func aliveDevices(ctx context.Context, q store.Querier, userID, except, since int64) ([]device, error) {
	var out []device
	err := store.Each(ctx, q, `SELECT device_id, MAX(started_at), MAX(id) FROM active_streams
		WHERE user_id = ? AND device_id <> ? AND stopped_at = 0
		GROUP BY device_id HAVING MAX(last_seen_at) >= ?
		ORDER BY MAX(started_at) DESC, MAX(id) DESC`, []any{userID, except, since},
		func(r store.Scanner) error {
			var d device
			if err := r.Scan(&d.id, &d.started, &d.lastRow); err != nil {
				return err
			}
			out = append(out, d)
			return nil
		})
	return out, err
}

// deviceOf is the device's own place in the order (its running streams).
func deviceOf(ctx context.Context, q store.Querier, userID, deviceID int64) (device, error) {
	d := device{id: deviceID}
	err := store.Get(ctx, q, `SELECT COALESCE(MAX(started_at), 0), COALESCE(MAX(id), 0) FROM active_streams
		WHERE user_id = ? AND device_id = ? AND stopped_at = 0`, []any{userID, deviceID}, &d.started, &d.lastRow)
	return d, err
}

// stopDevice stops every running stream of the device (prefetched ones
// too: they would play on the same screen) and tells whether any was
// running, so that one stop gives one message however many copies race.
func stopDevice(ctx context.Context, q store.Querier, userID, deviceID, now int64, limit int) (bool, error) {
	res, err := q.Exec(ctx, `UPDATE active_streams SET stopped_at = ?, stop_reason = ?, stop_limit = ?
		WHERE user_id = ? AND device_id = ? AND stopped_at = 0`, now, reasonLimit, limit, userID, deviceID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}
