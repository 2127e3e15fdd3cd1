package artwork

import (
	"strconv"
	"testing"
	"time"
)

// held is what the memo's entries really keep alive: each body's backing
// array (its cap), key and ETag, and the entry itself.
func held(m *memo) int {
	n := 0
	for k, e := range m.entries {
		n += cap(e.body) + len(k) + len(e.etag) + entryOverhead
	}
	return n
}

func TestMemoBounds(t *testing.T) {
	now := time.Unix(1e9, 0)
	entry := func(n int) memoEntry { return memoEntry{body: make([]byte, n), at: now} }
	// Ten bytes of key space: every entry of 90 body bytes costs 90+2+128.
	const each = 90 + 2 + entryOverhead
	m := newMemo(100, 10*each+50, time.Minute)
	for i := 10; i < 60; i++ {
		m.put(strconv.Itoa(i), entry(90))
		if m.size > m.maxBytes || len(m.entries) > 100 {
			t.Fatalf("after %d: %d bytes in %d", i, m.size, len(m.entries))
		}
	}
	if len(m.entries) != 10 {
		t.Errorf("%d entries of %d bytes in %d", len(m.entries), each, m.maxBytes)
	}
	if _, ok := m.get("59", now); !ok {
		t.Error("the last one put is gone")
	}
	// Replacing a key counts its bytes once.
	m.put("59", entry(10))
	if total := held(m); total != m.size {
		t.Errorf("size %d, entries hold %d", m.size, total)
	}
	// Too big for the memo at all: not kept, nothing pushed out.
	n := len(m.entries)
	m.put("huge", entry(m.maxBytes))
	if _, ok := m.get("huge", now); ok || len(m.entries) != n {
		t.Error("a picture over the byte bound was kept")
	}
	// Stale entries are not answered and go first.
	if _, ok := m.get("59", now.Add(time.Minute)); ok {
		t.Error("a stale entry was answered")
	}
	later := now.Add(2 * time.Minute)
	big := m.maxBytes - len("fresh") - entryOverhead
	m.put("fresh", memoEntry{body: make([]byte, big), at: later})
	if _, ok := m.get("fresh", later); !ok || m.size != m.maxBytes {
		t.Errorf("fresh: size %d of %d", m.size, m.maxBytes)
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

// TestMemoChargesWhatItHolds: bodies that are views of larger buffers (an
// encoder's spare room) are charged, and kept, at what they really hold,
// and thousands of distinct pictures never take the memo past its budget.
func TestMemoChargesWhatItHolds(t *testing.T) {
	now := time.Unix(1e9, 0)
	const budget = 1 << 20
	m := newMemo(1<<20, budget, time.Minute)
	for i := range 5000 {
		// 2 KB of picture in a 16 KB buffer, as bytes.Buffer.Grow leaves it.
		buf := make([]byte, 2048+i%512, 16<<10)
		m.put("background/"+strconv.Itoa(i)+".jpg?w=1920", memoEntry{body: buf, etag: `"0123456789abcdef"`, at: now})
		if got := held(m); m.size != got {
			t.Fatalf("after %d pictures: %d bytes charged, %d held", i+1, m.size, got)
		}
		if m.size > budget {
			t.Fatalf("after %d pictures: %d bytes held, budget %d", i+1, m.size, budget)
		}
	}
	for k, e := range m.entries {
		if cap(e.body) != len(e.body) {
			t.Fatalf("%s: %d bytes kept in %d", k, len(e.body), cap(e.body))
		}
	}
	// The memo is full of 2 KB pictures, not a tenth as many 16 KB buffers.
	if len(m.entries) < budget/(2560+64+entryOverhead)-1 {
		t.Fatalf("%d pictures in %d bytes", len(m.entries), budget)
	}
}
