package search

import (
	"context"
	"testing"

	"efir/internal/store/storetest"
)

// The PostgreSQL match past its walk: with a walk of one document, every
// match beyond it comes from the GIN step, narrowed for short prefixes.
func TestPostgresPastTheWalk(t *testing.T) {
	db := storetest.Postgres(t)
	ctx := context.Background()
	for i, title := range []string{"Северный ветер", "Северный вокзал", "Северный мост", "Южный ветер", "Вода"} {
		if _, err := db.Exec(ctx, `INSERT INTO contents (provider_id, content_type, slug, title, popularity)
			VALUES (1, 'movie', 's', ?, ?)`, title, 100-i); err != nil {
			t.Fatal(err)
		}
	}
	if err := Reindex(ctx, db, 1); err != nil {
		t.Fatal(err)
	}
	saved := walkRows
	walkRows = 1
	t.Cleanup(func() { walkRows = saved })
	ix := New(db)
	for text, want := range map[string][]string{
		"северный в": {"Северный ветер", "Северный вокзал"},
		"в":          {"Северный ветер", "Северный вокзал", "Южный ветер", "Вода"},
		"ветер":      {"Северный ветер", "Южный ветер"},
		"северный м": {"Северный мост"},
		"ветер с":    {"Северный ветер"},
	} {
		hs, err := ix.Suggest(ctx, Filter{ProviderID: 1}, text, 10)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for _, h := range hs {
			got[h.Title] = true
		}
		if len(got) != len(want) {
			t.Errorf("%q found %v, want %v", text, got, want)
		}
		for _, w := range want {
			if !got[w] {
				t.Errorf("%q: %q missing from %v", text, w, got)
			}
		}
	}
}
