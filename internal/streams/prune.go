package streams

import (
	"context"
	"time"

	"efir/internal/store"
)

// Prune deletes streams not reported for a day: every hand-out is a row
// (zapping makes many), and a player that quiet has long lost its URL.
func Prune(ctx context.Context, db store.Querier, now time.Time) error {
	_, err := db.Exec(ctx, "DELETE FROM active_streams WHERE last_seen_at < ?", now.Add(-keepFor).Unix())
	return err
}
