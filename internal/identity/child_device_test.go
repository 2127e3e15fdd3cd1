package identity_test

import (
	"fmt"
	"net/http"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// TestChildCannotLeaveThroughDevices: a child profile's token cannot sign in
// another device of the account (the parent's, or one it registered), its
// re-issued token stays on the child profile, a device it registers starts
// on the child profile, and it cannot sign the account's other devices out
// or rewrite them.
func TestChildCannotLeaveThroughDevices(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		parent, parentDevice, userID := signUp(t, srv)
		mustStatus(t, srv.Do(apitest.Request{Method: "PATCH", Path: "/v2/users/self", Token: parent,
			Body: map[string]any{"parental_code": "4826"}}), http.StatusOK)
		kid := createProfile(t, srv, parent, map[string]any{"name": "Kid", "role": "child"})
		child, childDevice := deviceSignIn(t, srv, loginAgain(t, srv, userID), "kids-tablet")
		mustStatus(t, switchProfile(srv, child, kid.ID, ""), http.StatusOK)

		// The parent's device: refused, and the parent stays signed in.
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/device", Token: child, Body: map[string]any{"device_id": parentDevice}})
		mustError(t, res, http.StatusForbidden, "permission_denied")
		mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: parent}), http.StatusOK)

		// A device registered from the child profile starts on it, and the
		// child's token cannot sign it in either.
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/devices", Token: child,
			Body: map[string]string{"serial": "kids-new", "device_type": "pc"}})
		mustStatus(t, res, http.StatusCreated)
		var fresh struct {
			ID int64 `json:"id"`
		}
		res.JSON(t, &fresh)
		var profileID int64
		if err := store.Get(t.Context(), db, "SELECT profile_id FROM devices WHERE id = ?", []any{fresh.ID}, &profileID); err != nil || profileID != kid.ID {
			t.Fatalf("new device's profile %d (%v), want the child's %d", profileID, err, kid.ID)
		}
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/device", Token: child, Body: map[string]any{"device_id": fresh.ID}})
		mustError(t, res, http.StatusForbidden, "permission_denied")

		// Its own device: re-issued on the child profile.
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/device", Token: child, Body: map[string]any{"device_id": childDevice}})
		mustStatus(t, res, http.StatusOK)
		var again tokenAnswer
		res.JSON(t, &again)
		if again.Profile == nil || again.Profile.ID != kid.ID || again.Profile.Role != "child" {
			t.Fatalf("re-issued child token: %s", res.Body)
		}
		child = again.AccessToken
		mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/channels/night/stream", Token: child}), http.StatusNotFound)

		// The account's other devices are the parent's.
		for _, r := range []apitest.Request{
			{Method: "DELETE", Path: fmt.Sprintf("/v2/users/self/devices/%d", parentDevice)},
			{Method: "PATCH", Path: fmt.Sprintf("/v2/users/self/devices/%d", parentDevice), Body: map[string]string{"model": "Mine"}},
			{Method: "PATCH", Path: fmt.Sprintf("/v2/users/self/devices/%d", childDevice), Body: map[string]any{"settings": map[string]int{"parentalChannels": 1}}},
			{Method: "POST", Path: "/v2/users/self/devices", Body: map[string]string{"serial": parentSerial(t, db, parentDevice)}},
		} {
			r.Token = child
			mustError(t, srv.Do(r), http.StatusForbidden, "permission_denied")
		}
		// Its own device's parental settings need the PIN.
		res = srv.Do(apitest.Request{Method: "PATCH", Path: fmt.Sprintf("/v2/users/self/devices/%d", childDevice), Token: child,
			Body: map[string]any{"parental_settings": map[string]bool{"channel": false}}})
		mustError(t, res, http.StatusForbidden, "parental_code_required")
		mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: parent}), http.StatusOK)
	})
}

func parentSerial(t *testing.T, db *store.DB, deviceID int64) string {
	t.Helper()
	var serial string
	if err := store.Get(t.Context(), db, "SELECT serial FROM devices WHERE id = ?", []any{deviceID}, &serial); err != nil {
		t.Fatal(err)
	}
	return serial
}

// TestAdultTokenSignsInOnlyItsDevice: a device token of an adult profile
// cannot take over another device of the account either (that signs the
// other device out); a login token can.
func TestAdultTokenSignsInOnlyItsDevice(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		first, firstDevice, userID := signUp(t, srv)
		second, secondDevice := deviceSignIn(t, srv, loginAgain(t, srv, userID), "second")
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/device", Token: second, Body: map[string]any{"device_id": firstDevice}})
		mustError(t, res, http.StatusForbidden, "permission_denied")
		mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: first}), http.StatusOK)
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/device", Token: loginAgain(t, srv, userID), Body: map[string]any{"device_id": secondDevice}})
		mustStatus(t, res, http.StatusOK)
	})
}

// TestChildMakesNoAdultProfileWithoutThePIN: a child profile may add a child
// profile, an adult one only with the PIN (as switching to one).
func TestChildMakesNoAdultProfileWithoutThePIN(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		token, _, _ := signUp(t, srv)
		mustStatus(t, srv.Do(apitest.Request{Method: "PATCH", Path: "/v2/users/self", Token: token,
			Body: map[string]any{"parental_code": "4826"}}), http.StatusOK)
		kid := createProfile(t, srv, token, map[string]any{"name": "Kid", "role": "child"})
		mustStatus(t, switchProfile(srv, token, kid.ID, ""), http.StatusOK)
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/profiles", Token: token,
			Body: map[string]any{"name": "Me now", "role": "adult"}})
		mustError(t, res, http.StatusForbidden, "parental_code_required")
		createProfile(t, srv, token, map[string]any{"name": "Sister", "role": "child"})
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/profiles", Token: token,
			Body: map[string]any{"name": "Parent 2", "role": "adult", "parental_code": "4826"}})
		mustStatus(t, res, http.StatusCreated)
	})
}
