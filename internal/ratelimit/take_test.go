package ratelimit

import (
	"context"
	"sync"
	"testing"
	"time"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

// testTake is the behaviour of Take every store must have: it records only
// under the limit and answers the wait otherwise.
func testTake(t *testing.T, f Factory) {
	ctx := context.Background()
	take := func(t *testing.T, l Limiter, key string, now time.Time, want time.Duration) {
		t.Helper()
		got, err := l.Take(ctx, key, now)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("Take(%q) at +%v = %v, want %v", key, now.Sub(t0), got, want)
		}
	}
	l := f("take", 2, time.Minute)
	take(t, l, "k", t0, 0)
	take(t, l, "k", t0.Add(time.Second), 0)
	// Full: refused with the wait, and the refusal is not recorded (the
	// t0 event still frees the slot at +60s, not later).
	take(t, l, "k", t0.Add(10*time.Second), 50*time.Second)
	take(t, l, "k", t0.Add(20*time.Second), 40*time.Second)
	if w, err := l.Wait(ctx, "k", t0.Add(20*time.Second)); err != nil || w != 40*time.Second {
		t.Fatalf("Wait after refused Takes = %v, %v", w, err)
	}
	take(t, l, "other", t0.Add(20*time.Second), 0)
	take(t, l, "k", t0.Add(time.Minute), 0)
	take(t, l, "k", t0.Add(time.Minute), time.Second)
}

// testParallelTakes: n callers racing on one key with limit max record
// exactly max events, and exactly max of them are told so.
func testParallelTakes(t *testing.T, f Factory, stored func(bucket string) int) {
	const n, limit = 40, 30
	l := f("parallel", limit, time.Hour)
	var wg sync.WaitGroup
	var mu sync.Mutex
	taken, refused := 0, 0
	errs := make(chan error, n)
	start := make(chan struct{})
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			wait, err := l.Take(context.Background(), "k", t0)
			if err != nil {
				errs <- err
				return
			}
			mu.Lock()
			defer mu.Unlock()
			if wait == 0 {
				taken++
			} else {
				refused++
			}
		}()
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if taken != limit || refused != n-limit {
		t.Fatalf("%d taken, %d refused; want %d and %d", taken, refused, limit, n-limit)
	}
	if got := stored("parallel"); got != limit {
		t.Fatalf("%d events stored, want %d", got, limit)
	}
}

func TestDBTake(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		testTake(t, NewDB(db).Limiter)
	})
}

func TestDBParallelTakes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		testParallelTakes(t, NewDB(db).Limiter, func(bucket string) int { return count(t, db, bucket, "k") })
	})
}

func TestRedisTake(t *testing.T) {
	r, _, _ := testRedis(t)
	testTake(t, r.Limiter)
}

func TestRedisParallelTakes(t *testing.T) {
	r, c, prefix := testRedis(t)
	testParallelTakes(t, r.Limiter, func(bucket string) int {
		n, err := c.ZCard(context.Background(), prefix+bucket+":k").Result()
		if err != nil {
			t.Fatal(err)
		}
		return int(n)
	})
}
