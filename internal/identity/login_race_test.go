package identity_test

import (
	"net/http"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// Twenty wrong passwords for one login sent at once from one address: no
// more than the limit of 5 are compared, the others refused with
// rate_limited; then even the right password waits.
func TestLoginLimitHoldsUnderRace(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		srv.RemoteAddr = "10.45.0.1:5000"
		got := raceRequests(srv, 20, func(int) apitest.Request {
			return apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": "demo", "password": "guess"}}
		})
		if got[http.StatusUnauthorized] != 5 || got[http.StatusTooManyRequests] != 15 {
			t.Fatalf("answers %v, want 5 x 401 and 15 x 429", got)
		}
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": "demo", "password": "efir24"}})
		if res.Status != http.StatusTooManyRequests {
			t.Fatalf("right password under the lock: %d", res.Status)
		}
	})
}
