package engage

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/push"
	"efir/internal/store"
)

// Messages staff send. Sending copies the message into every recipient's
// messages with one INSERT ... SELECT over the audience (set-based, so a
// message to 100 000 viewers is one statement, and the viewer's existing
// list, GET /v2/users/self/messages, reads it with no change). The audience
// is the one of the moment of sending: a viewer who signs up or buys the
// packet later does not get it. A message for later waits as a scheduled
// row that the job sends once.

// Pusher sends a message as a web push too (internal/push): n to the
// subscribed devices of the viewers usersQuery selects.
type Pusher interface {
	Queue(ctx context.Context, q store.Querier, n push.Notification, usersQuery string, args ...any) (int, error)
}

// SetPusher lets messages marked "also as a push" go out as pushes.
func (s *Service) SetPusher(p Pusher) { s.push = p }

// Broadcast is a message sent or to be sent.
type Broadcast struct {
	ID         int64  `json:"id"`
	Title      string `json:"title"`
	Text       string `json:"text"`
	Link       string `json:"link"`
	Audience   string `json:"audience"`
	PacketID   int64  `json:"packet_id"`
	PacketName string `json:"packet_name"`
	UserID     int64  `json:"user_id"`
	SendAt     int64  `json:"send_at"`
	Push       bool   `json:"push"` // also as a web push to the recipients' devices
	Status     string `json:"status"`
	Recipients int    `json:"recipients"`
	CreatedAt  int64  `json:"created_at"`
	SentAt     int64  `json:"sent_at"`
}

const broadcastColumns = `b.id, b.title, b.text, b.link, b.audience, b.packet_id, COALESCE(p.name, ''), b.user_id, b.send_at,
	b.push, b.status, b.recipients, b.created_at, b.sent_at`

const broadcastFrom = ` FROM message_broadcasts b LEFT JOIN packets p ON p.id = b.packet_id`

func scanBroadcast(row store.Scanner) (Broadcast, error) {
	var b Broadcast
	err := row.Scan(&b.ID, &b.Title, &b.Text, &b.Link, &b.Audience, &b.PacketID, &b.PacketName, &b.UserID, &b.SendAt,
		&b.Push, &b.Status, &b.Recipients, &b.CreatedAt, &b.SentAt)
	return b, store.MapErr(err)
}

func broadcastOf(ctx context.Context, q store.Querier, providerID, id int64) (Broadcast, error) {
	return scanBroadcast(q.QueryRow(ctx, `SELECT `+broadcastColumns+broadcastFrom+` WHERE b.id = ? AND b.provider_id = ?`,
		id, providerID))
}

func (s *Service) handleBroadcasts(w http.ResponseWriter, r *http.Request) error {
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	out := []Broadcast{}
	err = store.Each(r.Context(), s.db, `SELECT `+broadcastColumns+broadcastFrom+` WHERE b.provider_id = ?
		ORDER BY b.id DESC LIMIT ? OFFSET ?`, []any{operator.ProviderOf(r), limit, offset}, func(row store.Scanner) error {
		b, err := scanBroadcast(row)
		out = append(out, b)
		return err
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

type sendBody struct {
	Title    string `json:"title"`
	Text     string `json:"text"`
	Link     string `json:"link"`
	Audience string `json:"audience"`
	PacketID int64  `json:"packet_id"`
	UserID   int64  `json:"user_id"`
	SendAt   int64  `json:"send_at"`
	Push     bool   `json:"push"`
}

const maxSchedule = 366 * secondsADay

func (s *Service) validSend(ctx context.Context, providerID, now int64, b *sendBody) error {
	var f fields
	b.Title, b.Text, b.Link = strings.TrimSpace(b.Title), strings.TrimSpace(b.Text), strings.TrimSpace(b.Link)
	if b.Title == "" || len([]rune(b.Title)) > 200 {
		f.add("title", "console_engage_title_required")
	}
	if b.Text == "" || len([]rune(b.Text)) > 4000 {
		f.add("text", "console_engage_text_required")
	}
	if b.Link != "" {
		u, err := url.Parse(b.Link)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || len(b.Link) > 500 {
			f.add("link", "console_engage_link_invalid")
		}
	}
	switch b.Audience {
	case "all":
		b.PacketID, b.UserID = 0, 0
	case "packet":
		b.UserID = 0
		ok, err := s.ownPackets(ctx, providerID, []int64{b.PacketID})
		if err != nil {
			return err
		}
		if !ok {
			f.add("packet_id", "console_engage_packet_unknown")
		}
	case "user":
		b.PacketID = 0
		var n int
		if err := store.Get(ctx, s.db, `SELECT COUNT(*) FROM users WHERE id = ? AND provider_id = ? AND is_guest = FALSE`,
			[]any{b.UserID, providerID}, &n); err != nil {
			return err
		}
		if n == 0 {
			f.add("user_id", "console_engage_user_unknown")
		}
	default:
		f.add("audience", "console_engage_audience_invalid")
	}
	if b.SendAt < 0 || b.SendAt > now+maxSchedule {
		f.add("send_at", "console_engage_send_at_invalid")
	}
	return f.err()
}

func (s *Service) handleSend(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var b sendBody
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	prov, now := operator.ProviderOf(r), s.staff.Now()
	if err := s.validSend(ctx, prov, now, &b); err != nil {
		return err
	}
	status := "scheduled"
	if b.SendAt <= now {
		b.SendAt = now
		status = "sent"
	}
	var out Broadcast
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		id, err := store.InsertID(ctx, tx, `INSERT INTO message_broadcasts (provider_id, title, text, link, audience, packet_id,
			user_id, send_at, push, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'scheduled', ?) RETURNING id`,
			prov, b.Title, b.Text, b.Link, b.Audience, b.PacketID, b.UserID, b.SendAt, b.Push, now)
		if err != nil {
			return err
		}
		if status == "sent" {
			if _, _, err := deliver(ctx, tx, id, now, s.push); err != nil {
				return err
			}
		}
		if out, err = broadcastOf(ctx, tx, prov, id); err != nil {
			return err
		}
		action := "message.send"
		if status == "scheduled" {
			action = "message.schedule"
		}
		return s.staff.Audit(ctx, tx, r, action, "message", id, nil, out)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

var errNotScheduled = errors.New("not scheduled")

func (s *Service) handleCancel(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	prov := operator.ProviderOf(r)
	var after Broadcast
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		before, err := broadcastOf(ctx, tx, prov, id)
		if err != nil {
			return err
		}
		res, err := tx.Exec(ctx, `UPDATE message_broadcasts SET status = 'cancelled' WHERE id = ? AND provider_id = ?
			AND status = 'scheduled'`, id, prov)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errNotScheduled
		}
		if after, err = broadcastOf(ctx, tx, prov, id); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "message.cancel", "message", id, before, after)
	})
	if errors.Is(err, errNotScheduled) {
		return httpx.New(http.StatusConflict, httpx.TypeConflict, "console_engage_not_scheduled")
	}
	if err != nil {
		return err
	}
	httpx.OK(w, after)
	return nil
}

// deliver sends a scheduled broadcast now, inside tx: it is marked sent
// first (so that it is sent once however many jobs run) and copied into the
// messages of its audience, and pushed to their devices when so marked. It
// answers how many viewers got it, and false when it was not scheduled any
// more (sent or cancelled meanwhile).
func deliver(ctx context.Context, tx *store.Tx, id, now int64, p Pusher) (int, bool, error) {
	res, err := tx.Exec(ctx, `UPDATE message_broadcasts SET status = 'sent', sent_at = ? WHERE id = ? AND status = 'scheduled'`,
		now, id)
	if err != nil {
		return 0, false, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return 0, false, nil
	}
	var prov, packet, user int64
	var title, text, link, audience string
	var pushToo bool
	if err := store.Get(ctx, tx, `SELECT provider_id, title, text, link, audience, packet_id, user_id, push FROM message_broadcasts
		WHERE id = ?`, []any{id}, &prov, &title, &text, &link, &audience, &packet, &user, &pushToo); err != nil {
		return 0, false, err
	}
	// The push leads to the link when there is one, else to the messages.
	pushed := push.Notification{Title: title, Body: text, Destination: push.ToMessages, TimeStart: now}
	if link != "" {
		pushed.Destination = push.Destination{Type: "url", Src: link}
	}
	// The viewer's list shows title and text: a link goes on the text's
	// last line (and in its own column).
	if link != "" {
		text += "\n\n" + link
	}
	q := `INSERT INTO messages (user_id, title, text, created_at, broadcast_id, link)
		SELECT u.id, ?, ?, ?, ?, ? FROM users u WHERE u.provider_id = ? AND u.is_guest = FALSE`
	args := []any{title, text, now, id, link, prov}
	switch audience {
	case "packet":
		// Holders of the packet now, or of a bundle that includes it.
		q += ` AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = u.id
			AND (s.packet_id = ? OR s.packet_id IN (SELECT i.packet_id FROM packet_includes i WHERE i.included_id = ?))
			AND s.closed_at = 0 AND s.paused_at = 0 AND s.start_at <= ? AND (s.end_at = 0 OR s.end_at > ?))`
		args = append(args, packet, packet, now, now)
	case "user":
		q += ` AND u.id = ?`
		args = append(args, user)
	}
	res, err = tx.Exec(ctx, q, args...)
	if err != nil {
		return 0, false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, false, err
	}
	if _, err := tx.Exec(ctx, `UPDATE message_broadcasts SET recipients = ? WHERE id = ?`, n, id); err != nil {
		return 0, false, err
	}
	if pushToo && p != nil {
		if _, err := p.Queue(ctx, tx, pushed, `SELECT user_id FROM messages WHERE broadcast_id = ?`, id); err != nil {
			return 0, false, err
		}
	}
	return int(n), true, nil
}

// DeliverDue sends every scheduled message whose time has come, each once
// (pushed through p when so marked), and answers how many it sent.
func DeliverDue(ctx context.Context, db *store.DB, now int64, p Pusher) (int, error) {
	var due []int64
	if err := store.Each(ctx, db, `SELECT id FROM message_broadcasts WHERE status = 'scheduled' AND send_at <= ?
		ORDER BY send_at, id LIMIT 100`, []any{now}, func(row store.Scanner) error {
		var id int64
		if err := row.Scan(&id); err != nil {
			return err
		}
		due = append(due, id)
		return nil
	}); err != nil {
		return 0, err
	}
	sent := 0
	for _, id := range due {
		err := db.Tx(ctx, func(tx *store.Tx) error {
			_, ok, err := deliver(ctx, tx, id, now, p)
			if ok && err == nil {
				sent++
			}
			return err
		})
		if err != nil {
			return sent, err
		}
	}
	return sent, nil
}

// RunJobs sends scheduled messages every 15 seconds until ctx ends.
func RunJobs(ctx context.Context, db *store.DB, now func() time.Time, p Pusher) {
	t := time.NewTicker(15 * time.Second)
	defer t.Stop()
	for {
		if _, err := DeliverDue(ctx, db, now().Unix(), p); err != nil && ctx.Err() == nil {
			slog.Error("scheduled messages", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
