package tv

import (
	"encoding/json"
	"reflect"
	"testing"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

// The fast list rendering says exactly what channelView says.
func TestFastChannelJSON(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		l, err := loadLineup(t.Context(), db, 1)
		if err != nil {
			t.Fatal(err)
		}
		cur := &entry{ID: 9, Title: "Now", Start: 100, RealStart: 100, Duration: 60, Age: 16}
		for _, v := range []*viewer{
			{guest: true, lang: "en"},
			{userID: f.users["night"], lang: "ru", packets: map[int64]bool{}, favorites: map[int64]bool{f.ch["base"]: true}},
			{userID: 1, child: true, lang: "en"},
		} {
			for _, c := range l.channels {
				var slow, fast any
				raw, _ := json.Marshal(f.svc.channelView(v, c, cur))
				_ = json.Unmarshal(raw, &slow)
				if err := json.Unmarshal(f.svc.appendChannel(nil, v, c, cur), &fast); err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(slow, fast) {
					t.Errorf("%s:\nslow %v\nfast %v", c.Slug, slow, fast)
				}
			}
		}
	})
}
