package identity

import (
	"context"
	"time"

	"efir/internal/store"
)

// Prune deletes tokens that can no longer be used even for re-issue (expired
// and issued more than the re-issue window ago) and expired Alma sessions.
func Prune(ctx context.Context, db store.Querier, now time.Time) error {
	if _, err := db.Exec(ctx, "DELETE FROM tokens WHERE expires_at < ? AND issued_at < ?",
		now.Unix(), now.Add(-reissueWindow).Unix()); err != nil {
		return err
	}
	_, err := db.Exec(ctx, "DELETE FROM alma_sessions WHERE expires_at < ?", now.Unix())
	return err
}
