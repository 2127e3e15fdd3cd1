package identity_test

import (
	"fmt"
	"net/http"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// TestAccountSettingsNeedThePIN: with a PIN set and the device protecting
// settings (the default), the account's name and e-mail and the PIN's save
// time change only with the PIN's pass; the language preference needs none;
// a device that does not protect settings asks nothing.
func TestAccountSettingsNeedThePIN(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		token, deviceID, _ := signUp(t, srv)
		patch := func(path string, body any) *apitest.Response {
			return srv.Do(apitest.Request{Method: "PATCH", Path: path, Token: token, Body: body})
		}
		mustStatus(t, patch("/v2/users/self", map[string]any{"first_name": "Before the PIN"}), http.StatusOK)
		mustStatus(t, patch("/v2/users/self", map[string]any{"parental_code": "4826"}), http.StatusOK)

		device := fmt.Sprintf("/v2/users/self/devices/%d", deviceID)
		for _, c := range []struct {
			path string
			body any
		}{
			{"/v2/users/self", map[string]any{"first_name": "Kid was here"}},
			{"/v2/users/self", map[string]any{"email": "kid@example.com"}},
			{device, map[string]any{"settings": map[string]int{"parentalChannels": 1}}},
		} {
			mustError(t, patch(c.path, c.body), http.StatusForbidden, "parental_code_required")
		}
		mustStatus(t, patch("/v2/users/self", map[string]any{"settings": map[string]string{"language": "en"}}), http.StatusOK)

		// The PIN's pass lets them through.
		mustStatus(t, srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/parental_code/check", Token: token,
			Body: map[string]string{"code": "4826", "action": "settings"}}), http.StatusOK)
		mustStatus(t, patch("/v2/users/self", map[string]any{"first_name": "Parent"}), http.StatusOK)
		mustStatus(t, patch(device, map[string]any{"settings": map[string]int{"parentalChannels": 1}}), http.StatusOK)

		// A device that does not protect settings asks nothing (its change
		// needs the PIN: the pass holds).
		mustStatus(t, patch(device, map[string]any{"parental_settings": map[string]bool{"settings": false}}), http.StatusOK)
		if _, err := db.Exec(t.Context(), "UPDATE tokens SET parental_pass_until = 0"); err != nil {
			t.Fatal(err)
		}
		mustStatus(t, patch("/v2/users/self", map[string]any{"first_name": "Open"}), http.StatusOK)
	})
}
