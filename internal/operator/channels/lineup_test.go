package channels_test

import (
	"encoding/base64"
	"net/http"
	"slices"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// pngLogo is a 1x1 PNG.
var pngLogo, _ = base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")

// Add, edit, reorder and hide: the viewer's channel list follows at once,
// and every change is in the audit log.
func TestLineupChanges(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, _ := newServer(t, db)
		editor := srv.SignInStaff(t, editorEmail, staffPass)
		guest := srv.Guest(t, "lineup-guest")
		before := viewerList(t, srv, guest)
		if len(before) < 3 {
			t.Fatalf("the demo shows %d channels", len(before))
		}

		// add
		var c channel
		must(t, editor.Do(apitest.Request{Method: "POST", Path: "/v2/operator/channels", Body: map[string]any{
			"name": "Новый канал", "source_type": "hls", "source_url": "https://cdn.example/new/index.m3u8",
			"catchup_template": "{url}?utc={start}", "archived_days": 3, "age": 0}}), http.StatusCreated).JSON(t, &c)
		if c.Number != len(getLineup(t, editor).Channels) || c.Slug == "" || len(c.Sources) != 1 || !c.Sources[0].Playable {
			t.Fatalf("new channel: %+v", c)
		}
		// a non-HLS address is refused
		res := editor.Do(apitest.Request{Method: "PATCH", Path: path("/v2/operator/channels/%d", c.ID),
			Body: map[string]any{"source_url": "rtmp://live.example/app/stream"}})
		must(t, res, http.StatusBadRequest)
		// bad age
		must(t, editor.Do(apitest.Request{Method: "PATCH", Path: path("/v2/operator/channels/%d", c.ID),
			Body: map[string]any{"age": 7}}), http.StatusBadRequest)
		after := viewerList(t, srv, guest)
		if !slices.Contains(after, c.ID) {
			t.Fatalf("the new channel is not listed to viewers")
		}

		// reorder: the new channel first
		l := must(t, editor.Do(apitest.Request{Method: "POST", Path: "/v2/operator/lineup/order",
			Body: map[string]any{"ids": []int64{c.ID}}}), http.StatusOK)
		var nl lineup
		l.JSON(t, &nl)
		if nl.Channels[0].ID != c.ID || nl.Channels[0].Number != 1 || nl.Channels[1].Number != 2 {
			t.Fatalf("order: %+v", nl.Channels[:2])
		}
		if got := viewerList(t, srv, guest); got[0] != c.ID {
			t.Fatalf("viewer's first channel %d, want %d", got[0], c.ID)
		}
		// a repeated id is refused
		must(t, editor.Do(apitest.Request{Method: "POST", Path: "/v2/operator/lineup/order",
			Body: map[string]any{"ids": []int64{c.ID, c.ID}}}), http.StatusBadRequest)

		// hide
		hidden := before[1]
		must(t, editor.Do(apitest.Request{Method: "PATCH", Path: path("/v2/operator/channels/%d", hidden),
			Body: map[string]any{"is_hidden": true}}), http.StatusOK)
		if slices.Contains(viewerList(t, srv, guest), hidden) {
			t.Fatalf("a hidden channel is still listed")
		}
		must(t, editor.Do(apitest.Request{Method: "PATCH", Path: path("/v2/operator/channels/%d", hidden),
			Body: map[string]any{"is_hidden": false}}), http.StatusOK)
		if !slices.Contains(viewerList(t, srv, guest), hidden) {
			t.Fatalf("a shown channel is not listed")
		}

		// categories: add, rename, order, membership
		var k struct {
			ID   int64  `json:"id"`
			Name string `json:"name"`
		}
		must(t, editor.Do(apitest.Request{Method: "POST", Path: "/v2/operator/channel_categories",
			Body: map[string]any{"name": "Региональные"}}), http.StatusCreated).JSON(t, &k)
		must(t, editor.Do(apitest.Request{Method: "PATCH", Path: path("/v2/operator/channel_categories/%d", k.ID),
			Body: map[string]any{"name": "Местные"}}), http.StatusOK)
		must(t, editor.Do(apitest.Request{Method: "POST", Path: "/v2/operator/lineup/category_order",
			Body: map[string]any{"ids": []int64{k.ID}}}), http.StatusOK).JSON(t, &nl)
		if nl.Categories[0].ID != k.ID || nl.Categories[0].Name != "Местные" {
			t.Fatalf("categories: %+v", nl.Categories[0])
		}
		must(t, editor.Do(apitest.Request{Method: "PATCH", Path: path("/v2/operator/channels/%d", c.ID),
			Body: map[string]any{"categories": []int64{k.ID}}}), http.StatusOK)
		var cats []struct {
			ID       int64   `json:"id"`
			Channels []int64 `json:"channels"`
		}
		must(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/channels/category_list", Token: guest}), http.StatusOK).JSON(t, &cats)
		if len(cats) == 0 || cats[0].ID != k.ID || !slices.Equal(cats[0].Channels, []int64{c.ID}) {
			t.Fatalf("viewer's categories: %+v", cats)
		}
		must(t, editor.Do(apitest.Request{Method: "PATCH", Path: path("/v2/operator/channels/%d", c.ID),
			Body: map[string]any{"categories": []int64{999999}}}), http.StatusBadRequest)

		for _, a := range []string{"channel.create", "channel.update", "channel.order", "channel_category.create",
			"channel_category.update", "channel_category.order"} {
			if auditCount(t, db, a) == 0 {
				t.Errorf("no audit entry %s", a)
			}
		}
		// the entries read back in the contract's shape
		owner := srv.SignInStaff(t, ownerEmail, ownerPass)
		must(t, owner.Do(apitest.Request{Method: "GET", Path: "/v2/operator/audit?limit=100"}), http.StatusOK)
	})
}

// An uploaded logo is what viewers are shown, served from its own address;
// a script-carrying SVG and a file that is not what it says are refused.
func TestLogo(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, _ := newServer(t, db)
		editor := srv.SignInStaff(t, editorEmail, staffPass)
		guest := srv.Guest(t, "logo-guest")
		id := getLineup(t, editor).Channels[0].ID
		logo := func(ct string, data []byte) *apitest.Response {
			return editor.Do(apitest.Request{Method: "POST", Path: path("/v2/operator/channels/%d/logo", id),
				Body: map[string]any{"content_type": ct, "data": base64.StdEncoding.EncodeToString(data)}})
		}
		must(t, logo("image/jpeg", pngLogo), http.StatusBadRequest)
		must(t, logo("image/gif", pngLogo), http.StatusBadRequest)
		must(t, logo("image/svg+xml", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)), http.StatusBadRequest)
		must(t, logo("image/svg+xml", []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="x()"></svg>`)), http.StatusBadRequest)
		var c channel
		must(t, logo("image/png", pngLogo), http.StatusOK).JSON(t, &c)
		if !c.HasLogo || c.LogoURL == "" {
			t.Fatalf("after upload: %+v", c)
		}
		res := srv.Do(apitest.Request{Method: "GET", Path: c.LogoURL})
		must(t, res, http.StatusOK)
		if res.Header.Get("Content-Type") != "image/png" || string(res.Body) != string(pngLogo) {
			t.Fatalf("served logo: %s %q", res.Header.Get("Content-Type"), res.Body)
		}
		var ch struct {
			Images []struct {
				Type string `json:"type"`
				Src  string `json:"src"`
			} `json:"images"`
		}
		must(t, srv.Do(apitest.Request{Method: "GET", Path: path("/v2/channels/%d", id), Token: guest}), http.StatusOK).JSON(t, &ch)
		if len(ch.Images) == 0 || ch.Images[0].Src != c.LogoURL {
			t.Fatalf("viewer's logo: %+v, want %s", ch.Images, c.LogoURL)
		}
		must(t, editor.Do(apitest.Request{Method: "DELETE", Path: path("/v2/operator/channels/%d/logo", id)}), http.StatusOK).JSON(t, &c)
		if c.HasLogo {
			t.Fatalf("logo still there: %+v", c)
		}
		must(t, srv.Do(apitest.Request{Method: "GET", Path: path("/v2/channels/%d/logo", id)}), http.StatusNotFound)
		if auditCount(t, db, "channel.logo_upload") != 1 || auditCount(t, db, "channel.logo_delete") != 1 {
			t.Fatal("logo changes not audited")
		}
	})
}

// A blackout takes the catch-up of the programmes it overlaps (the
// players' blackouts); removing it gives it back.
func TestBlackouts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, clk := newServer(t, db)
		editor := srv.SignInStaff(t, editorEmail, staffPass)
		id := getLineup(t, editor).Channels[0].ID
		now := clk.Now().Unix()
		for i := int64(0); i < 4; i++ {
			if _, err := db.Exec(t.Context(), `INSERT INTO schedule (channel_id, title, start_at, duration, real_start_at, real_duration)
				VALUES (?, ?, ?, 3600, ?, 3600)`, id, "Передача", now-10*3600+i*3600, now-10*3600+i*3600); err != nil {
				t.Fatal(err)
			}
		}
		start := now - 10*3600 + 1800 // inside the first, to the middle of the second
		end := start + 3600
		var b struct {
			ID int64 `json:"id"`
		}
		must(t, editor.Do(apitest.Request{Method: "POST", Path: path("/v2/operator/channels/%d/blackouts", id),
			Body: map[string]any{"start": stamp(start), "end": stamp(end), "reason": "права"}}), http.StatusCreated).JSON(t, &b)
		off := func() int {
			var n int
			if err := store.Get(t.Context(), db, "SELECT COUNT(*) FROM schedule WHERE channel_id = ? AND is_catchup_available = ? AND start_at >= ?",
				[]any{id, false, now - 10*3600}, &n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if n := off(); n != 2 {
			t.Fatalf("%d programmes without catch-up, want 2", n)
		}
		must(t, editor.Do(apitest.Request{Method: "POST", Path: path("/v2/operator/channels/%d/blackouts", id),
			Body: map[string]any{"start": stamp(end), "end": stamp(start)}}), http.StatusBadRequest)
		var list []struct {
			ID     int64  `json:"id"`
			Reason string `json:"reason"`
		}
		must(t, editor.Do(apitest.Request{Method: "GET", Path: path("/v2/operator/channels/%d/blackouts", id)}), http.StatusOK).JSON(t, &list)
		if len(list) != 1 || list[0].Reason != "права" {
			t.Fatalf("blackouts: %+v", list)
		}
		must(t, editor.Do(apitest.Request{Method: "DELETE", Path: path("/v2/operator/channels/%d/blackouts/%d", id, b.ID)}), http.StatusNoContent)
		if n := off(); n != 0 {
			t.Fatalf("%d programmes still without catch-up", n)
		}
	})
}

func stamp(t int64) string { return time.Unix(t, 0).UTC().Format(time.RFC3339) }
