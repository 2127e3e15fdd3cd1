package tv

import (
	"context"
	"encoding/json"
	"sync"
	"time"
)

type guideItem struct {
	ID                 int64  `json:"id"`
	Title              string `json:"title"`
	Timestamp          int64  `json:"timestamp"`
	Duration           int    `json:"duration"`
	IsCatchupAvailable bool   `json:"is_catchup_available"`
	Age                int    `json:"age"`
}

// guideRow is one channel's row of a grid: its items and their JSON.
type guideRow struct {
	items []guideItem
	raw   []byte
}

type guideKey struct{ provider, start, end int64 }

type guideGrid struct {
	at    int64
	rows  map[int64]*guideRow
	bytes int
}

// guideLoad is a grid being read: requests for the same window wait for
// it rather than read it again.
type guideLoad struct {
	done chan struct{}
	rows map[int64]*guideRow
	err  error
}

// guideCache keeps the grids of the windows the client asks (guideShared):
// every viewer of an operator asks the same few, and nobody can make it
// keep others. Entries go when the line-up changes (clear) or after
// guideTTL.
type guideCache struct {
	mu    sync.Mutex
	gen   uint64 // counts clears: a load begun before one is not kept
	grids map[guideKey]*guideGrid
	loads map[guideKey]*guideLoad
	bytes int
	read  int // grids read from the database (tests)
}

const (
	guideTTL = 60
	// maxGuideGrids holds every window guideShared admits (four chunks a day
	// of the guide's days, and the default window of the hour) with room
	// to spare; maxGuideBytes bounds a large line-up's grids. Past either,
	// the oldest grids go.
	maxGuideGrids = 64
	maxGuideBytes = 48 << 20
	// guideChunk is the client's request: a local day in 6-hour chunks
	// (web/src/features/guide/timeline.ts, CHUNK_SECONDS).
	guideChunk = 6 * 3600
	// guideDaysBack and guideDaysAhead are the guide page's days, with a
	// day of slack for time zones.
	guideDaysBack  = 8
	guideDaysAhead = 4
	// guideLoadTimeout bounds a shared read, which outlives the request
	// that began it.
	guideLoadTimeout = 30 * time.Second
)

func newGuideCache() *guideCache {
	return &guideCache{grids: map[guideKey]*guideGrid{}, loads: map[guideKey]*guideLoad{}}
}

func (c *guideCache) clear() {
	c.mu.Lock()
	c.gen++
	c.grids, c.loads, c.bytes = map[guideKey]*guideGrid{}, map[guideKey]*guideLoad{}, 0
	c.mu.Unlock()
}

// guideStart is the default window's start: on the hour, so that its grid
// serves everybody for the hour.
func guideStart(now int64) int64 { return now - now%3600 - 2*3600 }

// guideShared tells whether [start, end) is a window the client asks: the
// default one of this hour, or a chunk of the guide page (6 hours from a
// local midnight of the operator's time zone, the day's last cut at its
// end) within the guide's days. Other windows are answered, not kept.
func (s *Service) guideShared(start, end, now int64) bool {
	if start == guideStart(now) && end == start+24*3600 {
		return true
	}
	if start < now-guideDaysBack*day || start > now+guideDaysAhead*day {
		return false
	}
	t := time.Unix(start, 0).In(s.cfg.Location)
	midnight := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, s.cfg.Location)
	next := midnight.AddDate(0, 0, 1).Unix()
	off := start - midnight.Unix()
	return off%guideChunk == 0 && end == min(start+guideChunk, next)
}

// guideGrid gives every channel's entries overlapping [start, end).
func (s *Service) guideGrid(ctx context.Context, providerID, start, end, now int64) (map[int64]*guideRow, error) {
	if !s.guideShared(start, end, now) {
		return s.readGuide(ctx, providerID, start, end)
	}
	key := guideKey{providerID, start, end}
	gc := s.guides
	gc.mu.Lock()
	if g := gc.grids[key]; g != nil && now-g.at < guideTTL && now >= g.at {
		gc.mu.Unlock()
		return g.rows, nil
	}
	if l := gc.loads[key]; l != nil {
		gc.mu.Unlock()
		select {
		case <-l.done:
			return l.rows, l.err
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	l := &guideLoad{done: make(chan struct{})}
	gc.loads[key] = l
	gen := gc.gen
	gc.read++
	gc.mu.Unlock()

	// Not the request's deadline: the others waiting would fail with it.
	lctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), guideLoadTimeout)
	l.rows, l.err = s.readGuide(lctx, providerID, start, end)
	cancel()

	gc.mu.Lock()
	if gc.loads[key] == l {
		delete(gc.loads, key)
	}
	if l.err == nil && gc.gen == gen {
		gc.put(key, &guideGrid{at: now, rows: l.rows, bytes: gridBytes(l.rows)})
	}
	gc.mu.Unlock()
	close(l.done)
	return l.rows, l.err
}

// put keeps g, dropping the oldest grids past the bounds. The caller holds
// c.mu.
func (c *guideCache) put(key guideKey, g *guideGrid) {
	if old := c.grids[key]; old != nil {
		c.bytes -= old.bytes
	}
	c.grids[key] = g
	c.bytes += g.bytes
	for len(c.grids) > 1 && (len(c.grids) > maxGuideGrids || c.bytes > maxGuideBytes) {
		var oldest guideKey
		first := true
		for k, x := range c.grids {
			if k != key && (first || x.at < c.grids[oldest].at) {
				oldest, first = k, false
			}
		}
		c.bytes -= c.grids[oldest].bytes
		delete(c.grids, oldest)
	}
}

// gridBytes estimates the memory of a grid: its JSON, the items beside it.
func gridBytes(rows map[int64]*guideRow) int {
	n := 0
	for _, r := range rows {
		n += 2*len(r.raw) + 64
	}
	return n
}

// readGuide reads every channel's entries overlapping [start, end).
func (s *Service) readGuide(ctx context.Context, providerID, start, end int64) (map[int64]*guideRow, error) {
	first, err := currentEntries(ctx, s.db, providerID, start)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.Query(ctx, `SELECT s.channel_id, s.id, s.title, s.start_at, s.duration, s.is_catchup_available, s.age
		FROM schedule s JOIN channels c ON c.id = s.channel_id
		WHERE c.provider_id = ? AND s.start_at >= ? AND s.start_at < ? ORDER BY s.channel_id, s.start_at`, providerID, start, end)
	if err != nil {
		return nil, err
	}
	grid := map[int64]*guideRow{}
	for ch, e := range first {
		if e.Start < start {
			grid[ch] = &guideRow{items: []guideItem{{ID: e.ID, Title: e.Title, Timestamp: e.Start, Duration: e.Duration,
				IsCatchupAvailable: e.CatchupAvailable, Age: e.Age}}}
		}
	}
	for rows.Next() {
		var ch int64
		var it guideItem
		if err := rows.Scan(&ch, &it.ID, &it.Title, &it.Timestamp, &it.Duration, &it.IsCatchupAvailable, &it.Age); err != nil {
			rows.Close()
			return nil, err
		}
		row := grid[ch]
		if row == nil {
			row = &guideRow{}
			grid[ch] = row
		}
		row.items = append(row.items, it)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, row := range grid {
		row.raw, _ = json.Marshal(row.items)
	}
	return grid, nil
}
