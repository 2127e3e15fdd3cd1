package catalog

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"efir/internal/httpx"
	"efir/internal/media"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

func TestAccessAndButtons(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		meta := func(who as, name string) MetaJSON {
			t.Helper()
			var m MetaJSON
			f.get(who, f.path("/v2/users/self/content_metadata/%d", name), &m)
			return m
		}
		// Not purchased: a pay button with the visible packets selling the
		// library, cheapest first; the trailer button too.
		for _, who := range []as{anon, plain, {user: "expired"}} {
			m := meta(who, "matrix")
			if m.IsPurchased || !m.IsAvailable || m.MinPrice == nil || m.MinPrice.Amount != 19900 || m.MinPrice.Currency != "RUB" ||
				len(m.Buttons) != 2 || m.Buttons[0].ButtonType != "pay" || m.Buttons[1].ButtonType != "trailer" {
				t.Fatalf("%+v: %+v", who, m)
			}
			pay := m.Buttons[0]
			raw, _ := json.Marshal(pay.ButtonData)
			var data struct {
				PacketID int64 `json:"packet_id"`
				Packets  []packetOptionJSON
			}
			_ = json.Unmarshal(raw, &data)
			if data.PacketID != f.id["packet:cheap"] || len(data.Packets) != 2 || data.Packets[1].PacketID != f.id["packet:dear"] ||
				!pay.ShowOptions || !pay.PlayAfter || pay.SubCaption != "from 199 ₽" {
				t.Errorf("pay %+v %s", pay, raw)
			}
			if m.UserLicenseInfo != nil || m.LicenseInfo == nil || *m.LicenseInfo != "Part of “Cinema”" {
				t.Errorf("license %v %v", m.LicenseInfo, m.UserLicenseInfo)
			}
		}
		// Purchased: play.
		m := meta(sub, "matrix")
		if !m.IsPurchased || !m.IsAvailable || m.MinPrice != nil || m.Buttons[0].ButtonType != "play" || m.Buttons[0].Caption != "Watch" ||
			m.UserLicenseInfo == nil || !strings.Contains(m.UserLicenseInfo.Text, "Cinema") || m.IsContinuation || m.History != nil ||
			m.StreamUsing == nil || *m.StreamUsing.LibraryID != f.id["lib:cinema"] || m.StreamUsing.ContentSchedule != nil {
			t.Errorf("sub meta %+v", m)
		}
		// A free library is everybody's.
		m = meta(anon, "fox")
		if !m.IsPurchased || !m.IsAvailable || m.Buttons[0].ButtonType != "play" || m.UserLicenseInfo.Text != "Free" {
			t.Errorf("free meta %+v", m)
		}
		// Nobody sells it, or it is not out yet: not available, no buttons.
		for _, name := range []string{"unsold", "soon"} {
			m = meta(plain, name)
			if m.IsAvailable || m.IsPurchased || len(m.Buttons) != 0 || m.MinPrice != nil {
				t.Errorf("%s meta %+v", name, m)
			}
		}
		// A programme with catch-up: stream_using names the newest source.
		m = meta(anon, "show")
		if m.StreamUsing == nil || m.StreamUsing.ContentSchedule == nil || m.StreamUsing.ContentSchedule.ID != f.entries["recent"] {
			t.Errorf("show meta %+v", m.StreamUsing)
		}
		// A series plays its next episode; resume makes it a continuation.
		m = meta(sub, "wind")
		if m.NextToPlay == nil || m.NextToPlay.ID != f.id["wind:s1e1"] || m.Buttons[0].SubCaption != "Season 1, episode 1" {
			t.Errorf("series meta %+v", m)
		}
		if res := f.do(sub, "PUT", f.path("/v2/users/self/history/%d", "wind:s1e1"), `{"seconds": 300}`); res.status != 200 {
			t.Fatal(res.status)
		}
		m = meta(sub, "wind")
		if !m.IsContinuation || m.History == nil || m.History.Seconds != 300 || m.History.WatchPercentage != 25 ||
			m.Buttons[0].Caption != "Continue watching" || m.Buttons[0].ButtonData["seconds"] != float64(300) {
			t.Errorf("continued meta %+v", m)
		}
		// The resume rule's edges: from 10 s to 12600 s, never at 100 %.
		for _, c := range []struct {
			seconds, duration int
			resumes           bool
		}{{9, 1200, false}, {10, 1200, true}, {12600, 20000, true}, {12601, 20000, false}, {1180, 1200, false}} {
			body := fmt.Sprintf(`{"seconds": %d, "duration": %d}`, c.seconds, c.duration)
			if res := f.do(sub, "PUT", f.path("/v2/users/self/history/%d", "wind:s1e1"), body); res.status != 200 {
				t.Fatal(res.status)
			}
			m = meta(sub, "wind")
			want := 0
			if c.resumes {
				want = c.seconds
			}
			// (at 100 % a series may move on to its next episode, with no mark of its own)
			marked := m.History != nil && m.History.Seconds == c.seconds || c.seconds == 1180
			if m.IsContinuation != c.resumes || !marked || m.Buttons[0].ButtonData["seconds"] != float64(want) {
				t.Errorf("%d of %d s: continuation %v, button %v", c.seconds, c.duration, m.IsContinuation, m.Buttons[0].ButtonData)
			}
		}
		// Favourite flag.
		if _, err := db.Exec(t.Context(), "INSERT INTO favorites (user_id, profile_id, kind, object_id, created_at) VALUES (?, 1, 'content', ?, 1)",
			f.users["sub"], f.id["fox"]); err != nil {
			t.Fatal(err)
		}
		if !meta(sub, "fox").Favorite || meta(as{user: "sub", profile: 4}, "fox").Favorite {
			t.Error("favorite flag")
		}
	})
}

func TestStreams(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		stream := func(who as, lib, name, query string) result {
			return f.do(who, "GET", fmt.Sprintf("/v2/libraries/%d/contents/%d/stream%s", f.id["lib:"+lib], f.id[name], query), "")
		}
		res := stream(sub, "cinema", "matrix", "?seconds=120")
		if res.status != 200 {
			t.Fatalf("stream %d %s", res.status, res.body)
		}
		var s StreamJSON
		res.decode(t, &s)
		g := f.origin.signed[len(f.origin.signed)-1]
		if g.Kind != media.KindVOD || g.Asset != "a1" || g.UserID != f.users["sub"] || g.DeviceID != 77 ||
			s.HLS == "" || s.HLS != s.HLSMBR || s.StreamInfo.Kind != "vod" || s.StreamInfo.Duration != 6000 ||
			s.StreamInfo.StartSeconds != 120 || !strings.HasPrefix(s.Stat.ID, "vod") {
			t.Errorf("stream %+v grant %+v", s, g)
		}
		// The thumbnails of the same grant come with it.
		if s.ScreenshotURL != "/media/vod-a1/thumbs.vtt" || len(s.ScreenshotTimings) != 6 || s.ScreenshotTimings[1] != 10 {
			t.Errorf("thumbnails %q %v", s.ScreenshotURL, s.ScreenshotTimings)
		}
		// The slug form works too, and seconds past the end stop at it.
		res = f.do(sub, "GET", fmt.Sprintf("/v2/libraries/%d/contents/matrica-snov-%d/stream?seconds=99999", f.id["lib:cinema"], f.id["matrix"]), "")
		res.decode(t, &s)
		if res.status != 200 || s.StreamInfo.StartSeconds != 6000 {
			t.Errorf("slug stream %d %+v", res.status, s.StreamInfo)
		}
		// Free for every device (not for a caller without one); an episode
		// inherits its series' library.
		if res := stream(as{user: "plain", guest: true}, "free", "fox", ""); res.status != 200 {
			t.Errorf("free stream %d", res.status)
		}
		if res := stream(anon, "free", "fox", ""); res.status != 401 {
			t.Errorf("free stream without a device %d", res.status)
		}
		if res := stream(sub, "cinema", "wind:s1e1", ""); res.status != 200 {
			t.Errorf("episode stream %d %s", res.status, res.body)
		}
		for _, c := range []struct {
			who        as
			lib, name  string
			status     int
			typ, words string
		}{
			{plain, "cinema", "matrix", 403, "permission_denied", "not in your subscriptions"},
			{as{user: "expired"}, "cinema", "matrix", 403, "permission_denied", "not in your subscriptions"},
			{anon, "cinema", "matrix", 401, "authentication_failed", ""},
			{as{user: "plain", guest: true}, "cinema", "matrix", 403, "permission_denied", "Sign in"},
			{sub, "free", "matrix", 404, "not_found", ""},
			{sub, "cinema", "wind", 403, "permission_denied", "does not play"},
			{sub, "cinema", "soon", 403, "permission_denied", "announcement"},
			{kid, "cinema", "matrix", 403, "permission_denied", "child"},
			{sub, "cinema", "alien", 404, "not_found", ""},
		} {
			res := stream(c.who, c.lib, c.name, "")
			var e struct {
				Error struct {
					Type, Message string
					Detail        map[string]string
				}
			}
			res.decode(t, &e)
			if res.status != c.status || e.Error.Type != c.typ || !strings.Contains(e.Error.Message, c.words) ||
				(c.status == 403 && e.Error.Detail["reason"] != e.Error.Message) {
				t.Errorf("%+v %s: %d %s", c.who, c.name, res.status, res.body)
			}
		}
		if res := stream(sub, "cinema", "matrix", "?seconds=-5"); res.status != 400 {
			t.Errorf("negative seconds %d", res.status)
		}
		// Without an origin nothing plays.
		noOrigin := New(db, nil, Config{})
		if _, _, err := noOrigin.signVOD(&viewer{lang: "en"}, "a1", 1); err == nil {
			t.Error("signed without an origin")
		}

		// Trailers: every device that may open the content; data.hls as
		// the spec reads it.
		if res := f.do(anon, "GET", f.path("/v2/trailers/%d/stream", "trailer:matrix"), ""); res.status != 401 {
			t.Errorf("trailer without a device %d", res.status)
		}
		res = f.do(as{user: "plain", guest: true}, "GET", f.path("/v2/trailers/%d/stream", "trailer:matrix"), "")
		if res.status != 200 {
			t.Fatalf("trailer %d %s", res.status, res.body)
		}
		res.decode(t, &s)
		if s.Data == nil || s.Data.HLS == "" || s.Data.HLS != s.HLS || s.StreamInfo.Kind != "trailer" || s.StreamInfo.Duration != 90 {
			t.Errorf("trailer %+v", s)
		}
		if g := f.origin.signed[len(f.origin.signed)-1]; g.Asset != "a2" || g.Kind != media.KindVOD {
			t.Errorf("trailer grant %+v", g)
		}
		for _, who := range []as{kid} {
			if res := f.do(who, "GET", f.path("/v2/trailers/%d/stream", "trailer:matrix"), ""); res.status != 404 {
				t.Errorf("child trailer of 16+: %d", res.status)
			}
		}
		if res := f.do(sub, "GET", "/v2/trailers/999999/stream", ""); res.status != 404 {
			t.Errorf("unknown trailer %d", res.status)
		}
	})
}

func TestWatchPercentage(t *testing.T) {
	for _, c := range []struct{ seconds, duration, want int }{
		{0, 6000, 0}, {3000, 6000, 50}, {5879, 6000, 97}, {5880, 6000, 100}, {5970, 6000, 100},
		{6000, 6000, 100}, {100, 0, 0}, {1169, 1200, 97}, {1170, 1200, 100}, {10, 40, 100},
	} {
		if got := watchPercentage(c.seconds, c.duration); got != c.want {
			t.Errorf("watchPercentage(%d, %d) = %d, want %d", c.seconds, c.duration, got, c.want)
		}
	}
}

func TestHistory(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		put := func(who as, name, body string) result {
			return f.do(who, "PUT", f.path("/v2/users/self/history/%d", name), body)
		}
		if res := put(anon, "matrix", `{"seconds": 10}`); res.status != 401 {
			t.Errorf("anonymous: %d", res.status)
		}
		for _, c := range []struct{ name, body string }{
			{"matrix", `{}`}, {"matrix", `{"seconds": -1}`}, {"matrix", `{"seconds": "x"}`}, {"wind", `{"seconds": 10}`},
			{"matrix", `{"seconds": 10, "duration": -1}`},
		} {
			if res := put(sub, c.name, c.body); res.status != 400 || res.errorType() != "validation_error" {
				t.Errorf("%s %s: %d %s", c.name, c.body, res.status, res.body)
			}
		}
		if res := put(sub, "lost", `{"seconds": 10}`); res.status != 404 || res.errorType() != "lost_content" {
			t.Errorf("lost: %d", res.status)
		}
		// Guests resume too.
		guest := as{user: "plain", guest: true}
		res := put(guest, "fox", `{"seconds": 1500, "duration": 3000}`)
		var rec historyRecordJSON
		res.decode(t, &rec)
		if res.status != 200 || rec.WatchPercentage != 50 || rec.SeriesID != f.id["fox"] || rec.UpdatedAt != f.now {
			t.Errorf("guest put %d %+v", res.status, rec)
		}
		// The catalogue's duration when the player does not send one.
		put(sub, "matrix", `{"seconds": 5990}`).decode(t, &rec)
		if rec.Duration != 6000 || rec.WatchPercentage != 100 {
			t.Errorf("finished %+v", rec)
		}
		f.now += 10
		put(sub, "wind:s1e1", `{"seconds": 600}`)
		f.now += 10
		put(sub, "wind:s1e2", `{"seconds": 60}`)
		f.now += 10
		put(sub, "fox", `{"seconds": 30}`)
		var hist []HistoryJSON
		f.get(sub, "/v2/users/self/history", &hist)
		// One item per series, newest first.
		if len(hist) != 3 || hist[0].Content.ID != f.id["fox"] || hist[0].ContentEpisode != nil ||
			hist[1].Content.ID != f.id["wind"] || hist[1].ContentEpisode == nil || hist[1].ContentEpisode.ID != f.id["wind:s1e2"] ||
			hist[1].Seconds != 60 || hist[1].WatchPercentage != 5 || hist[2].Content.ID != f.id["matrix"] || hist[2].WatchPercentage != 100 ||
			hist[1].Screenshot == "" || *hist[1].ContentEpisode.Series != 2 {
			t.Fatalf("history %+v", hist)
		}
		f.get(sub, "/v2/users/self/history?limit=1&offset=1", &hist)
		if len(hist) != 1 || hist[0].Content.ID != f.id["wind"] {
			t.Errorf("history page %+v", hist)
		}
		// The continue-watching list leaves the finished out.
		items, err := f.svc.historyItems(t.Context(), &viewer{providerID: 1, userID: f.users["sub"], profileID: 1, lang: "en"}, 20, 0, true)
		if err != nil || len(items) != 2 {
			t.Errorf("unfinished %d %v", len(items), err)
		}
		// Resume position on the tile.
		var c ContentJSON
		f.get(sub, f.path("/v2/contents/%d", "fox"), &c)
		if c.Histories == nil || c.Histories.WatchPercentage != 1 {
			t.Errorf("histories %+v", c.Histories)
		}
		// Deleting the series forgets every episode of it.
		if res := f.do(sub, "DELETE", f.path("/v2/users/self/history/%d", "wind"), ""); res.status != 204 {
			t.Fatalf("delete %d", res.status)
		}
		f.get(sub, "/v2/users/self/history", &hist)
		if len(hist) != 2 {
			t.Errorf("after delete %+v", hist)
		}
		var n int
		_ = store.Get(t.Context(), db, "SELECT COUNT(*) FROM watch_history WHERE user_id = ?", []any{f.users["sub"]}, &n)
		if n != 2 {
			t.Errorf("%d records left", n)
		}
		// A season forgets its episodes.
		put(sub, "wind:s2e3", `{"seconds": 60}`)
		if res := f.do(sub, "DELETE", f.path("/v2/users/self/history/%d", "wind:s2"), ""); res.status != 204 {
			t.Fatalf("delete season %d", res.status)
		}
		_ = store.Get(t.Context(), db, "SELECT COUNT(*) FROM watch_history WHERE user_id = ?", []any{f.users["sub"]}, &n)
		if n != 2 {
			t.Errorf("%d records left after the season", n)
		}
		// Other users are untouched.
		f.get(guest, "/v2/users/self/history", &hist)
		if len(hist) != 1 || hist[0].Content.ID != f.id["fox"] {
			t.Errorf("guest history %+v", hist)
		}
		if res := f.do(anon, "GET", "/v2/users/self/history", ""); res.status != 401 {
			t.Errorf("anonymous list %d", res.status)
		}
	})
}

func TestPersonsAndFavorites(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var p PersonJSON
		f.get(anon, fmt.Sprintf("/v2/persons/anna-%d", f.id["person:anna"]), &p)
		if p.Name != "Анна" || p.ContentsCount != 2 || p.Noindex || p.Role != "actor" && p.Role != "director" || p.Bio != "Режиссёр" ||
			len(p.Sections.Movies) != 1 || p.Sections.Movies[0].ID != f.id["matrix"] || len(p.Sections.Series) != 1 ||
			p.Sections.Series[0].ID != f.id["wind"] || p.Sections.Program == nil || p.Image != p.ImageURL || p.IsFavorite {
			t.Errorf("anna %+v", p)
		}
		f.get(anon, f.path("/v2/persons/%d", "person:boris"), &p)
		if p.ContentsCount != 1 || !p.Noindex || p.Role != "actor" {
			t.Errorf("boris %+v", p)
		}
		for _, ref := range []string{itoa(f.id["person:alien"]), "anna", "0"} {
			if res := f.do(anon, "GET", "/v2/persons/"+ref, ""); res.status != 404 {
				t.Errorf("person %s: %d", ref, res.status)
			}
		}
		var row RowJSON
		f.get(anon, f.path("/v2/rows/filmography?person_id=%d&limit=1", "person:anna"), &row)
		if row.Template != "content-v" || row.ContentType != "contents" || len(row.Contents) != 1 || row.MoreCount != 1 ||
			row.Contents[0].ID != f.id["matrix"] || row.Limit != 1 {
			t.Errorf("filmography %+v", row)
		}
		if res := f.do(anon, "GET", "/v2/rows/filmography", ""); res.status != 400 {
			t.Errorf("no person_id %d", res.status)
		}

		// Favourites of contents and persons, newest first.
		for i, fav := range []struct{ kind, name string }{{"content", "matrix"}, {"content", "wind"}, {"person", "person:anna"},
			{"content", "lost"}, {"content", "alien"}} {
			if _, err := db.Exec(t.Context(), "INSERT INTO favorites (user_id, profile_id, kind, object_id, created_at) VALUES (?, 1, ?, ?, ?)",
				f.users["sub"], fav.kind, f.id[fav.name], i); err != nil {
				t.Fatal(err)
			}
		}
		var favs []ContentJSON
		f.get(sub, "/v2/users/self/favorites/contents", &favs)
		if got := f.names(favs); !slices.Equal(got, []string{"wind", "matrix"}) {
			t.Errorf("favourite contents %v", got)
		}
		f.get(sub, "/v2/users/self/favorites/contents?limit=1", &favs)
		if len(favs) != 1 {
			t.Errorf("limit %d", len(favs))
		}
		var persons []PersonJSON
		f.get(sub, "/v2/users/self/favorites/persons", &persons)
		if len(persons) != 1 || persons[0].ID != f.id["person:anna"] || !persons[0].IsFavorite || persons[0].ContentsCount != 2 {
			t.Errorf("favourite persons %+v", persons)
		}
		f.get(sub, f.path("/v2/persons/%d", "person:anna"), &p)
		if !p.IsFavorite {
			t.Error("is_favorite")
		}
		f.get(as{user: "plain", guest: true}, "/v2/users/self/favorites/contents", &favs)
		if len(favs) != 0 {
			t.Errorf("guest favourites %v", favs)
		}
		if res := f.do(anon, "GET", "/v2/users/self/favorites/persons", ""); res.status != 401 {
			t.Errorf("anonymous favourites %d", res.status)
		}
		for _, c := range []struct {
			kind string
			id   int64
			want bool
		}{
			{"content", f.id["matrix"], true}, {"content", f.id["alien"], false}, {"content", f.id["lost"], false},
			{"content", 999999, false}, {"person", f.id["person:anna"], true}, {"person", f.id["person:alien"], false},
		} {
			if ok, err := f.svc.FavoriteTargetExists(t.Context(), 1, false, c.kind, c.id); ok != c.want || err != nil {
				t.Errorf("target %s %d: %v %v", c.kind, c.id, ok, err)
			}
		}
	})
}

func TestTaxonomy(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var genres []GenreJSON
		f.get(anon, "/v2/internal_genres", &genres)
		if len(genres) != 3 || genres[0].Name != "Cartoon" || genres[1].Name != "Drama" || genres[1].RowSlug != "drama-row" {
			t.Errorf("genres %+v", genres)
		}
		// Countries are named by the platform's list.
		tax, err := f.svc.taxonomy(t.Context(), 1)
		if err != nil {
			t.Fatal(err)
		}
		if c, ok := tax.countryJSON("ru", 643); !ok || c.Name != "Россия" || c.Code != "RU" {
			t.Errorf("643: %+v", c)
		}
		if _, ok := tax.countryJSON("ru", 4); ok {
			t.Error("unknown country named")
		}
		for id, code := range countryCodes {
			if !httpx.Has("ru", "country_"+code) || !httpx.Has("en", "country_"+code) {
				t.Errorf("country %d %s has no name", id, code)
			}
		}
		var libs []libraryJSON
		f.get(anon, "/v2/libraries", &libs)
		if len(libs) != 3 || !libs[0].IsFree || libs[1].Slug != "cinema" {
			t.Errorf("libraries %+v", libs)
		}
		// The cache follows the catalogue version.
		if _, err := db.Exec(t.Context(), "UPDATE genres SET name_en = 'Animation' WHERE slug = 'cartoon'"); err != nil {
			t.Fatal(err)
		}
		if err := Bump(t.Context(), db); err != nil {
			t.Fatal(err)
		}
		f.svc.cache().mu.Lock()
		f.svc.cache().checked = f.svc.cache().checked.Add(-versionCheck)
		f.svc.cache().mu.Unlock()
		f.get(anon, "/v2/internal_genres", &genres)
		if genres[0].Name != "Animation" {
			t.Errorf("after bump %+v", genres)
		}
	})
}
