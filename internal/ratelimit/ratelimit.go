// Package ratelimit counts events per key in sliding windows ("at most 5 wrong
// passwords per login and address in 15 minutes") in a store every copy of
// efir shares: the database by default, Redis when EFIR_REDIS_URL is set.
package ratelimit

import (
	"context"
	"time"

	"efir/internal/store"
)

// Limiter is one rule: at most max events per window for each key. A
// guarded action that must never pass the limit (a created guest) calls
// Take before it happens: the check and the record are one step, so
// requests racing on one key, in one copy or many, get exactly max events.
// Wait and Add are the two halves for events known only afterwards (a wrong
// password): they are not atomic, and racing callers may record a few
// events past the limit.
type Limiter interface {
	// Wait gives how long key must wait before its next event (0: now).
	Wait(ctx context.Context, key string, now time.Time) (time.Duration, error)
	// Add records one event of key at now.
	Add(ctx context.Context, key string, now time.Time) error
	// Take records one event of key at now when key may have one and
	// answers 0; otherwise it records nothing and answers the wait. The
	// check and the record are atomic.
	Take(ctx context.Context, key string, now time.Time) (time.Duration, error)
	// Reset forgets every event of key (a good password clears the failures).
	Reset(ctx context.Context, key string) error
}

// Factory makes the limiter of one rule. bucket names the rule in the shared
// store and must be unique per rule (and stable across copies and releases).
type Factory func(bucket string, max int, window time.Duration) Limiter

// Open picks where the events live: Redis when redisURL is set (checked with
// a ping so that a wrong address stops the start), the database otherwise.
// The Redis client lives as long as the process.
func Open(ctx context.Context, redisURL string, db *store.DB) (Factory, error) {
	if redisURL == "" {
		return NewDB(db).Limiter, nil
	}
	r, err := OpenRedis(ctx, redisURL)
	if err != nil {
		return nil, err
	}
	return r.Limiter, nil
}

// rule is what both stores keep of a Limiter.
type rule struct {
	bucket string
	max    int
	window time.Duration
}

func newRule(bucket string, max int, window time.Duration) rule {
	if max < 1 || window <= 0 || bucket == "" {
		panic("ratelimit: a rule needs a bucket, max >= 1 and a positive window")
	}
	return rule{bucket: bucket, max: max, window: window}
}

// cutoff is the newest time (unix ms) of an event that has left the window:
// an event counts while now - at < window.
func (r rule) cutoff(now time.Time) int64 { return now.Add(-r.window).UnixMilli() }

// waitFor is the wait when at (unix ms) is the max-th newest live event:
// once it leaves the window, fewer than max events remain.
func (r rule) waitFor(at int64, now time.Time) time.Duration {
	if d := time.UnixMilli(at).Add(r.window).Sub(now); d > 0 {
		return d
	}
	return 0
}
