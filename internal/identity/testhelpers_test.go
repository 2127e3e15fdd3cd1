// Test helpers of the identity HTTP tests (package identity_test, because
// apitest builds the whole app, which imports identity). Shared by the auth
// tests and the profile/parental/account tests:
//
//	signUp(t, srv) (token, deviceID, userID)          a new guest, signed in on a new device
//	registerByPhone(t, srv, phone) (token, deviceID, userID)  phone registration + code login + device
//	loginDemo(t, srv) (token, deviceID, userID)       the demo subscriber (demo/efir24) on a new device
//	lastCode(t, srv, phone) string                    the newest one-time code sent to phone (outbox)
//	deviceSignIn(t, srv, loginToken, serial) (token, deviceID)  register + authenticate a device
//	mustStatus(t, res, status)                        fail unless res has status
//
// Every token these return is bound to a device (the profile is the user's
// first one).
package identity_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
)

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func mustStatus(t testing.TB, res *apitest.Response, status int) {
	t.Helper()
	if res.Status != status {
		t.Fatalf("status %d, want %d: %s", res.Status, status, res.Body)
	}
}

type tokenAnswer struct {
	AccessToken string `json:"access_token"`
	Expired     int64  `json:"expired"`
	Device      *struct {
		ID        int64 `json:"id"`
		IsCurrent bool  `json:"is_current"`
	} `json:"device"`
	Profile *struct {
		ID   int64  `json:"id"`
		Role string `json:"role"`
	} `json:"profile"`
}

// signUp goes the guest route: create the guest, log in, register a device,
// authenticate it. Each call comes from its own 10.x address (the demo
// provider's network) so the per-address guest limit is not hit.
func signUp(t testing.TB, srv *apitest.Server) (token string, deviceID, userID int64) {
	t.Helper()
	saved := srv.RemoteAddr
	b := make([]byte, 3)
	_, _ = rand.Read(b)
	srv.RemoteAddr = fmt.Sprintf("10.%d.%d.%d:5000", b[0], b[1], b[2]|1)
	defer func() { srv.RemoteAddr = saved }()

	username, password := "guest_"+randomHex(6), randomHex(16)
	res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users", Body: map[string]any{
		"username": username, "password": password, "is_guest": true, "app_version": 185, "refer_id": "",
	}})
	mustStatus(t, res, http.StatusCreated)
	var u struct {
		ID int64 `json:"id"`
	}
	res.JSON(t, &u)
	guestLogins.Store(u.ID, [2]string{username, password})
	token, deviceID = deviceSignIn(t, srv, loginAgain(t, srv, u.ID), "serial-"+randomHex(6))
	return token, deviceID, u.ID
}

// guestLogins keeps the credentials signUp made, by user id, for loginAgain.
var guestLogins sync.Map

// loginAgain gives a fresh login token (no device) of a user made by signUp:
// only such a token signs in another device of the user.
func loginAgain(t testing.TB, srv *apitest.Server, userID int64) string {
	t.Helper()
	v, ok := guestLogins.Load(userID)
	if !ok {
		t.Fatalf("user %d was not made by signUp", userID)
	}
	cred := v.([2]string)
	res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": cred[0], "password": cred[1]}})
	mustStatus(t, res, http.StatusOK)
	var login tokenAnswer
	res.JSON(t, &login)
	return login.AccessToken
}

// deviceSignIn registers a device with a login token and authenticates it.
func deviceSignIn(t testing.TB, srv *apitest.Server, loginToken, serial string) (string, int64) {
	t.Helper()
	res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/devices", Token: loginToken, Body: map[string]string{
		"serial": serial, "device_type": "pc", "vendor": "Test", "model": "Browser", "version": "1",
		"os_name": "Linux", "os_version": "6", "application_type": "web",
	}})
	mustStatus(t, res, http.StatusCreated)
	var d struct {
		ID int64 `json:"id"`
	}
	res.JSON(t, &d)
	res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/device", Token: loginToken, Body: map[string]any{"device_id": d.ID}})
	mustStatus(t, res, http.StatusOK)
	var tok tokenAnswer
	res.JSON(t, &tok)
	return tok.AccessToken, d.ID
}

// lastCode reads the newest code the outbox sender "sent" to phone.
func lastCode(t testing.TB, srv *apitest.Server, phone string) string {
	t.Helper()
	var code string
	err := store.Get(context.Background(), srv.DB, "SELECT code FROM otp_outbox WHERE phone = ? AND code <> '' ORDER BY id DESC LIMIT 1",
		[]any{phone}, &code)
	if err != nil {
		t.Fatalf("no code in the outbox for %s: %v", phone, err)
	}
	return code
}

// registerByPhone goes the phone route: the code request answers
// invalid_phone, the phone is registered, the code requested again and
// confirmed, and a device signed in. phone is the normalised 11 digits.
func registerByPhone(t testing.TB, srv *apitest.Server, phone string) (token string, deviceID, userID int64) {
	t.Helper()
	res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/otps", Body: map[string]string{"phone": phone}})
	if res.Status != http.StatusBadRequest || res.ErrorType() != "invalid_phone" {
		t.Fatalf("first code request: %d %s, want 400 invalid_phone", res.Status, res.Body)
	}
	res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/users", Body: map[string]string{"phone": phone}})
	mustStatus(t, res, http.StatusCreated)
	var u struct {
		ID int64 `json:"id"`
	}
	res.JSON(t, &u)
	res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/otps", Body: map[string]any{"phone": phone, "can_display_message": true}})
	mustStatus(t, res, http.StatusOK)
	res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/otp", Body: map[string]string{"phone": phone, "token": lastCode(t, srv, phone)}})
	mustStatus(t, res, http.StatusOK)
	var login tokenAnswer
	res.JSON(t, &login)
	token, deviceID = deviceSignIn(t, srv, login.AccessToken, "serial-"+randomHex(6))
	return token, deviceID, u.ID
}

// loginDemo signs the demo subscriber in on a new device.
func loginDemo(t testing.TB, srv *apitest.Server) (token string, deviceID, userID int64) {
	t.Helper()
	res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": "demo", "password": "efir24"}})
	mustStatus(t, res, http.StatusOK)
	var login tokenAnswer
	res.JSON(t, &login)
	token, deviceID = deviceSignIn(t, srv, login.AccessToken, "serial-"+randomHex(6))
	res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: token})
	mustStatus(t, res, http.StatusOK)
	var u struct {
		ID int64 `json:"id"`
	}
	res.JSON(t, &u)
	return token, deviceID, u.ID
}
