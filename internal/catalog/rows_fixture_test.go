package catalog_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/catalog"
	"efir/internal/store"
)

// The catalogue of the rows tests (provider 1, whatever the demo put there
// removed): twelve contents of every top-level type (one hidden, one lost),
// a season and an episode, genres, countries, a person, promotions leading
// to packets (one the demo user has), contents, a link and an 18+ text,
// query, item, history, favourite and channel rows, rowsets (a start page,
// a kids page, a page out of the menu, an outer link) and news (one hidden,
// one not yet published).

// film is a fixture content; its index in rowsFixture.films is its number.
type film struct {
	title, typ string
	year, age  int
	rating     float64 // kinopoisk
	pop        int
	genres     []string
	countries  []int64
	cartoon    bool
	hidden     bool
	lost       bool
	id         int64
}

type rowsFixture struct {
	t       *testing.T
	srv     *apitest.Server
	db      *store.DB
	films   []*film
	byTitle map[string]*film
	genre   map[string]int64
	row     map[string]int64
	rowset  map[string]int64
	promo   map[string]int64
	person  int64
	news    map[string]int64
	owned   int64 // a packet the demo user has
	channel int64 // a demo channel for item rows
}

var fixtureFilms = []*film{
	{title: "Матрица снов", typ: "movie", year: 2019, age: 16, rating: 8.1, pop: 900, genres: []string{"scifi", "drama"}, countries: []int64{840}},
	{title: "Лисёнок Тим", typ: "movie", year: 2021, age: 0, rating: 7.2, pop: 800, genres: []string{"cartoon", "comedy"}, countries: []int64{643}, cartoon: true},
	{title: "Ночной клуб", typ: "movie", year: 2015, age: 18, rating: 6.1, pop: 700, genres: []string{"drama"}, countries: []int64{250}},
	{title: "Тёмная вода", typ: "movie", year: 2008, age: 16, rating: 7.7, pop: 600, genres: []string{"drama", "thriller"}, countries: []int64{643, 250}},
	{title: "Северный ветер", typ: "series", year: 2022, age: 12, rating: 8.4, pop: 850, genres: []string{"drama"}, countries: []int64{643}},
	{title: "Весёлые старты", typ: "program", year: 2024, age: 6, rating: 0, pop: 300, genres: []string{"comedy"}, countries: []int64{643}},
	{title: "Старый маяк", typ: "movie", year: 1975, age: 12, rating: 7.9, pop: 200, genres: []string{"drama"}, countries: []int64{826}},
	{title: "Город огней", typ: "movie", year: 1999, age: 6, rating: 6.8, pop: 500, genres: []string{"comedy", "drama"}, countries: []int64{840}},
	{title: "Космос рядом", typ: "series", year: 2020, age: 6, rating: 7.0, pop: 450, genres: []string{"scifi"}, countries: []int64{840, 643}},
	{title: "Зимняя сказка", typ: "movie", year: 2023, age: 0, rating: 8.0, pop: 650, genres: []string{"cartoon"}, countries: []int64{643}, cartoon: true},
	{title: "Скрытый фильм", typ: "movie", year: 2020, age: 0, rating: 9.9, pop: 9999, genres: []string{"drama"}, hidden: true},
	{title: "Пропавший фильм", typ: "movie", year: 2020, age: 0, rating: 9.9, pop: 9998, genres: []string{"drama"}, lost: true},
}

func newRowsFixture(t *testing.T, db *store.DB) *rowsFixture {
	t.Helper()
	ctx := context.Background()
	f := &rowsFixture{t: t, db: db, srv: apitest.New(t, db), byTitle: map[string]*film{}, genre: map[string]int64{},
		row: map[string]int64{}, rowset: map[string]int64{}, promo: map[string]int64{}, news: map[string]int64{}}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := db.Exec(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	ins := func(q string, args ...any) int64 {
		t.Helper()
		id, err := store.InsertID(ctx, db, q+" RETURNING id", args...)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return id
	}
	// Only this catalogue: whatever the demo put in provider 1 goes.
	for _, table := range []string{"rowsets", "rows", "promotions", "news", "contents", "genres", "persons", "libraries"} {
		exec("DELETE FROM " + table + " WHERE provider_id = 1")
	}
	lib := ins("INSERT INTO libraries (provider_id, slug, name, is_free) VALUES (1, 'fx-free', 'Free', TRUE)")
	for i, g := range []struct{ slug, name string }{{"drama", "Драма"}, {"comedy", "Комедия"}, {"scifi", "Фантастика"},
		{"cartoon", "Мультфильм"}, {"thriller", "Триллер"}, {"western", "Вестерн"}} {
		f.genre[g.slug] = ins("INSERT INTO genres (provider_id, slug, name, name_en, sort) VALUES (1, ?, ?, ?, ?)", g.slug, g.name, g.slug, i)
	}
	for i, src := range fixtureFilms {
		c := *src
		f.films = append(f.films, &c)
		f.byTitle[c.title] = &c
		c.id = ins(`INSERT INTO contents (provider_id, library_id, content_type, slug, title, original_title, year, age,
			rating_kinopoisk, rating_imdb, popularity, main_genre_id, is_cartoon, is_hidden, is_lost, created_at)
			VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, 5.5, ?, ?, ?, ?, ?, ?)`, lib, c.typ, fmt.Sprintf("film-%d", i), c.title,
			"Original "+c.title, c.year, c.age, c.rating, c.pop, f.genre[c.genres[0]], c.cartoon, c.hidden, c.lost, 1000+i)
		for k, g := range c.genres {
			exec("INSERT INTO content_genres (content_id, genre_id, sort) VALUES (?, ?, ?)", c.id, f.genre[g], k)
		}
		for k, country := range c.countries {
			exec("INSERT INTO content_countries (content_id, country_id, sort) VALUES (?, ?, ?)", c.id, country, k)
		}
	}
	// A season and an episode of the series: never listed on their own.
	wind := f.byTitle["Северный ветер"].id
	season := ins("INSERT INTO contents (provider_id, parent_id, content_type, slug, title, season, popularity) VALUES (1, ?, 'season', 's1', 'Сезон 1', 1, 5000)", wind)
	ins("INSERT INTO contents (provider_id, parent_id, content_type, slug, title, season, series, duration, asset, popularity) VALUES (1, ?, 'episode', 'e1', 'Серия 1', 1, 1, 1200, 'ch01', 5000)", season)
	f.person = ins("INSERT INTO persons (provider_id, slug, name) VALUES (1, 'anna-petrova', 'Анна Петрова')")

	if err := store.Get(ctx, db, "SELECT id FROM channels WHERE provider_id = 1 AND is_hidden = ? AND is_4k = ? AND age <= 12 ORDER BY number LIMIT 1",
		[]any{false, false}, &f.channel); err != nil {
		t.Fatal(err)
	}
	var demoUser int64
	if err := store.Get(ctx, db, "SELECT id FROM users WHERE username = 'demo'", nil, &demoUser); err != nil {
		t.Fatal(err)
	}
	f.owned = ins("INSERT INTO packets (provider_id, name, price, currency) VALUES (1, 'Owned', 100, 'RUB')")
	other := ins("INSERT INTO packets (provider_id, name, price, currency) VALUES (1, 'Other', 100, 'RUB')")
	exec("INSERT INTO subscriptions (user_id, packet_id, start_at, end_at, created_at) VALUES (?, ?, 0, 0, 0)", demoUser, f.owned)

	promo := func(name, destType string, destID any, age int) {
		f.promo[name] = ins(`INSERT INTO promotions (provider_id, name, title, dest_type, dest_id, age) VALUES (1, ?, ?, ?, ?, ?)`,
			name, "Promo "+name, destType, destID, age)
	}
	promo("owned", "packet", f.owned, 0)
	promo("other", "packet", other, 0)
	promo("matrix", "content", f.byTitle["Матрица снов"].id, 0)
	promo("fox", "content", f.byTitle["Лисёнок Тим"].id, 0)
	promo("link", "open_url", nil, 0)
	promo("adult", "text", nil, 18)
	exec(`UPDATE promotions SET is_4k = ?, graphic_title = '/t/link.svg', graphic_title_width = 300, graphic_title_height = 80,
		btn_icon = '/i/link.svg' WHERE id = ?`, true, f.promo["link"])

	row := func(slug, template, source, query string) {
		f.row[slug] = ins("INSERT INTO rows (provider_id, slug, title, template, source, query) VALUES (1, ?, ?, ?, ?, ?)",
			slug, "Row "+slug, template, source, query)
	}
	row("all", "content-v", "query", `{}`)
	row("movies", "content-v", "query", `{"content_type": "movie"}`)
	row("dramas", "content-h", "query", `{"genre": "drama", "order": "rating"}`)
	row("cartoons", "content-v", "query", `{"cartoon": true}`)
	row("westerns", "content-v", "query", `{"genre": "western"}`)
	row("continue", "history-h", "history", `{}`)
	row("my", "content-v", "favorites", `{}`)
	row("tv", "channel", "channels", `{}`)
	row("banners", "promo-wide", "items", `{}`)
	row("picks", "content-v", "items", `{}`)
	item := func(rowSlug, kind string, id int64, sort int) {
		exec("INSERT INTO row_items (row_id, kind, object_id, sort) VALUES (?, ?, ?, ?)", f.row[rowSlug], kind, id, sort)
	}
	for i, p := range []string{"owned", "other", "matrix", "fox", "link", "adult"} {
		item("banners", "promotion", f.promo[p], i)
	}
	for i, t := range []string{"Матрица снов", "Скрытый фильм", "Лисёнок Тим", "Северный ветер"} {
		item("picks", "content", f.byTitle[t].id, i)
	}
	item("picks", "person", f.person, 10)
	item("picks", "channel", f.channel, 11)
	item("picks", "promotion", f.promo["fox"], 12)

	rowset := func(slug, template string, menu int, kids bool, rows ...string) {
		id := ins("INSERT INTO rowsets (provider_id, slug, template, title, menu_sort, for_kids) VALUES (1, ?, ?, ?, ?, ?)",
			slug, template, "Page "+slug, menu, kids)
		f.rowset[slug] = id
		for i, r := range rows {
			exec("INSERT INTO rowset_rows (rowset_id, row_id, sort) VALUES (?, ?, ?)", id, f.row[r], i)
		}
	}
	rowset("startpage", "startpage", 1, false, "continue", "picks", "all", "westerns", "dramas", "banners", "cartoons", "tv", "my")
	rowset("kids", "contents", 3, true, "cartoons")
	rowset("archive", "contents", 0, false, "movies")
	rowset("help", "outer_link", 2, false)
	exec("UPDATE rowsets SET url = '/faq' WHERE slug = 'help'")

	now := time.Now().Unix()
	for i, n := range []struct {
		name   string
		at     int64
		hidden bool
	}{{"old", now - 7200, false}, {"new", now - 3600, false}, {"hidden", now - 100, true}, {"future", now + 86400, false}} {
		f.news[n.name] = ins("INSERT INTO news (provider_id, slug, title, lead, body, published_at, is_hidden) VALUES (1, ?, ?, 'Lead', ?, ?, ?)",
			"news-"+n.name, "News "+n.name, fmt.Sprintf("Para %d.\r\n\r\nSecond.", i), n.at, n.hidden)
	}
	if err := catalog.Bump(ctx, db); err != nil {
		t.Fatal(err)
	}
	return f
}

// The wire shapes the tests read.
type rowAnswer struct {
	ID          int64  `json:"id"`
	Slug        string `json:"slug"`
	Template    string `json:"template"`
	ContentType string `json:"content_type"`
	MoreCount   int    `json:"more_count"`
	Limit       int    `json:"limit"`
	Offset      int    `json:"offset"`
	Loaded      bool   `json:"loaded"`
	Contents    []struct {
		ID        int64 `json:"id"`
		Title     string
		Age       int
		Histories *struct {
			WatchPercentage int `json:"watch_percentage"`
		} `json:"histories"`
	} `json:"contents"`
	Channels []struct {
		ID int64 `json:"id"`
	} `json:"channels"`
	Promotions []struct {
		ID          int64 `json:"id"`
		Name        string
		Year        int
		Destination struct {
			Type string
			Slug string
		}
		Is4K             bool                     `json:"is_4k"`
		IsHD             bool                     `json:"is_hd"`
		GraphicTitle     *catalog.ScaledImageJSON `json:"graphic_title"`
		UnfocusedBtnIcon *catalog.ScaledImageJSON `json:"unfocused_btn_icon"`
		FocusedBtnIcon   *catalog.ScaledImageJSON `json:"focused_btn_icon"`
	} `json:"promotions"`
	Histories []struct {
		Content struct {
			ID int64 `json:"id"`
		} `json:"content"`
		Seconds int `json:"seconds"`
	} `json:"histories"`
	Persons []struct {
		ID   int64  `json:"id"`
		Slug string `json:"slug"`
	} `json:"persons"`
}

func (r rowAnswer) titles() []string {
	out := []string{}
	for _, c := range r.Contents {
		out = append(out, c.Title)
	}
	return out
}

func (f *rowsFixture) get(token, path string, status int) *apitest.Response {
	f.t.Helper()
	res := f.srv.Do(apitest.Request{Method: "GET", Path: path, Token: token})
	if res.Status != status {
		f.t.Fatalf("GET %s: %d, want %d: %.400s", path, res.Status, status, res.Body)
	}
	return res
}

func (f *rowsFixture) rowOf(token, path string) rowAnswer {
	f.t.Helper()
	var r rowAnswer
	f.get(token, path, 200).JSON(f.t, &r)
	return r
}

// expect lists the titles of the fixture films that pass keep, listable
// ones only, ordered by less (popularity when nil).
func (f *rowsFixture) expect(keep func(*film) bool, less func(a, b *film) int) []string {
	var list []*film
	for _, c := range f.films {
		if !c.hidden && !c.lost && keep(c) {
			list = append(list, c)
		}
	}
	slices.SortStableFunc(list, func(a, b *film) int { return b.pop - a.pop })
	if less != nil {
		slices.SortStableFunc(list, less)
	}
	out := []string{}
	for _, c := range list {
		out = append(out, c.title)
	}
	return out
}

func has(list []string, s string) bool { return slices.Contains(list, s) }

func hasGenre(c *film, g ...string) bool {
	for _, x := range c.genres {
		if slices.Contains(g, x) {
			return true
		}
	}
	return false
}

// demoToken signs the demo user in on a device.
func demoToken(t *testing.T, srv *apitest.Server) string {
	t.Helper()
	return srv.SignIn(t, "demo", "efir24", fmt.Sprint("rows-test-", time.Now().UnixNano()))
}

// childToken signs the demo user in on another device and switches it to a
// new child profile.
func childToken(t *testing.T, srv *apitest.Server) string {
	t.Helper()
	tok := demoToken(t, srv)
	srv.ChildProfile(t, tok, "Kid")
	return tok
}
