package channels_test

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/netip"
	"sync"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/app"
	"efir/internal/config"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// The demo's staff (internal/demo/staff.go).
const (
	ownerEmail   = "admin@efir.example"
	ownerPass    = "efir24-admin"
	supportEmail = "support@efir.example"
	editorEmail  = "editor@efir.example"
	financeEmail = "finance@efir.example"
	staffPass    = "efir24-staff"
)

type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func newServer(t *testing.T, db *store.DB, tweak ...func(*config.Config)) (*apitest.Server, *clock) {
	c := &clock{now: time.Unix(1_800_000_000, 0)}
	return apitest.NewWithOptions(t, db, app.Options{Now: c.Now}, tweak...), c
}

// allowLoopback lets guide sources be fetched from the tests' servers on
// 127.0.0.1 (EFIR_FETCH_ALLOW_NETWORKS).
func allowLoopback(c *config.Config) {
	c.FetchAllowNetworks = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
}

// addStaff makes a member of provider with role (no second factor asked)
// and signs them in.
func addStaff(t *testing.T, srv *apitest.Server, provider int64, email, role string) *apitest.Staff {
	t.Helper()
	if _, err := srv.DB.Exec(t.Context(), `INSERT INTO staff (provider_id, email, role, password_hash, totp_exempt, created_at)
		SELECT ?, ?, ?, password_hash, TRUE, 0 FROM staff WHERE email = ?`, provider, email, role, supportEmail); err != nil {
		t.Fatal(err)
	}
	return srv.SignInStaff(t, email, staffPass)
}

func must(t *testing.T, res *apitest.Response, want int) *apitest.Response {
	t.Helper()
	if res.Status != want {
		t.Fatalf("status %d, want %d: %s", res.Status, want, res.Body)
	}
	return res
}

type channel struct {
	ID              int64   `json:"id"`
	Slug            string  `json:"slug"`
	Name            string  `json:"name"`
	Number          int     `json:"number"`
	IsHidden        bool    `json:"is_hidden"`
	SourceType      string  `json:"source_type"`
	SourceURL       string  `json:"source_url"`
	CatchupTemplate string  `json:"catchup_template"`
	EpgID           string  `json:"epg_id"`
	LogoURL         string  `json:"logo_url"`
	HasLogo         bool    `json:"has_logo"`
	Categories      []int64 `json:"categories"`
	Sources         []struct {
		URL      string `json:"url"`
		Playable bool   `json:"playable"`
		Problem  string `json:"problem"`
	} `json:"sources"`
}

type lineup struct {
	Channels   []channel `json:"channels"`
	Categories []struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
		Sort int    `json:"sort"`
	} `json:"categories"`
}

func getLineup(t *testing.T, st *apitest.Staff) lineup {
	t.Helper()
	var l lineup
	must(t, st.Do(apitest.Request{Method: "GET", Path: "/v2/operator/lineup"}), http.StatusOK).JSON(t, &l)
	return l
}

// viewerList is the channel ids a guest of the demo operator is shown, in order.
func viewerList(t *testing.T, srv *apitest.Server, token string) []int64 {
	t.Helper()
	var list []struct {
		ID int64 `json:"id"`
	}
	must(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/channels/channel_list", Token: token}), http.StatusOK).JSON(t, &list)
	out := make([]int64, len(list))
	for i, c := range list {
		out[i] = c.ID
	}
	return out
}

func auditCount(t *testing.T, db *store.DB, action string) int {
	t.Helper()
	var n int
	if err := store.Get(t.Context(), db, "SELECT COUNT(*) FROM audit_log WHERE action = ?", []any{action}, &n); err != nil {
		t.Fatal(err)
	}
	return n
}

func path(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// Who may call what: nobody, each role of the demo operator, and another
// operator's staff (who reaches none of the demo's channels).
func TestChannelsCallers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, _ := newServer(t, db, allowLoopback) // its guide source is on 127.0.0.1
		owner := srv.SignInStaff(t, ownerEmail, ownerPass)
		l := getLineup(t, owner)
		ch := l.Channels[0].ID
		var src struct {
			ID int64 `json:"id"`
		}
		must(t, owner.Do(apitest.Request{Method: "POST", Path: "/v2/operator/guide_sources",
			Body: map[string]any{"url": "http://127.0.0.1:1/guide.xml", "enabled": false}}), http.StatusCreated).JSON(t, &src)
		as := map[string]*apitest.Staff{
			"nobody":  nil,
			"owner":   owner,
			"admin":   addStaff(t, srv, 1, "admin2@efir.example", "admin"),
			"support": srv.SignInStaff(t, supportEmail, staffPass),
			"content": srv.SignInStaff(t, editorEmail, staffPass),
			"finance": srv.SignInStaff(t, financeEmail, staffPass),
		}
		calls := []struct {
			method, path string
			body         any
		}{
			{"GET", "/v2/operator/lineup", nil},
			{"POST", "/v2/operator/lineup/order", map[string]any{"ids": []int64{ch}}},
			{"POST", "/v2/operator/lineup/category_order", map[string]any{"ids": []int64{l.Categories[0].ID}}},
			{"POST", "/v2/operator/lineup/m3u_preview", map[string]string{"playlist": "#EXTM3U\n#EXTINF:-1,X\nhttp://x/a.m3u8\n"}},
			{"POST", "/v2/operator/lineup/m3u_apply", map[string]string{"playlist": "#EXTM3U\n"}},
			{"POST", "/v2/operator/channels", map[string]any{"name": ""}},
			{"PATCH", path("/v2/operator/channels/%d", ch), map[string]any{}},
			{"POST", path("/v2/operator/channels/%d/logo", ch), map[string]any{}},
			{"DELETE", path("/v2/operator/channels/%d/logo", ch), nil},
			{"GET", path("/v2/operator/channels/%d/blackouts", ch), nil},
			{"POST", path("/v2/operator/channels/%d/blackouts", ch), map[string]any{}},
			{"DELETE", path("/v2/operator/channels/%d/blackouts/999999", ch), nil},
			{"POST", "/v2/operator/channel_categories", map[string]any{}},
			{"PATCH", path("/v2/operator/channel_categories/%d", l.Categories[0].ID), map[string]any{}},
			{"GET", "/v2/operator/guide_sources", nil},
			{"POST", "/v2/operator/guide_sources", map[string]any{}},
			{"PATCH", path("/v2/operator/guide_sources/%d", src.ID), map[string]any{}},
			{"DELETE", "/v2/operator/guide_sources/999999", nil},
			{"POST", "/v2/operator/guide_sources/999999/fetch", nil},
			{"GET", path("/v2/operator/guide_sources/%d/unmatched", src.ID), nil},
			{"POST", path("/v2/operator/guide_sources/%d/mappings", src.ID), map[string]any{}},
		}
		allowed := map[string]bool{"owner": true, "admin": true, "content": true}
		for _, c := range calls {
			for who, st := range as {
				req := apitest.Request{Method: c.method, Path: c.path, Body: c.body}
				var res *apitest.Response
				if st == nil {
					res = srv.Do(req)
				} else {
					res = st.Do(req)
				}
				switch {
				case who == "nobody" && res.Status != http.StatusUnauthorized:
					t.Errorf("%s %s without a session: %d", c.method, c.path, res.Status)
				case who != "nobody" && allowed[who] && (res.Status == http.StatusUnauthorized || res.Status == http.StatusForbidden):
					t.Errorf("%s %s as %s: %d %s, want allowed", c.method, c.path, who, res.Status, res.Body)
				case who != "nobody" && !allowed[who] && res.Status != http.StatusForbidden:
					t.Errorf("%s %s as %s: %d, want 403", c.method, c.path, who, res.Status)
				}
			}
		}

		// Another operator's editor reaches none of the demo's channels,
		// categories or guide sources, and sees only their own line-up.
		other := addStaff(t, srv, 2, "alma-editor@alma.example", "content")
		// category ids are per operator (Alma has a 32 too): one only the demo has
		var own struct {
			ID int64 `json:"id"`
		}
		must(t, owner.Do(apitest.Request{Method: "POST", Path: "/v2/operator/channel_categories",
			Body: map[string]any{"name": "Только демо"}}), http.StatusCreated).JSON(t, &own)
		for _, c := range []struct {
			method, path string
			body         any
		}{
			{"PATCH", path("/v2/operator/channels/%d", ch), map[string]any{"name": "Чужой"}},
			{"POST", path("/v2/operator/channels/%d/logo", ch), map[string]any{"content_type": "image/png", "data": base64.StdEncoding.EncodeToString(pngLogo)}},
			{"DELETE", path("/v2/operator/channels/%d/logo", ch), nil},
			{"GET", path("/v2/operator/channels/%d/blackouts", ch), nil},
			{"PATCH", path("/v2/operator/channel_categories/%d", own.ID), map[string]any{"name": "Чужая"}},
			{"PATCH", path("/v2/operator/guide_sources/%d", src.ID), map[string]any{"every_hours": 2}},
			{"POST", path("/v2/operator/guide_sources/%d/fetch", src.ID), nil},
			{"DELETE", path("/v2/operator/guide_sources/%d", src.ID), nil},
		} {
			must(t, other.Do(apitest.Request{Method: c.method, Path: c.path, Body: c.body}), http.StatusNotFound)
		}
		res := other.Do(apitest.Request{Method: "POST", Path: "/v2/operator/lineup/order", Body: map[string]any{"ids": []int64{ch}}})
		must(t, res, http.StatusBadRequest)
		for _, c := range getLineup(t, other).Channels {
			if c.ID == ch {
				t.Fatalf("Alma's line-up holds the demo's channel %d", ch)
			}
		}
		var sources []json.RawMessage
		must(t, other.Do(apitest.Request{Method: "GET", Path: "/v2/operator/guide_sources"}), http.StatusOK).JSON(t, &sources)
		if len(sources) != 0 {
			t.Fatalf("Alma sees the demo's guide sources: %s", sources)
		}
	})
}
