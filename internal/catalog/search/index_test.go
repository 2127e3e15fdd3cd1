package search_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"efir/internal/catalog/search"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

const provider = 7

// fixture is a small catalogue built in code: the titles the tests name.
type fixture struct {
	db  *store.DB
	ids map[string]int64
}

func newFixture(t *testing.T, db *store.DB) *fixture {
	t.Helper()
	f := &fixture{db: db, ids: map[string]int64{}}
	for _, c := range []struct {
		title, original, kind string
		age, pop              int
		hidden, lost          bool
		parent                string
	}{
		{title: "Матрица снов", original: "Matrix of Dreams", kind: "movie", age: 16, pop: 500},
		{title: "Матрица", kind: "movie", age: 12, pop: 10},
		{title: "Матрос и море", kind: "movie", age: 6, pop: 1000},
		{title: "Водные матрицы", kind: "program", age: 0, pop: 50},
		{title: "Северный ветер", kind: "series", age: 12, pop: 900},
		{title: "Сезон 1", kind: "season", age: 12, pop: 900, parent: "Северный ветер"},
		{title: "Матрица: эпизод", kind: "episode", age: 12, pop: 900, parent: "Сезон 1"},
		{title: "Лисёнок Тим", kind: "movie", age: 0, pop: 300},
		{title: "Ночной клуб", kind: "movie", age: 18, pop: 700},
		{title: "Тёмная вода", kind: "movie", age: 16, pop: 800},
		{title: "Матрица скрытая", kind: "movie", pop: 2000, hidden: true},
		{title: "Матрица потерянная", kind: "movie", pop: 2000, lost: true},
	} {
		var parent any
		if c.parent != "" {
			parent = f.ids[c.parent]
		}
		id, err := store.InsertID(context.Background(), db, `INSERT INTO contents (provider_id, parent_id, content_type,
			slug, title, original_title, year, age, popularity, is_hidden, is_lost) VALUES (?, ?, ?, ?, ?, ?, 2019, ?, ?, ?, ?)
			RETURNING id`, provider, parent, c.kind, "slug", c.title, c.original, c.age, c.pop, c.hidden, c.lost)
		if err != nil {
			t.Fatal(err)
		}
		f.ids[c.title] = id
	}
	for _, p := range []struct{ name, original, film string }{
		{"Иван Смирнов", "", "Матрица снов"},
		{"Киану Ривз", "Keanu Reeves", "Матрица снов"},
		{"Ольга Ночная", "", "Ночной клуб"},
	} {
		id, err := store.InsertID(context.Background(), db, `INSERT INTO persons (provider_id, slug, name, original_name)
			VALUES (?, 'p', ?, ?) RETURNING id`, provider, p.name, p.original)
		if err != nil {
			t.Fatal(err)
		}
		f.ids[p.name] = id
		f.exec(t, "INSERT INTO content_persons (content_id, person_id, role) VALUES (?, ?, 'actor')", f.ids[p.film], id)
	}
	for i, c := range []struct {
		name      string
		age       int
		is4K, hid bool
	}{
		{"Эфир Кино", 0, false, false}, {"Кино 4K", 0, true, false}, {"Ночной канал", 18, false, false},
		{"Матрица скрытый канал", 0, false, true},
	} {
		id, err := store.InsertID(context.Background(), db, `INSERT INTO channels (provider_id, slug, name, number, age, is_4k,
			is_hidden) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, provider, fmt.Sprintf("ch-%d", i), c.name, i+1, c.age, c.is4K, c.hid)
		if err != nil {
			t.Fatal(err)
		}
		f.ids[c.name] = id
	}
	return f
}

func (f *fixture) exec(t *testing.T, q string, args ...any) {
	t.Helper()
	if _, err := f.db.Exec(context.Background(), q, args...); err != nil {
		t.Fatal(err)
	}
}

// titles gives the titles of hits, in order.
func titles(hs []search.Hit) []string {
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = h.Title
	}
	return out
}

func has(hs []search.Hit, title string) bool {
	for _, h := range hs {
		if h.Title == title {
			return true
		}
	}
	return false
}

func TestIndex(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		ix := search.New(db)
		adult := search.Filter{ProviderID: provider}
		suggest := func(fl search.Filter, text string) []search.Hit {
			t.Helper()
			hs, err := ix.Suggest(ctx, fl, text, 10)
			if err != nil {
				t.Fatalf("suggest %q: %v", text, err)
			}
			return hs
		}
		mustFind := func(text string, want ...string) {
			t.Helper()
			hs := suggest(adult, text)
			for _, w := range want {
				if !has(hs, w) {
					t.Errorf("%q: %q not found in %q", text, w, titles(hs))
				}
			}
		}
		// Word forms, both languages.
		mustFind("матрицы", "Матрица снов", "Матрица", "Водные матрицы")
		mustFind("Matrix of dreams", "Матрица снов")
		mustFind("dreams", "Матрица снов")
		mustFind("dream", "Матрица снов")
		mustFind("dreaming", "Матрица снов")
		mustFind("северного ветра", "Северный ветер")
		// Prefixes.
		mustFind("матр", "Матрица снов", "Матрица", "Матрос и море", "Водные матрицы")
		mustFind("м", "Матрос и море")
		mustFind("тёмн", "Тёмная вода")
		mustFind("темн", "Тёмная вода")
		// One typo.
		mustFind("матрцца", "Матрица снов", "Матрица")
		mustFind("сверный ветер", "Северный ветер")
		mustFind("лисенко", "Лисёнок Тим")
		// Transliteration and the other way round.
		mustFind("matrica", "Матрица снов", "Матрица")
		mustFind("matritsa", "Матрица снов")
		mustFind("matr", "Матрица снов")
		mustFind("severnyi veter", "Северный ветер")
		mustFind("lisenok", "Лисёнок Тим")
		mustFind("матрикс", "Матрица снов")
		// The wrong keyboard layout.
		mustFind("vfnhbwf", "Матрица снов", "Матрица")
		mustFind("Kbc`yjr", "Лисёнок Тим")
		// Persons and channels.
		mustFind("смирнов", "Иван Смирнов")
		mustFind("reeves", "Киану Ривз")
		mustFind("кино", "Эфир Кино", "Кино 4K")

		// Never: hidden, lost, seasons and episodes, hidden channels.
		for _, text := range []string{"матрица", "сезон", "эпизод", "скрытая", "потерянная", "скрытый"} {
			for _, h := range suggest(adult, text) {
				if strings.Contains(h.Title, "скрыт") || strings.Contains(h.Title, "потерян") || strings.Contains(h.Title, "эпизод") ||
					h.Title == "Сезон 1" {
					t.Errorf("%q found %q", text, h.Title)
				}
			}
		}

		// Ranking: exact title, title prefix, word form; popularity among equals.
		got := titles(suggest(adult, "матрица"))
		want := []string{"Матрица", "Матрица снов", "Водные матрицы"}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("матрица ranks %q, want %q", got, want)
		}
		got = titles(suggest(adult, "матр"))
		want = []string{"Матрос и море", "Матрица снов", "Матрица", "Водные матрицы"}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("матр ranks %q, want %q", got, want)
		}
		hs := suggest(adult, "матрцца")
		if len(hs) < 2 || hs[0].Title != "Матрица снов" || hs[0].Tier != search.TierTypo {
			t.Errorf("typo ranks %q", titles(hs))
		}
		hs = suggest(adult, "Матрица снов")
		if len(hs) == 0 || hs[0].Title != "Матрица снов" || hs[0].Tier != search.TierExact || hs[0].Slug != fmt.Sprintf("slug-%d", f.ids["Матрица снов"]) ||
			hs[0].Kind != search.KindContent || hs[0].ContentType != "movie" || hs[0].Year != 2019 {
			t.Errorf("exact: %+v", hs)
		}

		// Child profiles: nothing above 12; guests: no 4K channels.
		child := search.Filter{ProviderID: provider, Child: true}
		for _, text := range []string{"матрица", "ночн", "тёмная вода", "matrix", "ривз", "vfnhbwf", "м", "н", "т"} {
			for _, h := range suggest(child, text) {
				if h.Age > search.ChildMaxAge {
					t.Errorf("child %q found %q (%d+)", text, h.Title, h.Age)
				}
			}
		}
		if !has(suggest(child, "матрица"), "Матрица") {
			t.Error("child does not find the 12+ Матрица")
		}
		if has(suggest(child, "ривз"), "Киану Ривз") {
			t.Error("child finds a person of 16+ films only")
		}
		if has(suggest(search.Filter{ProviderID: provider, Guest: true}, "кино"), "Кино 4K") {
			t.Error("guest finds a 4K channel")
		}

		// Search: kinds, content type, paging.
		res, err := ix.Search(ctx, search.Filter{ProviderID: provider, Kinds: []search.Kind{search.KindContent}, ContentType: "movie"},
			"матр", 2, 1)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(titles(res), "|") != "Матрица снов|Матрица" {
			t.Errorf("search page = %q", titles(res))
		}
		// Another provider sees nothing of this one.
		if hs := suggest(search.Filter{ProviderID: provider + 1}, "матрица"); len(hs) != 0 {
			t.Errorf("provider %d found %q", provider+1, titles(hs))
		}

		// Changes show after Reindex: at once for a text not asked yet,
		// within a freshness check for one answered from memory ("Матрица
		// снов" above).
		f.exec(t, "UPDATE contents SET title = 'Матрица снов 2' WHERE id = ?", f.ids["Матрица снов"])
		if err := search.Reindex(ctx, db, provider); err != nil {
			t.Fatal(err)
		}
		if !has(suggest(adult, "снов"), "Матрица снов 2") {
			t.Error("reindex did not pick up the new title")
		}
		for deadline := time.Now().Add(10 * time.Second); !has(suggest(adult, "матрица снов"), "Матрица снов 2"); {
			if time.Now().After(deadline) {
				t.Fatal("a kept answer outlived the reindex")
			}
			time.Sleep(100 * time.Millisecond)
		}

		// Popular and recent.
		pop, err := ix.Popular(ctx, search.Filter{ProviderID: provider, Child: true, Kinds: []search.Kind{search.KindContent}}, 3)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(titles(pop), "|") != "Матрос и море|Северный ветер|Лисёнок Тим" {
			t.Errorf("popular = %q", titles(pop))
		}
		user, err := store.InsertID(ctx, db, "INSERT INTO users (provider_id, username, date_joined) VALUES (?, 'u', 0) RETURNING id", provider)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 25; i++ {
			title := "Лисёнок Тим"
			if i%2 == 1 {
				title = "Тёмная вода"
			}
			if err := ix.RecordFound(ctx, search.Found{ProviderID: provider, UserID: user, Text: "x", Title: title,
				Kind: search.KindContent, ObjectID: f.ids[title]}, time.Unix(int64(1000+i), 0)); err != nil {
				t.Fatal(err)
			}
		}
		var kept int
		if err := store.Get(ctx, db, "SELECT COUNT(*) FROM search_found WHERE user_id = ?", []any{user}, &kept); err != nil || kept != 20 {
			t.Errorf("kept %d found records (%v)", kept, err)
		}
		rec, err := ix.Recent(ctx, search.Filter{ProviderID: provider}, user, 0, 5)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(titles(rec), "|") != "Лисёнок Тим|Тёмная вода" {
			t.Errorf("recent = %q", titles(rec))
		}
		rec, _ = ix.Recent(ctx, child, user, 0, 5)
		if strings.Join(titles(rec), "|") != "Лисёнок Тим" {
			t.Errorf("child recent = %q", titles(rec))
		}
	})
}

// The first search of a provider builds its index; a version bump makes
// the next check rebuild it in the background.
func TestIndexFreshness(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		ix := search.New(db)
		hs, err := ix.Suggest(ctx, search.Filter{ProviderID: provider}, "лисёнок", 10)
		if err != nil || !has(hs, "Лисёнок Тим") {
			t.Fatalf("first search: %q %v", titles(hs), err)
		}
		f.exec(t, "UPDATE contents SET title = 'Лисёнок Том' WHERE id = ?", f.ids["Лисёнок Тим"])
		f.exec(t, "INSERT INTO settings (name, value) VALUES ('catalog_version', '5')")
		deadline := time.Now().Add(10 * time.Second)
		for time.Now().Before(deadline) {
			hs, err = ix.Suggest(ctx, search.Filter{ProviderID: provider}, "лисёнок", 10)
			if err != nil {
				t.Fatal(err)
			}
			if has(hs, "Лисёнок Том") {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Errorf("no background rebuild: %q", titles(hs))
	})
}
