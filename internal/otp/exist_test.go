package otp_test

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/app"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// guestToken makes a guest and signs it in on a device: a session token.
func guestToken(t *testing.T, srv *apitest.Server) string {
	t.Helper()
	user, pass := "g_"+randomHex(6), randomHex(16)
	res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users", Body: map[string]any{"username": user, "password": pass, "is_guest": true}})
	if res.Status != http.StatusCreated {
		t.Fatalf("guest: %d %s", res.Status, res.Body)
	}
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": user, "password": pass}})
	res.JSON(t, &tok)
	res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/devices", Token: tok.AccessToken,
		Body: map[string]string{"serial": "s-" + randomHex(6), "device_type": "pc"}})
	if res.Status != http.StatusCreated {
		t.Fatalf("device: %d %s", res.Status, res.Body)
	}
	var d struct {
		ID int64 `json:"id"`
	}
	res.JSON(t, &d)
	res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/device", Token: tok.AccessToken, Body: map[string]any{"device_id": d.ID}})
	if res.Status != http.StatusOK {
		t.Fatalf("auth/device: %d %s", res.Status, res.Body)
	}
	res.JSON(t, &tok)
	return tok.AccessToken
}

// exists asks GET /v2/otp/exist from addr with token (none when "").
func exists(t *testing.T, srv *apitest.Server, addr, token, phone string) bool {
	t.Helper()
	srv.RemoteAddr = addr
	res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/otp/exist?phone=" + phone, Token: token})
	if res.Status != http.StatusOK {
		t.Fatalf("exist from %s: %d %s", addr, res.Status, res.Body)
	}
	var out struct {
		OTPExist bool `json:"otp_exist"`
	}
	res.JSON(t, &out)
	return out.OTPExist
}

// Whether a phone has a live code is told to whoever asked for it (the same
// signed-in user, or the same client address) and to nobody else.
func TestCodeStatusOnlyForItsRequester(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		const a, b = "10.61.0.1:5000", "10.61.0.2:5000"
		srv.RemoteAddr = a
		mine, theirs := guestToken(t, srv), guestToken(t, srv)

		// The demo subscriber's phone, asked for from a with a session.
		const phone = "79000000001"
		srv.RemoteAddr = a
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/otps", Token: mine, Body: map[string]string{"phone": phone}})
		if res.Status != http.StatusOK {
			t.Fatalf("code: %d %s", res.Status, res.Body)
		}
		for _, c := range []struct {
			addr, token string
			want        bool
		}{
			{a, "", true},      // the same address
			{a, theirs, true},  // the same address, whoever signs in there
			{b, mine, true},    // the same user elsewhere
			{b, "", false},     // anybody else
			{b, theirs, false}, // another user elsewhere
			{"[2001:db8::1]:5000", "", false},
		} {
			if got := exists(t, srv, c.addr, c.token, phone); got != c.want {
				t.Errorf("from %s with token %v: %v, want %v", c.addr, c.token != "", got, c.want)
			}
		}
		// Another phone is nobody's.
		if exists(t, srv, a, mine, "79000000002") {
			t.Error("a phone with no code")
		}
	})
}

// GET /v2/otp/exist is paced per client address: 180 in 10 minutes, half
// as much again as the client's 5-second poll makes.
func TestCodeStatusIsRateLimited(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		now := time.Unix(1_800_000_000, 0)
		srv := apitest.NewWithOptions(t, db, app.Options{Now: func() time.Time { return now }})
		ask := func(addr string) *apitest.Response {
			srv.RemoteAddr = addr
			return srv.Do(apitest.Request{Method: "GET", Path: "/v2/otp/exist?phone=79000000001"})
		}
		for i := range 180 {
			if res := ask("10.63.0.1:5000"); res.Status != http.StatusOK {
				t.Fatalf("ask %d: %d %s", i, res.Status, res.Body)
			}
			now = now.Add(time.Second)
		}
		res := ask("10.63.0.1:5000")
		if res.Status != http.StatusTooManyRequests || res.ErrorType() != "rate_limited" || res.Header.Get("Retry-After") != "420" {
			t.Fatalf("181st ask: %d %s (Retry-After %q)", res.Status, res.Body, res.Header.Get("Retry-After"))
		}
		if res := ask("10.63.0.2:5000"); res.Status != http.StatusOK {
			t.Fatalf("another address: %d %s", res.Status, res.Body)
		}
		now = now.Add(420 * time.Second)
		if res := ask("10.63.0.1:5000"); res.Status != http.StatusOK {
			t.Fatalf("after the window: %d %s", res.Status, res.Body)
		}
	})
}
