package identity_test

import (
	"net/http"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// A child profile keeps its interface preferences but cannot change the
// account's name, e-mail or PIN memory.
func TestChildProfileCannotChangeTheAccount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		token, _, _ := signUp(t, srv)
		kid := createProfile(t, srv, token, map[string]any{"name": "Kid", "role": "child"})
		mustStatus(t, switchProfile(srv, token, kid.ID, ""), http.StatusOK)
		for _, body := range []map[string]any{
			{"first_name": "Kid"},
			{"email": "kid@example.com"},
			{"settings": map[string]any{"parentalChannels": 1}},
		} {
			res := srv.Do(apitest.Request{Method: "PATCH", Path: "/v2/users/self", Token: token, Body: body})
			if res.Status != http.StatusForbidden || res.ErrorType() != "permission_denied" {
				t.Errorf("child PATCH %v: %d %s", body, res.Status, res.Body)
			}
		}
		res := srv.Do(apitest.Request{Method: "PATCH", Path: "/v2/users/self", Token: token,
			Body: map[string]any{"settings": map[string]any{"language": "en", "audio_languages": []string{"en", "ru"}}}})
		mustStatus(t, res, http.StatusOK)
		var u struct {
			ParentalStatus string `json:"parental_status"`
			Settings       struct {
				Language string `json:"language"`
			} `json:"settings"`
		}
		res.JSON(t, &u)
		if u.ParentalStatus != "notset" || u.Settings.Language != "en" {
			t.Fatalf("after child PATCH: %s", res.Body)
		}
	})
}
