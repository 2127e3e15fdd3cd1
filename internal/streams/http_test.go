package streams_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/app"
	"efir/internal/demo"
	"efir/internal/provider"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// The limit through the whole application: the demo operator set to two
// streams at once, the demo subscriber on three devices, channel and film
// streams handed out, the players' reports answered as the contract says.

type clock struct{ now time.Time }

func (c *clock) Now() time.Time { return c.now }

// demoWithLimit seeds the demo operator with limit streams at once and
// builds the application on a clock the test moves.
func demoWithLimit(t *testing.T, db *store.DB, limit int) (*apitest.Server, *clock) {
	t.Helper()
	ctx := context.Background()
	// Seeded before the change: the seeds run once and would write the
	// demo operator's own limit over it.
	if err := demo.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	if err := demo.EnsureCommerce(ctx, db); err != nil {
		t.Fatal(err)
	}
	var cfg string
	if err := store.Get(ctx, db, "SELECT config FROM providers WHERE shortname = 'demo'", nil, &cfg); err != nil {
		t.Fatal(err)
	}
	var p provider.Provider
	if err := json.Unmarshal([]byte(cfg), &p); err != nil {
		t.Fatal(err)
	}
	p.StreamLimit = limit
	if err := provider.Save(ctx, db, &p); err != nil {
		t.Fatal(err)
	}
	if err := demo.EnsureCatalog(ctx, db); err != nil {
		t.Fatal(err)
	}
	c := &clock{now: time.Now()}
	return apitest.NewWithOptions(t, db, app.Options{Now: c.Now}), c
}

type statAnswer struct {
	Stat struct {
		ID string `json:"id"`
	} `json:"stat"`
}

func stream(t *testing.T, srv *apitest.Server, token, path string) string {
	t.Helper()
	res := srv.Do(apitest.Request{Method: "GET", Path: path, Token: token})
	if res.Status != http.StatusOK {
		t.Fatalf("%s: %d %s", path, res.Status, res.Body)
	}
	var s statAnswer
	res.JSON(t, &s)
	return s.Stat.ID
}

func report(srv *apitest.Server, token, statID string) *apitest.Response {
	return srv.Do(apitest.Request{Method: "PATCH", Path: "/v2/users/self/stat/" + statID + "?duration=30", Token: token,
		Header: http.Header{"Accept-Language": {"en"}}})
}

func mustRun(t *testing.T, res *apitest.Response, what string) {
	t.Helper()
	if res.Status != http.StatusNoContent {
		t.Fatalf("%s: %d %s, want 204", what, res.Status, res.Body)
	}
}

func mustStop(t *testing.T, res *apitest.Response, what string) {
	t.Helper()
	if res.Status != http.StatusConflict {
		t.Fatalf("%s: %d %s, want 409 stream_stopped", what, res.Status, res.Body)
	}
	var e struct {
		Error struct {
			Type    string `json:"type"`
			Message string `json:"message"`
		} `json:"error"`
	}
	res.JSON(t, &e)
	if res.Status != http.StatusConflict || e.Error.Type != "stream_stopped" ||
		e.Error.Message != "Streams at once allowed by your subscription: 2. This one stopped because another device started watching." {
		t.Fatalf("%s: %d %s, want 409 stream_stopped", what, res.Status, res.Body)
	}
}

func TestStreamLimitThroughTheAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, c := demoWithLimit(t, db, 2)
		var channel, film, lib int64
		if err := store.Get(context.Background(), db, "SELECT id FROM channels WHERE slug = 'efir-1'", nil, &channel); err != nil {
			t.Fatal(err)
		}
		if err := store.Get(context.Background(), db, `SELECT id, library_id FROM contents WHERE content_type = 'movie'
			AND age <= 16 AND is_adult = ? AND asset <> '' AND is_lost = ? AND is_announcement = ? ORDER BY id LIMIT 1`,
			[]any{false, false, false}, &film, &lib); err != nil {
			t.Fatal(err)
		}
		live := fmt.Sprintf("/v2/channels/%d/stream", channel)
		vod := fmt.Sprintf("/v2/libraries/%d/contents/%d/stream", lib, film)
		a := srv.SignIn(t, "demo", "efir24", "limit-a")
		b := srv.SignIn(t, "demo", "efir24", "limit-b")
		cc := srv.SignIn(t, "demo", "efir24", "limit-c")
		messages := func() int {
			t.Helper()
			var list []struct {
				Title string `json:"title"`
			}
			res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/messages", Token: a})
			if res.Status != http.StatusOK {
				t.Fatalf("messages: %d %s", res.Status, res.Body)
			}
			res.JSON(t, &list)
			n := 0
			for _, m := range list {
				if strings.Contains(m.Title, "Просмотр остановлен") {
					n++
				}
			}
			return n
		}

		statA := stream(t, srv, a, live)
		c.now = c.now.Add(2 * time.Second)
		// Previews are not counted: a device browsing tiles takes no place.
		stream(t, srv, cc, live+"?preview=1")
		statB := stream(t, srv, b, vod)
		c.now = c.now.Add(2 * time.Second)
		mustRun(t, report(srv, a, statA), "A")
		mustRun(t, report(srv, b, statB), "B")

		c.now = c.now.Add(10 * time.Second)
		statC := stream(t, srv, cc, live)
		mustStop(t, report(srv, a, statA), "A, the oldest")
		mustRun(t, report(srv, b, statB), "B")
		mustRun(t, report(srv, cc, statC), "C")
		if n := messages(); n != 1 {
			t.Fatalf("%d messages about the stop, want 1", n)
		}

		// Watch here on A: a new stream, and B (now the oldest) stops.
		c.now = c.now.Add(10 * time.Second)
		statA = stream(t, srv, a, live)
		mustRun(t, report(srv, a, statA), "A again")
		mustStop(t, report(srv, b, statB), "B")
		mustRun(t, report(srv, cc, statC), "C")
		if n := messages(); n != 2 {
			t.Fatalf("%d messages about the stops, want 2", n)
		}
	})
}
