package identity_test

import (
	"fmt"
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

// Wrong passwords spread over many logins from one address: past 50 in a
// quarter of an hour the address waits, whatever login it tries; another
// address does not.
func TestLoginFailuresPerAddress(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		srv.RemoteAddr = "10.46.0.1:5000"
		for i := range 50 {
			res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login",
				Body: map[string]string{"login": fmt.Sprintf("nobody%d", i), "password": "guess"}})
			if res.Status != http.StatusUnauthorized {
				t.Fatalf("try %d: %d %s", i, res.Status, res.Body)
			}
		}
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": "demo", "password": "efir24"}})
		if res.Status != http.StatusTooManyRequests {
			t.Fatalf("51st try from the address: %d", res.Status)
		}
		srv.RemoteAddr = "10.46.0.2:5000"
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": "demo", "password": "efir24"}})
		if res.Status != http.StatusOK {
			t.Fatalf("another address: %d %s", res.Status, res.Body)
		}
	})
}
