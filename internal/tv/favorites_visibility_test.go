package tv

import (
	"fmt"
	"testing"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

// A favourite is refused (404) for whatever the viewer may not open through
// the API's GET of it: a child profile keeps no channel or programme rated
// above 12, nobody keeps another operator's.
func TestFavoritesOnlyOfWhatTheViewerOpens(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		prog := func(provider int64, title string, age int) int64 {
			t.Helper()
			id, err := store.InsertID(t.Context(), db, "INSERT INTO programs (provider_id, title, age) VALUES (?, ?, ?) RETURNING id",
				provider, title, age)
			if err != nil {
				t.Fatal(err)
			}
			return id
		}
		night, teen, kids, alien := prog(1, "Night", 18), prog(1, "Teen", 16), prog(1, "Kids", 0), prog(2, "Alien", 0)
		adult, kid := as{user: "night"}, as{user: "night", child: true, profile: 2}
		for _, c := range []struct {
			who  as
			body string
			want int
		}{
			{kid, fmt.Sprintf(`{"program_id": %d}`, night), 404},
			{kid, fmt.Sprintf(`{"program_id": %d}`, teen), 404},
			{kid, fmt.Sprintf(`{"channel_id": %d}`, f.ch["adult"]), 404},
			{kid, fmt.Sprintf(`{"channel_id": %d}`, f.ch["teen"]), 404},
			{kid, fmt.Sprintf(`{"program_id": %d}`, alien), 404},
			{adult, fmt.Sprintf(`{"program_id": %d}`, alien), 404},
			{adult, fmt.Sprintf(`{"channel_id": %d}`, f.ch["other"]), 404},
			{kid, fmt.Sprintf(`{"program_id": %d}`, kids), 201},
			{kid, fmt.Sprintf(`{"channel_id": %d}`, f.ch["free"]), 201},
			{adult, fmt.Sprintf(`{"program_id": %d}`, night), 201},
			{adult, fmt.Sprintf(`{"channel_id": %d}`, f.ch["adult"]), 201},
		} {
			if res := f.do(c.who, "POST", "/v2/users/self/favorites", c.body); res.status != c.want {
				t.Errorf("%+v %s: %d, want %d (%s)", c.who, c.body, res.status, c.want, res.body)
			}
		}
		// The same as the programme's own GET.
		for id, want := range map[int64]int{night: 404, teen: 404, kids: 200, alien: 404} {
			if res := f.do(kid, "GET", fmt.Sprintf("/v2/programs/%d", id), ""); res.status != want {
				t.Errorf("child GET programme %d: %d, want %d", id, res.status, want)
			}
		}
		var n int
		if err := store.Get(t.Context(), db, "SELECT COUNT(*) FROM favorites WHERE profile_id = 2", nil, &n); err != nil || n != 2 {
			t.Errorf("the child profile keeps %d favourites (%v), want 2", n, err)
		}
	})
}
