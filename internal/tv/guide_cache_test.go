package tv

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

// guideChunkAt is the client's chunk k of the local day holding t.
func guideChunkAt(s *Service, t int64, k int) (int64, int64) {
	d := time.Unix(t, 0).In(s.cfg.Location)
	midnight := time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, s.cfg.Location).Unix()
	start := midnight + int64(k)*guideChunk
	return start, start + guideChunk
}

func guideKept(s *Service, start, end int64) bool {
	s.guides.mu.Lock()
	defer s.guides.mu.Unlock()
	return s.guides.grids[guideKey{1, start, end}] != nil
}

// Windows of anyone's choosing are answered, not kept: they neither grow
// the cache nor push out the windows every viewer asks.
func TestGuideCacheKeepsTheClientsWindows(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		if res := f.do(as{}, "GET", "/v2/channels/guide", ""); res.status != 200 {
			t.Fatalf("default window: %d", res.status)
		}
		chunk, chunkEnd := guideChunkAt(f.svc, f.now, 2)
		if res := f.do(as{}, "GET", fmt.Sprintf("/v2/channels/guide?start=%d&end=%d", chunk, chunkEnd), ""); res.status != 200 {
			t.Fatalf("chunk: %d", res.status)
		}
		def := guideStart(f.now)
		if !guideKept(f.svc, def, def+24*3600) || !guideKept(f.svc, chunk, chunkEnd) {
			t.Fatal("the client's windows were not kept")
		}
		hour := f.now - f.now%3600
		for i := range 100 {
			start := hour + int64(i)*60
			if res := f.do(as{}, "GET", fmt.Sprintf("/v2/channels/guide?start=%d&end=%d", start, start+3600), ""); res.status != 200 {
				t.Fatalf("window %d: %d", i, res.status)
			}
			if res := f.do(as{}, "GET", fmt.Sprintf("/v2/channels/guide?start=%d", hour+int64(i)*3600), ""); res.status != 200 {
				t.Fatalf("start %d: %d", i, res.status)
			}
		}
		if !guideKept(f.svc, def, def+24*3600) || !guideKept(f.svc, chunk, chunkEnd) {
			t.Error("other windows pushed the client's out")
		}
		f.svc.guides.mu.Lock()
		n := len(f.svc.guides.grids)
		f.svc.guides.mu.Unlock()
		if n != 2 {
			t.Errorf("%d grids kept, want 2", n)
		}
	})
}

// Requests for the same window at once read it once.
func TestGuideCacheSharesALoad(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		start, end := guideChunkAt(f.svc, f.now, 1)
		var wg sync.WaitGroup
		grids := make([]map[int64]*guideRow, 32)
		errs := make([]error, len(grids))
		begin := make(chan struct{})
		for i := range grids {
			wg.Go(func() {
				<-begin
				grids[i], errs[i] = f.svc.guideGrid(context.Background(), 1, start, end, f.now)
			})
		}
		close(begin)
		wg.Wait()
		for i, err := range errs {
			if err != nil || len(grids[i]) == 0 {
				t.Fatalf("request %d: %d rows, %v", i, len(grids[i]), err)
			}
		}
		if read := f.svc.guides.read; read != 1 {
			t.Errorf("%d reads for one window", read)
		}
	})
}

// A full cache drops its oldest grids, not all of them.
func TestGuideCacheDropsTheOldest(t *testing.T) {
	c := newGuideCache()
	for i := range maxGuideGrids + 5 {
		c.put(guideKey{1, int64(i), int64(i) + 1}, &guideGrid{at: int64(i), rows: map[int64]*guideRow{}})
	}
	if len(c.grids) != maxGuideGrids || c.grids[guideKey{1, 4, 5}] != nil || c.grids[guideKey{1, 5, 6}] == nil {
		t.Errorf("%d grids after %d", len(c.grids), maxGuideGrids+5)
	}
}
