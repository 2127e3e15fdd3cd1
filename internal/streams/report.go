package streams

import (
	"context"
	"errors"

	"efir/internal/httpx"
	"efir/internal/store"
)

// StreamSeen takes a player's watch report for statID: a running stream
// stays alive, a stopped one answers 409 stream_stopped with the reason
// for people. A stream that went quiet past the alive window lost its
// place; if devices that started since then fill the limit, it stops now
// (and so does the older one of two devices that started at the same
// moment on two copies of the server). An id never handed out (trailers,
// previews) is no business of the limit.
func (s *Service) StreamSeen(ctx context.Context, sess *httpx.Session, statID, lang string) error {
	var id, deviceID, stoppedAt int64
	var stopLimit int
	err := store.Get(ctx, s.db, `SELECT id, device_id, stopped_at, stop_limit FROM active_streams WHERE stat_id = ? AND user_id = ?`,
		[]any{statID, sess.UserID}, &id, &deviceID, &stoppedAt, &stopLimit)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if stoppedAt != 0 {
		return stoppedError(stopLimit)
	}
	now := s.cfg.Now()
	limit := s.limitOf(ctx, sess.ProviderID)
	stop, told := false, false
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if limit > 0 {
			newer, err := newerDevices(ctx, tx, sess.UserID, deviceID, now.Add(-aliveWindow).Unix())
			if err != nil {
				return err
			}
			if stop = newer >= limit; stop {
				told, err = stopDevice(ctx, tx, sess.UserID, deviceID, now.Unix(), limit)
				return err
			}
		}
		res, err := tx.Exec(ctx, "UPDATE active_streams SET last_seen_at = ? WHERE id = ? AND stopped_at = 0", now.Unix(), id)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n > 0 {
			return err
		}
		// Stopped by a hand-out since it was read.
		stop = true
		return store.Get(ctx, tx, "SELECT stop_limit FROM active_streams WHERE id = ?", []any{id}, &limit)
	})
	if err != nil {
		return err
	}
	if told {
		s.tell(ctx, sess.UserID, lang, limit)
	}
	if stop {
		return stoppedError(limit)
	}
	return nil
}

// newerDevices counts the user's other devices streaming now that started
// after the device's latest stream.
func newerDevices(ctx context.Context, q store.Querier, userID, deviceID, since int64) (int, error) {
	own, err := deviceOf(ctx, q, userID, deviceID)
	if err != nil {
		return 0, err
	}
	others, err := aliveDevices(ctx, q, userID, deviceID, since)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, d := range others {
		if d.newerThan(own) {
			n++
		}
	}
	return n, nil
}
