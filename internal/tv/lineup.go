package tv

import (
	"context"
	"sync"
	"time"

	"efir/internal/store"
)

// lineup is a provider's channels, categories and packets, read at once and
// shared by every request until the line-up version moves.
type lineup struct {
	providerID     int64
	version        string
	channels       []*channel // line-up order
	byID           map[int64]*channel
	bySlug         map[string]*channel
	categories     []*category
	packets        map[int64]*packet
	packetOrder    []int64
	packetChannels map[int64][]int64
}

// current is the programme on air per channel at a moment, cached until the
// first of them ends (at most currentTTL).
type current struct {
	at, until int64
	byChannel map[int64]*entry
}

const (
	// versionCheck: how often a copy of efir looks at the line-up version.
	versionCheck = time.Second
	currentTTL   = 30
)

type cache struct {
	db  *store.DB
	now func() time.Time

	mu        sync.Mutex
	checked   time.Time
	version   string
	lineups   map[int64]*lineup
	currents  map[int64]*current
	loadMutex sync.Mutex
	// onChange runs when the line-up version moves (the schedule cache
	// starts over too).
	onChange func()
}

func newCache(db *store.DB, now func() time.Time) *cache {
	return &cache{db: db, now: now, lineups: map[int64]*lineup{}, currents: map[int64]*current{}}
}

// Invalidate drops everything cached (the same process changed the line-up
// or the schedule).
func (c *cache) Invalidate() {
	c.mu.Lock()
	c.lineups = map[int64]*lineup{}
	c.currents = map[int64]*current{}
	c.checked = time.Time{}
	c.mu.Unlock()
}

func (c *cache) lineup(ctx context.Context, providerID int64) (*lineup, error) {
	if err := c.checkVersion(ctx); err != nil {
		return nil, err
	}
	c.mu.Lock()
	l := c.lineups[providerID]
	c.mu.Unlock()
	if l != nil {
		return l, nil
	}
	// One loader at a time: a burst of requests after a change reads the
	// database once.
	c.loadMutex.Lock()
	defer c.loadMutex.Unlock()
	c.mu.Lock()
	l, v := c.lineups[providerID], c.version
	c.mu.Unlock()
	if l != nil {
		return l, nil
	}
	l, err := loadLineup(ctx, c.db, providerID)
	if err != nil {
		return nil, err
	}
	l.version = v
	c.mu.Lock()
	if c.version == v {
		c.lineups[providerID] = l
	}
	c.mu.Unlock()
	return l, nil
}

func (c *cache) checkVersion(ctx context.Context) error {
	now := time.Now()
	c.mu.Lock()
	fresh := !c.checked.IsZero() && now.Sub(c.checked) < versionCheck
	c.mu.Unlock()
	if fresh {
		return nil
	}
	v, err := readLineupVersion(ctx, c.db)
	if err != nil {
		return err
	}
	c.mu.Lock()
	changed := v != c.version
	if changed {
		c.version = v
		c.lineups = map[int64]*lineup{}
		c.currents = map[int64]*current{}
	}
	c.checked = now
	c.mu.Unlock()
	if changed && c.onChange != nil {
		c.onChange()
	}
	return nil
}

// current gives the programmes on air at t (the service clock's now).
func (c *cache) current(ctx context.Context, providerID, t int64) (map[int64]*entry, error) {
	c.mu.Lock()
	cur := c.currents[providerID]
	c.mu.Unlock()
	if cur != nil && t >= cur.at && t < cur.until {
		return cur.byChannel, nil
	}
	m, err := currentEntries(ctx, c.db, providerID, t)
	if err != nil {
		return nil, err
	}
	until := t + currentTTL
	for _, e := range m {
		until = min(until, e.end())
	}
	c.mu.Lock()
	c.currents[providerID] = &current{at: t, until: until, byChannel: m}
	c.mu.Unlock()
	return m, nil
}
