package catalog

import (
	"context"
	"testing"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

// Every write about a content or a person (favourite, history, rating) is
// refused with 404 when the writer may not open it through the API's GET:
// above 12 for a child profile (an episode by its series' age too), another
// operator's, withdrawn.
func TestWritesOnlyAboutWhatTheViewerOpens(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		ctx := context.Background()
		for _, c := range []struct {
			kind, name string
			child      bool
			want       bool
		}{
			{kindContent, "club", true, false},
			{kindContent, "matrix", true, false},
			{kindContent, "dark:s1e1", true, false}, // an episode left at 0 in a 16+ series
			{kindContent, "alien", false, false},
			{kindContent, "lost", false, false},
			{kindPerson, "person:alien", false, false},
			{kindContent, "fox", true, true},
			{kindContent, "club", false, true},
			{kindContent, "hidden", false, true}, // opens by its id, only left out of lists
			{kindPerson, "person:anna", true, true},
		} {
			got, err := f.svc.FavoriteTargetExists(ctx, 1, c.child, c.kind, f.id[c.name])
			if err != nil || got != c.want {
				t.Errorf("favourite %s (child %v): %v, %v; want %v", c.name, c.child, got, err, c.want)
			}
		}
		for _, c := range []struct {
			who        as
			method, to string
			body       string
			want       int
		}{
			{kid, "PUT", "/v2/users/self/history/%d", `{"seconds": 10}`, 404},
			{kid, "PUT", "/v2/users/self/ratings/%d", `{"rating": 5}`, 404},
			{kid, "DELETE", "/v2/users/self/ratings/%d", "", 404},
		} {
			for _, name := range []string{"club", "matrix", "dark"} {
				if res := f.do(c.who, c.method, f.path(c.to, name), c.body); res.status != c.want {
					t.Errorf("%s %s of %s as a child: %d, want %d", c.method, c.to, name, res.status, c.want)
				}
			}
		}
		for _, path := range []string{"/v2/users/self/history/%d", "/v2/users/self/ratings/%d"} {
			body := `{"seconds": 10}`
			if path == "/v2/users/self/ratings/%d" {
				body = `{"rating": 5}`
			}
			if res := f.do(sub, "PUT", f.path(path, "alien"), body); res.status != 404 {
				t.Errorf("PUT %s of another operator's content: %d", path, res.status)
			}
		}
		var n int
		if err := store.Get(ctx, db, `SELECT (SELECT COUNT(*) FROM watch_history) + (SELECT COUNT(*) FROM content_ratings)`, nil, &n); err != nil || n != 0 {
			t.Errorf("%d rows written (%v)", n, err)
		}
	})
}
