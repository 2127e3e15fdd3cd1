package identity

import (
	"context"
	"errors"

	"efir/internal/httpx"
	"efir/internal/store"
)

// Operations of the operator's machine-to-machine API (package
// operator/providerapi) on one subscriber: archiving, and the messages the
// operator sends. Every call names the operator; another operator's
// subscriber (or a guest) is not found.

// SubscriberMessage is a message of the operator to a subscriber; Removed
// says the viewer dismissed it.
type SubscriberMessage struct {
	ID        int64
	Title     string
	Text      string
	CreatedAt int64
	Removed   bool
}

const subscriberMessageSelect = `SELECT id, title, text, created_at, removed FROM messages`

func scanSubscriberMessage(r store.Scanner) (SubscriberMessage, error) {
	var m SubscriberMessage
	err := r.Scan(&m.ID, &m.Title, &m.Text, &m.CreatedAt, &m.Removed)
	return m, err
}

// OperatorMessages lists the subscriber's messages the viewer has not
// dismissed, the newest first.
func (s *Service) OperatorMessages(ctx context.Context, providerID, userID int64, limit, offset int) ([]SubscriberMessage, error) {
	if _, err := staffSubscriber(ctx, s.db, providerID, userID); err != nil {
		return nil, err
	}
	out := []SubscriberMessage{}
	err := store.Each(ctx, s.db, subscriberMessageSelect+` WHERE user_id = ? AND removed = FALSE
		ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`, []any{userID, limit, offset}, func(r store.Scanner) error {
		m, err := scanSubscriberMessage(r)
		out = append(out, m)
		return err
	})
	return out, err
}

// OperatorMessage reads the subscriber's message id (a dismissed one too).
func (s *Service) OperatorMessage(ctx context.Context, providerID, userID, id int64) (SubscriberMessage, error) {
	if _, err := staffSubscriber(ctx, s.db, providerID, userID); err != nil {
		return SubscriberMessage{}, err
	}
	return operatorMessage(ctx, s.db, userID, id)
}

func operatorMessage(ctx context.Context, q store.Querier, userID, id int64) (SubscriberMessage, error) {
	m, err := scanSubscriberMessage(q.QueryRow(ctx, subscriberMessageSelect+` WHERE id = ? AND user_id = ?`, id, userID))
	if errors.Is(store.MapErr(err), store.ErrNotFound) {
		return m, httpx.NotFound()
	}
	return m, err
}

// OperatorSendMessage gives the subscriber a message (the caller checks its
// title and text).
func (s *Service) OperatorSendMessage(ctx context.Context, providerID, userID int64, title, text string) (SubscriberMessage, error) {
	if _, err := staffSubscriber(ctx, s.db, providerID, userID); err != nil {
		return SubscriberMessage{}, err
	}
	id, err := s.PostMessage(ctx, userID, title, text)
	if err != nil {
		return SubscriberMessage{}, err
	}
	return operatorMessage(ctx, s.db, userID, id)
}

// OperatorRemoveMessage dismisses the subscriber's message id as the viewer
// would (it stays stored, marked) and gives it as it was.
func (s *Service) OperatorRemoveMessage(ctx context.Context, providerID, userID, id int64) (SubscriberMessage, error) {
	var m SubscriberMessage
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		if _, err := staffSubscriber(ctx, tx, providerID, userID); err != nil {
			return err
		}
		var err error
		if m, err = operatorMessage(ctx, tx, userID, id); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE messages SET removed = TRUE WHERE id = ?`, id)
		return err
	})
	return m, err
}

// OperatorArchive takes the subscriber out of service: blocked (no sign-in
// until unblocked), every device removed and every session ended. The
// record, its money and its history stay.
func (s *Service) OperatorArchive(ctx context.Context, providerID, userID int64) error {
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		if _, err := staffSubscriber(ctx, tx, providerID, userID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE users SET blocked_at = ? WHERE id = ? AND blocked_at = 0`, s.now().Unix(), userID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM tokens WHERE user_id = ?`, userID); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM devices WHERE user_id = ?`, userID)
		return err
	})
}
