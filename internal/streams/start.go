package streams

import (
	"context"

	"efir/internal/httpx"
	"efir/internal/store"
)

// StartStream registers a stream handed out to the session's device: kind
// live or archive (itemID a channel) or vod (a content), reported as
// statID. The device takes one place however many streams it was given (a
// device zapping channels streams once); when the other devices' places
// are more than the limit leaves, the oldest of them stop. lang is the
// language of the viewer's message.
func (s *Service) StartStream(ctx context.Context, sess *httpx.Session, statID, kind string, itemID int64, lang string) error {
	if sess == nil || sess.UserID == 0 || sess.DeviceID == 0 {
		return nil // streams are handed out to a device's token only
	}
	now := s.cfg.Now()
	limit := s.limitOf(ctx, sess.ProviderID)
	stopped := false
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO active_streams (user_id, device_id, stat_id, kind, item_id, started_at, last_seen_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, sess.UserID, sess.DeviceID, statID, kind, itemID, now.Unix(), now.Unix()); err != nil {
			return err
		}
		if limit == 0 {
			return nil
		}
		others, err := aliveDevices(ctx, tx, sess.UserID, sess.DeviceID, now.Add(-aliveWindow).Unix())
		if err != nil {
			return err
		}
		// The newest limit-1 others keep their places beside this device.
		for _, d := range others[min(len(others), limit-1):] {
			ok, err := stopDevice(ctx, tx, sess.UserID, d.id, now.Unix(), limit)
			if err != nil {
				return err
			}
			stopped = stopped || ok
		}
		return nil
	})
	if err != nil {
		return err
	}
	// After the commit: the message is written in a transaction of its own.
	if stopped {
		s.tell(ctx, sess.UserID, lang, limit)
	}
	return nil
}
