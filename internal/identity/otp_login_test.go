package identity_test

import (
	"net/http"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

func TestPhoneRegistrationAndCodeLogin(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		token, _, userID := registerByPhone(t, srv, "79001112233")
		res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: token})
		mustStatus(t, res, http.StatusOK)
		var u struct {
			ID      int64  `json:"id"`
			Phone   string `json:"phone"`
			IsGuest bool   `json:"is_guest"`
		}
		res.JSON(t, &u)
		if u.ID != userID || u.Phone != "79001112233" || u.IsGuest {
			t.Fatalf("phone user: %s", res.Body)
		}
		// The phone is taken now, in any spelling.
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/users", Body: map[string]string{"phone": "8 (900) 111-22-33"}})
		if res.Status != http.StatusConflict {
			t.Fatalf("taken phone: %d %s", res.Status, res.Body)
		}
		// A malformed phone is a validation error on the phone field.
		for _, path := range []string{"/v2/otps", "/v2/users"} {
			res = srv.Do(apitest.Request{Method: "POST", Path: path, Body: map[string]string{"phone": "12345"}})
			if res.Status != http.StatusBadRequest || res.ErrorType() != "validation_error" {
				t.Fatalf("%s bad phone: %d %s", path, res.Status, res.Body)
			}
		}
		// A second code within the resend pause is refused.
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/otps", Body: map[string]string{"phone": "+7 900 111 22 33"}})
		mustStatus(t, res, http.StatusTooManyRequests)
		// Another phone: a wrong code is refused; the right one, through the
		// provider form of the call, signs in.
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/users", Body: map[string]string{"phone": "+7 (900) 222-33-44", "username": "second"}})
		mustStatus(t, res, http.StatusCreated)
		res.JSON(t, &u)
		userID = u.ID
		mustStatus(t, srv.Do(apitest.Request{Method: "POST", Path: "/v2/otps", Body: map[string]string{"phone": "89002223344"}}), http.StatusOK)
		code := lastCode(t, srv, "79002223344")
		wrong := "000000"
		if code == wrong {
			wrong = "111111"
		}
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/otp", Body: map[string]string{"phone": "79002223344", "token": wrong}})
		if res.Status != http.StatusBadRequest {
			t.Fatalf("wrong code: %d %s", res.Status, res.Body)
		}
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/otp/demo/", Body: map[string]string{"identifier": "79002223344", "token": code}})
		mustStatus(t, res, http.StatusOK)
		var login tokenAnswer
		res.JSON(t, &login)
		tok, _ := deviceSignIn(t, srv, login.AccessToken, "another-browser")
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: tok})
		mustStatus(t, res, http.StatusOK)
		res.JSON(t, &u)
		if u.ID != userID {
			t.Fatalf("provider code login signed in user %d, want %d", u.ID, userID)
		}
		// An unknown provider in the path is 404.
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/otp/nosuch/", Body: map[string]string{"identifier": "79001112233", "token": code}})
		mustStatus(t, res, http.StatusNotFound)
	})
}

func TestGuestThenPhoneLogin(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		guestToken, _, guestID := signUp(t, srv)
		// The demo subscriber's phone: the code signs in the subscriber, not the guest.
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/otps", Token: guestToken, Body: map[string]string{"phone": "79000000001"}})
		mustStatus(t, res, http.StatusOK)
		var msg struct{ Message string }
		res.JSON(t, &msg)
		if msg.Message == "" {
			t.Fatal("no message")
		}
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/otp", Token: guestToken, Body: map[string]string{
			"phone": "79000000001", "token": lastCode(t, srv, "79000000001")}})
		mustStatus(t, res, http.StatusOK)
		var login tokenAnswer
		res.JSON(t, &login)
		tok, _ := deviceSignIn(t, srv, login.AccessToken, "s1")
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: tok})
		var u struct {
			ID       int64  `json:"id"`
			Username string `json:"username"`
		}
		res.JSON(t, &u)
		if u.ID == guestID || u.Username != "demo" {
			t.Fatalf("signed in as %s", res.Body)
		}
	})
}

// TestCreateUserNamesProvider: POST /v2/users?provider= registers with the
// named operator under that operator's rules; an unknown name falls back to
// the operator of the client's network.
func TestCreateUserNamesProvider(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		var u struct {
			Provider struct {
				ID int64 `json:"id"`
			} `json:"provider"`
		}
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users?provider=alma", Body: map[string]string{"phone": "77015551234"}})
		mustStatus(t, res, http.StatusCreated)
		res.JSON(t, &u)
		if u.Provider.ID != 2 {
			t.Fatalf("registered with provider %d, want 2 (alma): %s", u.Provider.ID, res.Body)
		}
		// Alma Demo allows no guests, whoever asks.
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/users?provider=2", Body: map[string]any{
			"username": "g_" + randomHex(4), "password": randomHex(16), "is_guest": true}})
		mustError(t, res, http.StatusForbidden, "permission_denied")
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/users?provider=nosuch", Body: map[string]string{"phone": "79015551234"}})
		mustStatus(t, res, http.StatusCreated)
		res.JSON(t, &u)
		if u.Provider.ID != 1 {
			t.Fatalf("unknown provider: registered with %d, want the network's 1", u.Provider.ID)
		}
	})
}
