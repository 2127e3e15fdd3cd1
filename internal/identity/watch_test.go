package identity_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/app"
	"efir/internal/identity"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// Reports roll up exactly: the seconds of a viewer, object and day are the
// sum of the accepted reports; a report repeated within the pace limit is
// refused and adds nothing; a trailer's or an unknown id's report stays a
// raw row only.
func TestWatchReportsRollUp(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newClock()
		srv := apitest.NewWithOptions(t, db, app.Options{Now: c.Now})
		token, _, userID := loginDemo(t, srv)
		other, _, _ := loginDemo(t, srv) // the same viewer on a second device
		report := func(tok, id, duration string) *apitest.Response {
			return srv.Do(apitest.Request{Method: "PATCH", Path: "/v2/users/self/stat/" + id + "?duration=" + duration, Token: tok})
		}
		seconds := func(kind string, object, day int64) int {
			t.Helper()
			return countRows(t, db, `SELECT COALESCE(SUM(seconds), 0) FROM watch_daily WHERE user_id = ? AND object_kind = ?
				AND object_id = ? AND day = ?`, userID, kind, object, day)
		}
		day := c.now.Unix() / 86400

		mustStatus(t, report(token, "tv5-aa11", "30"), http.StatusNoContent)
		c.now = c.now.Add(2 * time.Second)
		mustError(t, report(token, "tv5-aa11", "30"), http.StatusTooManyRequests, "rate_limited")
		c.now = c.now.Add(28 * time.Second)
		mustStatus(t, report(token, "tv5-aa11", "30"), http.StatusNoContent)
		mustStatus(t, report(other, "tv5-bb22", "25"), http.StatusNoContent)
		mustStatus(t, report(token, "vod7-cc33", "12"), http.StatusNoContent)
		mustStatus(t, report(token, "trailer3-dd44", "30"), http.StatusNoContent)
		mustStatus(t, report(token, "ch-9", "30"), http.StatusNoContent)
		if got := seconds(identity.WatchChannel, 5, day); got != 85 {
			t.Errorf("channel 5: %d s, want 85 (30 + 30 + 25; the refused report adds nothing)", got)
		}
		if got := seconds(identity.WatchContent, 7, day); got != 12 {
			t.Errorf("content 7: %d s, want 12", got)
		}
		// Watching now: the viewer once, on each object once, whatever the
		// devices and reports.
		for kind, want := range map[string]int{"": 1, identity.WatchChannel: 1, identity.WatchContent: 1} {
			if got := countRows(t, db, `SELECT COALESCE(SUM(viewers), 0) FROM watch_now WHERE provider_id = 1 AND object_kind = ?
				AND slot >= ?`, kind, (c.now.Unix()-90)/identity.WatchSlotSeconds); got != want {
				t.Errorf("watching now (%q): %d, want %d", kind, got, want)
			}
		}
		// The next day is a row of its own (a new token: the old one expired).
		c.now = time.Unix((day+1)*86400+10, 0)
		token, _, _ = loginDemo(t, srv)
		mustStatus(t, report(token, "tv5-aa11", "30"), http.StatusNoContent)
		if got := seconds(identity.WatchChannel, 5, day+1); got != 30 {
			t.Errorf("channel 5 the next day: %d s, want 30", got)
		}
		if n := countRows(t, db, "SELECT COUNT(*) FROM watch_daily WHERE user_id = ?", userID); n != 3 {
			t.Errorf("%d roll-up rows, want 3 (trailers and unknown ids are not rolled up)", n)
		}
		if n := countRows(t, db, "SELECT COUNT(*) FROM watch_stats WHERE user_id = ? AND provider_id = 1", userID); n != 7 {
			t.Errorf("%d raw rows, want 7 (one per accepted report)", n)
		}
		if got := countRows(t, db, "SELECT SUM(seconds) FROM watch_totals WHERE provider_id = 1 AND day = ?", day); got != 97 {
			t.Errorf("the operator's day: %d s, want 97", got)
		}
		var last int64
		if err := store.Get(context.Background(), db, `SELECT reported_at FROM watch_live WHERE user_id = ? AND object_kind = 'channel'
			AND object_id = 5`, []any{userID}, &last); err != nil || last != c.now.Unix() {
			t.Errorf("live mark at %d (%v), want %d", last, err, c.now.Unix())
		}
	})
}

// The prune keeps each operator's raw reports for its retention, rows from
// before the roll-ups for the default, and the roll-ups for ever; live marks
// and "watching now" slots go after minutes of silence.
func TestPruneWatchKeepsRetention(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Unix(1_800_000_000, 0)
		day := int64(86400)
		n := now.Unix()
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := db.Exec(ctx, q, args...); err != nil {
				t.Fatal(err)
			}
		}
		exec("INSERT INTO users (provider_id, username, date_joined) VALUES (1, 'watcher', 0)")
		var uid int64
		if err := store.Get(ctx, db, "SELECT id FROM users WHERE username = 'watcher'", nil, &uid); err != nil {
			t.Fatal(err)
		}
		raw := func(provider, at int64, count int) {
			t.Helper()
			exec(`WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
				INSERT INTO watch_stats (user_id, provider_id, stat_id, duration, created_at) SELECT ?, ?, 'tv1-x', 30, ? FROM n`,
				count, uid, provider, at)
		}
		raw(1, n-31*day, 5003) // more than one batch
		raw(1, n-29*day, 2)
		raw(2, n-8*day, 3)
		raw(2, n-6*day, 4)
		raw(0, n-31*day, 5)
		raw(0, n-29*day, 6)
		exec(`INSERT INTO watch_live (user_id, object_kind, object_id, provider_id, reported_at) VALUES
			(?, 'channel', 1, 1, ?), (?, 'channel', 2, 1, ?)`, uid, n-11*60, uid, n-60)
		exec(`INSERT INTO watch_daily (user_id, object_kind, object_id, day, seconds) VALUES (?, 'channel', 1, ?, 30)`, uid, (n-400*day)/day)
		exec(`INSERT INTO watch_now (provider_id, slot, object_kind, object_id, viewers) VALUES (1, ?, '', 0, 1), (1, ?, '', 0, 1)`,
			(n-11*60)/10, (n-60)/10)

		if err := identity.PruneWatch(ctx, db, now, map[int64]int{1: 30, 2: 7}); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			provider int64
			want     int
		}{{1, 2}, {2, 4}, {0, 6}} {
			if got := countRows(t, db, "SELECT COUNT(*) FROM watch_stats WHERE provider_id = ?", c.provider); got != c.want {
				t.Errorf("operator %d: %d raw rows left, want %d", c.provider, got, c.want)
			}
		}
		for _, table := range []string{"watch_live", "watch_now"} {
			if got := countRows(t, db, "SELECT COUNT(*) FROM "+table); got != 1 {
				t.Errorf("%s: %d rows left, want the one a minute old", table, got)
			}
		}
		if got := countRows(t, db, "SELECT COUNT(*) FROM watch_daily"); got != 1 {
			t.Errorf("the roll-up went: %d rows", got)
		}
	})
}

// Reports that arrive together are written together (a batch) and count
// exactly as one by one; a report that cannot be stored (its viewer is
// gone) fails alone.
func TestRecordWatchBatches(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		start := time.Unix(1_800_000_000, 0)
		var users []int64
		for i := 0; i < 20; i++ {
			id, err := store.InsertID(ctx, db, "INSERT INTO users (provider_id, username, date_joined) VALUES (1, ?, 0) RETURNING id",
				fmt.Sprintf("batch-%d", i))
			if err != nil {
				t.Fatal(err)
			}
			users = append(users, id)
		}
		errs := make(chan error, len(users)*10+1)
		var wg sync.WaitGroup
		for i, u := range users {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for r := 0; r < 10; r++ {
					errs <- identity.RecordWatch(ctx, db, identity.WatchReport{UserID: u, ProviderID: 1,
						StatID: fmt.Sprintf("tv%d-ab", 1+i%3), Duration: 30, At: start.Add(time.Duration(r) * 30 * time.Second)})
				}
			}()
		}
		gone := identity.RecordWatch(ctx, db, identity.WatchReport{UserID: 1 << 40, ProviderID: 1, StatID: "tv1-ab", Duration: 30,
			At: start})
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		if gone == nil {
			t.Error("a report of no viewer was stored")
		}
		last := start.Add(9 * 30 * time.Second).Unix()
		for _, c := range []struct {
			query string
			args  []any
			want  int
		}{
			{"SELECT SUM(seconds) FROM watch_daily WHERE user_id = ?", []any{users[7]}, 300},
			{"SELECT SUM(seconds) FROM watch_totals WHERE provider_id = 1", nil, 20 * 300},
			{"SELECT COUNT(*) FROM watch_stats WHERE provider_id = 1", nil, 200},
			{"SELECT SUM(viewers) FROM watch_now WHERE provider_id = 1 AND object_kind = '' AND slot >= ?", []any{(last - 90) / 10}, 20},
			{"SELECT SUM(viewers) FROM watch_now WHERE provider_id = 1 AND object_kind = 'channel' AND object_id = 2 AND slot >= ?",
				[]any{(last - 90) / 10}, 7},
		} {
			if got := countRows(t, db, c.query, c.args...); got != c.want {
				t.Errorf("%s: %d, want %d", c.query, got, c.want)
			}
		}
	})
}
