package catalog

import (
	"context"
	"fmt"
	"testing"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

// TestStreamParentalProof: an 18+ film and its trailer stream only with the
// PIN's proof; the content embed of an adult profile is the spec's
// exception, never a child's; nothing below 18 asks for the proof.
func TestStreamParentalProof(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		trailer, err := store.InsertID(context.Background(), db,
			"INSERT INTO trailers (content_id, title, asset, duration) VALUES (?, 'Teaser', 'a2', 60) RETURNING id", f.id["club"])
		if err != nil {
			t.Fatal(err)
		}
		film := func(who as, name, query string) result {
			return f.do(who, "GET", fmt.Sprintf("/v2/libraries/%d/contents/%d/stream%s", f.id["lib:cinema"], f.id[name], query), "")
		}
		f.pin.locked = true
		for _, c := range []struct {
			name string
			res  result
			want int
			typ  string
		}{
			{"18+ film without proof", film(sub, "club", ""), 403, "parental_code_required"},
			{"18+ trailer without proof", f.do(sub, "GET", fmt.Sprintf("/v2/trailers/%d/stream", trailer), ""), 403, "parental_code_required"},
			{"18+ film in an embed", film(sub, "club", "?embed=1"), 200, ""},
			{"18+ film in a child's embed", film(kid, "club", "?embed=1"), 403, "permission_denied"},
			{"16+ film asks nothing", film(sub, "matrix", ""), 200, ""},
		} {
			if c.res.status != c.want || (c.typ != "" && c.res.errorType() != c.typ) {
				t.Errorf("%s: %d %s, want %d %s", c.name, c.res.status, c.res.body, c.want, c.typ)
			}
		}
		f.pin.locked = false
		if res := film(sub, "club", ""); res.status != 200 {
			t.Errorf("18+ film with proof: %d %s", res.status, res.body)
		}
	})
}
