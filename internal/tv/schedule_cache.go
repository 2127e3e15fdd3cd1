package tv

import (
	"context"
	"encoding/json"
	"net/http"
	"sort"
	"sync"
)

// scheduleCache keeps, per channel, the entries of its whole readable span
// (the archive back to 72 h ahead plus a margin), so that schedule calls
// (a client asks for them on every channel it opens, retrying and
// re-opening) cost no database round. An entry lives scheduleTTL seconds
// and goes when the line-up version moves; the guide keeper's hourly
// additions and imports are seen within that time.
type scheduleCache struct {
	mu    sync.Mutex
	items map[int64]*channelSpan
}

type channelSpan struct {
	loadedAt, from, to int64
	entries            []*entry // by start; the first may start before from
}

const (
	scheduleTTL = 60
	// maxCachedChannels bounds the memory: past it half the channels go,
	// at random (map order), so that asking every channel of a large
	// line-up in turn thins the cache out rather than empties it.
	maxCachedChannels = 400
	spanMargin        = day
)

func newScheduleCache() *scheduleCache { return &scheduleCache{items: map[int64]*channelSpan{}} }

func (c *scheduleCache) clear() {
	c.mu.Lock()
	c.items = map[int64]*channelSpan{}
	c.mu.Unlock()
}

// window gives the channel's entries starting in [from, to) and the one
// running at from, reading the database only when the cached span does not
// cover the window or is stale.
func (s *Service) window(ctx context.Context, c *channel, from, to, now int64) ([]*entry, error) {
	sc := s.schedules
	sc.mu.Lock()
	span := sc.items[c.ID]
	sc.mu.Unlock()
	if span == nil || now-span.loadedAt >= scheduleTTL || now < span.loadedAt || from < span.from || to > span.to {
		lo := min(earliest(c, now)-spanMargin, from)
		hi := max(now+scheduleAhead+spanMargin, to)
		list, err := channelEntries(ctx, s.db, c.ID, lo, hi)
		if err != nil {
			return nil, err
		}
		for _, e := range list {
			e.raw, _ = json.Marshal(s.entryView(e))
		}
		span = &channelSpan{loadedAt: now, from: lo, to: hi, entries: list}
		// Windows far outside the usual span are answered but not kept.
		if lo >= earliest(c, now)-spanMargin && hi <= now+scheduleAhead+spanMargin {
			sc.mu.Lock()
			if _, ok := sc.items[c.ID]; !ok && len(sc.items) >= maxCachedChannels {
				drop := len(sc.items) / 2
				for id := range sc.items {
					if drop == 0 {
						break
					}
					delete(sc.items, id)
					drop--
				}
			}
			sc.items[c.ID] = span
			sc.mu.Unlock()
		}
	}
	return span.slice(from, to), nil
}

// slice cuts [from, to) out of the span, with the entry running at from.
func (sp *channelSpan) slice(from, to int64) []*entry {
	list := sp.entries
	i := sort.Search(len(list), func(i int) bool { return list[i].Start >= from })
	j := sort.Search(len(list), func(i int) bool { return list[i].Start >= to })
	if i > 0 && list[i-1].end() > from {
		i--
	}
	if j < i {
		j = i
	}
	return list[i:j]
}

// writeEntries answers a list of entries, from their pre-rendered JSON when
// they have it: the shape is entryJSON either way.
func (s *Service) writeEntries(w http.ResponseWriter, v *viewer, list []*entry, offset, limit int) {
	buf := make([]byte, 0, 600*min(len(list), limit)+2)
	buf = append(buf, '[')
	n, skipped := 0, 0
	for _, e := range list {
		if v.child && e.Age > childMaxAge {
			continue
		}
		if skipped < offset {
			skipped++
			continue
		}
		if n >= limit {
			break
		}
		if n > 0 {
			buf = append(buf, ',')
		}
		raw := e.raw
		if raw == nil {
			raw, _ = json.Marshal(s.entryView(e))
		}
		buf = append(buf, raw...)
		n++
	}
	buf = append(buf, ']', '\n')
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(buf)
}
