package identity

import (
	"context"
	"net/http"
	"strings"
	"time"

	"efir/internal/httpx"
	"efir/internal/store"
)

// Viewer messages are notes from the operator to one user. The viewer can
// remove them; a removed message stays stored (marked) so that the operator
// side can tell it was seen and dismissed.

// PostMessage stores a message for a user and gives its id (used by the
// operator side and the demo data).
func (s *Service) PostMessage(ctx context.Context, userID int64, title, text string) (int64, error) {
	var id int64
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		var err error
		id, err = store.InsertID(ctx, tx, `INSERT INTO messages (user_id, title, text, created_at) VALUES (?, ?, ?, ?)
			RETURNING id`, userID, strings.TrimSpace(title), strings.TrimSpace(text), s.now().Unix())
		return err
	})
	return id, err
}

// messagesOf lists the user's messages that are not removed, newest first.
func messagesOf(ctx context.Context, q store.Querier, userID int64, limit, offset int) ([]Message, error) {
	rows, err := q.Query(ctx, `SELECT id, title, text, created_at, removed, link FROM messages
		WHERE user_id = ? AND removed = FALSE ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`, userID, limit, offset)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Message{}
	for rows.Next() {
		var m Message
		var created int64
		if err := rows.Scan(&m.ID, &m.Title, &m.Text, &created, &m.Removed, &m.Link); err != nil {
			return nil, store.MapErr(err)
		}
		m.CreatedAt = time.Unix(created, 0).UTC().Format(time.RFC3339)
		out = append(out, m)
	}
	return out, store.MapErr(rows.Err())
}

// handleListMessages answers GET /v2/users/self/messages (limit, offset).
func (s *Service) handleListMessages(w http.ResponseWriter, r *http.Request) error {
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	list, err := messagesOf(r.Context(), s.db, httpx.SessionFrom(r.Context()).UserID, limit, offset)
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}

// handleDeleteMessage answers DELETE /v2/users/self/messages/{id}: the
// message is marked removed (again: still 204). Another user's -> 404.
func (s *Service) handleDeleteMessage(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	ctx := r.Context()
	res, err := s.db.Exec(ctx, "UPDATE messages SET removed = TRUE WHERE id = ? AND user_id = ?",
		id, httpx.SessionFrom(ctx).UserID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.ErrNotFound
	}
	httpx.NoContent(w)
	return nil
}

// handleDeleteMessages answers DELETE /v2/users/self/messages: every message
// of the caller is marked removed.
func (s *Service) handleDeleteMessages(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if _, err := s.db.Exec(ctx, "UPDATE messages SET removed = TRUE WHERE user_id = ? AND removed = FALSE",
		httpx.SessionFrom(ctx).UserID); err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}
