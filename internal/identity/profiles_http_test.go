package identity_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

type profileJSON struct {
	ID           int64  `json:"id"`
	Name         string `json:"name"`
	Icon         string `json:"icon"`
	IconAvatarID int    `json:"icon_avatar_id"`
	Type         string `json:"type"`
	Role         string `json:"role"`
}

func listProfiles(t *testing.T, srv *apitest.Server, token string) []profileJSON {
	t.Helper()
	res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/profiles", Token: token})
	mustStatus(t, res, http.StatusOK)
	var out []profileJSON
	res.JSON(t, &out)
	return out
}

func createProfile(t *testing.T, srv *apitest.Server, token string, body map[string]any) profileJSON {
	t.Helper()
	res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/profiles", Token: token, Body: body})
	mustStatus(t, res, http.StatusCreated)
	var p profileJSON
	res.JSON(t, &p)
	return p
}

func activeProfileOf(t *testing.T, srv *apitest.Server, token string) profileJSON {
	t.Helper()
	res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/profile", Token: token})
	mustStatus(t, res, http.StatusOK)
	var p profileJSON
	res.JSON(t, &p)
	return p
}

// mustError fails unless res is an error answer with status and type.
func mustError(t *testing.T, res *apitest.Response, status int, typ string) {
	t.Helper()
	if res.Status != status || res.ErrorType() != typ {
		t.Fatalf("got %d %s, want %d %s", res.Status, res.Body, status, typ)
	}
}

func switchProfile(srv *apitest.Server, token string, id int64, code string) *apitest.Response {
	body := map[string]any{"profile_id": id}
	if code != "" {
		body["parental_code"] = code
	}
	return srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/profile", Token: token, Body: body})
}

func TestProfilesLifecycle(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		token, _, _ := signUp(t, srv)

		list := listProfiles(t, srv, token)
		if len(list) != 1 || list[0].Role != "adult" {
			t.Fatalf("a new user's profiles: %+v", list)
		}
		main := list[0]
		if got := activeProfileOf(t, srv, token); got.ID != main.ID {
			t.Fatalf("active profile %d, want %d", got.ID, main.ID)
		}

		// Validation.
		for _, body := range []map[string]any{
			{"role": "adult"},
			{"name": "   "},
			{"name": strings.Repeat("я", 33)},
			{"name": "Kid", "role": "teen"},
			{"name": "Kid", "icon_avatar_id": 999},
			{"name": "Kid", "icon_avatar_id": "seven"},
		} {
			res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/profiles", Token: token, Body: body})
			mustError(t, res, http.StatusBadRequest, "validation_error")
		}

		// A profile without an avatar gets one of the catalogue.
		kid := createProfile(t, srv, token, map[string]any{"name": "  Kid  ", "role": "child"})
		if kid.Name != "Kid" || kid.Role != "child" || kid.IconAvatarID < 1 || kid.IconAvatarID > 24 ||
			kid.Icon != fmt.Sprintf("/v2/profiles/avatars/%d.svg", kid.IconAvatarID) {
			t.Fatalf("new child profile %+v", kid)
		}
		chosen := createProfile(t, srv, token, map[string]any{"name": "Mum", "icon_avatar_id": 7})
		if chosen.IconAvatarID != 7 || chosen.Role != "adult" || chosen.Icon != "/v2/profiles/avatars/7.svg" {
			t.Fatalf("profile with a chosen avatar %+v", chosen)
		}
		// Form-encoded bodies work too.
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/profiles", Token: token, Form: true,
			Body: map[string]string{"name": "Gran", "role": "adult", "icon_avatar_id": "3"}})
		mustStatus(t, res, http.StatusCreated)
		createProfile(t, srv, token, map[string]any{"name": "Dad"})

		// The sixth profile is refused.
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/profiles", Token: token,
			Body: map[string]any{"name": "Sixth"}})
		mustError(t, res, http.StatusBadRequest, "validation_error")
		if n := len(listProfiles(t, srv, token)); n != 5 {
			t.Fatalf("%d profiles, want 5", n)
		}

		// Edit (no PIN set: no parental check).
		res = srv.Do(apitest.Request{Method: "PATCH", Path: fmt.Sprintf("/v2/users/self/profiles/%d", chosen.ID), Token: token,
			Body: map[string]any{"name": "Mother", "icon_avatar_id": 12}})
		mustStatus(t, res, http.StatusOK)
		var edited profileJSON
		res.JSON(t, &edited)
		if edited.Name != "Mother" || edited.IconAvatarID != 12 || edited.Icon != "/v2/profiles/avatars/12.svg" {
			t.Fatalf("edited %+v", edited)
		}
		for _, body := range []map[string]any{{"name": ""}, {"role": "boss"}, {"icon_avatar_id": 0}} {
			res = srv.Do(apitest.Request{Method: "PATCH", Path: fmt.Sprintf("/v2/users/self/profiles/%d", chosen.ID), Token: token, Body: body})
			mustError(t, res, http.StatusBadRequest, "validation_error")
		}
		res = srv.Do(apitest.Request{Method: "PATCH", Path: "/v2/users/self/profiles/99999", Token: token, Body: map[string]any{"name": "X"}})
		mustError(t, res, http.StatusNotFound, "not_found")

		// The active profile cannot be deleted; another one can.
		res = srv.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/v2/users/self/profiles/%d", main.ID), Token: token})
		mustError(t, res, http.StatusForbidden, "permission_denied")
		res = srv.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/v2/users/self/profiles/%d", kid.ID), Token: token})
		mustStatus(t, res, http.StatusNoContent)
		res = srv.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/v2/users/self/profiles/%d", kid.ID), Token: token})
		mustError(t, res, http.StatusNotFound, "not_found")
		if n := len(listProfiles(t, srv, token)); n != 4 {
			t.Fatalf("%d profiles after a delete, want 4", n)
		}
		// A free slot can be used again.
		createProfile(t, srv, token, map[string]any{"name": "Kid 2", "role": "child"})
	})
}

// TestDeletedProfileMovesDevices: a device whose active profile is deleted
// from another device moves to a remaining profile of the same role.
func TestDeletedProfileMovesDevices(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		token1, _, userID := signUp(t, srv)
		kid1 := createProfile(t, srv, token1, map[string]any{"name": "Kid 1", "role": "child"})
		kid2 := createProfile(t, srv, token1, map[string]any{"name": "Kid 2", "role": "child"})
		// A second device of the same user, signed in with the account's credentials.
		token2, _ := deviceSignIn(t, srv, loginAgain(t, srv, userID), "second-"+randomHex(4))
		mustStatus(t, switchProfile(srv, token2, kid1.ID, ""), http.StatusOK)

		res := srv.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/v2/users/self/profiles/%d", kid1.ID), Token: token1})
		mustStatus(t, res, http.StatusNoContent)
		if got := activeProfileOf(t, srv, token2); got.ID != kid2.ID {
			t.Fatalf("the second device is on %+v, want the remaining child profile %d", got, kid2.ID)
		}
	})
}

func TestAvatarCatalogueHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		var cats []struct {
			Title   string `json:"title"`
			Avatars []struct {
				ID  int    `json:"id"`
				Src string `json:"src"`
			} `json:"avatars"`
		}
		res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/profiles/avatar_categories", Header: http.Header{"Accept-Language": {"en"}}})
		mustStatus(t, res, http.StatusOK)
		res.JSON(t, &cats)
		if len(cats) != 3 || cats[0].Title != "Animals" || len(cats[0].Avatars) < 6 {
			t.Fatalf("en catalogue %+v", cats)
		}
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/profiles/avatar_categories", Header: http.Header{"Accept-Language": {"ru-RU,ru;q=0.9"}}})
		res.JSON(t, &cats)
		if cats[0].Title != "Животные" {
			t.Fatalf("ru title %q", cats[0].Title)
		}

		src := cats[1].Avatars[2].Src
		res = srv.Do(apitest.Request{Method: "GET", Path: src})
		mustStatus(t, res, http.StatusOK)
		if ct := res.Header.Get("Content-Type"); ct != "image/svg+xml" {
			t.Errorf("content type %q", ct)
		}
		if cc := res.Header.Get("Cache-Control"); !strings.Contains(cc, "max-age=31536000") {
			t.Errorf("cache control %q", cc)
		}
		if !strings.HasPrefix(string(res.Body), "<svg ") {
			t.Errorf("body %.80s", res.Body)
		}
		again := srv.Do(apitest.Request{Method: "GET", Path: src})
		if string(again.Body) != string(res.Body) {
			t.Error("the same avatar drew a different picture")
		}
		for _, p := range []string{"/v2/profiles/avatars/0.svg", "/v2/profiles/avatars/25.svg", "/v2/profiles/avatars/1.png",
			"/v2/profiles/avatars/01.svg", "/v2/profiles/avatars/x.svg"} {
			mustError(t, srv.Do(apitest.Request{Method: "GET", Path: p}), http.StatusNotFound, "not_found")
		}
	})
}
