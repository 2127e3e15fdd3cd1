package catalog_test

// The rows calls through the whole app (every answer checked against
// api/openapi.yaml by apitest), on the catalogue of rows_fixture_test.go:
// rows and rowsets, paging and more_count, filters, slugs, child limits,
// promo-wide hiding, history and favourite rows, channel rows, filter
// options and news.

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/catalog"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

func TestRowsPagingFiltersAndSlugs(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newRowsFixture(t, db)
		all := f.expect(func(*film) bool { return true }, nil)
		if len(all) != 10 {
			t.Fatalf("fixture lists %d", len(all))
		}
		// Paging: default limit 20; more_count = total - offset - returned.
		r := f.rowOf("", fmt.Sprintf("/v2/rows/%d", f.row["all"]))
		if !slices.Equal(r.titles(), all) || r.MoreCount != 0 || r.Limit != 20 || !r.Loaded || r.ContentType != "contents" {
			t.Fatalf("all: %v more %d limit %d", r.titles(), r.MoreCount, r.Limit)
		}
		r = f.rowOf("", "/v2/rows/all?limit=3&offset=2")
		if !slices.Equal(r.titles(), all[2:5]) || r.MoreCount != 5 || r.Offset != 2 || r.Limit != 3 {
			t.Fatalf("page: %v more %d", r.titles(), r.MoreCount)
		}
		r = f.rowOf("", "/v2/rows/all?limit=3&offset=9")
		if !slices.Equal(r.titles(), all[9:]) || r.MoreCount != 0 {
			t.Fatalf("last page: %v more %d", r.titles(), r.MoreCount)
		}
		if r = f.rowOf("", "/v2/rows/all?offset=50"); len(r.Contents) != 0 || r.MoreCount != 0 {
			t.Fatalf("past the end: %+v", r)
		}
		// Slugs: the stored slug, "<slug>-<id>", the id; anything else is 404.
		for _, ref := range []string{"movies", fmt.Sprintf("movies-%d", f.row["movies"]), fmt.Sprint(f.row["movies"]),
			fmt.Sprintf("whatever-%d", f.row["movies"])} {
			if r = f.rowOf("", "/v2/rows/"+ref); r.ID != f.row["movies"] || r.Slug != "movies" {
				t.Fatalf("%s: %+v", ref, r)
			}
		}
		for _, ref := range []string{"nope", "999999", "movies999"} {
			if res := f.get("", "/v2/rows/"+ref, 404); res.ErrorType() != "not_found" {
				t.Fatalf("%s: %s", ref, res.Body)
			}
		}
		// Hidden, lost, seasons and episodes never show.
		for _, c := range r.titles() {
			if strings.HasPrefix(c, "Скрытый") || strings.HasPrefix(c, "Пропавший") || strings.HasPrefix(c, "Се") && c != "Северный ветер" {
				t.Fatalf("listed %s", c)
			}
		}
		// The row's query, and request filters over it.
		check := func(path string, want []string) {
			t.Helper()
			if got := f.rowOf("", path).titles(); !slices.Equal(got, want) {
				t.Fatalf("%s:\n got  %v\n want %v", path, got, want)
			}
		}
		isMovie := func(c *film) bool { return c.typ == "movie" }
		check("/v2/rows/movies", f.expect(isMovie, nil))
		byRating := func(a, b *film) int {
			switch {
			case a.rating > b.rating:
				return -1
			case a.rating < b.rating:
				return 1
			}
			return 0
		}
		check("/v2/rows/dramas", f.expect(func(c *film) bool { return hasGenre(c, "drama") }, byRating))
		check("/v2/rows/cartoons", f.expect(func(c *film) bool { return c.cartoon }, nil))
		check("/v2/rows/westerns", []string{})
		check("/v2/rows/movies?genre=drama&year_from=2000&rating_from=7", f.expect(func(c *film) bool {
			return isMovie(c) && hasGenre(c, "drama") && c.year >= 2000 && c.rating >= 7
		}, nil))
		check(fmt.Sprintf("/v2/rows/all?genre=comedy,%d&country=840", f.genre["scifi"]), f.expect(func(c *film) bool {
			return hasGenre(c, "comedy", "scifi") && slices.Contains(c.countries, 840)
		}, nil))
		check("/v2/rows/all?main_genre=drama&year_to=2010", f.expect(func(c *film) bool {
			return c.genres[0] == "drama" && c.year <= 2010
		}, nil))
		check("/v2/rows/all?content_type=series&content_type=program", f.expect(func(c *film) bool { return c.typ != "movie" }, nil))
		// A request value replaces the row's: the drama row asked for comedies.
		check("/v2/rows/dramas?genre=comedy&mode=popular", f.expect(func(c *film) bool { return hasGenre(c, "comedy") }, nil))
		check("/v2/rows/all?mode=year", f.expect(func(*film) bool { return true }, func(a, b *film) int { return b.year - a.year }))
		check("/v2/rows/all?mode=title&limit=2", []string{"Весёлые старты", "Город огней"})
		check("/v2/rows/all?text="+url.QueryEscape("ТЁМН"), []string{"Тёмная вода"})
		check("/v2/rows/all?text="+url.QueryEscape("original лис"), []string{"Лисёнок Тим"})
		check(fmt.Sprintf("/v2/rows/all?library_id=%d", 999999), []string{})
		check("/v2/rows/all?genre=no-such-genre", []string{})
		for _, bad := range []string{"year_from=abc", "rating_from=11", "mode=random", "content_type=episode", "limit=0", "offset=-1"} {
			if res := f.get("", "/v2/rows/all?"+bad, 400); res.ErrorType() != "validation_error" {
				t.Fatalf("%s: %s", bad, res.Body)
			}
		}
	})
}

func TestRowsChildItemsAndPromotions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newRowsFixture(t, db)
		adult := demoToken(t, f.srv)
		// Items of every kind, in order; the hidden content is left out.
		r := f.rowOf("", "/v2/rows/picks")
		if !slices.Equal(r.titles(), []string{"Матрица снов", "Лисёнок Тим", "Северный ветер"}) || len(r.Persons) != 1 ||
			r.Persons[0].Slug != fmt.Sprintf("anna-petrova-%d", f.person) || len(r.Channels) != 1 || r.Channels[0].ID != f.channel ||
			len(r.Promotions) != 1 || r.Promotions[0].Year != 2021 || r.MoreCount != 0 {
			t.Fatalf("picks: %+v", r)
		}
		r = f.rowOf("", "/v2/rows/picks?limit=2&offset=1")
		if !slices.Equal(r.titles(), []string{"Лисёнок Тим", "Северный ветер"}) || r.MoreCount != 3 {
			t.Fatalf("picks page: %v more %d", r.titles(), r.MoreCount)
		}
		// A filter on an item row keeps the contents that pass it, only.
		r = f.rowOf("", "/v2/rows/picks?genre=drama")
		if !slices.Equal(r.titles(), []string{"Матрица снов", "Северный ветер"}) || len(r.Persons)+len(r.Channels)+len(r.Promotions) != 0 {
			t.Fatalf("picks filtered: %+v", r)
		}
		// promo-wide: the packet the viewer has is not offered to them.
		names := func(r rowAnswer) []string {
			out := []string{}
			for _, p := range r.Promotions {
				out = append(out, p.Name)
			}
			return out
		}
		if got := names(f.rowOf("", "/v2/rows/banners")); !slices.Equal(got, []string{"owned", "other", "matrix", "fox", "link", "adult"}) {
			t.Fatalf("banners for a guest: %v", got)
		}
		if got := names(f.rowOf(adult, "/v2/rows/banners")); !slices.Equal(got, []string{"other", "matrix", "fox", "link", "adult"}) {
			t.Fatalf("banners for the subscriber: %v", got)
		}
		fox := f.rowOf("", "/v2/rows/banners?limit=1&offset=3").Promotions[0]
		if fox.Destination.Type != "content" || fox.Destination.Slug != fmt.Sprintf("film-1-%d", f.byTitle["Лисёнок Тим"].id) {
			t.Fatalf("fox promotion: %+v", fox)
		}
		// The scaled pictures and quality badges of a promotion; null when it has none.
		link := f.rowOf("", "/v2/rows/banners?limit=1&offset=4").Promotions[0]
		if g := link.GraphicTitle; !link.Is4K || link.IsHD || g == nil || g.TVx1 != "/t/link.svg" || g.MobileX3 != "/t/link.svg" ||
			g.TVWidthPt != 300 || g.MobileHeightPt != 80 {
			t.Fatalf("link promotion: %+v", link)
		}
		if i, fi := link.UnfocusedBtnIcon, link.FocusedBtnIcon; i == nil || i.TVx3 != "/i/link.svg" || fi == nil || fi.TVx3 != "/i/link.svg" {
			t.Fatalf("link icons: %+v %+v", i, fi)
		}
		if fox.GraphicTitle != nil || fox.UnfocusedBtnIcon != nil || fox.FocusedBtnIcon != nil || fox.Is4K {
			t.Fatalf("fox promotion: %+v", fox)
		}
		// A child profile: nothing above 12, anywhere.
		child := childToken(t, f.srv)
		for _, path := range []string{"/v2/rows/all", "/v2/rows/all?limit=100", "/v2/rows/dramas", "/v2/rows/picks", "/v2/rows/movies?rating_from=8"} {
			for _, c := range f.rowOf(child, path).Contents {
				if c.Age > 12 {
					t.Fatalf("%s: a child sees %s (%d+)", path, c.Title, c.Age)
				}
			}
		}
		r = f.rowOf(child, "/v2/rows/all")
		if want := f.expect(func(c *film) bool { return c.age <= 12 }, nil); !slices.Equal(r.titles(), want) || r.MoreCount != 0 {
			t.Fatalf("child all: %v want %v", r.titles(), want)
		}
		// (the child profile is the subscriber's: the owned packet stays out)
		if got := names(f.rowOf(child, "/v2/rows/banners")); !slices.Equal(got, []string{"other", "fox", "link"}) {
			t.Fatalf("banners for a child: %v", got)
		}
		// A person known only for a 16+ film is no tile for a child; with a 0+ film they are.
		credit := func(title string) {
			if _, err := db.Exec(t.Context(), "INSERT INTO content_persons (content_id, person_id, role) VALUES (?, ?, 'actor')",
				f.byTitle[title].id, f.person); err != nil {
				t.Fatal(err)
			}
		}
		credit("Матрица снов")
		if n := len(f.rowOf(child, "/v2/rows/picks").Persons); n != 0 {
			t.Fatalf("a child sees %d persons of 16+ work", n)
		}
		if n := len(f.rowOf(adult, "/v2/rows/picks").Persons); n != 1 {
			t.Fatalf("an adult sees %d persons", n)
		}
		credit("Лисёнок Тим")
		if n := len(f.rowOf(child, "/v2/rows/picks").Persons); n != 1 {
			t.Fatalf("a child sees %d persons of 0+ work", n)
		}
	})
}

func TestRowsetsMenuAndFilling(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newRowsFixture(t, db)
		ctx := context.Background()
		// A menu page with the spec's id 1000 (hidden for child profiles).
		if _, err := db.Exec(ctx, "INSERT INTO rowsets (id, provider_id, slug, template, title, menu_sort) VALUES (1000, 1, 'my-page', 'contents', 'My', 4)"); err != nil {
			t.Fatal(err)
		}
		if err := catalog.Bump(ctx, db); err != nil {
			t.Fatal(err)
		}
		type menuItem struct {
			ID           int64  `json:"id"`
			Slug         string `json:"slug"`
			URL          string `json:"url"`
			IsMenu       bool   `json:"is_menu"`
			HideForChild bool   `json:"hide_for_child"`
		}
		var menu []menuItem
		f.get("", "/v2/rowsets?type=web", 200).JSON(t, &menu)
		var slugs []string
		for _, m := range menu {
			slugs = append(slugs, m.Slug)
			if m.HideForChild != (m.ID == 1000) {
				t.Fatalf("hide_for_child: %+v", m)
			}
		}
		if !slices.Equal(slugs, []string{"startpage", "help", "kids", "my-page", "archive"}) || menu[0].URL != "/" ||
			menu[1].URL != "/faq" || menu[2].URL != "/kids" || menu[4].IsMenu || !menu[3].IsMenu {
			t.Fatalf("menu: %+v", menu)
		}
		adult := demoToken(t, f.srv)
		child := childToken(t, f.srv)
		f.get(child, "/v2/rowsets?type=mobile300", 200).JSON(t, &menu)
		if len(menu) != 1 || menu[0].Slug != "kids" {
			t.Fatalf("child menu: %+v", menu)
		}

		type rowsetAnswer struct {
			ID   int64       `json:"id"`
			Slug string      `json:"slug"`
			Rows []rowAnswer `json:"rows"`
			SEO  struct {
				Title string `json:"title"`
				H1    string `json:"h1"`
			} `json:"seo"`
		}
		shape := func(rs rowsetAnswer) []string {
			var out []string
			for _, r := range rs.Rows {
				out = append(out, fmt.Sprintf("%s:%v:%d", r.Slug, r.Loaded, len(r.Contents)+len(r.Promotions)+len(r.Channels)+len(r.Persons)+len(r.Histories)))
			}
			return out
		}
		// A guest: no history, so the first four filled rows are picks, all,
		// dramas (westerns is empty and left out) and banners; the rest are
		// headers.
		var rs rowsetAnswer
		f.get("", "/v2/rowsets/startpage", 200).JSON(t, &rs)
		want := []string{"picks:true:6", "all:true:10", "dramas:true:6", "banners:true:6", "cartoons:false:0", "tv:false:0", "my:false:0"}
		if got := shape(rs); !slices.Equal(got, want) || rs.SEO.Title != "Page startpage" || rs.Rows[1].Limit != 21 || rs.Rows[2].Limit != 18 {
			t.Fatalf("startpage:\n got  %v\n want %v", got, want)
		}
		for _, ref := range []string{fmt.Sprint(f.rowset["startpage"]), fmt.Sprintf("startpage-%d", f.rowset["startpage"])} {
			var again rowsetAnswer
			f.get("", "/v2/rowsets/"+ref, 200).JSON(t, &again)
			if again.ID != rs.ID {
				t.Fatalf("%s: %d", ref, again.ID)
			}
		}
		f.get("", "/v2/rowsets/nothing", 404)

		// The subscriber watches a film halfway and keeps a favourite: the
		// continue row comes first and the favourites row lists it.
		matrix := f.byTitle["Матрица снов"].id
		res := f.srv.Do(apitest.Request{Method: "PUT", Path: fmt.Sprintf("/v2/users/self/history/%d", matrix), Token: adult,
			Body: map[string]any{"seconds": 1200, "duration": 6000}})
		if res.Status != 200 {
			t.Fatalf("history: %d %s", res.Status, res.Body)
		}
		res = f.srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/favorites", Token: adult,
			Body: map[string]any{"content_id": f.byTitle["Зимняя сказка"].id}})
		if res.Status != 201 {
			t.Fatalf("favourite: %d %s", res.Status, res.Body)
		}
		f.get(adult, "/v2/rowsets/startpage", 200).JSON(t, &rs)
		want = []string{"continue:true:1", "picks:true:6", "all:true:10", "dramas:true:6", "banners:false:0", "cartoons:false:0", "tv:false:0", "my:false:0"}
		if got := shape(rs); !slices.Equal(got, want) {
			t.Fatalf("startpage of the subscriber:\n got  %v\n want %v", got, want)
		}
		if h := rs.Rows[0].Histories[0]; h.Content.ID != matrix || h.Seconds != 1200 || rs.Rows[0].ContentType != "histories" {
			t.Fatalf("continue: %+v", rs.Rows[0])
		}
		var marked bool
		for _, c := range rs.Rows[2].Contents {
			marked = marked || (c.ID == matrix && c.Histories != nil && c.Histories.WatchPercentage == 20)
		}
		if !marked {
			t.Fatalf("the all row does not mark the film being watched: %+v", rs.Rows[2].Contents)
		}
		if r := f.rowOf(adult, "/v2/rows/my"); !slices.Equal(r.titles(), []string{"Зимняя сказка"}) {
			t.Fatalf("favourites row: %v", r.titles())
		}
		if r := f.rowOf("", "/v2/rows/my"); len(r.Contents) != 0 {
			t.Fatalf("a guest's favourites row: %v", r.titles())
		}
		// Channel rows list the line-up the viewer may see.
		r := f.rowOf(child, "/v2/rows/tv?limit=100")
		if len(r.Channels) == 0 || r.ContentType != "channels" {
			t.Fatalf("tv row: %+v", r)
		}
		var all rowAnswer
		f.get(adult, "/v2/rows/tv?limit=100", 200).JSON(t, &all)
		if len(all.Channels) <= len(r.Channels) {
			t.Fatalf("the child sees %d channels, the adult %d", len(r.Channels), len(all.Channels))
		}
		// Child: the kids page has only what a child may see.
		f.get(child, "/v2/rowsets/kids", 200).JSON(t, &rs)
		for _, c := range rs.Rows[0].Contents {
			if c.Age > 12 {
				t.Fatalf("kids page: %+v", c)
			}
		}
	})
}

func TestFiltersAndNews(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newRowsFixture(t, db)
		type filters struct {
			Genres []struct {
				ID   int64  `json:"id"`
				Name string `json:"name"`
			} `json:"genres"`
			Countries []struct {
				ID int64 `json:"id"`
			} `json:"countries"`
			Years []struct {
				ID       string `json:"id"`
				YearFrom *int   `json:"year_from"`
				YearTo   *int   `json:"year_to"`
			} `json:"years"`
			Ratings []float64 `json:"ratings"`
		}
		var movies filters
		f.get("", "/v2/filters?content_type=movie", 200).JSON(t, &movies)
		var names []string
		for _, g := range movies.Genres {
			names = append(names, g.Name)
		}
		// Only genres movies have, sorted by name; no western, no hidden
		// film's genres beyond the others'.
		if !slices.Equal(names, []string{"Драма", "Комедия", "Мультфильм", "Триллер", "Фантастика"}) {
			t.Fatalf("genres: %v", names)
		}
		var codes []int64
		for _, c := range movies.Countries {
			codes = append(codes, c.ID)
		}
		// By use among movies: RU 3 (fox, dark water, winter), US 2, FR 2, GB 1.
		if !slices.Equal(codes, []int64{643, 250, 840, 826}) {
			t.Fatalf("countries: %v", codes)
		}
		year := time.Now().Year()
		if len(movies.Years) != 12 || movies.Years[0].ID != fmt.Sprintf("%d-%d", year-1, year) || movies.Years[11].YearFrom != nil ||
			!slices.Equal(movies.Ratings, []float64{8, 7, 6}) {
			t.Fatalf("years/ratings: %+v %v", movies.Years, movies.Ratings)
		}
		var series filters
		f.get("", "/v2/filters?content_type=series", 200).JSON(t, &series)
		if len(series.Genres) != 2 {
			t.Fatalf("series genres: %+v", series.Genres)
		}
		child := childToken(t, f.srv)
		var kids filters
		f.get(child, "/v2/filters?content_type=movie", 200).JSON(t, &kids)
		for _, g := range kids.Genres {
			if g.Name == "Триллер" || g.Name == "Фантастика" {
				t.Fatalf("a child is offered %s (only 16+ films have it)", g.Name)
			}
		}
		f.get("", "/v2/filters?content_type=episode", 400)

		type news struct {
			ID          int64  `json:"id"`
			Slug        string `json:"slug"`
			Title       string `json:"title"`
			Body        string `json:"body"`
			PublishedAt int64  `json:"published_at"`
		}
		var list []news
		f.get("", "/v2/news", 200).JSON(t, &list)
		if len(list) != 2 || list[0].Title != "News new" || list[1].Title != "News old" || !sort.SliceIsSorted(list, func(i, j int) bool {
			return list[i].PublishedAt > list[j].PublishedAt
		}) {
			t.Fatalf("news: %+v", list)
		}
		f.get("", "/v2/news?limit=1&offset=1", 200).JSON(t, &list)
		if len(list) != 1 || list[0].Title != "News old" {
			t.Fatalf("news page: %+v", list)
		}
		var one news
		f.get("", "/v2/news/"+list[0].Slug, 200).JSON(t, &one)
		if one.ID != f.news["old"] || one.Slug != fmt.Sprintf("news-old-%d", f.news["old"]) || one.Body != "Para 0.\n\nSecond." {
			t.Fatalf("news item: %+v", one)
		}
		f.get("", fmt.Sprint("/v2/news/", f.news["old"]), 200)
		for _, ref := range []string{fmt.Sprint(f.news["hidden"]), fmt.Sprint(f.news["future"]), "999999", "news"} {
			if res := f.get("", "/v2/news/"+ref, 404); res.ErrorType() != "not_found" {
				t.Fatalf("%s: %s", ref, res.Body)
			}
		}
	})
}
