package settings_test

import (
	"net/http"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

type playerSettings struct {
	BlackoutSafeArea      int    `json:"blackout_safe_area"`
	BlackoutPictureURL    string `json:"blackout_picture_url"`
	BlackoutScreenshotURL string `json:"blackout_screenshot_url"`
	ABTests               []struct {
		ID      int64  `json:"id"`
		Name    string `json:"name"`
		Variant string `json:"variant"`
	} `json:"ab_tests"`
}

// The blackout picture, its margin and the experiments come from the
// operator's settings into the viewers' configuration and experiments, and
// back to the defaults when cleared.
func TestPlayerSettingsReachViewers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newServer(t, db)
		owner := signIn(t, srv, ownerEmail, ownerPass)
		type config struct {
			SafeArea   int    `json:"catchup_blackout_safe_area"`
			Picture    string `json:"catchup_blackout_mattress_url"`
			Screenshot string `json:"catchup_blackout_mattress_screenshot_url"`
		}
		viewer := func() (config, []map[string]any) {
			t.Helper()
			var c config
			srv.Do(apitest.Request{Method: "GET", Path: "/v2/platform/configuration"}).JSON(t, &c)
			var tests []map[string]any
			srv.Do(apitest.Request{Method: "GET", Path: "/v2/ab_tests/tests"}).JSON(t, &tests)
			return c, tests
		}
		def, tests := viewer()
		if def.SafeArea != 60 || def.Picture == "" || len(tests) != 0 {
			t.Fatalf("defaults %+v %v", def, tests)
		}
		var got playerSettings
		owner.do("GET", "/v2/operator/settings/player", nil).JSON(t, &got)
		if got.BlackoutSafeArea != 60 || got.BlackoutPictureURL != "" || len(got.ABTests) != 0 {
			t.Fatalf("console defaults %+v", got)
		}

		for _, bad := range []map[string]any{
			{"blackout_safe_area": -1}, {"blackout_safe_area": 3601}, {"blackout_picture_url": "ftp://x/y.png"},
			{"blackout_screenshot_url": "javascript:alert(1)"},
			{"ab_tests": []map[string]any{{"id": 1, "name": "Menu Test", "variant": "a"}}},
			{"ab_tests": []map[string]any{{"id": 1, "name": "menu", "variant": "a"}, {"id": 1, "name": "row", "variant": "b"}}},
			{"ab_tests": []map[string]any{{"id": 0, "name": "menu", "variant": "a"}}},
		} {
			mustStatus(t, owner.do("PATCH", "/v2/operator/settings/player", bad), http.StatusBadRequest)
		}
		res := owner.do("PATCH", "/v2/operator/settings/player", map[string]any{"blackout_safe_area": 15,
			"blackout_picture_url": "https://cdn.example.net/blackout.jpg", "blackout_screenshot_url": "https://cdn.example.net/shot.jpg",
			"ab_tests": []map[string]any{{"id": 7, "name": "new-menu", "variant": "b"}}})
		mustStatus(t, res, http.StatusOK)
		res.JSON(t, &got)
		if got.BlackoutSafeArea != 15 || len(got.ABTests) != 1 || got.ABTests[0].Variant != "b" {
			t.Fatalf("saved %+v", got)
		}
		c, tests := viewer()
		if c.SafeArea != 15 || c.Picture != "https://cdn.example.net/blackout.jpg" || c.Screenshot != "https://cdn.example.net/shot.jpg" ||
			len(tests) != 1 || tests[0]["name"] != "new-menu" || tests[0]["variant"] != "b" {
			t.Fatalf("the viewer's configuration %+v, experiments %v", c, tests)
		}
		// Cleared: the defaults again (a zero margin is a margin, not a default).
		mustStatus(t, owner.do("PATCH", "/v2/operator/settings/player", map[string]any{"blackout_safe_area": 0,
			"blackout_picture_url": "", "blackout_screenshot_url": "", "ab_tests": []any{}}), http.StatusOK)
		c, tests = viewer()
		if c.SafeArea != 0 || c.Picture != def.Picture || c.Screenshot != def.Screenshot || len(tests) != 0 {
			t.Fatalf("cleared %+v %v", c, tests)
		}
		var audits int
		if err := store.Get(t.Context(), db, `SELECT COUNT(*) FROM audit_log WHERE action = 'settings.player.update'`, nil, &audits); err != nil || audits != 2 {
			t.Fatalf("audit entries %d %v", audits, err)
		}
	})
}
