package analytics_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/app"
	"efir/internal/engage/analytics"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Add(d time.Duration) { c.mu.Lock(); defer c.mu.Unlock(); c.now = c.now.Add(d) }

type fixture struct {
	t     *testing.T
	srv   *apitest.Server
	db    *store.DB
	clock *clock
}

func newFixture(t *testing.T, db *store.DB) *fixture {
	c := &clock{now: time.Unix(1_800_000_000, 0)}
	return &fixture{t: t, srv: apitest.NewWithOptions(t, db, app.Options{Now: c.Now}), db: db, clock: c}
}

func (f *fixture) send(token string, events any) *apitest.Response {
	f.t.Helper()
	return f.srv.Do(apitest.Request{Method: "POST", Path: "/v2/analytics/events", Token: token,
		Body: map[string]any{"events": events}})
}

func (f *fixture) count(query string, args ...any) int64 {
	f.t.Helper()
	var n int64
	if err := store.Get(f.t.Context(), f.db, query, args, &n); err != nil {
		f.t.Fatalf("%s: %v", query, err)
	}
	return n
}

// aWatch is what a page sends for a film watched 5 minutes.
var aWatch = []map[string]any{
	{"type": "page", "page": "/contents/film-12"},
	{"type": "event", "name": "open_content", "object_id": 12},
	{"type": "event", "name": "click_slider", "target": "row 3"},
	{"type": "playback_start", "start_type": "vod", "content_id": 12, "position": 0},
	{"type": "playback_update", "start_type": "vod", "content_id": 12, "seconds": 120},
	{"type": "playback_update", "start_type": "vod", "content_id": 12, "seconds": 300},
	{"type": "watch_5min", "start_type": "vod", "content_id": 12},
	{"type": "playback_error", "start_type": "live", "channel_id": 5, "code": 404, "error_type": "networkError",
		"stream_type": "hls", "url": "https://cdn.example/live.m3u8", "details": "manifestLoadError", "position": 30},
	{"type": "ad", "name": "impression", "place": "pre_roll", "number": 1, "object_id": 12, "ad": "demo-ad"},
}

func TestIngestStoresEveryKindWithUserState(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		res := f.send("", aWatch)
		if res.Status != http.StatusAccepted || !strings.Contains(string(res.Body), `"accepted":9`) {
			t.Fatalf("anonymous batch: %d %s", res.Status, res.Body)
		}
		if n := f.count("SELECT COUNT(*) FROM analytics_events WHERE state = ? AND user_id = 0", analytics.StateNotLogin); n != 9 {
			t.Fatalf("%d events of not_login, want 9", n)
		}
		// Rows keep what the dashboard and later reading need.
		var kind, name, value int64
		var detail string
		if err := store.Get(t.Context(), db, `SELECT kind, name, value, detail FROM analytics_events WHERE kind = ?`,
			[]any{analytics.KindPlaybackError}, &kind, &name, &value, &detail); err != nil {
			t.Fatal(err)
		}
		if name != 1 || value != 404 || !strings.Contains(detail, `"error_type":"networkError"`) || !strings.Contains(detail, `"position":30`) {
			t.Fatalf("error row: name %d value %d detail %s", name, value, detail)
		}
		if n := f.count("SELECT COUNT(*) FROM analytics_events WHERE kind = ? AND detail = 'slider'", analytics.KindEvent); n != 1 {
			t.Fatalf("templated event's part: %d rows", n)
		}

		guest := f.srv.Guest(t, "analytics-guest")
		if res := f.send(guest, aWatch[:2]); res.Status != http.StatusAccepted {
			t.Fatalf("guest: %d %s", res.Status, res.Body)
		}
		if n := f.count("SELECT COUNT(*) FROM analytics_events WHERE state = ? AND user_id > 0", analytics.StateGuest); n != 2 {
			t.Fatalf("%d guest events, want 2", n)
		}

		// The demo subscriber: the state follows the subscriptions active now.
		demo := f.srv.SignIn(t, "demo", "efir24", "analytics-serial")
		var user, packet int64
		if err := store.Get(t.Context(), db, "SELECT id FROM users WHERE username = 'demo'", nil, &user); err != nil {
			t.Fatal(err)
		}
		if err := store.Get(t.Context(), db, "SELECT MIN(id) FROM packets WHERE provider_id = 1", nil, &packet); err != nil {
			t.Fatal(err)
		}
		now := f.clock.Now().Unix()
		for _, step := range []struct {
			sql   string
			state int
		}{
			{"DELETE FROM subscriptions WHERE user_id = ?", analytics.StateFree},
			{"INSERT INTO subscriptions (user_id, packet_id, start_at, end_at, source, created_at) VALUES (?, ?, ?, ?, 'promo', 0)", analytics.StatePromo},
			{"INSERT INTO subscriptions (user_id, packet_id, start_at, end_at, source, created_at) VALUES (?, ?, ?, ?, 'paid', 0)", analytics.StateFullPayment},
		} {
			args := []any{user}
			if strings.HasPrefix(step.sql, "INSERT") {
				args = append(args, packet, now-60, now+86400)
			}
			if _, err := db.Exec(t.Context(), step.sql, args...); err != nil {
				t.Fatal(err)
			}
			if res := f.send(demo, aWatch[:1]); res.Status != http.StatusAccepted {
				t.Fatalf("demo: %d %s", res.Status, res.Body)
			}
			if n := f.count("SELECT COUNT(*) FROM analytics_events WHERE user_id = ? AND state = ?", user, step.state); n != 1 {
				t.Fatalf("after %q: %d events of state %d, want 1", step.sql, n, step.state)
			}
		}
		// The counts per day add up to the rows.
		if n := f.count("SELECT SUM(events) FROM analytics_daily WHERE provider_id = 1"); n != 9+2+3 {
			t.Fatalf("daily counts sum to %d, want 14", n)
		}
	})
}

func TestBadBatchIsRefusedWhole(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		good := map[string]any{"type": "event", "name": "open_search"}
		long := strings.Repeat("x", 101)
		for name, c := range map[string]struct {
			bad   any
			field string
		}{
			"unknown type":       {map[string]any{"type": "click"}, "events.1.type"},
			"unknown name":       {map[string]any{"type": "event", "name": "open_door!"}, "events.1.name"},
			"template no part":   {map[string]any{"type": "event", "name": "focus_"}, "events.1.name"},
			"long target":        {map[string]any{"type": "event", "name": "play", "target": long}, "events.1.target"},
			"page not a path":    {map[string]any{"type": "page", "page": "channels"}, "events.1.page"},
			"no start type":      {map[string]any{"type": "playback_start", "content_id": 3}, "events.1.start_type"},
			"live without id":    {map[string]any{"type": "playback_start", "start_type": "live"}, "events.1.channel_id"},
			"update off mark":    {map[string]any{"type": "playback_update", "start_type": "vod", "content_id": 3, "seconds": 900}, "events.1.seconds"},
			"update past 3000":   {map[string]any{"type": "playback_update", "start_type": "vod", "content_id": 3, "seconds": 3600}, "events.1.seconds"},
			"error without type": {map[string]any{"type": "playback_error", "start_type": "vod", "content_id": 3, "code": 2}, "events.1.error_type"},
			"control character":  {map[string]any{"type": "playback_error", "start_type": "vod", "content_id": 3, "error_type": "a\nb"}, "events.1.error_type"},
			"ad place":           {map[string]any{"type": "ad", "name": "start", "place": "mid"}, "events.1.place"},
			"negative position":  {map[string]any{"type": "playback_start", "start_type": "vod", "content_id": 3, "position": -1}, "events.1.position"},
			"wrong JSON type":    {map[string]any{"type": "event", "name": 5}, "events.name"},
		} {
			t.Run(name, func(t *testing.T) {
				res := f.send("", []any{good, c.bad, good})
				if res.Status != http.StatusBadRequest || res.ErrorType() != "validation_error" {
					t.Fatalf("%d %s, want 400 validation_error", res.Status, res.Body)
				}
				var e struct {
					Error struct {
						Message string            `json:"message"`
						Detail  map[string]string `json:"detail"`
					} `json:"error"`
				}
				res.JSON(t, &e)
				if e.Error.Message == "" || e.Error.Detail[c.field] == "" || strings.HasPrefix(e.Error.Detail[c.field], "analytics_") {
					t.Fatalf("error %s: want a message and a translated detail of %s", res.Body, c.field)
				}
			})
		}
		for name, body := range map[string]string{
			"empty":   `{"events": []}`,
			"missing": `{}`,
			"too big": `{"events": [` + strings.TrimSuffix(strings.Repeat(`{"type":"event","name":"play"},`, analytics.MaxBatch+1), ",") + `]}`,
		} {
			res := f.srv.Do(apitest.Request{Method: "POST", Path: "/v2/analytics/events", Body: body})
			if res.Status != http.StatusBadRequest {
				t.Fatalf("%s: %d %s", name, res.Status, res.Body)
			}
		}
		if n := f.count("SELECT COUNT(*) FROM analytics_events") + f.count("SELECT COUNT(*) FROM analytics_daily"); n != 0 {
			t.Fatalf("%d rows stored of refused batches", n)
		}
		// Several bad events: each is named, in one answer.
		res := f.send("", []any{map[string]any{"type": "x"}, good, map[string]any{"type": "event", "name": "nope"}})
		if !strings.Contains(string(res.Body), `"events.0.type"`) || !strings.Contains(string(res.Body), `"events.2.name"`) {
			t.Fatalf("two bad events: %s", res.Body)
		}
	})
}

func TestRateLimitPerDeviceAndAddress(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		one := []any{map[string]any{"type": "event", "name": "back"}}
		a := f.srv.Guest(t, "analytics-a")
		b := f.srv.Guest(t, "analytics-b")
		for i := 0; i < 30; i++ {
			if res := f.send(a, one); res.Status != http.StatusAccepted {
				t.Fatalf("batch %d: %d %s", i, res.Status, res.Body)
			}
		}
		res := f.send(a, one)
		if res.Status != http.StatusTooManyRequests || res.ErrorType() != "rate_limited" || res.Header.Get("Retry-After") == "" {
			t.Fatalf("31st batch: %d %s", res.Status, res.Body)
		}
		if res := f.send(b, one); res.Status != http.StatusAccepted {
			t.Fatalf("another device: %d %s", res.Status, res.Body)
		}
		f.clock.Add(61 * time.Second)
		if res := f.send(a, one); res.Status != http.StatusAccepted {
			t.Fatalf("a minute later: %d %s", res.Status, res.Body)
		}
		// Without a session, per address: many viewers behind one address
		// share a larger allowance.
		f.srv.RemoteAddr = "10.7.7.7:4000"
		for i := 0; i < 300; i++ {
			if res := f.send("", one); res.Status != http.StatusAccepted {
				t.Fatalf("anonymous batch %d: %d", i, res.Status)
			}
		}
		if res := f.send("", one); res.Status != http.StatusTooManyRequests {
			t.Fatalf("301st anonymous batch: %d", res.Status)
		}
		f.srv.RemoteAddr = "10.7.7.8:4000"
		if res := f.send("", one); res.Status != http.StatusAccepted {
			t.Fatalf("another address: %d", res.Status)
		}
	})
}

func TestRetentionKeepsCounts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		if res := f.send("", aWatch); res.Status != http.StatusAccepted {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		if res := f.srv.Do(apitest.Request{Method: "POST", Path: "/v2/client_errors",
			Body: map[string]any{"kind": "error", "message": "boom"}}); res.Status != http.StatusNoContent {
			t.Fatalf("client error: %d %s", res.Status, res.Body)
		}
		f.clock.Add(10 * 24 * time.Hour)
		if res := f.send("", aWatch[:2]); res.Status != http.StatusAccepted {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		now := f.clock.Now()
		// Operator 1 keeps 7 days: the first batch goes, the second stays.
		if err := analytics.Prune(t.Context(), db, now, map[int64]int{1: 7}); err != nil {
			t.Fatal(err)
		}
		if n := f.count("SELECT COUNT(*) FROM analytics_events"); n != 2 {
			t.Fatalf("%d events after the prune, want 2", n)
		}
		if n := f.count("SELECT COUNT(*) FROM client_errors"); n != 0 {
			t.Fatalf("%d client errors after the prune, want 0", n)
		}
		if n := f.count("SELECT SUM(events) FROM analytics_daily"); n != 11 {
			t.Fatalf("daily counts %d, want 11: they outlive the rows", n)
		}
		// With 30 days, nothing more goes.
		if err := analytics.Prune(t.Context(), db, now.Add(24*time.Hour), map[int64]int{1: 30}); err != nil {
			t.Fatal(err)
		}
		if n := f.count("SELECT COUNT(*) FROM analytics_events"); n != 2 {
			t.Fatalf("%d events, want 2", n)
		}
	})
}

func TestClientErrors(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		guest := f.srv.Guest(t, "analytics-err")
		ok := map[string]any{"kind": "request", "message": "GET /v2/channels failed", "page": "/channels", "status": 500,
			"stack": "at x (app.js:1:2)", "app_version": "185"}
		if res := f.srv.Do(apitest.Request{Method: "POST", Path: "/v2/client_errors", Token: guest, Body: ok}); res.Status != http.StatusNoContent {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		if n := f.count("SELECT COUNT(*) FROM client_errors WHERE user_id > 0 AND provider_id = 1 AND status = 500"); n != 1 {
			t.Fatalf("%d stored", n)
		}
		for name, body := range map[string]map[string]any{
			"kind":    {"kind": "warning", "message": "x"},
			"message": {"kind": "error"},
			"status":  {"kind": "request", "message": "x", "status": 700},
			"page":    {"kind": "error", "message": "x", "page": "http://elsewhere"},
			"stack":   {"kind": "error", "message": "x", "stack": strings.Repeat("s", 8001)},
		} {
			res := f.srv.Do(apitest.Request{Method: "POST", Path: "/v2/client_errors", Token: guest, Body: body})
			if res.Status != http.StatusBadRequest || !strings.Contains(string(res.Body), `"`+name+`"`) {
				t.Fatalf("%s: %d %s", name, res.Status, res.Body)
			}
		}
		for i := 0; i < 20; i++ {
			f.srv.Do(apitest.Request{Method: "POST", Path: "/v2/client_errors", Token: guest, Body: ok})
		}
		if res := f.srv.Do(apitest.Request{Method: "POST", Path: "/v2/client_errors", Token: guest, Body: ok}); res.Status != http.StatusTooManyRequests {
			t.Fatalf("past the limit: %d", res.Status)
		}
	})
}

// The console's panel counts the operator's own events only, and needs
// dashboard.read.
func TestConsolePanelIsolation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		if res := f.send("", aWatch); res.Status != http.StatusAccepted {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		owner := f.srv.SignInStaff(t, "admin@efir.example", "efir24-admin")
		var p struct {
			Days []struct {
				Start  int64            `json:"start"`
				ByKind map[string]int64 `json:"by_kind"`
			} `json:"days"`
			Starts []analytics.NamedCount `json:"starts_by_type"`
			Top    []analytics.NamedCount `json:"top_events"`
			State  []analytics.NamedCount `json:"by_state"`
		}
		res := owner.Do(apitest.Request{Method: "GET", Path: "/v2/operator/dashboard/events"})
		if res.Status != http.StatusOK {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		res.JSON(t, &p)
		last := p.Days[len(p.Days)-1]
		if len(p.Days) != 7 || last.ByKind["playback_start"] != 1 || last.ByKind["playback_update"] != 2 ||
			last.ByKind["playback_error"] != 1 || last.ByKind["event"] != 2 || last.ByKind["ad"] != 1 {
			t.Fatalf("panel: %s", res.Body)
		}
		if fmt.Sprint(p.Starts) != "[{live 0} {archive 0} {vod 1} {trailer 0}]" || p.State[0] != (analytics.NamedCount{Name: "not_login", Events: 9}) {
			t.Fatalf("starts %v, states %v", p.Starts, p.State)
		}
		if len(p.Top) != 2 || p.Top[0].Name != "click_*" || p.Top[1].Name != "open_content" {
			t.Fatalf("top events %v", p.Top)
		}

		// Another operator's console sees none of them.
		if _, err := db.Exec(t.Context(), `INSERT INTO staff (provider_id, email, role, password_hash, totp_exempt, created_at)
			SELECT 2, 'analytics-alma@alma.example', 'admin', password_hash, TRUE, 0 FROM staff WHERE email = 'support@efir.example'`); err != nil {
			t.Fatal(err)
		}
		alma := f.srv.SignInStaff(t, "analytics-alma@alma.example", "efir24-staff")
		res = alma.Do(apitest.Request{Method: "GET", Path: "/v2/operator/dashboard/events"})
		var other map[string]json.RawMessage
		res.JSON(t, &other)
		if res.Status != http.StatusOK || strings.Contains(string(other["days"]), `"playback_start":1`) || strings.Contains(string(other["top_events"]), "open_content") {
			t.Fatalf("another operator's panel: %d %s", res.Status, res.Body)
		}
		editor := f.srv.SignInStaff(t, "editor@efir.example", "efir24-staff")
		if res := editor.Do(apitest.Request{Method: "GET", Path: "/v2/operator/dashboard/events"}); res.Status != http.StatusForbidden {
			t.Fatalf("content editor: %d", res.Status)
		}
		if res := owner.Do(apitest.Request{Method: "GET", Path: "/v2/operator/dashboard/events?from=0&to=86400000"}); res.Status != http.StatusBadRequest {
			t.Fatalf("1000 days: %d", res.Status)
		}
	})
}
