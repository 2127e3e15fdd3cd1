package tv

import (
	"fmt"
	"strings"
	"testing"

	"efir/internal/media"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

func (f *fixture) stream(who as, slug, query string) (result, streamJSON) {
	f.t.Helper()
	res := f.do(who, "GET", "/v2/channels/"+slug+"/stream"+query, "")
	var s streamJSON
	if res.status == 200 {
		res.decode(f.t, &s)
	}
	return res, s
}

func TestStreamLive(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		res, s := f.stream(as{user: "base"}, "base", "")
		if res.status != 200 {
			t.Fatalf("live: %d %s", res.status, res.body)
		}
		g := f.origin.signed[len(f.origin.signed)-1]
		if g.Kind != media.KindLive || g.Asset != "a1" || g.UserID != f.users["base"] || g.DeviceID != 77 || g.Epoch > f.now {
			t.Errorf("grant %+v", g)
		}
		if s.HLS == "" || s.HLS != s.HLSMBR || s.StreamInfo.Kind != "live" || !s.StreamInfo.HasArchive ||
			s.StreamInfo.ArchiveFrom != f.now-3*day || s.Stat.ID == "" {
			t.Errorf("stream %+v", s)
		}
		// Live has nothing to scrub: no thumbnails; an archive has those of
		// its own grant.
		if s.ScreenshotURL != "" || s.ScreenshotTimings == nil || len(s.ScreenshotTimings) != 0 {
			t.Errorf("live thumbnails %q %v", s.ScreenshotURL, s.ScreenshotTimings)
		}
		ts := f.now - day
		if res, a := f.stream(as{user: "base"}, "base", fmt.Sprintf("?ts=%d", ts)); res.status != 200 ||
			!strings.HasPrefix(a.ScreenshotURL, "/media/archive-a1-") || !strings.HasSuffix(a.ScreenshotURL, "/thumbs.vtt") || len(a.ScreenshotTimings) != 6 {
			t.Errorf("archive %d thumbnails %q %v (%s)", res.status, a.ScreenshotURL, a.ScreenshotTimings, res.body)
		}
		_, s2 := f.stream(as{user: "base"}, "base", "")
		if s2.Stat.ID == s.Stat.ID {
			t.Error("stat id reused")
		}
		// The base channel has an hour without catch-up every day: all three
		// inside the 3-day archive are blackouts.
		if len(s.StreamInfo.Blackouts) != 3 {
			t.Errorf("blackouts %+v", s.StreamInfo.Blackouts)
		}
		for _, b := range s.StreamInfo.Blackouts {
			if b.End-b.Start != 3600 || b.End <= f.now-3*day || b.Start > f.now {
				t.Errorf("blackout %+v", b)
			}
		}

		for _, c := range []struct {
			who  as
			slug string
			q    string
			want int
		}{
			{as{}, "base", "", 401}, // streams are for devices only
			{as{}, "free", "", 401},
			{as{guest: true}, "base", "", 403}, // not purchased
			{as{user: "expired"}, "base", "", 403},
			{as{guest: true}, "free", "", 200}, // free for anyone
			{as{user: "night"}, "adult", "", 200},
			{as{user: "night"}, "adult", "?preview=1", 403}, // no preview of adult channels
			{as{user: "base"}, "base", "?preview=1", 200},
			{as{guest: true}, "base", "?preview=1", 403},
			{as{user: "base", child: true}, "teen", "", 404},
			{as{user: "base"}, "base", "?ts=abc", 400},
		} {
			if res, _ := f.stream(c.who, c.slug, c.q); res.status != c.want {
				t.Errorf("%+v %s%s: %d, want %d (%s)", c.who, c.slug, c.q, res.status, c.want, res.body)
			} else if c.want == 403 && res.errorType() != "permission_denied" {
				t.Errorf("%s: %s", c.slug, res.body)
			}
		}
		if res, _ := f.stream(as{guest: true}, "base", ""); !strings.Contains(string(res.body), "Sign in") {
			t.Errorf("no detail text: %s", res.body)
		}
	})
}

func TestArchiveRule(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		hour := f.now - f.now%3600
		// Hour offsets (from the current hour) of the fixture guide: hour h
		// has no catch-up when h = 7 (mod 24) and is 16+ when h = 0 (mod 5).
		for _, c := range []struct {
			name string
			who  as
			slug string
			ts   int64
			want int
		}{
			{"yesterday", as{user: "base"}, "base", hour - 24*3600 + 600, 200},
			{"a minute ago is live", as{user: "base"}, "base", f.now - 10, 200},
			{"beyond the archive", as{user: "base"}, "base", f.now - 3*day - 3600, 403},
			{"no catch-up", as{user: "base"}, "base", hour - 17*3600 + 60, 403},
			{"not started", as{user: "base"}, "base", hour + 2*3600, 403},
			{"not purchased", as{user: "plain"}, "base", hour - 24*3600 + 600, 403},
			{"no archive", as{user: "base"}, "noarch", hour - 3600, 403},
			{"free archive for a guest", as{guest: true}, "free", hour - 6*day, 200},
			{"no archive for anonymous", as{}, "free", hour - 6*day, 401},
			{"child, 16+ programme", as{user: "base", child: true}, "base", hour - 25*3600 + 60, 403},
			{"child, 0+ programme", as{user: "base", child: true}, "base", hour - 24*3600 + 60, 200},
		} {
			res, s := f.stream(c.who, c.slug, fmt.Sprintf("?ts=%d", c.ts))
			if res.status != c.want {
				t.Errorf("%s: %d, want %d (%s)", c.name, res.status, c.want, res.body)
				continue
			}
			if c.want == 403 && res.errorType() != "permission_denied" {
				t.Errorf("%s: %s", c.name, res.body)
			}
			if c.name == "yesterday" {
				g := f.origin.signed[len(f.origin.signed)-1]
				if s.StreamInfo.Kind != "archive" || s.StreamInfo.Start != hour-24*3600 || g.Kind != media.KindArchive || g.Start != hour-24*3600 {
					t.Errorf("archive stream %+v grant %+v", s.StreamInfo, g)
				}
			}
			if c.name == "a minute ago is live" && s.StreamInfo.Kind != "live" {
				t.Errorf("ts within 30 s is live: %+v", s.StreamInfo)
			}
		}
	})
}

func TestStreamUpstream(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		signed := len(f.origin.signed)
		_, live := f.stream(as{guest: true}, "upstream", "")
		if live.HLS != "http://up.example/live/index.m3u8" {
			t.Errorf("live upstream: %q", live.HLS)
		}
		hour := f.now - f.now%3600
		ts := hour - 5*3600 + 900
		_, arch := f.stream(as{guest: true}, "upstream", fmt.Sprintf("?ts=%d&force_https=1", ts))
		start := hour - 5*3600
		want := fmt.Sprintf("https://up.example/live/index.m3u8?utc=%d&dur=3600&off=%d", start, f.now-start)
		if arch.HLS != want || arch.StreamInfo.Kind != "archive" {
			t.Errorf("archive upstream: %q, want %q", arch.HLS, want)
		}
		if len(f.origin.signed) != signed {
			t.Error("an upstream channel went through the origin")
		}
		if res, _ := f.stream(as{guest: true}, "upstream", fmt.Sprintf("?ts=%d", f.now-3*day)); res.status != 403 {
			t.Errorf("beyond 2 archive days: %d", res.status)
		}
	})
}

func TestFillCatchup(t *testing.T) {
	for tpl, want := range map[string]string{
		"{url}/index-{start}-{duration}.m3u8": "http://x/a.m3u8/index-100-50.m3u8",
		"{url}?utc={start}&lutc={lutc}":       "http://x/a.m3u8?utc=100&lutc=400",
		"http://dvr/${start}/${end}/{offset}": "http://dvr/100/150/300",
		"":                                    "http://x/a.m3u8",
	} {
		if got := fillCatchup(tpl, "http://x/a.m3u8", 100, 150, 400); got != want {
			t.Errorf("%q: %q, want %q", tpl, got, want)
		}
	}
}

// FuzzFillCatchup: templates come from operators' M3U files; filling never
// panics and leaves no known placeholder behind.
func FuzzFillCatchup(f *testing.F) {
	f.Add("{url}?utc={start}")
	f.Add("${start}{duration}{{end}}")
	f.Add("{")
	f.Fuzz(func(t *testing.T, tpl string) {
		out := fillCatchup(tpl, "u", 1, 2, 3)
		if tpl != "" && strings.Contains(tpl, "{url}") && !strings.Contains(tpl, "${url") && strings.Contains(out, "{url}") &&
			!strings.Contains(tpl, "{{url}") {
			t.Errorf("%q -> %q", tpl, out)
		}
	})
}
