package catalogtest

import (
	"context"
	"testing"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

func TestBulk(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		c, err := Bulk(ctx, db, 1, 2000)
		if err != nil {
			t.Fatal(err)
		}
		var contents, links, persons int
		if err := store.Get(ctx, db, "SELECT COUNT(*) FROM contents WHERE provider_id = 1", nil, &contents); err != nil {
			t.Fatal(err)
		}
		_ = store.Get(ctx, db, "SELECT COUNT(*) FROM content_genres", nil, &links)
		_ = store.Get(ctx, db, "SELECT COUNT(*) FROM persons", nil, &persons)
		if contents != 2000 || links < 2000 || persons != 200 || c.LastContent-c.FirstContent != 1999 {
			t.Fatalf("contents %d links %d persons %d %+v", contents, links, persons, c)
		}
		// A second call adds to the first, and ids keep coming from the sequence.
		c2, err := Bulk(ctx, db, 2, 50)
		if err != nil || c2.FirstContent != c.LastContent+1 {
			t.Fatalf("%+v %v", c2, err)
		}
		id, err := store.InsertID(ctx, db, `INSERT INTO contents (provider_id, content_type, slug, title) VALUES (1, 'movie', 'x', 'X') RETURNING id`)
		if err != nil || id != c2.LastContent+1 {
			t.Fatalf("next id %d %v", id, err)
		}
		if ru, en := Title(0); ru != "Северный ветер" || en != "Northern Wind" {
			t.Fatal(ru, en)
		}
	})
}
