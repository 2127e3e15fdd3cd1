package tv

import (
	"context"
	"encoding/json"
	"sync"
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
	at   int64
	rows map[int64]*guideRow
}

type guideCache struct {
	mu    sync.Mutex
	grids map[guideKey]*guideGrid
}

const (
	guideTTL = 60
	// maxGuideGrids bounds the memory: past it the cache starts over.
	maxGuideGrids = 16
)

func newGuideCache() *guideCache { return &guideCache{grids: map[guideKey]*guideGrid{}} }

func (c *guideCache) clear() {
	c.mu.Lock()
	c.grids = map[guideKey]*guideGrid{}
	c.mu.Unlock()
}

// guideGrid gives every channel's entries overlapping [start, end).
func (s *Service) guideGrid(ctx context.Context, providerID, start, end, now int64) (map[int64]*guideRow, error) {
	key := guideKey{providerID, start, end}
	gc := s.guides
	gc.mu.Lock()
	g := gc.grids[key]
	gc.mu.Unlock()
	if g != nil && now-g.at < guideTTL && now >= g.at {
		return g.rows, nil
	}
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
	gc.mu.Lock()
	if len(gc.grids) >= maxGuideGrids {
		gc.grids = map[guideKey]*guideGrid{}
	}
	gc.grids[key] = &guideGrid{at: now, rows: grid}
	gc.mu.Unlock()
	return grid, nil
}
