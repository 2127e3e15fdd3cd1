package ratelimit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"strconv"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

var t0 = time.UnixMilli(1_700_000_000_123)

// testRules is the behaviour every store must have.
func testRules(t *testing.T, f Factory) {
	ctx := context.Background()
	mustWait := func(t *testing.T, l Limiter, key string, now time.Time, want time.Duration) {
		t.Helper()
		got, err := l.Wait(ctx, key, now)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("Wait(%q) at +%v = %v, want %v", key, now.Sub(t0), got, want)
		}
	}
	mustAdd := func(t *testing.T, l Limiter, key string, now time.Time) {
		t.Helper()
		if err := l.Add(ctx, key, now); err != nil {
			t.Fatal(err)
		}
	}

	t.Run("window", func(t *testing.T) {
		l := f("window", 3, time.Minute)
		for i := range 3 {
			mustWait(t, l, "k", t0, 0)
			mustAdd(t, l, "k", t0.Add(time.Duration(i)*time.Second))
		}
		// Full: the oldest of the three leaves the window at +60s.
		mustWait(t, l, "k", t0.Add(10*time.Second), 50*time.Second)
		mustWait(t, l, "k", t0.Add(59*time.Second+999*time.Millisecond), time.Millisecond)
		// An event counts while now - at < window, as before.
		mustWait(t, l, "k", t0.Add(time.Minute), 0)
		mustAdd(t, l, "k", t0.Add(time.Minute))
		// Now +1s, +2s and +60s are live: the +1s event frees the slot.
		mustWait(t, l, "k", t0.Add(time.Minute), time.Second)
	})

	t.Run("wait after an overshoot", func(t *testing.T) {
		// Racing copies can record more than max events; the wait is
		// until fewer than max remain, not until the oldest leaves.
		l := f("overshoot", 3, time.Minute)
		for i := range 5 {
			mustAdd(t, l, "k", t0.Add(time.Duration(i)*time.Second))
		}
		mustWait(t, l, "k", t0.Add(5*time.Second), 57*time.Second)
	})

	t.Run("keys and buckets are separate", func(t *testing.T) {
		a, b := f("iso-a", 1, time.Hour), f("iso-b", 1, time.Hour)
		mustAdd(t, a, "k", t0)
		mustWait(t, a, "k", t0, time.Hour)
		mustWait(t, a, "other", t0, 0)
		mustWait(t, b, "k", t0, 0)
		mustAdd(t, b, "other", t0)
		mustWait(t, a, "other", t0, 0)
		// Keys are opaque: separators and odd bytes do not mix keys up.
		mustAdd(t, a, "x|10.0.0.1", t0)
		mustWait(t, a, "x|10.0.0.1", t0, time.Hour)
		mustWait(t, a, "x|10.0.0", t0, 0)
		mustWait(t, a, "x|10.0.0.1 ", t0, 0)
		mustAdd(t, a, "\xff\xfe", t0)
		mustWait(t, a, "\xff\xfe", t0, time.Hour)
		mustWait(t, a, "\xff", t0, 0)
		mustAdd(t, a, "ключ:'%_?\x00", t0)
		mustWait(t, a, "ключ:'%_?\x00", t0, time.Hour)
	})

	t.Run("reset", func(t *testing.T) {
		l := f("reset", 2, time.Hour)
		mustAdd(t, l, "k", t0)
		mustAdd(t, l, "k", t0)
		mustAdd(t, l, "kept", t0)
		mustAdd(t, l, "kept", t0)
		mustWait(t, l, "k", t0, time.Hour)
		if err := l.Reset(ctx, "k"); err != nil {
			t.Fatal(err)
		}
		mustWait(t, l, "k", t0, 0)
		mustWait(t, l, "kept", t0, time.Hour)
		if err := l.Reset(ctx, "never-seen"); err != nil {
			t.Fatal(err)
		}
	})
}

func TestDB(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		testRules(t, NewDB(db).Limiter)
	})
}

// count is the number of stored events of bucket (every key when key is "").
func count(t *testing.T, db *store.DB, bucket, key string) int {
	t.Helper()
	var n int
	q, args := "SELECT COUNT(*) FROM rate_limits WHERE bucket = ?", []any{bucket}
	if key != "" {
		q, args = q+" AND key = ?", append(args, []byte(key))
	}
	if err := store.Get(context.Background(), db, q, args, &n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestDBPrunes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		d := NewDB(db)
		l := d.Limiter("prune", 2, 30*time.Second)
		// The first Add of a process sweeps; the next sweep is a minute on.
		for _, k := range []string{"a", "a", "once-1", "once-2"} {
			if err := l.Add(ctx, k, t0); err != nil {
				t.Fatal(err)
			}
		}
		// A write drops its own key's events that left the window...
		if err := l.Add(ctx, "a", t0.Add(30*time.Second)); err != nil {
			t.Fatal(err)
		}
		if n := count(t, db, "prune", "a"); n != 1 {
			t.Fatalf("key a keeps %d events, want 1", n)
		}
		// ...but not other keys' before the sweep is due.
		if n := count(t, db, "prune", ""); n != 3 {
			t.Fatalf("%d events before the sweep, want 3", n)
		}
		// The sweep drops every expired event, of every bucket.
		other := d.Limiter("prune-other", 1, time.Second)
		if err := other.Add(ctx, "z", t0); err != nil {
			t.Fatal(err)
		}
		if err := l.Add(ctx, "b", t0.Add(30*time.Second+sweepEvery)); err != nil {
			t.Fatal(err)
		}
		if n := count(t, db, "prune", ""); n != 1 {
			t.Fatalf("%d events after the sweep, want 1 (key b)", n)
		}
		if n := count(t, db, "prune-other", ""); n != 0 {
			t.Fatalf("%d events of another bucket after the sweep, want 0", n)
		}
		// Live events survive a sweep.
		if err := l.Add(ctx, "c", t0.Add(10*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if w, err := l.Wait(ctx, "c", t0.Add(10*time.Minute)); err != nil || w != 0 {
			t.Fatalf("Wait(c) = %v, %v", w, err)
		}
		if n := count(t, db, "prune", "c"); n != 1 {
			t.Fatalf("key c keeps %d events, want 1", n)
		}
	})
}

func TestDBConcurrentAdds(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		l := NewDB(db).Limiter("concurrent", 100, time.Hour)
		errs := make(chan error)
		for range 20 {
			go func() { errs <- l.Add(context.Background(), "k", t0) }()
		}
		for range 20 {
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
		}
		if n := count(t, db, "concurrent", "k"); n != 20 {
			t.Fatalf("%d events, want 20", n)
		}
	})
}

// testRedis connects to EFIR_TEST_REDIS_URL, or to a Redis on
// 127.0.0.1:6379 when one answers; otherwise the test is skipped, or fails
// under CI=true or EFIR_TEST_REQUIRE_SERVICES (see storetest.RedisURL). Keys
// get a fresh prefix, deleted at the end.
func testRedis(t *testing.T) (*Redis, *redis.Client, string) {
	t.Helper()
	url := storetest.RedisURL(t)
	r, err := OpenRedis(context.Background(), url)
	if err != nil {
		t.Fatalf("Redis at %s: %v", url, err)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	prefix := "efir-test:" + hex.EncodeToString(b[:]) + ":"
	r.prefix = prefix
	t.Cleanup(func() {
		ctx := context.Background()
		keys, _ := r.c.Keys(ctx, prefix+"*").Result()
		if len(keys) > 0 {
			r.c.Del(ctx, keys...)
		}
		r.Close()
	})
	return r, r.c, prefix
}

func TestRedis(t *testing.T) {
	r, _, _ := testRedis(t)
	testRules(t, r.Limiter)
}

func TestRedisPrunes(t *testing.T) {
	r, c, prefix := testRedis(t)
	ctx := context.Background()
	l := r.Limiter("prune", 2, time.Minute)
	for _, at := range []time.Time{t0, t0.Add(time.Second)} {
		if err := l.Add(ctx, "a", at); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Add(ctx, "a", t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	// The t0 event left the window and went with the write.
	if n, err := c.ZCard(ctx, prefix+"prune:a").Result(); err != nil || n != 2 {
		t.Fatalf("ZCARD = %d, %v; want 2", n, err)
	}
	// The set expires one window after its newest event.
	if ttl, err := c.PTTL(ctx, prefix+"prune:a").Result(); err != nil || ttl <= 0 || ttl > time.Minute {
		t.Fatalf("PTTL = %v, %v; want (0, 1m]", ttl, err)
	}
}

func TestOpen(t *testing.T) {
	db := storetest.SQLite(t)
	f, err := Open(context.Background(), "", db)
	if err != nil || f == nil {
		t.Fatalf("Open without Redis: %v", err)
	}
	if _, ok := f("b", 1, time.Second).(*dbLimiter); !ok {
		t.Fatal("without Redis the database keeps the events")
	}
	if _, err := Open(context.Background(), "http://nope", db); err == nil {
		t.Fatal("a URL that is not redis:// must stop the start")
	}
	// Nothing listens on port 1: the start fails rather than every sign-in.
	if _, err := Open(context.Background(), "redis://127.0.0.1:1/0", db); err == nil {
		t.Fatal("an unreachable Redis must stop the start")
	}
}

func TestRuleNeedsLimits(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("max 0 must panic: it is a programming error")
		}
	}()
	NewDB(nil).Limiter("b", 0, time.Second)
}

// BenchmarkDB is the cost of each call on SQLite, the default store: the
// guest start-up pays one Wait and one Add (guest), one Wait and one Reset
// of an absent key (login).
func BenchmarkDB(b *testing.B) {
	ctx := context.Background()
	l := NewDB(storetest.SQLite(b)).Limiter("bench", 30, time.Hour)
	now := time.Now()
	b.Run("Wait", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			if _, err := l.Wait(ctx, "10.0.0."+strconv.Itoa(i%250), now); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Add", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			if err := l.Add(ctx, "10.1."+strconv.Itoa(i), now); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Reset", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			if err := l.Reset(ctx, "absent|10.2."+strconv.Itoa(i)); err != nil {
				b.Fatal(err)
			}
		}
	})
}
