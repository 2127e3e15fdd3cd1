package providerapi_test

import (
	"net/http"
	"strconv"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// A call needs a live token of the operator: in the query or as Bearer;
// none, a wrong one and a revoked one answer 401 in the error shape.
func TestProviderAPIToken(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		id, token := f.issue("billing", nil)

		mustStatus(t, f.srv.DoProvider(apitest.Request{Method: "GET", Path: "/provider-api/v2/users"}), http.StatusUnauthorized)
		res := f.call("GET", "/v2/users", "efk_wrong", nil)
		if res.Status != http.StatusUnauthorized || res.ErrorType() != "authentication_failed" {
			t.Fatalf("a wrong token: %d %s", res.Status, res.Body)
		}
		mustStatus(t, f.call("GET", "/v2/users", token, nil), http.StatusOK)
		mustStatus(t, f.srv.DoProvider(apitest.Request{Method: "GET", Path: "/provider-api/v2/users",
			Header: http.Header{"Authorization": {"Bearer " + token}}}), http.StatusOK)
		// A viewer's access token is no provider token.
		viewer := f.srv.SignIn(t, "demo", "efir24", "tv-1")
		mustStatus(t, f.call("GET", "/v2/users", viewer, nil), http.StatusUnauthorized)

		res = f.call("GET", "/v2/nothing", token, nil)
		if res.Status != http.StatusNotFound || res.ErrorType() != "not_found" {
			t.Fatalf("an unknown path: %d %s", res.Status, res.Body)
		}
		mustStatus(t, f.call("PUT", "/v2/users", token, nil), http.StatusNotFound)

		mustStatus(t, f.owner.Do(apitest.Request{Method: "DELETE", Path: "/v2/operator/integrations/tokens/" + strconv.FormatInt(id, 10)}),
			http.StatusNoContent)
		mustStatus(t, f.call("GET", "/v2/users", token, nil), http.StatusUnauthorized)
	})
}

// Another operator's token never reaches this operator's subscribers,
// devices, subscriptions, money or packets: 404 and empty lists.
func TestProviderAPIOperatorIsolation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		alma := f.almaToken()
		demo := "/v2/users/" + strconv.FormatInt(f.userID("demo"), 10)

		var found []struct {
			ID       int64  `json:"id"`
			Username string `json:"username"`
		}
		for _, q := range []string{"", "?username=demo", "?phone=79000000001", "?search=demo", "?limit=100"} {
			f.call("GET", "/v2/users"+q, alma, nil).JSON(t, &found)
			for _, u := range found {
				if u.Username != "alma" {
					t.Fatalf("%s: Alma's token finds %+v", q, found)
				}
			}
		}
		for _, p := range []string{demo, demo + "/devices", demo + "/subscriptions", demo + "/futures", demo + "/accounts",
			demo + "/accounts/1/transactions", "/v2/packets/2/purchaseperiods"} {
			res := f.call("GET", p, alma, nil)
			if res.Status != http.StatusNotFound || res.ErrorType() != "not_found" {
				t.Errorf("GET %s with Alma's token: %d %s", p, res.Status, res.Body)
			}
		}
		mustStatus(t, f.call("PATCH", demo, alma, map[string]string{"first_name": "X"}), http.StatusNotFound)
		mustStatus(t, f.call("DELETE", demo+"/devices/1", alma, nil), http.StatusNotFound)
		mustStatus(t, f.call("POST", demo+"/subscriptions", alma, []map[string]any{{"packet_id": 6, "end_at": 1_900_000_000}}),
			http.StatusNotFound)
		mustStatus(t, f.call("DELETE", demo+"/subscriptions/1", alma, nil), http.StatusNotFound)
		var packets []struct {
			ID int64 `json:"id"`
		}
		f.call("GET", "/v2/packets", alma, nil).JSON(t, &packets)
		for _, p := range packets {
			if p.ID != 5 && p.ID != 6 {
				t.Fatalf("Alma's token lists packet %d", p.ID)
			}
		}
		var first string
		if err := store.Get(t.Context(), db, "SELECT first_name FROM users WHERE username = 'demo'", nil, &first); err != nil || first == "X" {
			t.Fatalf("demo's name %q %v", first, err)
		}
	})
}
