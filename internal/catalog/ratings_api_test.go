package catalog_test

// Viewer ratings and a person's favourite state through the whole app, on
// the test catalogue of contents_api_test.go; every answer is checked
// against api/openapi.yaml by apitest.

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"efir/internal/apitest"
	"efir/internal/catalog"
	"efir/internal/identity"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// signIn signs login in on a new device.
func signIn(t *testing.T, srv *apitest.Server, login, password, serial string) string {
	t.Helper()
	return srv.SignIn(t, login, password, serial)
}

// guestToken makes a guest user of the demo operator and signs it in.
func guestToken(t *testing.T, srv *apitest.Server) string {
	t.Helper()
	return srv.Guest(t, "rating-guest")
}

// addUser adds a second subscriber of the demo operator with one profile.
func addUser(t *testing.T, db *store.DB, login, password string) {
	t.Helper()
	hash, err := identity.HashPassword(password)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	id, err := store.InsertID(ctx, db, `INSERT INTO users (provider_id, username, password_hash, date_joined) VALUES (1, ?, ?, 1)
		RETURNING id`, login, hash)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(ctx, "INSERT INTO profiles (user_id, name, role, icon_avatar_id, created_at) VALUES (?, ?, 'adult', 1, 1)", id, login); err != nil {
		t.Fatal(err)
	}
}

// switchProfile creates a profile of role on the token's user and makes it
// the token's profile.
func switchProfile(t *testing.T, srv *apitest.Server, tok, role string) {
	t.Helper()
	res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/profiles", Token: tok, Body: map[string]any{"name": "P " + role, "role": role}})
	must(t, res, 201)
	var prof struct {
		ID int64 `json:"id"`
	}
	res.JSON(t, &prof)
	must(t, srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/profile", Token: tok, Body: map[string]any{"profile_id": prof.ID}}), 200)
}

func TestRatingsThroughTheAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		seedContents(t, db)
		addUser(t, db, "second", "second-password")
		en := http.Header{"Accept-Language": {"en"}}
		put := func(tok string, id any, body any, status int) *apitest.Response {
			t.Helper()
			res := srv.Do(apitest.Request{Method: "PUT", Path: fmt.Sprintf("/v2/users/self/ratings/%v", id), Token: tok, Body: body, Header: en})
			must(t, res, status)
			return res
		}
		del := func(tok string, id any, status int) *apitest.Response {
			t.Helper()
			res := srv.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/v2/users/self/ratings/%v", id), Token: tok, Header: en})
			must(t, res, status)
			return res
		}
		rating := func(tok string, id int64) *catalog.UserRatingJSON {
			t.Helper()
			var m catalog.MetaJSON
			res := srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/users/self/content_metadata/%d", id), Token: tok})
			must(t, res, 200)
			res.JSON(t, &m)
			return m.UserRating
		}
		seven := map[string]any{"rating": 7}

		// Nobody and guests rate nothing.
		put("", filmFree, seven, 401)
		del("", filmFree, 401)
		guest := guestToken(t, srv)
		if res := put(guest, filmFree, seven, 403); res.ErrorType() != "permission_denied" || !strings.Contains(string(res.Body), "Sign in") {
			t.Errorf("guest put %s", res.Body)
		}
		del(guest, filmFree, 403)
		if r := rating(guest, filmFree); r != nil {
			t.Errorf("guest meta %+v", r)
		}
		if r := rating("", filmFree); r != nil {
			t.Errorf("anonymous meta %+v", r)
		}

		// Rate, change, read back through the meta.
		adult := token(t, srv, "r-adult")
		if r := rating(adult, filmFree); r != nil {
			t.Errorf("meta before rating %+v", r)
		}
		var first, again catalog.UserRatingJSON
		put(adult, filmFree, seven, 200).JSON(t, &first)
		if first.Rating != "7.00" || first.ID == "" {
			t.Errorf("rated %+v", first)
		}
		if r := rating(adult, filmFree); r == nil || *r != first {
			t.Errorf("meta %+v, want %+v", r, first)
		}
		put(adult, fmt.Sprintf("s1-free-film-%d", filmFree), map[string]any{"rating": 10}, 200).JSON(t, &again)
		if again.ID != first.ID || again.Rating != "10.00" {
			t.Errorf("rated again %+v after %+v", again, first)
		}
		res := srv.Do(apitest.Request{Method: "PUT", Path: fmt.Sprintf("/v2/users/self/ratings/%d", filmFree), Token: adult, Form: true,
			Body: map[string]string{"rating": "9"}})
		must(t, res, 200)
		if r := rating(adult, filmFree); r == nil || r.Rating != "9.00" || r.ID != first.ID {
			t.Errorf("meta after the form %+v", r)
		}

		// A series is rated as a whole; its seasons and episodes show that.
		put(adult, series, map[string]any{"rating": 8}, 200)
		for _, id := range []int64{series, season1, episode1} {
			if r := rating(adult, id); r == nil || r.Rating != "8.00" {
				t.Errorf("meta of %d: %+v", id, r)
			}
		}
		for _, id := range []int64{season1, episode1} {
			put(adult, id, seven, 400)
			del(adult, id, 400)
		}

		// Bad values: validation_error naming the field; nothing changes.
		for _, body := range []any{map[string]any{"rating": 0}, map[string]any{"rating": 11}, map[string]any{"rating": -3},
			map[string]any{"rating": 7.5}, map[string]any{"rating": "7"}, map[string]any{}, map[string]any{"rating": nil}, `{"rating":`} {
			res := put(adult, filmFree, body, 400)
			if res.ErrorType() != "validation_error" {
				t.Errorf("%v: %s", body, res.Body)
			}
			if _, isMap := body.(map[string]any); isMap && !strings.Contains(string(res.Body), `"rating"`) {
				t.Errorf("%v: no detail.rating in %s", body, res.Body)
			}
		}
		if r := rating(adult, filmFree); r == nil || r.Rating != "9.00" {
			t.Errorf("meta after bad values %+v", r)
		}

		// What may not be opened is not rated.
		put(adult, unknownID, seven, 404)
		del(adult, unknownID, 404)
		if res := put(adult, filmLost, seven, 404); res.ErrorType() != "lost_content" {
			t.Errorf("lost %s", res.Body)
		}
		kid := token(t, srv, "r-kid")
		switchProfile(t, srv, kid, "child")
		put(kid, filmTeen, seven, 404)
		del(kid, filmTeen, 404)
		put(kid, filmFree, map[string]any{"rating": 2}, 200)

		// One profile's rating never shows for another profile or user.
		other := token(t, srv, "r-other-profile")
		switchProfile(t, srv, other, "adult")
		second := signIn(t, srv, "second", "second-password", "r-second")
		for _, tok := range []string{other, second} {
			if r := rating(tok, filmFree); r != nil {
				t.Errorf("another viewer sees %+v", r)
			}
		}
		put(second, filmFree, map[string]any{"rating": 3}, 200)
		if r := rating(adult, filmFree); r == nil || r.Rating != "9.00" {
			t.Errorf("after another user rated: %+v", r)
		}
		if r := rating(kid, filmFree); r == nil || r.Rating != "2.00" {
			t.Errorf("the child profile's own: %+v", r)
		}

		// Clearing is the profile's own and may be repeated.
		del(adult, filmFree, 204)
		del(adult, filmFree, 204)
		if r := rating(adult, filmFree); r != nil {
			t.Errorf("after clearing %+v", r)
		}
		if r := rating(second, filmFree); r == nil || r.Rating != "3.00" {
			t.Errorf("another user's after clearing: %+v", r)
		}
		if r := rating(adult, series); r == nil {
			t.Error("clearing the film cleared the series")
		}
		del(adult, filmLost, 204)
	})
}

func TestPersonFavoriteThroughTheAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		seedContents(t, db)
		state := func(tok, ref string) (fav struct {
			Favorite bool   `json:"favorite"`
			ID       *int64 `json:"id"`
		}) {
			t.Helper()
			res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/persons/" + ref + "/favorite", Token: tok})
			must(t, res, 200)
			res.JSON(t, &fav)
			return fav
		}
		plain := fmt.Sprint(personS1)
		if f := state("", plain); f.Favorite || f.ID != nil {
			t.Errorf("anonymous %+v", f)
		}
		for _, ref := range []string{fmt.Sprint(unknownID), "no-such-person", fmt.Sprintf("s1-person-%d", unknownID)} {
			must(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/persons/" + ref + "/favorite"}), 404)
		}
		if f := state(guestToken(t, srv), plain); f.Favorite || f.ID != nil {
			t.Errorf("guest %+v", f)
		}

		adult := token(t, srv, "pf-adult")
		if f := state(adult, plain); f.Favorite {
			t.Errorf("before adding %+v", f)
		}
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/favorites", Token: adult, Body: map[string]any{"person_id": personS1}})
		must(t, res, 201)
		var added struct {
			ID int64 `json:"id"`
		}
		res.JSON(t, &added)
		// A content favourite with the same object id is another thing.
		must(t, srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/favorites", Token: adult, Body: map[string]any{"content_id": filmFree}}), 201)
		for _, ref := range []string{plain, fmt.Sprintf("s1-person-%d", personS1)} {
			if f := state(adult, ref); !f.Favorite || f.ID == nil || *f.ID != added.ID {
				t.Errorf("%s after adding %+v, want id %d", ref, f, added.ID)
			}
		}
		other := token(t, srv, "pf-other")
		switchProfile(t, srv, other, "adult")
		if f := state(other, plain); f.Favorite {
			t.Errorf("another profile %+v", f)
		}
		must(t, srv.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/v2/users/self/favorites/%d", added.ID), Token: adult}), 200)
		if f := state(adult, plain); f.Favorite || f.ID != nil {
			t.Errorf("after removing %+v", f)
		}
	})
}
