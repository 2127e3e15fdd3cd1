package tv

import (
	"fmt"
	"testing"
	"time"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

func (f *fixture) schedule(who as, path string) []entryJSON {
	f.t.Helper()
	res := f.do(who, "GET", path, "")
	if res.status != 200 {
		f.t.Fatalf("%s: %d %s", path, res.status, res.body)
	}
	var list []entryJSON
	res.decode(f.t, &list)
	return list
}

func TestScheduleWindows(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		hour := f.now - f.now%3600
		// Default: 72 h back (the base channel keeps 3 days) to 72 h ahead.
		list := f.schedule(as{}, "/v2/channels/base/content_schedule")
		if first, last := list[0], list[len(list)-1]; first.Timestamp > f.now-3*day || first.Timestamp+3600 <= f.now-3*day ||
			last.Timestamp >= f.now+3*day || last.Timestamp < f.now+3*day-3600 {
			t.Errorf("default window %d..%d (now %d)", first.Timestamp, last.Timestamp, f.now)
		}
		// The free channel keeps 7 days: its default window reaches them.
		if list := f.schedule(as{}, "/v2/channels/free/content_schedule"); list[0].Timestamp > f.now-7*day {
			t.Errorf("7-day archive starts at %d", list[0].Timestamp)
		}
		// Never further back than the archive, whatever start says.
		list = f.schedule(as{}, fmt.Sprintf("/v2/channels/base/content_schedule?start=%d&end=%d", f.now-9*day, f.now-2*day))
		if list[0].Timestamp < f.now-3*day-3600 || list[len(list)-1].Timestamp >= f.now-2*day {
			t.Errorf("clamped window %d..%d", list[0].Timestamp, list[len(list)-1].Timestamp)
		}
		// start/end select exactly the entries starting inside.
		list = f.schedule(as{}, fmt.Sprintf("/v2/channels/base/content_schedule?start=%d&end=%d", hour, hour+6*3600))
		if len(list) != 6 || list[0].Timestamp != hour {
			t.Errorf("6 hours: %d entries from %d", len(list), list[0].Timestamp)
		}
		// limit and offset page it.
		page := f.schedule(as{}, fmt.Sprintf("/v2/channels/base/content_schedule?start=%d&end=%d&limit=2&offset=3", hour, hour+6*3600))
		if len(page) != 2 || page[0].ID != list[3].ID {
			t.Errorf("page %+v", page)
		}
		// date is a day of the provider's time zone (Moscow, UTC+3).
		msk := time.FixedZone("MSK", 3*3600)
		d := time.Unix(f.now, 0).In(msk).AddDate(0, 0, -1)
		date := d.Format(time.DateOnly)
		list = f.schedule(as{}, "/v2/channels/base/content_schedule?date="+date)
		dayStart := time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, msk).Unix()
		if len(list) != 24 || list[0].Timestamp != dayStart || list[0].Date != date || list[23].Date != date {
			t.Errorf("date %s: %d entries, first %d (%s)", date, len(list), list[0].Timestamp, list[0].Date)
		}
		// Child profiles get no 16+ entries.
		for _, e := range f.schedule(as{user: "base", child: true}, "/v2/channels/base/content_schedule") {
			if e.Age > 12 {
				t.Fatalf("child sees a %d+ entry", e.Age)
			}
		}
		// Fields.
		e := list[1]
		if e.Episode == nil || e.Episode.Season != 1 || e.RealDuration != 3600 || e.ChannelID != f.ch["base"] || e.Categories == nil {
			t.Errorf("entry %+v", e)
		}
		for _, bad := range []string{"?date=21.11.2026", "?start=x", "?limit=0", "?limit=-1", "?offset=-3"} {
			if res := f.do(as{}, "GET", "/v2/channels/base/content_schedule"+bad, ""); res.status != 400 {
				t.Errorf("%s: %d", bad, res.status)
			}
		}
	})
}

func TestCurrentAndNext(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		list := f.schedule(as{}, "/v2/channels/base/schedule")
		if len(list) != 5 || list[0].Timestamp > f.now || list[0].Timestamp+3600 <= f.now {
			t.Fatalf("current and next: %+v", list)
		}
		c := f.channels(as{}, "/v2/channels/channel_list")["base"]
		if c.CurrentSchedule == nil || c.CurrentSchedule.ID != list[0].ID {
			t.Errorf("current_schedule %+v, want entry %d", c.CurrentSchedule, list[0].ID)
		}
		if c := f.channels(as{}, "/v2/channels/channel_list")["uhd"]; c.CurrentSchedule != nil {
			t.Error("a channel without a guide has a current programme")
		}
		// The clock moves on: the cached programmes on air follow it.
		f.now += 3600
		c = f.channels(as{}, "/v2/channels/channel_list")["base"]
		if c.CurrentSchedule == nil || c.CurrentSchedule.ID != list[1].ID {
			t.Errorf("after an hour: %+v, want entry %d", c.CurrentSchedule, list[1].ID)
		}
	})
}

func TestGuide(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		hour := f.now - f.now%3600
		var rows []struct {
			ChannelID int64       `json:"channel_id"`
			Schedule  []guideItem `json:"schedule"`
		}
		res := f.do(as{}, "GET", fmt.Sprintf("/v2/channels/guide?start=%d&end=%d", hour-1800, hour+3*3600), "")
		res.decode(t, &rows)
		if len(rows) != 6 { // free base adult upstream noarch teen (no uhd, hidden, other)
			t.Fatalf("rows %d: %s", len(rows), res.body)
		}
		if rows[0].ChannelID != f.ch["free"] || len(rows[0].Schedule) != 4 || rows[0].Schedule[0].Timestamp != hour-3600 {
			t.Errorf("free row %+v", rows[0])
		}
		if res := f.do(as{}, "GET", fmt.Sprintf("/v2/channels/guide?start=%d&end=%d", hour, hour+27*3600), ""); res.status != 400 {
			t.Errorf("27 h window: %d", res.status)
		}
		if res := f.do(as{}, "GET", "/v2/channels/guide", ""); res.status != 200 {
			t.Errorf("default window: %d", res.status)
		}
		// Child profiles: no 16+ channel, no 16+ programme (the grid is
		// cached for everybody, the filter is not).
		res = f.do(as{user: "base", child: true}, "GET", fmt.Sprintf("/v2/channels/guide?start=%d&end=%d", hour-1800, hour+3*3600), "")
		res.decode(t, &rows)
		for _, row := range rows {
			if row.ChannelID == f.ch["teen"] || row.ChannelID == f.ch["adult"] {
				t.Errorf("child sees channel %d", row.ChannelID)
			}
			for _, g := range row.Schedule {
				if g.Age > 12 {
					t.Errorf("child sees a %d+ programme", g.Age)
				}
			}
		}
	})
}
