package store

import (
	"context"
	"slices"
	"sync"
)

// GroupCommit writes items in groups: one write runs at a time, and the items
// that arrive while it runs go together in the next (a group commit). A busy
// server then writes a few transactions a second instead of one per item, and
// a quiet one writes each item at once. A writer goroutine runs only while
// items wait.
type GroupCommit[T any] struct {
	write  func(ctx context.Context, items []T) error
	weight func(T) int // an item's share of a group (rows); nil: 1
	max    int         // the most weight in one group (an item heavier alone still goes)

	mu      sync.Mutex
	queue   []pendingItem[T]
	running bool
}

type pendingItem[T any] struct {
	item T
	done chan error
}

// NewGroupCommit makes a writer that calls write with groups of at most max
// weight (weight nil: each item weighs 1). write must store a group whole or
// not at all: when a group fails, each of its items is written again alone,
// so that one bad item does not fail the others.
func NewGroupCommit[T any](max int, weight func(T) int, write func(ctx context.Context, items []T) error) *GroupCommit[T] {
	if weight == nil {
		weight = func(T) int { return 1 }
	}
	return &GroupCommit[T]{write: write, weight: weight, max: max}
}

// Write queues item and waits until its group is written. A caller that
// stops waiting (ctx done) gets ctx's error; the item is still written.
func (g *GroupCommit[T]) Write(ctx context.Context, item T) error {
	p := pendingItem[T]{item: item, done: make(chan error, 1)}
	g.mu.Lock()
	g.queue = append(g.queue, p)
	if !g.running {
		g.running = true
		go g.run()
	}
	g.mu.Unlock()
	select {
	case err := <-p.done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (g *GroupCommit[T]) run() {
	ctx := context.Background() // the write outlives the calls that queued it
	for {
		g.mu.Lock()
		n, w := 0, 0
		for n < len(g.queue) && (n == 0 || w+g.weight(g.queue[n].item) <= g.max) {
			w += g.weight(g.queue[n].item)
			n++
		}
		if n == 0 {
			g.running = false
			g.mu.Unlock()
			return
		}
		group := slices.Clone(g.queue[:n])
		g.queue = append(g.queue[:0], g.queue[n:]...)
		g.mu.Unlock()
		items := make([]T, len(group))
		for i, p := range group {
			items[i] = p.item
		}
		err := g.write(ctx, items)
		for i, p := range group {
			if err != nil && len(group) > 1 {
				p.done <- g.write(ctx, items[i:i+1])
				continue
			}
			p.done <- err
		}
	}
}
