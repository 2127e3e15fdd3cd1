package catalog

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

func TestContentPage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var c ContentJSON
		f.get(anon, f.path("/v2/contents/%d", "matrix"), &c)
		if c.Slug != fmt.Sprintf("matrica-snov-%d", f.id["matrix"]) || c.Title != "Матрица снов" || c.Name != c.Title ||
			c.Original != "MATRIX" || c.Age != 16 || c.IsAdult || c.Category.ID != categoryMovies || c.Category.Name != "Movies" {
			t.Errorf("content %+v", c)
		}
		// Genres in order, in the asker's language, with the row of the genre.
		if len(c.Genres) != 2 || c.Genres[0].Name != "Sci-fi" || c.Genres[0].RowID != nil || c.Genres[0].RowSlug != "" ||
			c.Genres[1].RowSlug != "drama-row" || c.Genres[1].RowID == nil || *c.Genres[1].RowID != f.id["row:drama"] {
			t.Errorf("genres %+v", c.Genres)
		}
		if len(c.Countries) != 1 || c.Countries[0].ID != 840 || c.Countries[0].Name != "United States" {
			t.Errorf("countries %+v", c.Countries)
		}
		if len(c.Persons) != 2 || c.Persons[0].Role != "director" || c.Persons[0].Name != "Анна" ||
			c.Persons[0].Slug != fmt.Sprintf("anna-%d", f.id["person:anna"]) || c.Persons[1].Role != "actor" ||
			!strings.HasSuffix(c.Persons[0].Image, ".jpg") {
			t.Errorf("persons %+v", c.Persons)
		}
		if len(c.Trailers) != 1 || c.Trailers[0].ID != f.id["trailer:matrix"] || c.Description == nil ||
			c.RatingIMDB == nil || *c.RatingIMDB != 7.5 || len(c.Ratings) != 1 || c.RatingKinopoisk != nil {
			t.Errorf("trailers %+v description %v ratings %+v", c.Trailers, c.Description, c.Ratings)
		}
		if len(c.Images) != 3 || c.Cover.Src2x3 != "/v2/artwork/poster/"+itoa(c.ID)+".jpg" || c.Background.Web == "" ||
			c.Contents == nil || len(c.Contents) != 0 || c.NextToPlay != nil || c.Histories != nil {
			t.Errorf("images %+v cover %+v contents %v", c.Images, c.Cover, c.Contents)
		}

		// The slug text is not checked: the trailing id decides.
		for _, ref := range []string{itoa(f.id["matrix"]), "matrica-snov-" + itoa(f.id["matrix"]), "old-name-" + itoa(f.id["matrix"])} {
			var again ContentJSON
			f.get(anon, "/v2/contents/"+ref, &again)
			if again.ID != f.id["matrix"] {
				t.Errorf("%s -> %d", ref, again.ID)
			}
		}
		for _, ref := range []string{"matrica-snov", "abc" + itoa(f.id["matrix"]), "0", "999999", itoa(f.id["alien"])} {
			if res := f.do(anon, "GET", "/v2/contents/"+ref, ""); res.status != 404 || res.errorType() != "not_found" {
				t.Errorf("%s: %d %s", ref, res.status, res.body)
			}
		}
		// library, action and isPromo are accepted.
		if res := f.do(anon, "GET", f.path("/v2/contents/%d?library=1&action=play&isPromo=true", "matrix"), ""); res.status != 200 {
			t.Errorf("with params: %d", res.status)
		}
		// A hidden content opens by id (it is only left out of lists).
		if res := f.do(anon, "GET", f.path("/v2/contents/%d", "hidden"), ""); res.status != 200 {
			t.Errorf("hidden: %d", res.status)
		}
		// An adult film is flagged adult.
		var club ContentJSON
		f.get(anon, f.path("/v2/contents/%d", "club"), &club)
		if !club.IsAdult {
			t.Error("18+ not adult")
		}
	})
}

func TestContentTree(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var series ContentJSON
		f.get(anon, f.path("/v2/contents/%d", "wind"), &series)
		if series.Category.ID != categorySeries || len(series.Contents) != 2 || series.Contents[0].ID != f.id["wind:s1"] ||
			*series.Contents[1].Season != 2 || series.Contents[0].ContentType != typeSeason {
			t.Fatalf("series contents %+v", f.names(series.Contents))
		}
		// The newcomer starts at the first episode.
		if series.NextToPlay == nil || series.NextToPlay.ID != f.id["wind:s1e1"] {
			t.Errorf("next_to_play %+v", series.NextToPlay)
		}
		var season ContentJSON
		f.get(anon, f.path("/v2/contents/%d", "wind:s2"), &season)
		if len(season.Contents) != 8 || *season.Contents[7].Series != 8 || season.ParentID == nil || *season.ParentID != f.id["wind"] ||
			season.NextToPlay.ID != f.id["wind:s2e1"] || season.Category.ID != categorySeries {
			t.Errorf("season %+v next %v", f.names(season.Contents), season.NextToPlay)
		}
		// An episode inherits library and category, shows its series' tags
		// and credits, and points at the next episode.
		var ep ContentJSON
		f.get(anon, f.path("/v2/contents/%d", "wind:s1e3"), &ep)
		if ep.LibraryID == nil || *ep.LibraryID != f.id["lib:cinema"] || *ep.Season != 1 || *ep.Series != 3 ||
			len(ep.Genres) != 1 || ep.NextToPlay == nil || ep.NextToPlay.ID != f.id["wind:s2e1"] || ep.Age != 12 {
			t.Errorf("episode %+v", ep)
		}
		var last ContentJSON
		f.get(anon, f.path("/v2/contents/%d", "wind:s2e8"), &last)
		if last.NextToPlay != nil {
			t.Errorf("after the last episode: %+v", last.NextToPlay)
		}

		var eps []ContentJSON
		f.get(anon, f.path("/v2/contents/%d/episodes", "wind"), &eps)
		want := []string{"wind:s1e1", "wind:s1e2", "wind:s1e3"}
		for e := 1; e <= 8; e++ {
			want = append(want, fmt.Sprintf("wind:s2e%d", e))
		}
		if got := f.names(eps); !slices.Equal(got, want) {
			t.Errorf("episodes %v", got)
		}
		f.get(anon, f.path("/v2/contents/%d/episodes?season=2&limit=3&offset=2", "wind"), &eps)
		if got := f.names(eps); !slices.Equal(got, []string{"wind:s2e3", "wind:s2e4", "wind:s2e5"}) {
			t.Errorf("season 2 page %v", got)
		}
		f.get(anon, f.path("/v2/contents/%d/episodes", "wind:s1"), &eps)
		if len(eps) != 3 {
			t.Errorf("season episodes %v", f.names(eps))
		}
		f.get(anon, f.path("/v2/contents/%d/episodes", "matrix"), &eps)
		if len(eps) != 0 {
			t.Errorf("movie episodes %v", eps)
		}
		if res := f.do(anon, "GET", f.path("/v2/contents/%d/episodes?season=x", "wind"), ""); res.status != 400 {
			t.Errorf("bad season: %d", res.status)
		}
	})
}

func TestNextToPlayFollowsHistory(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		next := func(who as, name string) string {
			t.Helper()
			var c ContentJSON
			f.get(who, f.path("/v2/contents/%d", name), &c)
			if c.NextToPlay == nil {
				return ""
			}
			return f.names([]ContentJSON{*c.NextToPlay})[0]
		}
		put := func(who as, name string, seconds int) {
			t.Helper()
			if res := f.do(who, "PUT", f.path("/v2/users/self/history/%d", name), fmt.Sprintf(`{"seconds": %d}`, seconds)); res.status != 200 {
				t.Fatalf("put %s: %d %s", name, res.status, res.body)
			}
		}
		put(sub, "wind:s1e2", 600)
		if got := next(sub, "wind"); got != "wind:s1e2" {
			t.Errorf("unfinished: next %s", got)
		}
		f.now += 60
		put(sub, "wind:s1e3", 1190) // within the last 30 s: finished
		if got := next(sub, "wind"); got != "wind:s2e1" {
			t.Errorf("finished: next %s", got)
		}
		// Another profile of the same user starts over.
		if got := next(as{user: "sub", profile: 3}, "wind"); got != "wind:s1e1" {
			t.Errorf("other profile: %s", got)
		}
		// The tile of the series shows the latest episode's percentage.
		var c ContentJSON
		f.get(sub, f.path("/v2/contents/%d", "wind"), &c)
		if c.Histories == nil || c.Histories.WatchPercentage != 100 {
			t.Errorf("series histories %+v", c.Histories)
		}
		f.now += 60
		put(sub, "wind:s2e8", 1200)
		if got := next(sub, "wind"); got != "wind:s1e1" {
			t.Errorf("after the whole series: %s", got)
		}
	})
}

func TestChildProfileLimits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		// Over 12: 404 by id, also through an episode left at age 0.
		for _, name := range []string{"matrix", "club", "dark", "dark:s1", "dark:s1e1"} {
			if res := f.do(kid, "GET", f.path("/v2/contents/%d", name), ""); res.status != 404 || res.errorType() != "not_found" {
				t.Errorf("child opens %s: %d", name, res.status)
			}
			if res := f.do(kid, "GET", f.path("/v2/users/self/content_metadata/%d", name), ""); res.status != 404 {
				t.Errorf("child meta %s: %d", name, res.status)
			}
			for _, sub := range []string{"episodes", "sources", "similar"} {
				if res := f.do(kid, "GET", fmt.Sprintf("/v2/contents/%d/%s", f.id[name], sub), ""); res.status != 404 {
					t.Errorf("child %s of %s: %d", sub, name, res.status)
				}
			}
		}
		// The same adult user's own profile opens them.
		if res := f.do(sub, "GET", f.path("/v2/contents/%d", "dark:s1e1"), ""); res.status != 200 {
			t.Errorf("adult profile: %d", res.status)
		}
		// 12 and under open; the streams of over-12 answer 403.
		for _, name := range []string{"wind", "wind:s1e1", "fox"} {
			if res := f.do(kid, "GET", f.path("/v2/contents/%d", name), ""); res.status != 200 {
				t.Errorf("child %s: %d", name, res.status)
			}
		}
		for _, name := range []string{"matrix", "dark:s1e1"} {
			res := f.do(kid, "GET", fmt.Sprintf("/v2/libraries/%d/contents/%d/stream", f.id["lib:cinema"], f.id[name]), "")
			if res.status != 403 || res.errorType() != "permission_denied" {
				t.Errorf("child stream %s: %d %s", name, res.status, res.body)
			}
		}
		// Similar of fox: no 16+ or 18+ for the child, which the adult sees.
		var adult, child []ContentJSON
		f.get(sub, f.path("/v2/contents/%d/similar", "fox"), &adult)
		f.get(kid, f.path("/v2/contents/%d/similar", "fox"), &child)
		if !slices.Contains(ids(adult), f.id["club"]) || !slices.Contains(ids(adult), f.id["matrix"]) {
			t.Errorf("adult similar %v", f.names(adult))
		}
		for _, c := range child {
			if c.Age > 12 {
				t.Errorf("child similar has %s (%d+)", c.Title, c.Age)
			}
		}
		if len(child) == 0 {
			t.Error("child similar is empty")
		}
		// Person sections and count: anna's matrix (16+) is not the child's.
		var p PersonJSON
		f.get(kid, f.path("/v2/persons/%d", "person:anna"), &p)
		if p.ContentsCount != 1 || !p.Noindex || len(p.Sections.Movies) != 0 || len(p.Sections.Series) != 1 {
			t.Errorf("child person %+v", p)
		}
		var row RowJSON
		f.get(kid, f.path("/v2/rows/filmography?person_id=%d", "person:anna"), &row)
		if len(row.Contents) != 1 || row.Contents[0].ID != f.id["wind"] {
			t.Errorf("child filmography %v", f.names(row.Contents))
		}
		// History and favourites of the child profile keep what is over 12
		// out of the lists.
		for _, name := range []string{"fox", "wind:s1e1"} {
			if res := f.do(kid, "PUT", f.path("/v2/users/self/history/%d", name), `{"seconds": 100}`); res.status != 200 {
				t.Fatalf("child history %s: %d %s", name, res.status, res.body)
			}
		}
		if res := f.do(kid, "PUT", f.path("/v2/users/self/history/%d", "dark:s1e1"), `{"seconds": 100}`); res.status != 404 {
			t.Errorf("child history of 16+: %d", res.status)
		}
		// Saved by the adult profile 2 before it became a child's: not listed.
		if res := f.do(as{user: "sub", profile: 2}, "PUT", f.path("/v2/users/self/history/%d", "matrix"), `{"seconds": 100}`); res.status != 200 {
			t.Fatal(res.status)
		}
		var hist []HistoryJSON
		f.get(kid, "/v2/users/self/history", &hist)
		if len(hist) != 2 {
			t.Errorf("child history %+v", hist)
		}
		for _, name := range []string{"matrix", "fox"} {
			if _, err := db.Exec(t.Context(), "INSERT INTO favorites (user_id, profile_id, kind, object_id, created_at) VALUES (?, 2, 'content', ?, 1)",
				f.users["sub"], f.id[name]); err != nil {
				t.Fatal(err)
			}
		}
		var favs []ContentJSON
		f.get(kid, "/v2/users/self/favorites/contents", &favs)
		if got := f.names(favs); !slices.Equal(got, []string{"fox"}) {
			t.Errorf("child favourites %v", got)
		}
		if ok, _ := f.svc.FavoriteTargetExists(t.Context(), 1, true, "content", f.id["matrix"]); ok {
			t.Error("a child may favour a 16+ content")
		}
	})
}

func TestLostContent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		for _, path := range []string{"/v2/contents/%d", "/v2/contents/%d/similar", "/v2/contents/%d/episodes"} {
			res := f.do(anon, "GET", f.path(path, "lost"), "")
			var body struct {
				Error struct {
					Type, Message string
					Detail        map[string]string
				}
				LostContent *ContentJSON `json:"lost_content"`
			}
			res.decode(t, &body)
			if res.status != 404 || body.Error.Type != "lost_content" || body.Error.Message == "" || body.LostContent == nil ||
				!body.LostContent.IsLost || body.LostContent.ID != f.id["lost"] || body.LostContent.Title != "Пропавший" {
				t.Errorf("%s: %d %s", path, res.status, res.body)
			}
		}
		var m MetaJSON
		f.get(sub, f.path("/v2/users/self/content_metadata/%d", "lost"), &m)
		if !m.IsLost || m.IsAvailable || len(m.Buttons) != 0 {
			t.Errorf("lost meta %+v", m)
		}
		res := f.do(sub, "GET", fmt.Sprintf("/v2/libraries/%d/contents/%d/stream", f.id["lib:cinema"], f.id["lost"]), "")
		if res.status != 404 || res.errorType() != "lost_content" {
			t.Errorf("lost stream %d %s", res.status, res.body)
		}
		// Lists never carry it.
		var sim []ContentJSON
		f.get(anon, f.path("/v2/contents/%d/similar", "club"), &sim)
		if slices.Contains(ids(sim), f.id["lost"]) || slices.Contains(ids(sim), f.id["hidden"]) || slices.Contains(ids(sim), f.id["club"]) ||
			slices.Contains(ids(sim), f.id["alien"]) {
			t.Errorf("similar %v", f.names(sim))
		}
	})
}

func TestSourcesAndSimilar(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var src []SourceJSON
		f.get(anon, f.path("/v2/contents/%d/sources", "show"), &src)
		if len(src) != 2 || src[0].ID != f.entries["recent"] || src[1].ID != f.entries["yesterday"] ||
			src[0].ChannelID != f.id["channel:ch1"] || src[0].StartAt != f.now-2*3600 || src[0].ChannelName != "Первый" {
			t.Errorf("sources %+v", src)
		}
		var show ContentJSON
		f.get(anon, f.path("/v2/contents/%d", "show"), &show)
		if !slices.Equal(show.LastSeenChannelIDs, []int64{f.id["channel:ch1"]}) || show.Category.ID != categoryPrograms {
			t.Errorf("last seen %v category %+v", show.LastSeenChannelIDs, show.Category)
		}
		f.get(anon, f.path("/v2/contents/%d/sources?limit=1&offset=1", "show"), &src)
		if len(src) != 1 || src[0].ID != f.entries["yesterday"] {
			t.Errorf("sources page %+v", src)
		}
		f.get(anon, f.path("/v2/contents/%d/sources", "matrix"), &src)
		if len(src) != 0 {
			t.Errorf("matrix sources %+v", src)
		}

		// Similar to matrix: movies; the main genre (sci-fi) is only its
		// own, so the drama ones by popularity, then the popular ones;
		// never itself, hidden, lost or another provider's.
		var sim []ContentJSON
		f.get(anon, f.path("/v2/contents/%d/similar", "matrix"), &sim)
		if got := f.names(sim); !slices.Equal(got, []string{"club", "fox", "unsold", "soon"}) {
			t.Errorf("similar %v", got)
		}
		if len(sim) > 12 || slices.Contains(ids(sim), f.id["matrix"]) {
			t.Errorf("similar %v", f.names(sim))
		}
		// An episode is compared by its series, with series.
		f.get(anon, f.path("/v2/contents/%d/similar", "wind:s1e1"), &sim)
		if got := f.names(sim); !slices.Equal(got, []string{"dark"}) {
			t.Errorf("episode similar %v", f.names(sim))
		}
	})
}

func itoa(n int64) string { return fmt.Sprint(n) }
