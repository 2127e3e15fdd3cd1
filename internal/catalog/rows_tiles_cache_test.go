package catalog

import (
	"context"
	"testing"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

// A full tile cache thins out: rows paged in a new language keep most of
// the tiles other viewers use.
func TestTileCacheThinsOutWhenFull(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		ctx := context.Background()
		st := f.svc.rowsState()
		st.mu.Lock()
		for i := range tileCacheMax {
			st.tiles[tileKey{1, "en", int64(1_000_000 + i)}] = ContentJSON{ID: int64(1_000_000 + i)}
		}
		st.mu.Unlock()
		v := &viewer{providerID: 1, lang: "de", guest: true}
		out, err := f.svc.tiles(ctx, v, []int64{f.id["matrix"]})
		if err != nil || len(out) != 1 {
			t.Fatalf("%v %v", out, err)
		}
		st.mu.Lock()
		defer st.mu.Unlock()
		kept := 0
		for k := range st.tiles {
			if k.lang == "en" {
				kept++
			}
		}
		if kept < tileCacheMax/3 || len(st.tiles) > tileCacheMax {
			t.Errorf("%d of %d tiles kept, %d in all", kept, tileCacheMax, len(st.tiles))
		}
		if _, ok := st.tiles[tileKey{1, "de", f.id["matrix"]}]; !ok {
			t.Error("the new tile was not kept")
		}
	})
}
