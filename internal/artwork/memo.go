package artwork

import (
	"sync"
	"time"
)

type memoEntry struct {
	body []byte
	etag string
	at   time.Time
}

// entryOverhead is what an entry holds besides its body, key and ETag: the
// map slot, the slice and string headers, the time.
const entryOverhead = 128

// cost is what keeping e under key really holds: the body's whole backing
// array (cap, not len: a view of a larger buffer keeps all of it alive),
// the key and the ETag.
func (e memoEntry) cost(key string) int {
	return cap(e.body) + len(key) + len(e.etag) + entryOverhead
}

// memo keeps drawn pictures for ttl, at most maxEntries of them and
// maxBytes in all. When full, the stale go first, then pictures picked at
// random (map order): cheaper than an LRU list and, for a catalogue's
// posters, about as good.
type memo struct {
	mu                   sync.Mutex
	entries              map[string]memoEntry
	size                 int // the cost of every entry
	maxEntries, maxBytes int
	ttl                  time.Duration
}

func newMemo(maxEntries, maxBytes int, ttl time.Duration) *memo {
	return &memo{entries: map[string]memoEntry{}, maxEntries: maxEntries, maxBytes: maxBytes, ttl: ttl}
}

func (m *memo) get(key string, now time.Time) (memoEntry, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.entries[key]
	if ok && now.Sub(e.at) >= m.ttl {
		m.drop(key)
		return memoEntry{}, false
	}
	return e, ok
}

// put keeps e under key. A body with much spare capacity is copied to its
// exact size first: the memo holds pictures for minutes, and the spare room
// of an encoder's buffer would otherwise stay with them. (A little is the
// allocator's rounding, which a copy would have as well.)
func (m *memo) put(key string, e memoEntry) {
	if cap(e.body)-len(e.body) > len(e.body)/8 {
		exact := make([]byte, len(e.body))
		copy(exact, e.body)
		e.body = exact
	}
	cost := e.cost(key)
	if cost > m.maxBytes {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.drop(key)
	if len(m.entries)+1 > m.maxEntries || m.size+cost > m.maxBytes {
		for k, old := range m.entries {
			if e.at.Sub(old.at) >= m.ttl {
				m.drop(k)
			}
		}
	}
	for k := range m.entries {
		if len(m.entries)+1 <= m.maxEntries && m.size+cost <= m.maxBytes {
			break
		}
		m.drop(k)
	}
	m.entries[key] = e
	m.size += cost
}

func (m *memo) drop(key string) {
	if e, ok := m.entries[key]; ok {
		m.size -= e.cost(key)
		delete(m.entries, key)
	}
}
