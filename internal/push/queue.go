package push

import (
	"context"
	"errors"
	"log/slog"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"efir/internal/store"
)

// The queue: a notification is stored once with a delivery per viewer who
// has a subscribed device when it is queued; the job sends each delivery
// at its time to the devices the viewer has then. A delivery is claimed
// for a while (lease) before it is sent, so that copies of efir running
// the job together send it once, and one whose copy died is sent later.

const (
	lease     = 2 * 60 // seconds a claimed delivery is left to its sender
	batchSize = 200
	senders   = 8 // deliveries sent at once
)

// Queue keeps n for the viewers that usersQuery selects (a SELECT of user
// ids, run with args in q, so a caller's transaction covers it) to be sent
// at n.TimeStart (now when unset or past). It answers the number of
// viewers it was queued for: those with a subscribed device.
func (s *Service) Queue(ctx context.Context, q store.Querier, n Notification, usersQuery string, args ...any) (int, error) {
	now := s.now().Unix()
	n.normalise(now)
	id, err := store.InsertID(ctx, q, `INSERT INTO push_notifications (payload, urgency, start_at, expires_at, created_at)
		VALUES ('', ?, ?, ?, ?) RETURNING id`, n.Urgency, n.TimeStart, n.TimeStart+n.TimeToLive, now)
	if err != nil {
		return 0, err
	}
	n.ID = id
	payload, err := n.payload()
	if err != nil {
		return 0, err
	}
	if _, err := q.Exec(ctx, `UPDATE push_notifications SET payload = ? WHERE id = ?`, string(payload), id); err != nil {
		return 0, err
	}
	res, err := q.Exec(ctx, `INSERT INTO push_deliveries (notification_id, user_id, send_at)
		SELECT DISTINCT CAST(? AS BIGINT), user_id, CAST(? AS BIGINT) FROM push_subscriptions WHERE user_id IN (`+usersQuery+`)`,
		append([]any{id, n.TimeStart}, args...)...)
	if err != nil {
		return 0, err
	}
	count, err := res.RowsAffected()
	if err != nil {
		return 0, err
	}
	if count == 0 {
		_, err = q.Exec(ctx, `DELETE FROM push_notifications WHERE id = ?`, id)
	}
	return int(count), err
}

// QueueUser keeps n for one viewer.
func (s *Service) QueueUser(ctx context.Context, q store.Querier, n Notification, userID int64) (int, error) {
	return s.Queue(ctx, q, n, `SELECT CAST(? AS BIGINT)`, userID)
}

type delivery struct{ id, notification, user int64 }

type queued struct {
	payload   []byte
	urgency   string
	expiresAt int64
}

// DeliverDue sends the deliveries whose time has come and answers how many
// messages the push services took.
func (s *Service) DeliverDue(ctx context.Context) (int, error) {
	total := 0
	for {
		seen, sent, err := s.deliverBatch(ctx)
		total += sent
		if err != nil || seen < batchSize {
			return total, err
		}
	}
}

// deliverBatch sends one batch of due deliveries: how many it found, how
// many messages went out.
func (s *Service) deliverBatch(ctx context.Context) (int, int, error) {
	now := s.now().Unix()
	var due []delivery
	if err := store.Each(ctx, s.db, `SELECT id, notification_id, user_id FROM push_deliveries
		WHERE send_at <= ? AND lease_until < ? ORDER BY send_at, id LIMIT ?`, []any{now, now, batchSize},
		func(row store.Scanner) error {
			var d delivery
			err := row.Scan(&d.id, &d.notification, &d.user)
			due = append(due, d)
			return err
		}); err != nil {
		return 0, 0, err
	}
	notes := map[int64]*queued{}
	var sent atomic.Int64
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(senders)
	fail := func(err error) (int, int, error) { _ = g.Wait(); return len(due), int(sent.Load()), err }
	for _, d := range due {
		res, err := s.db.Exec(ctx, `UPDATE push_deliveries SET lease_until = ? WHERE id = ? AND lease_until < ?`,
			now+lease, d.id, now)
		if err != nil {
			return fail(err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			continue // another copy took it
		}
		note, ok := notes[d.notification]
		if !ok {
			note = &queued{}
			var payload string
			if err := store.Get(ctx, s.db, `SELECT payload, urgency, expires_at FROM push_notifications WHERE id = ?`,
				[]any{d.notification}, &payload, &note.urgency, &note.expiresAt); err != nil && !errors.Is(err, store.ErrNotFound) {
				return fail(err)
			}
			note.payload = []byte(payload)
			notes[d.notification] = note
		}
		g.Go(func() error {
			if len(note.payload) > 0 && note.expiresAt > now {
				sent.Add(int64(s.deliverTo(gctx, d.user, note, now)))
			}
			_, err := s.db.Exec(gctx, `DELETE FROM push_deliveries WHERE id = ?`, d.id)
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return len(due), int(sent.Load()), err
	}
	if len(due) > 0 {
		if _, err := s.db.Exec(ctx, `DELETE FROM push_notifications WHERE NOT EXISTS
			(SELECT 1 FROM push_deliveries d WHERE d.notification_id = push_notifications.id)`); err != nil {
			return len(due), int(sent.Load()), err
		}
	}
	return len(due), int(sent.Load()), nil
}

// deliverTo sends a notification to every subscribed device of a viewer
// and answers how many push services took it. A failure is logged: a push
// is a nudge, the message itself is in the viewer's messages.
func (s *Service) deliverTo(ctx context.Context, userID int64, note *queued, now int64) int {
	var subs []subscription
	if err := store.Each(ctx, s.db, `SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ?`,
		[]any{userID}, func(row store.Scanner) error {
			var x subscription
			err := row.Scan(&x.id, &x.endpoint, &x.p256dh, &x.auth)
			subs = append(subs, x)
			return err
		}); err != nil {
		slog.WarnContext(ctx, "push: subscriptions unread", "user", userID, "err", err)
		return 0
	}
	ok := 0
	for _, x := range subs {
		if err := s.send(ctx, x, note.payload, note.expiresAt-now, note.urgency); err != nil {
			slog.WarnContext(ctx, "push: not delivered", "user", userID, "subscription", x.id, "err", err)
			continue
		}
		ok++
	}
	return ok
}

// Run sends due notifications every 5 seconds until ctx ends.
func (s *Service) Run(ctx context.Context) {
	t := time.NewTicker(5 * time.Second)
	defer t.Stop()
	for {
		if _, err := s.DeliverDue(ctx); err != nil && ctx.Err() == nil {
			slog.ErrorContext(ctx, "push deliveries", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
