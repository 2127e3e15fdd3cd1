package demo

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"efir/internal/artwork"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// seedCatalog makes a demo operator with its guide and catalogue.
func seedCatalog(t *testing.T, db *store.DB) time.Duration {
	t.Helper()
	ctx := context.Background()
	if err := Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	if err := EnsureGuide(ctx, db, time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := EnsureCatalog(ctx, db); err != nil {
		t.Fatal(err)
	}
	return time.Since(start)
}

func count(t *testing.T, db *store.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := store.Get(context.Background(), db, query, args, &n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

func TestCatalogPlanDeterministic(t *testing.T) {
	ids := catIDs{Library: 1, Genre: 1, Content: 1, Person: 1, Trailer: 1, Row: 1, Rowset: 1, Promotion: 1, News: 1}
	a, b := planCatalog(catalogSeed, ids), planCatalog(catalogSeed, ids)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("the same seed gave two different catalogues")
	}
	c := planCatalog(catalogSeed+1, ids)
	if reflect.DeepEqual(a.Contents, c.Contents) {
		t.Error("another seed gave the same contents")
	}
}

func TestCatalogSeed(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		took := seedCatalog(t, db)
		t.Logf("catalogue seeded in %v", took)
		ctx := context.Background()
		byType := func(typ string) int {
			return count(t, db, "SELECT COUNT(*) FROM contents WHERE provider_id = 1 AND content_type = ?", typ)
		}
		if n := byType("movie"); n != 150 {
			t.Errorf("%d films, want 150", n)
		}
		if n := byType("series"); n != 30 {
			t.Errorf("%d series, want 30", n)
		}
		if n := byType("program"); n != 30 {
			t.Errorf("%d programmes, want 30", n)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM persons WHERE provider_id = 1"); n != 200 {
			t.Errorf("%d persons, want 200", n)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM news WHERE provider_id = 1"); n < 10 || n > 15 {
			t.Errorf("%d news", n)
		}
		// Seasons: 2-4 per series, 6-10 episodes each.
		rows, err := db.Query(ctx, `SELECT s.id, (SELECT COUNT(*) FROM contents x WHERE x.parent_id = s.id AND x.content_type = 'season')
			FROM contents s WHERE s.content_type = 'series'`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id int64
			var n int
			if err := rows.Scan(&id, &n); err != nil {
				t.Fatal(err)
			}
			if n < 2 || n > 4 {
				t.Errorf("series %d has %d seasons", id, n)
			}
		}
		rows.Close()
		if n := count(t, db, `SELECT COUNT(*) FROM contents s WHERE s.content_type = 'season' AND
			(SELECT COUNT(*) FROM contents e WHERE e.parent_id = s.id AND e.content_type = 'episode') NOT BETWEEN 6 AND 10`); n != 0 {
			t.Errorf("%d seasons with fewer than 6 or more than 10 episodes", n)
		}
		// Every playable content plays a demo asset.
		if n := count(t, db, `SELECT COUNT(*) FROM contents WHERE content_type IN ('movie', 'episode', 'program')
			AND (asset NOT IN ('ch01', 'ch02', 'ch03', 'ch04', 'ch05', 'ch06', 'ch07', 'ch08') OR duration < 600)`); n != 0 {
			t.Errorf("%d playable contents without a demo asset or a realistic duration", n)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM trailers WHERE asset NOT LIKE 'ch0%'"); n != 0 {
			t.Errorf("%d trailers without a demo asset", n)
		}
		// Ranges of the data.
		if n := count(t, db, `SELECT COUNT(*) FROM contents WHERE content_type IN ('movie', 'series', 'program') AND
			(year < 1975 OR year > 2026 OR age NOT IN (0, 6, 12, 16, 18) OR rating_imdb < 4 OR rating_imdb > 9.3)`); n != 0 {
			t.Errorf("%d contents out of the ranges", n)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM contents WHERE content_type = 'movie' AND age = 18"); n < 2 || n > 5 {
			t.Errorf("%d films for 18+, want a few", n)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM contents WHERE content_type = 'movie' AND LENGTH(description) > 600"); n < 10 {
			t.Errorf("only %d films with descriptions over 600 characters", n)
		}
		// Persons: every one in some content, most in two or more.
		if n := count(t, db, "SELECT COUNT(*) FROM persons p WHERE NOT EXISTS (SELECT 1 FROM content_persons cp WHERE cp.person_id = p.id)"); n != 0 {
			t.Errorf("%d persons in no content", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM persons p WHERE (SELECT COUNT(DISTINCT content_id) FROM content_persons cp
			WHERE cp.person_id = p.id) >= 2`); n < 120 {
			t.Errorf("only %d persons in two or more contents", n)
		}
		// Programmes are linked to the guide both ways, with catch-up.
		if n := count(t, db, `SELECT COUNT(*) FROM contents c JOIN programs p ON p.id = c.program_id AND p.content_id = c.id
			WHERE c.content_type = 'program'`); n != 30 {
			t.Errorf("%d programmes linked to the guide", n)
		}
		if n := count(t, db, `SELECT COUNT(DISTINCT content_id) FROM schedule WHERE content_id IS NOT NULL`); n != 30 {
			t.Errorf("%d programmes have schedule entries", n)
		}
		// Libraries: the premium packet sells the premium one.
		if n := count(t, db, `SELECT COUNT(*) FROM packet_libraries pl JOIN packets p ON p.id = pl.packet_id
			JOIN libraries l ON l.id = pl.library_id WHERE p.short = 'premium-1' AND l.slug = 'premium' AND NOT l.is_free`); n != 1 {
			t.Error("the premium packet does not sell the premium library")
		}
		free := count(t, db, `SELECT COUNT(*) FROM contents c JOIN libraries l ON l.id = c.library_id WHERE c.content_type = 'movie' AND l.is_free`)
		if free < 20 || free > 75 {
			t.Errorf("%d free films of 150: most should be premium", free)
		}
		// Genre rows.
		if n := count(t, db, `SELECT COUNT(*) FROM genres g JOIN rows r ON r.id = g.row_id AND r.slug = g.slug
			WHERE r.source = 'query'`); n != count(t, db, "SELECT COUNT(*) FROM genres") {
			t.Error("a genre without its row")
		}
		// Idempotent: the second call adds nothing.
		if err := EnsureCatalog(ctx, db); err != nil {
			t.Fatal(err)
		}
		if n := byType("movie"); n != 150 {
			t.Errorf("second run: %d films", n)
		}
		var version string
		if err := store.Get(ctx, db, "SELECT value FROM settings WHERE name = 'catalog_version'", nil, &version); err != nil || version == "" {
			t.Errorf("catalog_version: %q, %v", version, err)
		}
	})
}

// fixedContent is what the tests of other areas rely on.
func TestCatalogFixedTitles(t *testing.T) {
	db := storetest.SQLite(t)
	seedCatalog(t, db)
	ctx := context.Background()
	type film struct {
		original           string
		year, age          int
		typ, slug, library string
		cartoon            bool
	}
	get := func(title string) film {
		var f film
		if err := store.Get(ctx, db, `SELECT c.original_title, c.year, c.age, c.content_type, c.slug, l.slug, c.is_cartoon
			FROM contents c JOIN libraries l ON l.id = c.library_id WHERE c.title = ? AND c.parent_id IS NULL`, []any{title},
			&f.original, &f.year, &f.age, &f.typ, &f.slug, &f.library, &f.cartoon); err != nil {
			t.Fatalf("%s: %v", title, err)
		}
		return f
	}
	if f := get("Матрица снов"); f.original != "Matrix of Dreams" || f.year != 2019 || f.age != 16 || f.typ != "movie" ||
		f.slug != "matrica-snov" {
		t.Errorf("Матрица снов: %+v", f)
	}
	if f := get("Лисёнок Тим"); f.age != 0 || !f.cartoon || f.library != "free" || f.typ != "movie" {
		t.Errorf("Лисёнок Тим: %+v", f)
	}
	if f := get("Ночной клуб"); f.age != 18 || f.typ != "movie" {
		t.Errorf("Ночной клуб: %+v", f)
	}
	if f := get("Тёмная вода"); f.age != 16 || f.typ != "movie" {
		t.Errorf("Тёмная вода: %+v", f)
	}
	if f := get("Северный ветер"); f.typ != "series" || f.library != "free" || f.slug != "severnyj-veter" {
		t.Errorf("Северный ветер: %+v", f)
	}
	for _, c := range []struct{ cond, title string }{
		{"is_lost", lostFilm}, {"is_hidden", hiddenFilm}, {"is_announcement", announcedFilm},
	} {
		if n := count(t, db, "SELECT COUNT(*) FROM contents WHERE "+c.cond+" AND content_type = 'movie'"); n != 1 {
			t.Errorf("%d films with %s, want 1", n, c.cond)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM contents WHERE "+c.cond+" AND title = ?", c.title); n != 1 {
			t.Errorf("%s is not %s", c.title, c.cond)
		}
	}
	var seasons []int
	rows, err := db.Query(ctx, `SELECT (SELECT COUNT(*) FROM contents e WHERE e.parent_id = s.id) FROM contents s
		JOIN contents top ON top.id = s.parent_id WHERE top.title = 'Северный ветер' ORDER BY s.season`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var n int
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		seasons = append(seasons, n)
	}
	rows.Close()
	if len(seasons) != 3 || seasons[1] != 8 {
		t.Errorf("Северный ветер: episodes per season %v, want 3 seasons with 8 in the second", seasons)
	}
}

// rowItemsOf lists a row's items of one kind.
func rowItemsOf(t *testing.T, db *store.DB, rowID int64, kind string) []int64 {
	t.Helper()
	rows, err := db.Query(context.Background(), "SELECT object_id FROM row_items WHERE row_id = ? AND kind = ? ORDER BY sort", rowID, kind)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		out = append(out, id)
	}
	return out
}

type rowInfo struct {
	id                            int64
	slug, template, source, query string
}

func rowsetRows(t *testing.T, db *store.DB, slug string) []rowInfo {
	t.Helper()
	rows, err := db.Query(context.Background(), `SELECT r.id, r.slug, r.template, r.source, r.query FROM rowset_rows rr
		JOIN rows r ON r.id = rr.row_id JOIN rowsets s ON s.id = rr.rowset_id WHERE s.slug = ? ORDER BY rr.sort`, slug)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []rowInfo
	for rows.Next() {
		var r rowInfo
		if err := rows.Scan(&r.id, &r.slug, &r.template, &r.source, &r.query); err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

func TestCatalogRowsets(t *testing.T) {
	db := storetest.SQLite(t)
	seedCatalog(t, db)
	ctx := context.Background()

	start := rowsetRows(t, db, "startpage")
	if len(start) < 14 {
		t.Errorf("the start page has %d rows, want at least 14", len(start))
	}
	templates := map[string]bool{}
	for _, r := range start {
		templates[r.template] = true
	}
	for _, want := range []string{"content-v", "content-h", "history-h", "history", "channel", "channels", "person",
		"collection-v", "button", "branded_button", "promo-bg", "promo-wide", "packet_promo", "packet_promo_base", "donate_packs"} {
		if !templates[want] {
			t.Errorf("the start page has no %s row", want)
		}
	}
	// Every promotion destination type is used, and each leads somewhere.
	dests := map[string]bool{}
	rows, err := db.Query(ctx, "SELECT dest_type, dest_id, dest_slug, dest_src, dest_title FROM promotions WHERE provider_id = 1")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var typ, slug, src, title string
		var id *int64
		if err := rows.Scan(&typ, &id, &slug, &src, &title); err != nil {
			t.Fatal(err)
		}
		dests[typ] = true
		switch typ {
		case "content", "row", "packet", "rowset", "channel":
			if id == nil {
				t.Errorf("a %s promotion without dest_id", typ)
			}
		case "open_url":
			if src == "" {
				t.Error("an open_url promotion without dest_src")
			}
		case "text":
			if title == "" {
				t.Error("a text promotion without dest_title")
			}
		}
	}
	rows.Close()
	for _, want := range []string{"content", "row", "rowset", "channel", "packet", "open_url", "text", "enter_promo_key", "last_channel"} {
		if !dests[want] {
			t.Errorf("no promotion leads to %s", want)
		}
	}
	slider := start[0]
	if slider.template != "promo-bg" || len(rowItemsOf(t, db, slider.id, "promotion")) < 4 {
		t.Errorf("the start page opens with %+v", slider)
	}
	// The slider shows the spec's graphic title: the first content banners
	// carry their drawn title with its size, the others their text.
	logos := 0
	for _, id := range rowItemsOf(t, db, slider.id, "promotion") {
		var src, dest string
		var w, h int
		if err := store.Get(ctx, db, `SELECT graphic_title, graphic_title_width, graphic_title_height, dest_type
			FROM promotions WHERE id = ?`, []any{id}, &src, &w, &h, &dest); err != nil {
			t.Fatal(err)
		}
		if src == "" {
			continue
		}
		logos++
		if src != artwork.TitleURL(id) || w <= 0 || h <= 0 || w > 420 || dest != "content" {
			t.Errorf("promotion %d: graphic title %q %dx%d (%s)", id, src, w, h, dest)
		}
	}
	if logos == 0 {
		t.Error("no promo-bg banner has a graphic title")
	}

	// The header menu.
	menu, err := idMap(ctx, db, "SELECT menu_sort, slug || ':' || template FROM rowsets WHERE provider_id = 1 AND menu_sort > 0")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"startpage:startpage", "channels:tvchannels", "movies:contents", "series:contents",
		"kids:contents", "help:outer_link", "catalog:group.catalog"} {
		if _, ok := menu[want]; !ok {
			t.Errorf("no menu page %s in %v", want, menu)
		}
	}
	if n := count(t, db, "SELECT COUNT(*) FROM rowsets WHERE slug = 'help' AND url = '/faq'"); n != 1 {
		t.Error("the outer link page does not go to /faq")
	}

	// Kids: only contents for 12 and under, in items and in query rows.
	for _, r := range rowsetRows(t, db, "kids") {
		for _, id := range rowItemsOf(t, db, r.id, "content") {
			if age := count(t, db, "SELECT age FROM contents WHERE id = ?", id); age > 12 {
				t.Errorf("kids row %s holds content %d for %d+", r.slug, id, age)
			}
		}
		if r.source == "query" {
			var q map[string]any
			if err := json.Unmarshal([]byte(r.query), &q); err != nil {
				t.Fatal(err)
			}
			where, args := "c.provider_id = 1 AND c.is_hidden = FALSE AND c.content_type IN ('movie', 'series', 'program')", []any{}
			if v, ok := q["cartoon"]; ok {
				where += " AND c.is_cartoon = ?"
				args = append(args, v)
			}
			if v, ok := q["genre"]; ok {
				where += " AND EXISTS (SELECT 1 FROM content_genres g WHERE g.content_id = c.id AND g.genre_id = ?)"
				args = append(args, int64(v.(float64)))
			}
			if len(args) == 0 {
				t.Errorf("kids row %s has an open query %s", r.slug, r.query)
				continue
			}
			if n := count(t, db, "SELECT COUNT(*) FROM contents c WHERE "+where+" AND c.age > 12", args...); n != 0 {
				t.Errorf("kids row %s (%s) lists %d contents over 12", r.slug, r.query, n)
			}
		}
		if r.template == "promo-bg" {
			for _, id := range rowItemsOf(t, db, r.id, "promotion") {
				if age := count(t, db, "SELECT age FROM promotions WHERE id = ?", id); age > 12 {
					t.Errorf("kids promotion %d for %d+", id, age)
				}
			}
		}
	}
	if n := count(t, db, "SELECT COUNT(*) FROM rowsets WHERE slug = 'kids' AND for_kids"); n != 1 {
		t.Error("the kids page is not marked for kids")
	}

	// /newyear's rows.
	for i := 1; i <= 5; i++ {
		slug := "newyear-" + string(rune('0'+i))
		if n := count(t, db, "SELECT COUNT(*) FROM rows WHERE provider_id = 1 AND slug = ?", slug); n != 1 {
			t.Errorf("no row %s", slug)
		}
	}
	// Every items row has items.
	var empty []string
	rs, err := db.Query(ctx, `SELECT slug FROM rows r WHERE source = 'items' AND NOT EXISTS (SELECT 1 FROM row_items i WHERE i.row_id = r.id)`)
	if err != nil {
		t.Fatal(err)
	}
	for rs.Next() {
		var s string
		_ = rs.Scan(&s)
		empty = append(empty, s)
	}
	rs.Close()
	if len(empty) > 0 {
		t.Errorf("item rows without items: %v", empty)
	}
	// Rows of a rowset are unique per provider by slug and every rowset
	// row exists.
	if n := count(t, db, "SELECT COUNT(*) FROM rowset_rows rr WHERE NOT EXISTS (SELECT 1 FROM rows r WHERE r.id = rr.row_id)"); n != 0 {
		t.Errorf("%d rowset rows point nowhere", n)
	}
}

// TestCatalogSameData: two databases seeded apart hold the same catalogue.
func TestCatalogSameData(t *testing.T) {
	dump := func() []string {
		db := storetest.SQLite(t)
		seedCatalog(t, db)
		rows, err := db.Query(context.Background(), `SELECT id || '|' || slug || '|' || title || '|' || year || '|' || age || '|' ||
			rating_imdb || '|' || COALESCE(library_id, 0) || '|' || description FROM contents ORDER BY id`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				t.Fatal(err)
			}
			out = append(out, s)
		}
		return out
	}
	a, b := dump(), dump()
	if !slices.Equal(a, b) {
		t.Error("two seeds differ")
	}
}

// TestCatalogLeavesOthersAlone: no demo operator, or an operator's own
// catalogue, and nothing is written.
func TestCatalogLeavesOthersAlone(t *testing.T) {
	ctx := context.Background()
	db := storetest.SQLite(t)
	if err := EnsureCatalog(ctx, db); err != nil {
		t.Fatal(err)
	}
	if n := count(t, db, "SELECT COUNT(*) FROM contents"); n != 0 {
		t.Errorf("%d contents without a demo operator", n)
	}
	if err := Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(ctx, "INSERT INTO rowsets (provider_id, slug, template, title) VALUES (1, 'startpage', 'startpage', 'Своя')"); err != nil {
		t.Fatal(err)
	}
	if err := EnsureCatalog(ctx, db); err != nil {
		t.Fatal(err)
	}
	if n := count(t, db, "SELECT COUNT(*) FROM contents"); n != 0 {
		t.Errorf("%d demo contents over the operator's catalogue", n)
	}
}

func TestCatalogUpgradeFromPlan1(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		seedCatalog(t, db)
		ctx := context.Background()
		art := func() string {
			return fmt.Sprintf("%d icons, %d titles, %d badges", count(t, db, "SELECT COUNT(*) FROM promotions WHERE btn_icon <> ''"),
				count(t, db, "SELECT COUNT(*) FROM promotions WHERE graphic_title <> ''"),
				count(t, db, "SELECT COUNT(*) FROM promotions WHERE is_4k OR is_hd"))
		}
		want := art()
		if want == "0 icons, 0 titles, 0 badges" {
			t.Fatal("the demo has no promotion art")
		}
		// A database seeded by plan 1: no art, the old version mark.
		if _, err := db.Exec(ctx, `UPDATE promotions SET btn_icon = '', btn_icon_focused = '', graphic_title = '',
			graphic_title_width = 0, graphic_title_height = 0, is_4k = ?, is_hd = ?`, false, false); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(ctx, "UPDATE settings SET value = '1' WHERE name = 'demo_catalog'"); err != nil {
			t.Fatal(err)
		}
		before := count(t, db, "SELECT CAST(value AS INTEGER) FROM settings WHERE name = 'catalog_version'")
		if err := EnsureCatalog(ctx, db); err != nil {
			t.Fatal(err)
		}
		if got := art(); got != want {
			t.Errorf("after the upgrade: %s, want %s", got, want)
		}
		if n := count(t, db, "SELECT CAST(value AS INTEGER) FROM settings WHERE name = 'catalog_version'"); n != before+1 {
			t.Errorf("catalog_version %d, want %d", n, before+1)
		}
		// Once only.
		if err := EnsureCatalog(ctx, db); err != nil {
			t.Fatal(err)
		}
		if n := count(t, db, "SELECT CAST(value AS INTEGER) FROM settings WHERE name = 'catalog_version'"); n != before+1 {
			t.Errorf("upgraded twice: catalog_version %d", n)
		}
	})
}
