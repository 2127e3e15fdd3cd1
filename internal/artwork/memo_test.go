package artwork

import (
	"strconv"
	"testing"
	"time"
)

func TestMemoBounds(t *testing.T) {
	now := time.Unix(1e9, 0)
	m := newMemo(100, 1000, time.Minute)
	for i := 0; i < 50; i++ {
		m.put(strconv.Itoa(i), memoEntry{body: make([]byte, 90), at: now})
		if m.size > 1000 || len(m.entries) > 100 {
			t.Fatalf("after %d: %d bytes in %d", i, m.size, len(m.entries))
		}
	}
	if len(m.entries) != 11 {
		t.Errorf("%d entries of 90 bytes in 1000", len(m.entries))
	}
	if _, ok := m.get("49", now); !ok {
		t.Error("the last one put is gone")
	}
	// Replacing a key counts its bytes once.
	m.put("49", memoEntry{body: make([]byte, 10), at: now})
	total := 0
	for _, e := range m.entries {
		total += len(e.body)
	}
	if total != m.size {
		t.Errorf("size %d, entries hold %d", m.size, total)
	}
	// Too big for the memo at all: not kept, nothing pushed out.
	n := len(m.entries)
	m.put("huge", memoEntry{body: make([]byte, 2000), at: now})
	if _, ok := m.get("huge", now); ok || len(m.entries) != n {
		t.Error("a picture over the byte bound was kept")
	}
	// Stale entries are not answered and go first.
	if _, ok := m.get("49", now.Add(time.Minute)); ok {
		t.Error("a stale entry was answered")
	}
	later := now.Add(2 * time.Minute)
	m.put("fresh", memoEntry{body: make([]byte, 995), at: later})
	if _, ok := m.get("fresh", later); !ok || m.size != 995 {
		t.Errorf("fresh: size %d", m.size)
	}
	// The entry bound.
	m = newMemo(3, 1<<20, time.Minute)
	for i := 0; i < 10; i++ {
		m.put(strconv.Itoa(i), memoEntry{body: []byte("x"), at: now})
	}
	if len(m.entries) != 3 {
		t.Errorf("%d entries, bound 3", len(m.entries))
	}
}
