package identity_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// raceRequests sends n requests at once (req(i) is the i-th), held until
// all are ready so they reach the handler together, and counts the answers
// by status.
func raceRequests(srv *apitest.Server, n int, req func(i int) apitest.Request) map[int]int {
	var mu sync.Mutex
	var wg sync.WaitGroup
	statuses := map[int]int{}
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			res := srv.Do(req(i))
			mu.Lock()
			statuses[res.Status]++
			mu.Unlock()
		}()
	}
	close(start)
	wg.Wait()
	return statuses
}

// countRows is the number q counts.
func countRows(t *testing.T, db *store.DB, q string, args ...any) int {
	t.Helper()
	var n int
	if err := store.Get(context.Background(), db, q, args, &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// Forty guests asked for at once from one address, under the limit of 30
// an hour: exactly 30 are made, the others refused with rate_limited.
func TestGuestLimitHoldsUnderRace(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		srv.RemoteAddr = "10.44.0.1:5000"
		prefix := "race_" + randomHex(4) + "_"
		got := raceRequests(srv, 40, func(i int) apitest.Request {
			return apitest.Request{Method: "POST", Path: "/v2/users", Body: map[string]any{
				"username": fmt.Sprintf("%s%d", prefix, i), "password": randomHex(16), "is_guest": true}}
		})
		if got[http.StatusCreated] != 30 || got[http.StatusTooManyRequests] != 10 {
			t.Fatalf("answers %v, want 30 created and 10 rate_limited", got)
		}
		if n := countRows(t, db, "SELECT COUNT(*) FROM users WHERE is_guest = ? AND username LIKE ?", true, prefix+"%"); n != 30 {
			t.Fatalf("%d guests made, want 30", n)
		}
	})
}

// Phone registrations from one address at once: no more than the 30 an
// hour are made.
func TestRegistrationLimitHoldsUnderRace(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		srv.RemoteAddr = "10.44.0.2:5000"
		got := raceRequests(srv, 40, func(i int) apitest.Request {
			return apitest.Request{Method: "POST", Path: "/v2/users", Body: map[string]string{"phone": fmt.Sprintf("7900444%04d", i)}}
		})
		if got[http.StatusCreated] != 30 || got[http.StatusTooManyRequests] != 10 {
			t.Fatalf("answers %v, want 30 created and 10 rate_limited", got)
		}
		if n := countRows(t, db, "SELECT COUNT(*) FROM users WHERE phone LIKE ?", "7900444%"); n != 30 {
			t.Fatalf("%d users made, want 30", n)
		}
	})
}

// A refused registration (the phone is taken) tells that the phone is a
// subscriber's: it counts against the address like a made one.
func TestTakenPhoneRegistrationsCount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		srv.RemoteAddr = "10.44.0.3:5000"
		for i := range 30 {
			res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users", Body: map[string]string{"phone": "79000000001"}})
			if res.Status != http.StatusConflict {
				t.Fatalf("try %d: %d %s, want 409", i, res.Status, res.Body)
			}
		}
		mustError(t, srv.Do(apitest.Request{Method: "POST", Path: "/v2/users", Body: map[string]string{"phone": "79000000001"}}),
			http.StatusTooManyRequests, "rate_limited")
	})
}

// Unknown phones asked at once from one address: no more than 30
// invalid_phone answers (each tells whether a phone is a subscriber's).
func TestPhoneLookupLimitHoldsUnderRace(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		srv.RemoteAddr = "10.44.0.4:5000"
		got := raceRequests(srv, 40, func(i int) apitest.Request {
			return apitest.Request{Method: "POST", Path: "/v2/otps", Body: map[string]string{"phone": fmt.Sprintf("7900555%04d", i)}}
		})
		if got[http.StatusBadRequest] != 30 || got[http.StatusTooManyRequests] != 10 {
			t.Fatalf("answers %v, want 30 invalid_phone and 10 rate_limited", got)
		}
	})
}
