package push

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"strings"
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
	// A busy push service is tried again after 30 s, 1, 2 and 4 minutes (or
	// the longer wait it asks for, up to an hour): five tries in all.
	maxAttempts = 5
	firstRetry  = 30 * time.Second
	longestWait = time.Hour
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

type delivery struct {
	id, notification, user int64
	attempts               int
	owed                   string // subscription ids still owed ('' = all)
}

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
	if err := store.Each(ctx, s.db, `SELECT id, notification_id, user_id, attempts, subscriptions FROM push_deliveries
		WHERE send_at <= ? AND lease_until < ? ORDER BY send_at, id LIMIT ?`, []any{now, now, batchSize},
		func(row store.Scanner) error {
			var d delivery
			err := row.Scan(&d.id, &d.notification, &d.user, &d.attempts, &d.owed)
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
			var r result
			if len(note.payload) > 0 && note.expiresAt > now {
				r = s.deliverTo(gctx, d, note, now)
				sent.Add(int64(r.sent))
			}
			if at, ok := retryAt(d.attempts, r.wait, now, note.expiresAt); ok && len(r.busy) > 0 {
				_, err := s.db.Exec(gctx, `UPDATE push_deliveries SET send_at = ?, lease_until = 0, attempts = attempts + 1,
					subscriptions = ? WHERE id = ?`, at, joinIDs(r.busy), d.id)
				return err
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

// result is what one delivery did: messages the push services took, the
// subscriptions whose service was busy, and the longest wait one asked for.
type result struct {
	sent int
	busy []int64
	wait time.Duration
}

// deliverTo sends a notification to the subscribed devices of a viewer
// that are still owed it. A failure is logged: a push is a nudge, the
// message itself is in the viewer's messages.
func (s *Service) deliverTo(ctx context.Context, d delivery, note *queued, now int64) result {
	owed := map[int64]bool{}
	for _, f := range strings.Fields(d.owed) {
		if id, err := strconv.ParseInt(f, 10, 64); err == nil {
			owed[id] = true
		}
	}
	var subs []subscription
	if err := store.Each(ctx, s.db, `SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ?`,
		[]any{d.user}, func(row store.Scanner) error {
			var x subscription
			if err := row.Scan(&x.id, &x.endpoint, &x.p256dh, &x.auth); err != nil {
				return err
			}
			if len(owed) == 0 || owed[x.id] {
				subs = append(subs, x)
			}
			return nil
		}); err != nil {
		slog.WarnContext(ctx, "push: subscriptions unread", "user", d.user, "err", err)
		return result{}
	}
	var r result
	for _, x := range subs {
		err := s.send(ctx, x, note.payload, note.expiresAt-now, note.urgency)
		var busy *busyError
		switch {
		case err == nil:
			r.sent++
		case errors.As(err, &busy):
			r.busy = append(r.busy, x.id)
			r.wait = max(r.wait, busy.wait)
			slog.InfoContext(ctx, "push: service busy, tried again later", "user", d.user, "subscription", x.id,
				"attempt", d.attempts+1, "err", err)
		default:
			slog.WarnContext(ctx, "push: not delivered", "user", d.user, "subscription", x.id, "err", err)
		}
	}
	return r
}

// retryAt answers when a delivery tried attempts times before is tried
// again (the backoff, or the longer wait asked for), and false when it is
// not: the tries are used up, or the notification expires first.
func retryAt(attempts int, asked time.Duration, now, expiresAt int64) (int64, bool) {
	if attempts+1 >= maxAttempts {
		return 0, false
	}
	wait := min(max(firstRetry<<attempts, asked), longestWait)
	at := now + int64(wait/time.Second)
	return at, at < expiresAt
}

func joinIDs(ids []int64) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(parts, " ")
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
