package catalog

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"efir/internal/catalog/catalogtest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// The list index answers what the equivalent SQL answers: same ids, same
// order, same count, on a bulk catalogue, on both databases.
func TestListIndexMatchesSQL(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		cat, err := catalogtest.Bulk(ctx, db, 1, 3000)
		if err != nil {
			t.Fatal(err)
		}
		svc := New(db, nil, Config{})
		x, err := svc.listIndexOf(ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		tax, err := svc.taxonomy(ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		g0, g1 := cat.Genres[0], cat.Genres[3]
		cases := []struct {
			name   string
			f      rowFilter
			child  bool
			where  string
			args   []any
			order  string
			offset int
		}{
			{name: "all", order: "c.popularity DESC, c.id DESC"},
			{name: "deep", order: "c.popularity DESC, c.id DESC", offset: 2000},
			{name: "genre+year+rating", f: rowFilter{genres: []string{g0.Slug}, yearFrom: 2000, yearTo: 2019, ratingFrom: 7},
				where: "EXISTS (SELECT 1 FROM content_genres g WHERE g.content_id = c.id AND g.genre_id = ?) AND c.year BETWEEN 2000 AND 2019 AND " +
					"(CASE WHEN c.rating_kinopoisk > 0 THEN c.rating_kinopoisk ELSE c.rating_imdb END) >= 7",
				args: []any{g0.ID}, order: "c.popularity DESC, c.id DESC"},
			{name: "two genres, series", f: rowFilter{genres: []string{fmt.Sprint(g0.ID), g1.Slug}, types: []string{"series"}},
				where: "EXISTS (SELECT 1 FROM content_genres g WHERE g.content_id = c.id AND g.genre_id IN (?, ?)) AND c.content_type = 'series'",
				args:  []any{g0.ID, g1.ID}, order: "c.popularity DESC, c.id DESC"},
			{name: "main genre, child", f: rowFilter{mainGenres: []string{g1.Slug}}, child: true,
				where: "c.main_genre_id = ? AND c.age <= 12", args: []any{g1.ID}, order: "c.popularity DESC, c.id DESC"},
			{name: "country, by year", f: rowFilter{countries: []int64{643, 250}, mode: modeYear},
				where: "EXISTS (SELECT 1 FROM content_countries k WHERE k.content_id = c.id AND k.country_id IN (643, 250))",
				order: "c.year DESC, c.popularity DESC, c.id DESC", offset: 30},
			{name: "library, by rating", f: rowFilter{libraryID: cat.FreeLibrary, mode: modeRating},
				where: "c.library_id = ?", args: []any{cat.FreeLibrary},
				order: "(CASE WHEN c.rating_kinopoisk > 0 THEN c.rating_kinopoisk ELSE c.rating_imdb END) DESC, c.popularity DESC, c.id DESC"},
			{name: "new", f: rowFilter{mode: modeNew, types: []string{"movie", "program"}},
				where: "c.content_type IN ('movie', 'program')", order: "c.created_at DESC, c.popularity DESC, c.id DESC"},
			{name: "text", f: rowFilter{text: foldText("СЕВЕРНЫЙ")}, where: "c.title LIKE 'Северный%'", order: "c.popularity DESC, c.id DESC"},
			{name: "text in the original title", f: rowFilter{text: foldText("Northern Wind")}, where: "c.original_title LIKE 'Northern Wind%'",
				order: "c.popularity DESC, c.id DESC"},
			{name: "cartoons", f: rowFilter{cartoon: new(true)}, where: "c.is_cartoon = ?", args: []any{true},
				order: "c.popularity DESC, c.id DESC"},
			{name: "rating between steps, years open", f: rowFilter{ratingFrom: 6.55, yearTo: 1990},
				where: "(CASE WHEN c.rating_kinopoisk > 0 THEN c.rating_kinopoisk ELSE c.rating_imdb END) >= 6.55 AND c.year <= 1990",
				order: "c.popularity DESC, c.id DESC", offset: 7},
			{name: "unknown genre", f: rowFilter{genres: []string{"no-such-genre"}}, where: "1 = 0", order: "c.id"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				where := "c.provider_id = 1 AND c.parent_id IS NULL AND c.is_hidden = ? AND c.is_lost = ?"
				args := []any{false, false}
				if tc.where != "" {
					where += " AND " + tc.where
					args = append(args, tc.args...)
				}
				var want []int64
				err := each(ctx, db, "SELECT c.id FROM contents c WHERE "+where+" ORDER BY "+tc.order, args, func(sc scanner) error {
					var id int64
					err := sc.Scan(&id)
					want = append(want, id)
					return err
				})
				if err != nil {
					t.Fatal(err)
				}
				f := tc.f
				ids, total := x.page(x.compile(&f, tax, tc.child), f.mode, tc.offset, 24)
				page := cutPage(want, tc.offset, 24, true)
				if total != len(want) || !slices.Equal(ids, page) {
					t.Fatalf("total %d want %d\n got  %v\n want %v", total, len(want), ids, page)
				}
			})
		}
	})
}

func TestParseFilterQuery(t *testing.T) {
	q, _ := url.ParseQuery("genre=1,drama&genre=comedy&country=643&year_from=2000&rating_from=7.5&text=%20Ёлка%20&mode=rating&content_type=serial")
	f, set, err := parseFilterQuery(q)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(f.genres, []string{"1", "drama", "comedy"}) || !slices.Equal(f.countries, []int64{643}) ||
		f.yearFrom != 2000 || f.ratingFrom != 7.5 || f.text != "елка" || f.mode != modeRating || !set["genre"] ||
		set["year_to"] || !slices.Equal(f.types, []string{"serial"}) {
		t.Fatalf("%+v %v", f, set)
	}
	for _, bad := range []string{"year_from=x", "rating_from=11", "mode=random", "content_type=episode", "country=RU",
		"library_id=-1", "text=" + strings.Repeat("я", 256)} {
		q, _ := url.ParseQuery(bad)
		if _, _, err := parseFilterQuery(q); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	// The request replaces the row's value of a field it carries, and only that.
	row := parseRowQuery(`{"content_type": "movie", "genre": [3, "drama"], "year_from": 1990, "cartoon": false, "order": "new", "x": 1}`)
	if !slices.Equal(row.types, []string{"movie"}) || !slices.Equal(row.genres, []string{"3", "drama"}) || row.yearFrom != 1990 ||
		row.cartoon == nil || *row.cartoon || row.mode != modeNew {
		t.Fatalf("row query %+v", row)
	}
	got := row.override(f, set)
	if !slices.Equal(got.genres, f.genres) || got.yearFrom != 2000 || got.mode != modeRating || got.cartoon == nil ||
		!slices.Equal(got.types, []string{"serial"}) {
		t.Fatalf("override %+v", got)
	}
	if bad := parseRowQuery(`not json`); bad.filtered() {
		t.Fatalf("%+v", bad)
	}
}

func TestYearOptions(t *testing.T) {
	got := yearOptions("en", 2026)
	var ids []string
	for _, o := range got {
		ids = append(ids, o.ID)
	}
	want := []string{"2025-2026", "2024", "2023", "2022", "2021", "2020", "2020-", "2010-2019", "2000-2009", "1990-1999",
		"1980-1989", "-1979"}
	if !slices.Equal(ids, want) {
		t.Fatalf("%v", ids)
	}
	if got[6].Title != "Since 2020" || got[6].YearTo != nil || *got[len(got)-1].YearTo != 1979 || got[0].Title != "2025–2026" {
		t.Fatalf("%+v %+v", got[6], got[len(got)-1])
	}
	if ru := yearOptions("ru", 2026); ru[len(ru)-1].Title != "До 1980 года" {
		t.Fatalf("%q", ru[len(ru)-1].Title)
	}
}

// A version bump makes the next request see the new catalogue; the
// background refresh (same version, new generation) swaps the index in.
func TestListIndexFollowsVersion(t *testing.T) {
	db := storetest.SQLite(t)
	ctx := context.Background()
	if _, err := catalogtest.Bulk(ctx, db, 1, 50); err != nil {
		t.Fatal(err)
	}
	svc := New(db, nil, Config{})
	x1, err := svc.listIndexOf(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(ctx, "UPDATE contents SET is_hidden = ? WHERE id = ?", true, x1.ids[0]); err != nil {
		t.Fatal(err)
	}
	if err := Bump(ctx, db); err != nil {
		t.Fatal(err)
	}
	svc.cache().mu.Lock()
	svc.cache().checked = time.Time{}
	svc.cache().mu.Unlock()
	x2, err := svc.listIndexOf(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	if x2.n != x1.n-1 {
		t.Fatalf("%d -> %d entries", x1.n, x2.n)
	}
	svc.Invalidate()
	x3, err := svc.listIndexOf(ctx, 1)
	if err != nil || x3 != x2 {
		t.Fatalf("a refresh of the same version should answer from the old index first: %v", err)
	}
	x4 := waitForNewIndex(t, svc, x2)
	// A big index keeps answering across a version bump while it is rebuilt.
	defer func(n int) { staleServeMin = n }(staleServeMin)
	staleServeMin = 10
	if err := Bump(ctx, db); err != nil {
		t.Fatal(err)
	}
	svc.cache().mu.Lock()
	svc.cache().checked = time.Time{}
	svc.cache().mu.Unlock()
	if x5, err := svc.listIndexOf(ctx, 1); err != nil || x5 != x4 {
		t.Fatalf("a big index was rebuilt before answering: %v", err)
	}
	waitForNewIndex(t, svc, x4)
}

func waitForNewIndex(t *testing.T, svc *Service, old *listIndex) *listIndex {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if x, _ := svc.listIndexOf(context.Background(), 1); x != old {
			return x
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("the index was not refreshed in the background")
	return nil
}
