package billing_test

import (
	"net/http"
	"strings"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// The Alma sign-in (an operator whose subscribers sign in by phone and
// address) asks the operator's billing AUTH like every other sign-in: a
// refusal gives no token and leaves the one-time mwat usable; once the
// billing allows, the same mwat signs in, once.
func TestAlmaSignInAsksAuth(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		st := newSetup(t, db)
		// Alma Demo (operator 2) gets the same billing as the demo operator.
		if _, err := db.Exec(t.Context(), `INSERT INTO billing_settings (provider_id, url, secret_sealed, enabled,
			auth_fail_open, updated_at) SELECT 2, url, secret_sealed, enabled, auth_fail_open, updated_at
			FROM billing_settings WHERE provider_id = 1`); err != nil {
			t.Fatal(err)
		}
		const phone = "77010000002"
		mustStatus(t, st.srv.Do(apitest.Request{Method: "POST", Path: "/v2/mw/otps", Body: map[string]string{"phone": phone}}),
			http.StatusOK)
		var code string
		if err := store.Get(t.Context(), db, "SELECT code FROM otp_outbox WHERE phone = ? AND code <> '' ORDER BY id DESC LIMIT 1",
			[]any{phone}, &code); err != nil {
			t.Fatal(err)
		}
		var a struct {
			MWAT string `json:"mwat"`
		}
		mustStatus(t, st.srv.Do(apitest.Request{Method: "POST", Path: "/v2/mw/auth/otp",
			Body: map[string]string{"phone": phone, "token": code}}), http.StatusOK).JSON(t, &a)
		var b struct {
			Addresses []struct {
				AddressID int64 `json:"address_id"`
			} `json:"addresses"`
		}
		mustStatus(t, st.srv.Do(apitest.Request{Method: "POST", Path: "/v2/mw/set_city",
			Body: map[string]any{"mwat": a.MWAT, "city_id": 1}}), http.StatusOK).JSON(t, &b)
		if len(b.Addresses) == 0 {
			t.Fatal("no addresses")
		}
		setAddress := func() *apitest.Response {
			return st.srv.Do(apitest.Request{Method: "POST", Path: "/v2/mw/set_address",
				Body: map[string]any{"mwat": a.MWAT, "address_id": b.Addresses[0].AddressID}})
		}
		before, _ := st.rc.count("AUTH")
		st.rc.set(func(rc *receiver) { rc.deny["phone:"+phone] = "Договор приостановлен" })
		res := setAddress()
		if res.Status != http.StatusForbidden {
			t.Fatalf("refused by the billing: %d %s", res.Status, res.Body)
		}
		if n, _ := st.rc.count("AUTH"); n != before+1 {
			t.Fatalf("AUTH sent %d times", n-before)
		}
		if u := st.rc.last("AUTH").Body["user"].(map[string]any); u["phone"] != phone {
			t.Fatalf("AUTH user %v", u)
		}
		if !strings.Contains(string(res.Body), "Договор приостановлен") {
			t.Fatalf("the billing's reason is not shown: %s", res.Body)
		}
		st.rc.set(func(rc *receiver) { clear(rc.deny) })
		var login struct {
			AccessToken string `json:"access_token"`
		}
		mustStatus(t, setAddress(), http.StatusOK).JSON(t, &login)
		if login.AccessToken == "" {
			t.Fatal("no token")
		}
		mustStatus(t, setAddress(), http.StatusUnauthorized) // the mwat is used up
	})
}
