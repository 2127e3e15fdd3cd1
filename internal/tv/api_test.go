package tv_test

// The TV calls through the whole app on the demo operator: every answer is
// checked against api/openapi.yaml by apitest.

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/demo"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

type channel struct {
	ID          int64  `json:"id"`
	Slug        string `json:"slug"`
	IsPurchased bool   `json:"is_purchased"`
	Is4K        bool   `json:"is_4k"`
	IsFavored   bool   `json:"is_favored"`
	Age         int    `json:"age"`
	Current     *struct {
		ID int64 `json:"id"`
	} `json:"current_schedule"`
}

func mustOK(t *testing.T, res *apitest.Response, status int) {
	t.Helper()
	if res.Status != status {
		t.Fatalf("status %d, want %d: %.300s", res.Status, status, res.Body)
	}
}

func demoToken(t *testing.T, srv *apitest.Server) string {
	t.Helper()
	return srv.SignIn(t, "demo", "efir24", "tv-test")
}

// guestToken makes a new guest and signs it in on a device: streams are
// only for a device's token, so the "not signed in" viewer of a stream test
// is a guest.
func guestToken(t *testing.T, srv *apitest.Server) string {
	t.Helper()
	return srv.Guest(t, "tv_guest")
}

func TestDemoLineupThroughTheAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		if err := demo.EnsureGuide(context.Background(), db, time.Now()); err != nil {
			t.Fatal(err)
		}
		var anon []channel
		res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/channels/channel_list"})
		mustOK(t, res, 200)
		res.JSON(t, &anon)
		if len(anon) < 30 {
			t.Fatalf("demo line-up has %d channels", len(anon))
		}
		bySlug := map[string]channel{}
		for _, c := range anon {
			bySlug[c.Slug] = c
			if c.Is4K {
				t.Errorf("anonymous sees 4K channel %s", c.Slug)
			}
		}
		if !bySlug["efir-1"].IsPurchased || bySlug["kinozal"].IsPurchased || bySlug["efir-1"].Current == nil {
			t.Errorf("efir-1 %+v kinozal %+v", bySlug["efir-1"], bySlug["kinozal"])
		}

		token := demoToken(t, srv)
		var mine []channel
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/channel_list", Token: token})
		mustOK(t, res, 200)
		res.JSON(t, &mine)
		purchased := map[string]bool{}
		for _, c := range mine {
			purchased[c.Slug] = c.IsPurchased
		}
		for _, slug := range []string{"kinozal", "night", "efir-4k", "premiere"} {
			if !purchased[slug] {
				t.Errorf("demo user lacks %s", slug)
			}
		}

		for _, path := range []string{
			"/v2/channels/category_list",
			"/v2/channels/free_list",
			"/v2/channels/guide",
			"/v2/channels/sport-arena",
			"/v2/channels/sport-arena/config",
			"/v2/channels/sport-arena/packets",
			"/v2/channels/sport-arena/content_schedule",
			"/v2/channels/sport-arena/schedule",
			"/v2/channels/1/logo.svg",
		} {
			mustOK(t, srv.Do(apitest.Request{Method: "GET", Path: path, Token: token}), 200)
		}
		var entries []struct {
			ID        int64  `json:"id"`
			Timestamp int64  `json:"timestamp"`
			Program   *int64 `json:"program"`
			Catchup   bool   `json:"is_catchup_available"`
		}
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/channels/sport-arena/content_schedule", Token: token}).JSON(t, &entries)
		blackouts := 0
		for _, e := range entries {
			if !e.Catchup {
				blackouts++
			}
		}
		if blackouts < 6 || entries[0].Program == nil {
			t.Errorf("sport-arena: %d entries, %d without catch-up", len(entries), blackouts)
		}
		mustOK(t, srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/programs/%d", *entries[0].Program)}), 200)
		mustOK(t, srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/programs/%d/schedule", *entries[0].Program)}), 200)

		// Streams: purchased live and archive, a not purchased one, a
		// preview; each played through the origin.
		guest := guestToken(t, srv)
		now := time.Now().Unix()
		// The latest programme with catch-up that started a day ago or earlier (sport-arena's
		// blackouts may cover any given hours of the day, so no fixed window).
		var yesterday int64
		for _, e := range entries {
			if e.Catchup && e.Timestamp < now-day && e.Timestamp > yesterday {
				yesterday = e.Timestamp
			}
		}
		if yesterday == 0 {
			t.Fatal("sport-arena has no catch-up programme older than a day")
		}
		for _, c := range []struct {
			path  string
			token string
			want  int
		}{
			{"/v2/channels/sport-arena/stream", token, 200},
			{fmt.Sprintf("/v2/channels/sport-arena/stream?ts=%d", yesterday+60), token, 200},
			{"/v2/channels/sport-arena/stream", guest, 403},
			{"/v2/channels/efir-1/stream", guest, 200},
			{"/v2/channels/efir-1/stream?preview=1", guest, 200},
		} {
			res := srv.Do(apitest.Request{Method: "GET", Path: c.path, Token: c.token, Header: http.Header{"Accept-Language": {"en"}}})
			if res.Status != c.want {
				t.Errorf("%s: %d, want %d: %.300s", c.path, res.Status, c.want, res.Body)
				continue
			}
			if c.want == 200 {
				mustPlay(t, srv, c.path, res)
			} else if res.ErrorType() != "permission_denied" {
				t.Errorf("%s: %.300s", c.path, res.Body)
			}
		}

		// Favourites: add, see is_favored, remove.
		var fav struct {
			ID int64 `json:"id"`
		}
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/favorites", Token: token, Body: map[string]any{"channel_id": bySlug["efir-1"].ID}})
		mustOK(t, res, http.StatusCreated)
		res.JSON(t, &fav)
		mustOK(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/favorites", Token: token}), 200)
		mustOK(t, srv.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/v2/users/self/favorites/%d", fav.ID), Token: token}), 200)
	})
}

const day = 24 * 3600

// mustPlay checks that a stream answer is a signed URL of the media origin
// (the demo media is embedded, so the origin always has it) and that the
// origin serves its master playlist with a variant to play.
func mustPlay(t *testing.T, srv *apitest.Server, path string, res *apitest.Response) {
	t.Helper()
	var s struct {
		HLS string `json:"hls"`
	}
	res.JSON(t, &s)
	if !strings.HasPrefix(s.HLS, "/media/") || !strings.HasSuffix(s.HLS, "/master.m3u8") {
		t.Errorf("%s: hls %q is not a signed media URL", path, s.HLS)
		return
	}
	master := srv.Do(apitest.Request{Method: "GET", Path: s.HLS})
	if master.Status != 200 || !strings.HasPrefix(string(master.Body), "#EXTM3U") || !strings.Contains(string(master.Body), "#EXT-X-STREAM-INF") {
		t.Errorf("%s: master playlist %d %.300s", path, master.Status, master.Body)
	}
}
