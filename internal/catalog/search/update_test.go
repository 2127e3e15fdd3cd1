package search_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"efir/internal/catalog/search"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// docIDs maps the provider's documents ("kind id") to their ids.
func docIDs(t *testing.T, db *store.DB) map[string]int64 {
	t.Helper()
	rows, err := db.Query(context.Background(), "SELECT kind, object_id, id FROM search_docs WHERE provider_id = ?", provider)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var kind string
		var object, id int64
		if err := rows.Scan(&kind, &object, &id); err != nil {
			t.Fatal(err)
		}
		out[fmt.Sprintf("%s %d", kind, object)] = id
	}
	return out
}

// rankOrder is every document of the provider in rank order.
func rankOrder(t *testing.T, ix *search.Index) []search.Hit {
	t.Helper()
	hs, err := ix.Popular(context.Background(), search.Filter{ProviderID: provider}, 1000)
	if err != nil {
		t.Fatal(err)
	}
	return hs
}

// sameRank: a and b hold the same documents with the same popularity at
// each place (among equals a refreshed document comes last, where a rebuild
// orders by kind and id: the ranking breaks such ties last of all).
func sameRank(a, b []search.Hit) bool {
	if len(a) != len(b) {
		return false
	}
	in := map[string]int64{}
	for i := range a {
		if a[i].Popularity != b[i].Popularity {
			return false
		}
		in[a[i].Title] = a[i].Popularity
	}
	for _, h := range b {
		if p, ok := in[h.Title]; !ok || p != h.Popularity {
			return false
		}
	}
	return true
}

// A catalogue change rewrites only the documents it changes, in rank
// order, where a whole rebuild would have placed them.
func TestIncrementalRefresh(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		// Refreshed here, not by the index's own checks: no answers kept.
		ix := search.New(db, search.NoAnswersKept)
		if err := search.Reindex(ctx, db, provider); err != nil {
			t.Fatal(err)
		}
		refresh := func(want search.Written) {
			t.Helper()
			got, err := search.RefreshProvider(ctx, db, provider)
			if err != nil {
				t.Fatal(err)
			}
			got.Vocabulary = 0
			if got != want {
				t.Errorf("refresh wrote %+v, want %+v", got, want)
			}
		}
		find := func(text string) []search.Hit {
			t.Helper()
			hs, err := ix.Suggest(ctx, search.Filter{ProviderID: provider}, text, 10)
			if err != nil {
				t.Fatal(err)
			}
			return hs
		}
		// The order a whole rebuild gives, after the refresh's: the same.
		sameAsRebuild := func(step string) {
			t.Helper()
			inc := rankOrder(t, ix)
			if err := search.Reindex(ctx, db, provider); err != nil {
				t.Fatal(err)
			}
			if full := rankOrder(t, ix); !sameRank(inc, full) {
				t.Errorf("%s: refreshed rank order\n%q\nrebuilt\n%q", step, titles(inc), titles(full))
			}
		}

		// Nothing queued: nothing written.
		refresh(search.Written{})

		// One title: that document only, at its id; the old title is gone.
		before := docIDs(t, db)
		f.exec(t, "UPDATE contents SET title = 'Лисёнок Том' WHERE id = ?", f.ids["Лисёнок Тим"])
		refresh(search.Written{Inserted: 1, Deleted: 1})
		if !has(find("лисёнок том"), "Лисёнок Том") || !has(find("lisenok tom"), "Лисёнок Том") {
			t.Error("the new title is not found")
		}
		if has(find("тим"), "Лисёнок Тим") || has(find("лисёнок тим"), "Лисёнок Тим") {
			t.Error("the old title is still found")
		}
		if after := docIDs(t, db); fmt.Sprint(after) != fmt.Sprint(before) {
			t.Errorf("ids moved: %v -> %v", before, after)
		}
		// A column no document shows: queued, nothing written.
		f.exec(t, "UPDATE contents SET description = 'x', popularity = popularity WHERE id = ?", f.ids["Тёмная вода"])
		refresh(search.Written{})

		// Popularity: the content moves to its new rank, and its persons
		// (ranked by their work) with it.
		f.exec(t, "UPDATE contents SET popularity = 1500 WHERE id = ?", f.ids["Ночной клуб"])
		refresh(search.Written{Inserted: 2, Deleted: 2})
		sameAsRebuild("popularity")

		// A new content, between others in rank order.
		id, err := store.InsertID(ctx, db, `INSERT INTO contents (provider_id, content_type, slug, title, age, popularity)
			VALUES (?, 'movie', 'new', 'Новая матрица', 6, 850) RETURNING id`, provider)
		if err != nil {
			t.Fatal(err)
		}
		f.ids["Новая матрица"] = id
		refresh(search.Written{Inserted: 1})
		if !has(find("новая"), "Новая матрица") {
			t.Error("a new content is not found")
		}
		sameAsRebuild("new content")

		// Hidden: gone, and its persons' popularity and age change.
		f.exec(t, "UPDATE contents SET is_hidden = TRUE WHERE id = ?", f.ids["Матрица снов"])
		refresh(search.Written{Inserted: 2, Deleted: 3})
		if has(find("матрица снов"), "Матрица снов") {
			t.Error("a hidden content is found")
		}
		child, err := ix.Suggest(ctx, search.Filter{ProviderID: provider, Child: true}, "ривз", 10)
		if err != nil || !has(child, "Киану Ривз") {
			t.Errorf("a person with no 16+ work left is hidden from a child: %q %v", titles(child), err)
		}
		sameAsRebuild("hidden")

		// A link: the person's rank follows their work; a deleted person
		// (and the links going with it) leaves.
		f.exec(t, "INSERT INTO content_persons (content_id, person_id, role) VALUES (?, ?, 'actor')",
			f.ids["Матрос и море"], f.ids["Иван Смирнов"])
		refresh(search.Written{Inserted: 1, Deleted: 1})
		f.exec(t, "DELETE FROM persons WHERE id = ?", f.ids["Ольга Ночная"])
		refresh(search.Written{Deleted: 1})
		if has(find("ольга"), "Ольга Ночная") {
			t.Error("a deleted person is found")
		}
		// A deleted content takes its links, so its persons are refreshed.
		f.exec(t, "DELETE FROM contents WHERE id = ?", f.ids["Матрос и море"])
		refresh(search.Written{Inserted: 1, Deleted: 2})
		sameAsRebuild("deleted")

		// Channels follow the line-up's version.
		f.exec(t, "UPDATE channels SET name = 'Эфир Синема' WHERE id = ?", f.ids["Эфир Кино"])
		f.exec(t, "INSERT INTO settings (name, value) VALUES ('tv_lineup_version', '2')")
		refresh(search.Written{Inserted: 1, Deleted: 1})
		if !has(find("синема"), "Эфир Синема") {
			t.Error("a renamed channel is not found")
		}

		// SQLite's full-text index was told exactly what each deleted row
		// held (else it is corrupt, and says so).
		if db.Dialect() == store.SQLite {
			t2 := fmt.Sprintf("search_fts_%d", provider)
			f.exec(t, "INSERT INTO "+t2+" ("+t2+", rank) VALUES ('integrity-check', 1)")
		}

		// Far behind (a large import): a whole rebuild.
		f.exec(t, `WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5001)
			INSERT INTO search_dirty (provider_id, kind, object_id) SELECT ?, 'content', ? FROM n`, provider, f.ids["Матрица"])
		if got, err := search.RefreshProvider(ctx, db, provider); err != nil || !got.Full {
			t.Errorf("far behind: %+v %v", got, err)
		}
		// An index of another format: a whole rebuild.
		f.exec(t, "UPDATE settings SET value = '1/1/1' WHERE name = ?", fmt.Sprintf("search_index:%d", provider))
		if got, err := search.RefreshProvider(ctx, db, provider); err != nil || !got.Full {
			t.Errorf("old format: %+v %v", got, err)
		}
	})
}

// Many new documents at one place use up the gap between two ids: the
// refresh becomes a rebuild, and nothing is lost.
func TestIncrementalGapUsedUp(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		if err := search.Reindex(ctx, db, provider); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 80; i++ {
			f.exec(t, `INSERT INTO contents (provider_id, content_type, slug, title, popularity)
				VALUES (?, 'movie', 'n', ?, 400)`, provider, fmt.Sprintf("Гость %d", i))
		}
		got, err := search.RefreshProvider(ctx, db, provider)
		if err != nil || !got.Full {
			t.Fatalf("refresh: %+v %v", got, err)
		}
		hs, err := search.New(db).Search(ctx, search.Filter{ProviderID: provider}, "гость", 100, 0)
		if err != nil || len(hs) != 80 {
			t.Errorf("found %d of 80 (%v)", len(hs), err)
		}
	})
}

// The database queues every change to what documents show, whoever writes
// it (here plain SQL, as an import or an operator tool might), and nothing
// else; a refresh empties the queue.
func TestChangesQueued(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		if err := search.Reindex(ctx, db, provider); err != nil {
			t.Fatal(err)
		}
		count := func() (n int) {
			t.Helper()
			if err := store.Get(ctx, db, "SELECT COUNT(*) FROM search_dirty WHERE provider_id = ?", []any{provider}, &n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if n := count(); n != 0 {
			t.Fatalf("%d queued after a rebuild", n)
		}
		f.exec(t, "UPDATE contents SET title = title || '!' WHERE content_type = 'movie'")
		f.exec(t, "UPDATE persons SET bio = 'not indexed'")
		f.exec(t, "UPDATE persons SET name = name || '!' WHERE id = ?", f.ids["Иван Смирнов"])
		if n := count(); n != 9 {
			t.Errorf("%d queued, want 9 (8 movies and a person)", n)
		}
		if _, err := search.RefreshProvider(ctx, db, provider); err != nil {
			t.Fatal(err)
		}
		if n := count(); n != 0 {
			t.Errorf("%d still queued", n)
		}
	})
}

// A refreshed document is matched at its new rank even where a match
// stops early (more matches than it reads): on PostgreSQL it is not in
// heap order.
func TestRefreshedRankInBroadMatch(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := &fixture{db: db, ids: map[string]int64{}}
		for i := 1; i <= 120; i++ {
			f.exec(t, `INSERT INTO contents (provider_id, content_type, slug, title, popularity)
				VALUES (?, 'movie', 's', ?, ?)`, provider, fmt.Sprintf("Северный %d", i), i)
		}
		if err := search.Reindex(ctx, db, provider); err != nil {
			t.Fatal(err)
		}
		f.exec(t, "UPDATE contents SET popularity = 1000 WHERE title = 'Северный 1'")
		if got, err := search.RefreshProvider(ctx, db, provider); err != nil || got.Full || got.Inserted != 1 {
			t.Fatalf("refresh: %+v %v", got, err)
		}
		for _, text := range []string{"северный", "сев", "severn"} {
			hs, err := search.New(db, search.NoAnswersKept).Suggest(ctx, search.Filter{ProviderID: provider}, text, 3)
			if err != nil {
				t.Fatal(err)
			}
			if got := titles(hs); len(got) != 3 || got[0] != "Северный 1" || got[1] != "Северный 120" {
				t.Errorf("%q: %q", text, got)
			}
		}
	})
}

// Suggestions are answered from memory until the index changes, whatever
// changed it; each filter has its own.
func TestAnswersKept(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		ix := search.New(db)
		suggest := func(fl search.Filter) []search.Hit {
			t.Helper()
			hs, err := ix.Suggest(ctx, fl, "матр", 10)
			if err != nil {
				t.Fatal(err)
			}
			return hs
		}
		adult, child := search.Filter{ProviderID: provider}, search.Filter{ProviderID: provider, Child: true}
		if !has(suggest(adult), "Матрос и море") {
			t.Fatal("not found at first")
		}
		// Behind the index's back: the kept answer stands.
		f.exec(t, "DELETE FROM search_docs WHERE title = 'Матрос и море'")
		if !has(suggest(adult), "Матрос и море") {
			t.Error("the answer was not kept")
		}
		if hs := suggest(child); has(hs, "Матрица снов") || has(hs, "Матрос и море") {
			t.Errorf("a child got another filter's answer: %q", titles(hs))
		}
		// Any catalogue change refreshes the index: the answers go with
		// its old state.
		f.exec(t, "UPDATE contents SET title = 'Тёмная вода 2' WHERE id = ?", f.ids["Тёмная вода"])
		deadline := time.Now().Add(10 * time.Second)
		for has(suggest(adult), "Матрос и море") {
			if time.Now().After(deadline) {
				t.Fatal("the old answer outlived a refresh")
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
}
