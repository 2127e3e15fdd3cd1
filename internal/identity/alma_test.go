package identity_test

import (
	"net/http"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

type almaAnswer struct {
	MWAT   string `json:"mwat"`
	Cities []struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
	} `json:"cities"`
	Addresses []struct {
		Address    string `json:"address"`
		AddressID  int64  `json:"address_id"`
		ProviderID int64  `json:"provider_id"`
		UserID     int64  `json:"user_id"`
	} `json:"addresses"`
}

// almaToken goes the Alma flow for phone up to the city's addresses.
func almaAddresses(t *testing.T, srv *apitest.Server, phone string, city int64) almaAnswer {
	t.Helper()
	mustStatus(t, srv.Do(apitest.Request{Method: "POST", Path: "/v2/mw/otps", Body: map[string]string{"phone": phone}}), http.StatusOK)
	res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/mw/auth/otp", Body: map[string]string{"phone": phone, "token": lastCode(t, srv, phone)}})
	mustStatus(t, res, http.StatusOK)
	var a almaAnswer
	res.JSON(t, &a)
	if a.MWAT == "" || len(a.Cities) != 2 || a.Cities[0].Name != "Алматы" {
		t.Fatalf("verify: %s", res.Body)
	}
	res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/mw/cities?mwat=" + a.MWAT})
	mustStatus(t, res, http.StatusOK)
	res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/mw/set_city", Body: map[string]any{"mwat": a.MWAT, "city_id": city}})
	mustStatus(t, res, http.StatusOK)
	var b almaAnswer
	res.JSON(t, &b)
	if b.MWAT != a.MWAT || len(b.Addresses) == 0 {
		t.Fatalf("set_city: %s", res.Body)
	}
	return b
}

func TestAlmaFlow(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		srv.RemoteAddr = "192.168.77.30:5000"
		a := almaAddresses(t, srv, "77010000002", 1)
		addr := a.Addresses[0] // the alma subscriber's address
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/mw/set_address", Body: map[string]any{
			"mwat": a.MWAT, "address_id": addr.AddressID, "provider_id": addr.ProviderID, "user_id": addr.UserID}})
		mustStatus(t, res, http.StatusOK)
		var login tokenAnswer
		res.JSON(t, &login)
		tok, _ := deviceSignIn(t, srv, login.AccessToken, "alma-tv")
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: tok})
		var u struct {
			Username string `json:"username"`
		}
		res.JSON(t, &u)
		if u.Username != "alma" {
			t.Fatalf("signed in as %s", res.Body)
		}
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/mw/status_block", Token: tok})
		mustStatus(t, res, http.StatusOK)
		var sb struct {
			Balance int64  `json:"balance"`
			Status  string `json:"status"`
		}
		res.JSON(t, &sb)
		if sb.Status != "active" || sb.Balance != 250000 {
			t.Fatalf("status_block: %s", res.Body)
		}
		// The mwat is used up.
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/mw/set_address", Body: map[string]any{"mwat": a.MWAT, "address_id": addr.AddressID}})
		mustStatus(t, res, http.StatusUnauthorized)
		mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/mw/cities?mwat=bogus"}), http.StatusUnauthorized)
		mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/mw/status_block"}), http.StatusUnauthorized)

		// A new phone at another address gets a new user on first use; the
		// subscriber is the same user whichever phone signs in next.
		ids := map[int64]bool{}
		for _, phone := range []string{"77011234567", "77019876543"} {
			b := almaAddresses(t, srv, phone, 1)
			if len(b.Addresses) != 1 || b.Addresses[0].AddressID != 1002 {
				t.Fatalf("%s must see only its own address: %+v", phone, b.Addresses)
			}
			// Someone else's address in the same city is refused.
			res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/mw/set_address", Body: map[string]any{"mwat": b.MWAT, "address_id": 1001}})
			mustStatus(t, res, http.StatusBadRequest)
			res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/mw/set_address", Body: map[string]any{
				"mwat": b.MWAT, "address_id": b.Addresses[0].AddressID, "provider_id": b.Addresses[0].ProviderID, "user_id": b.Addresses[0].UserID}})
			mustStatus(t, res, http.StatusOK)
			res.JSON(t, &login)
			tok, _ := deviceSignIn(t, srv, login.AccessToken, "alma-"+randomHex(4))
			res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: tok})
			var nu struct {
				ID          int64  `json:"id"`
				Phone       string `json:"phone"`
				ProviderUID string `json:"provider_uid"`
			}
			res.JSON(t, &nu)
			if nu.Phone != "77011234567" || nu.ProviderUID != "100201" {
				t.Fatalf("new alma user: %s", res.Body)
			}
			ids[nu.ID] = true
		}
		if len(ids) != 1 {
			t.Fatalf("two users for one subscriber: %v", ids)
		}
		// Wrong inputs.
		b := almaAddresses(t, srv, "77015550000", 2)
		for _, body := range []map[string]any{
			{"mwat": b.MWAT, "address_id": 1001},                                   // another city's address
			{"mwat": b.MWAT, "address_id": b.Addresses[0].AddressID, "user_id": 1}, // wrong subscriber
			{"mwat": b.MWAT, "address_id": "x"},                                    // not a number
		} {
			res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/mw/set_address", Body: body})
			if res.Status != http.StatusBadRequest {
				t.Errorf("%v: %d %s", body, res.Status, res.Body)
			}
		}
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/mw/set_city", Body: map[string]any{"mwat": b.MWAT, "city_id": 99}})
		mustStatus(t, res, http.StatusBadRequest)
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/mw/otps", Body: map[string]string{"phone": "9001234567"}})
		if res.Status != http.StatusOK {
			// 10 digits get the 7 prepended: still a +7 number.
			t.Fatalf("10-digit phone: %d %s", res.Status, res.Body)
		}
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/mw/otps", Body: map[string]string{"phone": "123"}})
		mustStatus(t, res, http.StatusBadRequest)
	})
}

func TestAutoAuth(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		body := map[string]string{"manufacturer": "LG", "model": "webOS TV", "serial": "LG-1", "os": "webOS"}
		srv.RemoteAddr = "192.168.77.44:5000"
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/auto", Body: body})
		mustStatus(t, res, http.StatusOK)
		var tok tokenAnswer
		res.JSON(t, &tok)
		if tok.Device == nil || tok.Profile == nil || !tok.Device.IsCurrent {
			t.Fatalf("auto-auth: %s", res.Body)
		}
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: tok.AccessToken})
		var u struct {
			Username string `json:"username"`
		}
		res.JSON(t, &u)
		if u.Username != "alma" {
			t.Fatalf("auto-auth user: %s", res.Body)
		}
		// The same serial again refreshes the same device.
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/auto", Body: body})
		mustStatus(t, res, http.StatusOK)
		var again tokenAnswer
		res.JSON(t, &again)
		if again.Device.ID != tok.Device.ID {
			t.Fatalf("new device %d for the same serial (was %d)", again.Device.ID, tok.Device.ID)
		}
		mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: tok.AccessToken}), http.StatusUnauthorized)
		// Outside the subscriber network (the demo provider has no auto-auth).
		srv.RemoteAddr = "10.1.2.3:5000"
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/auto", Body: body})
		if res.Status != http.StatusForbidden || res.ErrorType() != "permission_denied" {
			t.Fatalf("outside: %d %s", res.Status, res.Body)
		}
		srv.RemoteAddr = "192.168.77.44:5000"
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/auto", Body: map[string]string{"model": "x"}})
		mustStatus(t, res, http.StatusBadRequest)
	})
}
