package tv

import (
	"fmt"
	"testing"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

// A content_schedule window ends 72 h ahead at most, whatever end says
// (the fixture's guide reaches 4 days ahead).
func TestScheduleEndsWithinTheGuidesSpan(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		list := f.schedule(as{}, fmt.Sprintf("/v2/channels/base/content_schedule?start=%d&end=%d", f.now, f.now+30*day))
		if len(list) == 0 {
			t.Fatal("no entries")
		}
		if last := list[len(list)-1]; last.Timestamp >= f.now+scheduleAhead || last.Timestamp < f.now+scheduleAhead-3600 {
			t.Errorf("last entry at now%+d s", last.Timestamp-f.now)
		}
		if list := f.schedule(as{}, fmt.Sprintf("/v2/channels/base/content_schedule?start=%d", f.now+4*day)); len(list) != 0 {
			t.Errorf("%d entries past 72 h", len(list))
		}
	})
}

// A full schedule cache thins out: a new channel keeps most of the others.
func TestScheduleCacheThinsOutWhenFull(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		f.schedule(as{}, "/v2/channels/free/content_schedule") // the line-up is read
		sc := f.svc.schedules
		sc.mu.Lock()
		for i := range maxCachedChannels {
			sc.items[int64(1_000_000+i)] = &channelSpan{loadedAt: f.now}
		}
		sc.mu.Unlock()
		f.schedule(as{}, "/v2/channels/base/content_schedule")
		sc.mu.Lock()
		defer sc.mu.Unlock()
		if n := len(sc.items); n < maxCachedChannels/3 || n > maxCachedChannels || sc.items[f.ch["base"]] == nil {
			t.Errorf("%d channels kept", n)
		}
	})
}
