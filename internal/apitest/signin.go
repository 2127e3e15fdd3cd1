package apitest

import (
	"net/http"
	"testing"
)

// The sign-in steps of the web client, for tests that need a viewer: a
// login token registers a device and signs it in, and only the device's
// token streams, writes and reads the viewer's data.

// Login answers the login token of login and password.
func (s *Server) Login(t testing.TB, login, password string) string {
	t.Helper()
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	s.must(t, s.Do(Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": login, "password": password}}),
		http.StatusOK).JSON(t, &tok)
	return tok.AccessToken
}

// SignInDevice registers a device of serial with a login token and signs it
// in; it answers the device's token.
func (s *Server) SignInDevice(t testing.TB, loginToken, serial string) string {
	t.Helper()
	var d struct {
		ID int64 `json:"id"`
	}
	s.must(t, s.Do(Request{Method: "POST", Path: "/v2/users/self/devices", Token: loginToken,
		Body: map[string]string{"serial": serial, "device_type": "pc"}}), http.StatusCreated).JSON(t, &d)
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	s.must(t, s.Do(Request{Method: "POST", Path: "/v2/auth/device", Token: loginToken, Body: map[string]any{"device_id": d.ID}}),
		http.StatusOK).JSON(t, &tok)
	return tok.AccessToken
}

// SignIn is Login and SignInDevice: the device token of a new device.
func (s *Server) SignIn(t testing.TB, login, password, serial string) string {
	t.Helper()
	return s.SignInDevice(t, s.Login(t, login, password), serial)
}

// Guest makes a guest named name and signs it in on a device, as the web
// client does for a new visitor (from the server's RemoteAddr).
func (s *Server) Guest(t testing.TB, name string) string {
	t.Helper()
	const password = "guest-secret-of-32-characters-00"
	s.must(t, s.Do(Request{Method: "POST", Path: "/v2/users", Body: map[string]any{
		"username": name, "password": password, "is_guest": true, "app_version": 185}}), http.StatusCreated)
	return s.SignIn(t, name, password, "serial-"+name)
}

func (s *Server) must(t testing.TB, res *Response, status int) *Response {
	t.Helper()
	if res.Status != status {
		t.Fatalf("status %d, want %d: %s", res.Status, status, res.Body)
	}
	return res
}

// ChildProfile makes a child profile named name and switches the device of
// token to it (no PIN is asked for a child profile); it answers the
// profile's id.
func (s *Server) ChildProfile(t testing.TB, token, name string) int64 {
	t.Helper()
	var p struct {
		ID int64 `json:"id"`
	}
	s.must(t, s.Do(Request{Method: "POST", Path: "/v2/users/self/profiles", Token: token,
		Body: map[string]string{"name": name, "role": "child"}}), http.StatusCreated).JSON(t, &p)
	s.must(t, s.Do(Request{Method: "POST", Path: "/v2/users/self/profile", Token: token, Body: map[string]any{"profile_id": p.ID}}),
		http.StatusOK)
	return p.ID
}
