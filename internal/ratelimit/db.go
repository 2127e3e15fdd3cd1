package ratelimit

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"sync/atomic"
	"time"

	"efir/internal/store"
)

// sweepEvery is how often one copy deletes the expired events of every key.
// Each Add already drops its own key's old events; the sweep catches keys
// that are never seen again (one-off addresses).
const sweepEvery = time.Minute

// DB keeps the events in the rate_limits table (migration 0005), so copies
// sharing one database share the counts.
type DB struct {
	db        *store.DB
	lastSweep atomic.Int64 // unix ms of the last sweep of this process
}

// NewDB makes limiters that keep their events in db.
func NewDB(db *store.DB) *DB { return &DB{db: db} }

// Limiter makes the limiter of one rule (a Factory).
func (d *DB) Limiter(bucket string, max int, window time.Duration) Limiter {
	return &dbLimiter{d: d, rule: newRule(bucket, max, window)}
}

// Keys are bound as []byte, always: the column is a byte string, and SQLite
// never finds a TEXT value equal to a BLOB.
type dbLimiter struct {
	d *DB
	rule
}

func (l *dbLimiter) Wait(ctx context.Context, key string, now time.Time) (time.Duration, error) {
	// The max-th newest live event, found by walking the index backwards:
	// when there is none, fewer than max events are in the window.
	var at int64
	err := store.Get(ctx, l.d.db, `SELECT at FROM rate_limits WHERE bucket = ? AND key = ? AND at > ?
		ORDER BY at DESC LIMIT 1 OFFSET ?`, []any{l.bucket, []byte(key), l.cutoff(now), l.max - 1}, &at)
	if errors.Is(err, store.ErrNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("rate limit %s: %w", l.bucket, err)
	}
	return l.waitFor(at, now), nil
}

func (l *dbLimiter) Add(ctx context.Context, key string, now time.Time) error {
	err := l.d.db.Tx(ctx, func(tx *store.Tx) error {
		// The key's events that have left the window are no use to anyone.
		if _, err := tx.Exec(ctx, "DELETE FROM rate_limits WHERE bucket = ? AND key = ? AND at <= ?",
			l.bucket, []byte(key), l.cutoff(now)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "INSERT INTO rate_limits (bucket, key, at, expires_at) VALUES (?, ?, ?, ?)",
			l.bucket, []byte(key), now.UnixMilli(), now.Add(l.window).UnixMilli())
		return err
	})
	if err != nil {
		return fmt.Errorf("rate limit %s: %w", l.bucket, err)
	}
	return l.d.sweep(ctx, now)
}

func (l *dbLimiter) Take(ctx context.Context, key string, now time.Time) (time.Duration, error) {
	var wait time.Duration
	err := l.d.db.Tx(ctx, func(tx *store.Tx) error {
		// SQLite transactions take the single write lock when they begin;
		// PostgreSQL ones queue on the key's lock until the holder commits:
		// no two Takes of a key read its count before either records.
		if err := lockKey(ctx, tx, l.bucket, key); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "DELETE FROM rate_limits WHERE bucket = ? AND key = ? AND at <= ?",
			l.bucket, []byte(key), l.cutoff(now)); err != nil {
			return err
		}
		var at int64
		err := store.Get(ctx, tx, `SELECT at FROM rate_limits WHERE bucket = ? AND key = ? AND at > ?
			ORDER BY at DESC LIMIT 1 OFFSET ?`, []any{l.bucket, []byte(key), l.cutoff(now), l.max - 1}, &at)
		if err == nil {
			// Refused: a wait of 0 would read as taken.
			wait = max(l.waitFor(at, now), time.Millisecond)
			return nil
		}
		if !errors.Is(err, store.ErrNotFound) {
			return err
		}
		_, err = tx.Exec(ctx, "INSERT INTO rate_limits (bucket, key, at, expires_at) VALUES (?, ?, ?, ?)",
			l.bucket, []byte(key), now.UnixMilli(), now.Add(l.window).UnixMilli())
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("rate limit %s: %w", l.bucket, err)
	}
	if wait > 0 {
		return wait, nil
	}
	return 0, l.d.sweep(ctx, now)
}

// lockKey serialises the Takes of one key on PostgreSQL with a transaction
// advisory lock (rows cannot be locked before the first event exists).
// SQLite needs none: its transactions begin with the write lock.
func lockKey(ctx context.Context, tx *store.Tx, bucket, key string) error {
	if tx.Dialect() != store.Postgres {
		return nil
	}
	h := fnv.New64a()
	_, _ = h.Write([]byte("ratelimit\x00" + bucket + "\x00" + key))
	_, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(?)", int64(h.Sum64()>>1))
	return err
}

func (l *dbLimiter) Reset(ctx context.Context, key string) error {
	// Most resets find nothing (a login without earlier failures): a read
	// first keeps them off SQLite's single writer.
	var one int
	err := store.Get(ctx, l.d.db, "SELECT 1 FROM rate_limits WHERE bucket = ? AND key = ? LIMIT 1",
		[]any{l.bucket, []byte(key)}, &one)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err == nil {
		_, err = l.d.db.Exec(ctx, "DELETE FROM rate_limits WHERE bucket = ? AND key = ?", l.bucket, []byte(key))
	}
	if err != nil {
		return fmt.Errorf("rate limit %s: %w", l.bucket, err)
	}
	return nil
}

// sweep deletes every expired event at most once per sweepEvery, riding on
// a write instead of a timer so that nothing outlives the requests.
func (d *DB) sweep(ctx context.Context, now time.Time) error {
	last := d.lastSweep.Load()
	ms := now.UnixMilli()
	// A clock that went back (tests, a corrected host) sweeps at once.
	due := ms-last >= sweepEvery.Milliseconds() || ms < last
	if !due || !d.lastSweep.CompareAndSwap(last, ms) {
		return nil
	}
	if _, err := d.db.Exec(ctx, "DELETE FROM rate_limits WHERE expires_at <= ?", ms); err != nil {
		return fmt.Errorf("rate limit sweep: %w", err)
	}
	return nil
}
