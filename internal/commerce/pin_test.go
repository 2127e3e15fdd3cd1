package commerce_test

import (
	"fmt"
	"net/http"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// With a PIN that protects payments, a purchase needs the PIN (carried by
// the call, or the pass a right PIN gave the token).
func TestPurchaseNeedsThePayPIN(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		tok := srv.SignIn(t, "shopper", "efir24", "pin-pc")
		if res := srv.Do(apitest.Request{Method: "PATCH", Path: "/v2/users/self", Token: tok,
			Body: map[string]any{"parental_code": "4826", "current_parental_code": "4826"}}); res.Status != http.StatusOK {
			t.Fatalf("set PIN %d %s", res.Status, res.Body)
		}
		var devices []struct {
			ID        int64 `json:"id"`
			IsCurrent bool  `json:"is_current"`
		}
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/devices", Token: tok}).JSON(t, &devices)
		var dev int64
		for _, d := range devices {
			if d.IsCurrent {
				dev = d.ID
			}
		}
		if res := srv.Do(apitest.Request{Method: "PATCH", Path: fmt.Sprintf("/v2/users/self/devices/%d", dev), Token: tok,
			Body: map[string]any{"parental_settings": map[string]any{"pay": true}, "parental_code": "4826"}}); res.Status != http.StatusOK {
			t.Fatalf("protect payments %d %s", res.Status, res.Body)
		}
		// A new token of the device has no pass yet.
		tok = srv.SignIn(t, "shopper", "efir24", "pin-pc-2")
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/devices", Token: tok}).JSON(t, &devices)
		for _, d := range devices {
			if d.IsCurrent {
				dev = d.ID
			}
		}
		srv.Do(apitest.Request{Method: "PATCH", Path: fmt.Sprintf("/v2/users/self/devices/%d", dev), Token: tok,
			Body: map[string]any{"parental_settings": map[string]any{"pay": true}, "parental_code": "4826"}})
		tok = srv.SignIn(t, "shopper", "efir24", "pin-pc-2")
		var packet int64
		if err := store.Get(t.Context(), db, `SELECT id FROM packets WHERE short = 'base-1'`, nil, &packet); err != nil {
			t.Fatal(err)
		}
		buy := func(code string) *apitest.Response {
			body := map[string]any{"packet_id": packet}
			if code != "" {
				body["parental_code"] = code
			}
			return srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/subscriptions", Token: tok, Body: body})
		}
		if res := buy(""); res.Status != http.StatusForbidden || res.ErrorType() != "parental_code_required" {
			t.Fatalf("without the PIN: %d %s", res.Status, res.Body)
		}
		if res := buy("0000"); res.Status == http.StatusCreated {
			t.Fatalf("a wrong PIN bought: %s", res.Body)
		}
		if res := buy("4826"); res.Status != http.StatusCreated {
			t.Fatalf("with the PIN: %d %s", res.Status, res.Body)
		}
	})
}
