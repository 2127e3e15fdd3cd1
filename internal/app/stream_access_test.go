package app_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/demo"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// Who may have a stream: every route that hands out a stream (live,
// catch-up, film, episode, trailer, embed) against every kind of caller.
// A stream that is expected must play: its playlist is fetched from the
// origin too.

const accessPIN = "4826"

// accessCaller is a kind of token.
type accessCaller int

const (
	callerNone accessCaller = iota
	callerLogin
	callerGuest
	callerChild
	callerAdult      // the demo subscriber, whose account has a PIN, without a pass
	callerAdultProof // the same, after a right PIN on this device
	callerOther      // another user: a guest of the same operator
	callerCount
)

func (c accessCaller) String() string {
	return [...]string{"none", "login token", "guest", "child profile", "adult without PIN proof",
		"adult with PIN proof", "another user"}[c]
}

// accessRoute is one stream route of the demo operator.
type accessRoute struct {
	name string
	path string
	want [callerCount]string // "200" or "<status> <error type>"
}

func TestStreamAccessByCaller(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		ctx := context.Background()
		if err := demo.EnsureGuide(ctx, db, time.Now()); err != nil {
			t.Fatal(err)
		}
		if err := demo.EnsureCatalog(ctx, db); err != nil {
			t.Fatal(err)
		}
		ids := demoStreamIDs(t, db)
		tokens := accessTokens(t, srv)

		const (
			ok       = "200"
			noDevice = "401 authentication_failed"
			pin      = "403 parental_code_required"
			denied   = "403 permission_denied"
			missing  = "404 not_found"
		)
		yesterday := time.Now().Add(-26 * time.Hour).Unix()
		routes := []accessRoute{
			{"free live channel", fmt.Sprintf("/v2/channels/%d/stream", ids.freeChannel),
				[callerCount]string{noDevice, noDevice, ok, ok, ok, ok, ok}},
			{"18+ live channel", fmt.Sprintf("/v2/channels/%d/stream", ids.adultChannel),
				[callerCount]string{noDevice, noDevice, denied, missing, pin, ok, denied}},
			{"18+ channel catch-up", fmt.Sprintf("/v2/channels/%d/stream?ts=%d", ids.adultChannel, yesterday),
				[callerCount]string{noDevice, noDevice, denied, missing, pin, ok, denied}},
			{"paid channel catch-up", fmt.Sprintf("/v2/channels/%d/stream?ts=%d", ids.paidChannel, ids.paidCatchup),
				[callerCount]string{noDevice, noDevice, denied, ok, ok, ok, denied}},
			{"18+ film", fmt.Sprintf("/v2/libraries/%d/contents/%d/stream", ids.adultLib, ids.adultFilm),
				[callerCount]string{noDevice, noDevice, denied, denied, pin, ok, denied}},
			{"18+ film in the embed", fmt.Sprintf("/v2/libraries/%d/contents/%d/stream?embed=1", ids.adultLib, ids.adultFilm),
				[callerCount]string{noDevice, noDevice, denied, denied, ok, ok, denied}},
			{"paid episode", fmt.Sprintf("/v2/libraries/%d/contents/%d/stream", ids.episodeLib, ids.episode),
				[callerCount]string{noDevice, noDevice, denied, ok, ok, ok, denied}},
			{"trailer of a 16+ film", fmt.Sprintf("/v2/trailers/%d/stream", ids.trailer),
				[callerCount]string{noDevice, noDevice, ok, missing, ok, ok, ok}},
			{"trailer of the 18+ film", fmt.Sprintf("/v2/trailers/%d/stream", ids.adultTrailer),
				[callerCount]string{noDevice, noDevice, ok, missing, pin, ok, ok}}, // guests have no PIN
		}
		for _, route := range routes {
			for c := callerNone; c < callerCount; c++ {
				res := srv.Do(apitest.Request{Method: "GET", Path: route.path, Token: tokens[c]})
				got := fmt.Sprint(res.Status)
				if res.Status != http.StatusOK {
					got += " " + res.ErrorType()
				}
				if got != route.want[c] {
					t.Errorf("%s, %s: %s, want %s (%s)", route.name, c, got, route.want[c], res.Body)
					continue
				}
				if res.Status == http.StatusOK {
					mustPlay(t, srv, route.name+", "+c.String(), res)
				}
			}
		}
	})
}

// mustPlay fetches the stream's playlist from the origin, as the player does.
func mustPlay(t *testing.T, srv *apitest.Server, what string, res *apitest.Response) {
	t.Helper()
	var s struct {
		HLS string `json:"hls"`
	}
	res.JSON(t, &s)
	if !strings.HasPrefix(s.HLS, "/media/") && !strings.Contains(s.HLS, "/media/") {
		t.Errorf("%s: not an origin URL: %q", what, s.HLS)
		return
	}
	path := s.HLS[strings.Index(s.HLS, "/media/"):]
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("GET", path, nil)
	req.RemoteAddr = srv.RemoteAddr
	srv.Handler.ServeHTTP(rec, req)
	body, _ := io.ReadAll(rec.Body)
	if rec.Code != http.StatusOK || !strings.HasPrefix(string(body), "#EXTM3U") {
		t.Errorf("%s: playlist %d %.200s", what, rec.Code, body)
	}
}

// demoIDs are the demo operator's items the routes use.
type demoIDs struct {
	freeChannel, adultChannel, paidChannel int64
	paidCatchup                            int64 // a catch-up moment of the paid channel (16+ at most)
	adultFilm, adultLib                    int64
	episode, episodeLib                    int64
	trailer, adultTrailer                  int64
}

func demoStreamIDs(t *testing.T, db *store.DB) demoIDs {
	t.Helper()
	ctx := context.Background()
	var d demoIDs
	get := func(q string, args []any, dst ...any) {
		t.Helper()
		if err := store.Get(ctx, db, q, args, dst...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	get("SELECT id FROM channels WHERE slug = 'efir-1'", nil, &d.freeChannel)
	get("SELECT id FROM channels WHERE slug = 'night'", nil, &d.adultChannel)
	get("SELECT id FROM channels WHERE slug = 'mir-24'", nil, &d.paidChannel)
	// The latest programme of a day ago or older that may be replayed and a
	// child may see: the sport channel's blackouts and the guide's hours
	// play no part.
	now := time.Now().Unix()
	get(`SELECT start_at FROM schedule WHERE channel_id = ? AND is_catchup_available = ? AND age <= 12
		AND start_at < ? AND start_at > ? ORDER BY start_at DESC LIMIT 1`,
		[]any{d.paidChannel, true, now - 24*3600, now - 5*24*3600}, &d.paidCatchup)
	d.paidCatchup += 60
	get("SELECT id, library_id FROM contents WHERE title = 'Ночной клуб' AND content_type = 'movie'", nil, &d.adultFilm, &d.adultLib)
	get(`SELECT e.id, s.library_id FROM contents e JOIN contents se ON se.id = e.parent_id JOIN contents s ON s.id = se.parent_id
		WHERE e.content_type = 'episode' AND s.age <= 12 AND s.library_id IN (SELECT id FROM libraries WHERE is_free = ?)
		ORDER BY e.id LIMIT 1`, []any{false}, &d.episode, &d.episodeLib)
	get(`SELECT t.id FROM trailers t JOIN contents c ON c.id = t.content_id WHERE c.age = 16 ORDER BY t.id LIMIT 1`, nil, &d.trailer)
	// The demo has no trailer of an 18+ film: a teaser for the night club.
	var err error
	d.adultTrailer, err = store.InsertID(ctx, db, `INSERT INTO trailers (content_id, title, asset, duration)
		SELECT content_id, 'Teaser', asset, duration FROM trailers WHERE id = ? RETURNING id`, d.trailer)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(ctx, "UPDATE trailers SET content_id = ? WHERE id = ?", d.adultFilm, d.adultTrailer); err != nil {
		t.Fatal(err)
	}
	return d
}

// accessTokens makes one token of each kind: the demo subscriber (with a
// PIN) on three devices (a child profile, no pass, a pass), a guest, a
// login token and another guest.
func accessTokens(t *testing.T, srv *apitest.Server) [callerCount]string {
	t.Helper()
	var tokens [callerCount]string
	tokens[callerGuest] = accessGuest(t, srv, "10.1.0.1:5000")
	tokens[callerOther] = accessGuest(t, srv, "10.1.0.2:5000")
	tokens[callerLogin] = srv.Login(t, "demo", "efir24")

	adult := srv.SignIn(t, "demo", "efir24", "access-adult")
	accessDo(t, srv, "PATCH", "/v2/users/self", adult, map[string]any{"parental_code": accessPIN}, http.StatusOK, nil)
	tokens[callerAdult] = adult

	child := srv.SignIn(t, "demo", "efir24", "access-child")
	srv.ChildProfile(t, child, "Kid")
	tokens[callerChild] = child

	proof := srv.SignIn(t, "demo", "efir24", "access-proof")
	accessDo(t, srv, "POST", "/v2/users/self/parental_code/check", proof,
		map[string]any{"code": accessPIN, "action": "channel"}, http.StatusOK, nil)
	tokens[callerAdultProof] = proof
	return tokens
}

func accessDo(t *testing.T, srv *apitest.Server, method, path, token string, body any, want int, out any) {
	t.Helper()
	res := srv.Do(apitest.Request{Method: method, Path: path, Token: token, Body: body})
	if res.Status != want {
		t.Fatalf("%s %s: %d, want %d: %s", method, path, res.Status, want, res.Body)
	}
	if out != nil {
		res.JSON(t, out)
	}
}

// accessGuest makes a guest from addr, as the web client does.
func accessGuest(t *testing.T, srv *apitest.Server, addr string) string {
	t.Helper()
	saved := srv.RemoteAddr
	srv.RemoteAddr = addr
	defer func() { srv.RemoteAddr = saved }()
	return srv.Guest(t, "guest_"+strings.NewReplacer(".", "", ":", "").Replace(addr))
}

// TestLoginTokenOnlyManagesDevices: the token of POST /v2/auth/login, before
// a device is signed in, may list, register and remove devices; every
// write and per-profile read of the viewer answers 401 (it has no profile,
// and it would get around the device limit).
func TestLoginTokenOnlyManagesDevices(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		login := srv.Login(t, "demo", "efir24")
		var film int64
		if err := store.Get(context.Background(), db, "SELECT id FROM contents ORDER BY id LIMIT 1", nil, &film); err != nil {
			film = 1 // no catalogue loaded: the id is never reached, 401 comes first
		}
		for _, r := range []apitest.Request{
			{Method: "GET", Path: "/v2/users/self"},
			{Method: "PATCH", Path: "/v2/users/self", Body: map[string]string{"first_name": "X"}},
			{Method: "GET", Path: "/v2/users/self/profiles"},
			{Method: "GET", Path: "/v2/users/self/profile"},
			{Method: "GET", Path: "/v2/users/self/favorites"},
			{Method: "POST", Path: "/v2/users/self/favorites", Body: map[string]int{"channel_id": 1}},
			{Method: "GET", Path: "/v2/users/self/channel_list"},
			{Method: "GET", Path: "/v2/users/self/history"},
			{Method: "PUT", Path: fmt.Sprintf("/v2/users/self/history/%d", film), Body: map[string]int{"seconds": 60}},
			{Method: "PUT", Path: fmt.Sprintf("/v2/users/self/ratings/%d", film), Body: map[string]int{"rating": 8}},
			{Method: "GET", Path: "/v2/users/self/favorites/contents"},
			{Method: "PATCH", Path: "/v2/users/self/stat/tv1-abc?duration=10"},
			{Method: "GET", Path: "/v2/users/self/messages"},
			{Method: "GET", Path: "/v2/users/self/accounts"},
			{Method: "POST", Path: "/v2/users/self/parental_code/check", Body: map[string]string{"code": "1234", "action": "vod"}},
			{Method: "GET", Path: "/v2/channels/efir-1/stream"},
		} {
			r.Token = login
			if res := srv.Do(r); res.Status != http.StatusUnauthorized || res.ErrorType() != "authentication_failed" {
				t.Errorf("%s %s with a login token: %d %s", r.Method, r.Path, res.Status, res.Body)
			}
		}
		res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/devices", Token: login})
		if res.Status != http.StatusOK {
			t.Errorf("devices with a login token: %d %s", res.Status, res.Body)
		}
		// Once signed in, the device's token reads and writes.
		device := srv.SignInDevice(t, login, "login-then-device")
		if res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/favorites", Token: device,
			Body: map[string]int{"channel_id": demoChannel(t, db, "efir-1")}}); res.Status != http.StatusCreated {
			t.Errorf("favourite with a device token: %d %s", res.Status, res.Body)
		}
	})
}

func demoChannel(t *testing.T, db *store.DB, slug string) int {
	t.Helper()
	var id int
	if err := store.Get(context.Background(), db, "SELECT id FROM channels WHERE slug = ?", []any{slug}, &id); err != nil {
		t.Fatal(err)
	}
	return id
}
