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

// memo keeps drawn pictures for ttl, at most maxEntries of them and
// maxBytes in all. When full, the stale go first, then pictures picked at
// random (map order): cheaper than an LRU list and, for a catalogue's
// posters, about as good.
type memo struct {
	mu                   sync.Mutex
	entries              map[string]memoEntry
	size                 int
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

func (m *memo) put(key string, e memoEntry) {
	if len(e.body) > m.maxBytes {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.drop(key)
	if len(m.entries)+1 > m.maxEntries || m.size+len(e.body) > m.maxBytes {
		for k, old := range m.entries {
			if e.at.Sub(old.at) >= m.ttl {
				m.drop(k)
			}
		}
	}
	for k := range m.entries {
		if len(m.entries)+1 <= m.maxEntries && m.size+len(e.body) <= m.maxBytes {
			break
		}
		m.drop(k)
	}
	m.entries[key] = e
	m.size += len(e.body)
}

func (m *memo) drop(key string) {
	if e, ok := m.entries[key]; ok {
		m.size -= len(e.body)
		delete(m.entries, key)
	}
}
