package store_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"efir/internal/store"
)

// Items that arrive while a group is written go together in the next one, up
// to the group's weight; a failing group is written again item by item, so
// only the bad item fails.
func TestGroupCommit(t *testing.T) {
	var mu sync.Mutex
	var groups [][]int
	release := make(chan struct{})
	first := true
	g := store.NewGroupCommit(10, func(n int) int { return n }, func(ctx context.Context, items []int) error {
		mu.Lock()
		wasFirst := first
		first = false
		groups = append(groups, append([]int(nil), items...))
		mu.Unlock()
		if wasFirst {
			<-release // the first write is slow: the others queue meanwhile
		}
		for _, n := range items {
			if n == 7 {
				return errors.New("bad item")
			}
		}
		return nil
	})
	errs := make(chan error, 8)
	go func() { errs <- g.Write(context.Background(), 1) }()
	time.Sleep(50 * time.Millisecond)
	for _, n := range []int{2, 3, 7, 4, 5} {
		go func() { errs <- g.Write(context.Background(), n) }()
	}
	time.Sleep(100 * time.Millisecond)
	close(release)
	failed := 0
	for range 6 {
		if err := <-errs; err != nil {
			failed++
		}
	}
	if failed != 1 {
		t.Fatalf("%d writes failed, want only the bad one", failed)
	}
	mu.Lock()
	defer mu.Unlock()
	// [1], then the five queued ones in groups of at most 10 in weight, the
	// failing group again item by item.
	if len(groups[0]) != 1 || len(groups) < 3 {
		t.Fatalf("groups %v", groups)
	}
	for _, gr := range groups {
		sum := 0
		for _, n := range gr {
			sum += n
		}
		if sum > 10 && len(gr) > 1 {
			t.Fatalf("a group of weight %d: %v", sum, groups)
		}
	}
	if len(groups[1]) < 2 {
		t.Fatalf("queued items were not grouped: %v", groups)
	}
}
