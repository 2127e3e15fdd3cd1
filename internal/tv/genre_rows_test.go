package tv_test

import (
	"fmt"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// A programme's guide genres link to the row of the operator's genre of
// that name (in either language, case aside); a genre the operator does not
// have links nowhere.
func TestProgramGenreRows(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		ctx := t.Context()
		row, err := store.InsertID(ctx, db, `INSERT INTO rows (provider_id, slug, title, template) VALUES (1, 'drama-row', 'Драмы',
			'content-v') RETURNING id`)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(ctx, `INSERT INTO genres (provider_id, slug, name, name_en, row_id) VALUES (1, 'drama', 'Драма', 'Drama', ?),
			(1, 'comedy', 'Комедия', 'Comedy', NULL)`, row); err != nil {
			t.Fatal(err)
		}
		prog, err := store.InsertID(ctx, db, `INSERT INTO programs (provider_id, title, genres) VALUES (1, 'Вечер',
			'["drama", "Комедия", "Ток-шоу"]') RETURNING id`)
		if err != nil {
			t.Fatal(err)
		}
		var p struct {
			Genres    []string `json:"genres"`
			GenreRows []struct {
				Name    string `json:"name"`
				RowSlug string `json:"row_slug"`
			} `json:"genre_rows"`
		}
		res := srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/programs/%d", prog)})
		mustOK(t, res, 200)
		res.JSON(t, &p)
		if len(p.Genres) != 3 || len(p.GenreRows) != 2 || p.GenreRows[0].Name != "drama" || p.GenreRows[0].RowSlug != "drama-row" ||
			p.GenreRows[1].Name != "Комедия" || p.GenreRows[1].RowSlug != "" {
			t.Fatalf("programme genres %+v", p)
		}
	})
}
