package demo

import (
	"context"
	"reflect"
	"testing"
	"time"

	"efir/internal/store"
	"efir/internal/store/storetest"
	"efir/internal/tv"
)

func TestDemoGuide(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := Seed(ctx, db); err != nil {
			t.Fatal(err)
		}
		now := time.Date(2026, 11, 21, 12, 34, 0, 0, time.UTC)
		if err := EnsureGuide(ctx, db, now); err != nil {
			t.Fatal(err)
		}
		count := func() int {
			var n int
			if err := store.Get(ctx, db, "SELECT COUNT(*) FROM schedule", nil, &n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		n := count()
		if n < 40*24*10 {
			t.Fatalf("only %d entries", n)
		}
		// Idempotent: a second run adds nothing.
		if err := EnsureGuide(ctx, db, now); err != nil {
			t.Fatal(err)
		}
		if m := count(); m != n {
			t.Errorf("second run: %d entries, was %d", m, n)
		}
		// Every demo channel is covered from 7 days back to 3 days ahead
		// without gaps or overlaps.
		rows, err := db.Query(ctx, `SELECT c.slug, s.start_at, s.duration FROM schedule s JOIN channels c ON c.id = s.channel_id
			ORDER BY c.slug, s.start_at`)
		if err != nil {
			t.Fatal(err)
		}
		type span struct{ first, end int64 }
		spans := map[string]*span{}
		for rows.Next() {
			var slug string
			var start, dur int64
			if err := rows.Scan(&slug, &start, &dur); err != nil {
				t.Fatal(err)
			}
			sp := spans[slug]
			if sp == nil {
				spans[slug] = &span{start, start + dur}
				continue
			}
			if start != sp.end {
				t.Errorf("%s: gap or overlap at %d (previous ends %d)", slug, start, sp.end)
			}
			sp.end = start + dur
		}
		rows.Close()
		if len(spans) != len(demoLineup())+len(almaLineup()) {
			t.Errorf("%d channels have a guide", len(spans))
		}
		for slug, sp := range spans {
			if sp.first > now.Unix()-7*86400 || sp.end < now.Unix()+3*86400 {
				t.Errorf("%s covers %d..%d", slug, sp.first, sp.end)
			}
		}
		// The blackout: sport-arena's 19:00 Moscow match has no catch-up.
		var start int64
		var catchup bool
		match := time.Date(2026, 11, 20, 19, 0, 0, 0, guideZone).Unix()
		if err := store.Get(ctx, db, `SELECT s.start_at, s.is_catchup_available FROM schedule s JOIN channels c ON c.id = s.channel_id
			WHERE c.slug = 'sport-arena' AND s.start_at = ?`, []any{match}, &start, &catchup); err != nil || catchup {
			t.Errorf("sport-arena match: %v catch-up %v", err, catchup)
		}
		// Dropping what no archive reaches.
		later := now.Add(10 * 24 * time.Hour)
		if gone, err := tv.PruneSchedule(ctx, db, later); err != nil || gone == 0 {
			t.Errorf("prune: %d %v", gone, err)
		}
		var oldest int64
		if err := store.Get(ctx, db, "SELECT MIN(start_at) FROM schedule", nil, &oldest); err != nil || oldest < later.Unix()-8*86400 {
			t.Errorf("oldest entry %d after pruning (%v)", oldest, err)
		}
	})
}

// The same (channel, day) always gives the same programmes.
func TestDayEntriesAreDeterministic(t *testing.T) {
	c := guideChannel{id: 5, slug: "sport-arena", genre: "sport"}
	a, b := dayEntries(c, 1000), dayEntries(c, 1000)
	if !reflect.DeepEqual(a, b) || len(a) < 8 {
		t.Fatalf("%d entries, deterministic %v", len(a), reflect.DeepEqual(a, b))
	}
	if reflect.DeepEqual(a, dayEntries(c, 1001)) {
		t.Error("two days are the same")
	}
	if got := dayStart(broadcastDay(dayStart(1000).Add(23 * time.Hour))); !got.Equal(dayStart(1000)) {
		t.Errorf("broadcast day of 04:00 next morning starts %v", got)
	}
}

func TestDemoLineupRules(t *testing.T) {
	kids := 0
	for _, c := range demoLineup() {
		for _, k := range c.categories {
			if k == catKids {
				kids++
				if c.age > 12 {
					t.Errorf("kids channel %s is %d+", c.slug, c.age)
				}
			}
			if k == catAdult && c.age < 18 {
				t.Errorf("adult category channel %s is %d+", c.slug, c.age)
			}
		}
		if pools[c.genre] == nil {
			t.Errorf("%s: no pool for genre %s", c.slug, c.genre)
		}
	}
	if kids < 4 || len(demoLineup()) < 35 {
		t.Errorf("%d channels, %d kids", len(demoLineup()), kids)
	}
}
