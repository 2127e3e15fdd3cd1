package commerce

import (
	"context"
	"net/http"

	"efir/internal/httpx"
	"efir/internal/store"
)

// registerDev adds the development-only calls (EFIR_DEV=true): end-to-end
// tests use them to reach states that otherwise take weeks.
func (s *Service) registerDev(mux *http.ServeMux) {
	mux.Handle("POST /v2/dev/users/self/expire", httpx.Handler(s.requireViewer(s.handleDevExpire)))
}

// handleDevExpire ends at once everything the signed-in viewer holds, as if
// its time had run out.
func (s *Service) handleDevExpire(w http.ResponseWriter, r *http.Request) error {
	sess := httpx.SessionFrom(r.Context())
	if err := s.expireAll(r.Context(), sess.UserID); err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}

// expireAll ends every open subscription and film licence of userID one
// second ago. Renewal and a planned period change are switched off, so the
// renewal job never brings them back; scheduled subscriptions are dropped
// (their turn would have come and gone too). Lapsed rows stay as they are,
// and the packets can be bought again.
func (s *Service) expireAll(ctx context.Context, userID int64) error {
	now := s.now().Unix()
	past := now - 1
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE subscriptions SET renew = FALSE, next_period_id = 0, open_key = NULL, closed_at = ?
			WHERE user_id = ? AND closed_at = 0 AND start_at > ?`, now, userID, now); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE subscriptions SET end_at = ?, renew = FALSE, next_period_id = 0, retry_at = 0
			WHERE user_id = ? AND closed_at = 0 AND (end_at = 0 OR end_at > ? OR renew = TRUE)`, past, userID, past); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE licences SET end_at = ? WHERE user_id = ? AND (end_at = 0 OR end_at > ?)`,
			past, userID, past)
		return err
	})
}
