package identity_test

import (
	"net/http"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/app"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// Watch reports are one per stat id and device every 5 s (the player sends
// one every 30 s): a flood is refused and stores nothing.
func TestStatReportsArePaced(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newClock()
		srv := apitest.NewWithOptions(t, db, app.Options{Now: c.Now})
		token, _, userID := loginDemo(t, srv)
		other, _, _ := loginDemo(t, srv) // the same user on another device
		report := func(tok, id string) *apitest.Response {
			return srv.Do(apitest.Request{Method: "PATCH", Path: "/v2/users/self/stat/" + id + "?duration=30", Token: tok})
		}
		rows := func(id string) int {
			t.Helper()
			return countRows(t, db, "SELECT COUNT(*) FROM watch_stats WHERE user_id = ? AND stat_id = ?", userID, id)
		}

		mustStatus(t, report(token, "ch-7"), http.StatusNoContent)
		c.now = c.now.Add(time.Second)
		res := report(token, "ch-7")
		mustError(t, res, http.StatusTooManyRequests, "rate_limited")
		if res.Header.Get("Retry-After") != "4" {
			t.Errorf("Retry-After %q, want 4", res.Header.Get("Retry-After"))
		}
		if n := rows("ch-7"); n != 1 {
			t.Fatalf("%d rows after a refused report, want 1", n)
		}
		// Another stat id of the same device is its own.
		mustStatus(t, report(token, "ch-8"), http.StatusNoContent)

		// Another device of the same user is its own too.
		mustStatus(t, report(other, "ch-7"), http.StatusNoContent)
		if n := rows("ch-7"); n != 2 {
			t.Fatalf("%d rows after another device's report, want 2", n)
		}
		c.now = c.now.Add(4 * time.Second)
		mustStatus(t, report(token, "ch-7"), http.StatusNoContent)
		if n := rows("ch-7"); n != 3 {
			t.Fatalf("%d rows after the gap, want 3", n)
		}
	})
}
