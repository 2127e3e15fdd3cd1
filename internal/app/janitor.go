package app

import (
	"context"
	"log/slog"
	"time"

	"efir/internal/identity"
	"efir/internal/otp"
	"efir/internal/store"
	"efir/internal/streams"
)

// Prune removes rows that have outlived their use (spent codes, old outbox
// messages, dead tokens, streams long quiet) in every package that keeps
// such rows.
func Prune(ctx context.Context, db *store.DB, now time.Time) error {
	if err := otp.Prune(ctx, db, now); err != nil {
		return err
	}
	if err := streams.Prune(ctx, db, now); err != nil {
		return err
	}
	return identity.Prune(ctx, db, now)
}

// RunJanitor prunes once at start and then every interval until ctx ends.
// Every copy of efir may run it: the deletes are idempotent.
func RunJanitor(ctx context.Context, db *store.DB, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if err := Prune(ctx, db, time.Now()); err != nil && ctx.Err() == nil {
			slog.Warn("pruning old rows failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
