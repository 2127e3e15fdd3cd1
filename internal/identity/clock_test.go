package identity_test

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/app"
	"efir/internal/config"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// These tests drive the whole application through apitest (answers checked
// against api/openapi.yaml) with a clock they move (app.Options.Now) and, for
// the country rules, an operator and a CIDR-to-country table given through
// the configuration, as an installation would.

// clock is a settable time source for app.Options.
type clock struct{ now time.Time }

func (c *clock) Now() time.Time { return c.now }

func newClock() *clock { return &clock{now: time.Unix(1_800_000_000, 0)} }

func TestTokenLifetimeWithClock(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newClock()
		srv := apitest.NewWithOptions(t, db, app.Options{Now: c.Now})
		start := c.now
		token, deviceID, _ := signUp(t, srv)
		c.now = start.Add(12*time.Hour - time.Second)
		mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: token}), http.StatusOK)
		c.now = start.Add(12 * time.Hour)
		res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: token})
		mustError(t, res, http.StatusUnauthorized, "authentication_failed")
		// The access_token query parameter is read the same way.
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self?access_token=" + token})
		mustError(t, res, http.StatusUnauthorized, "authentication_failed")

		// An expired token is traded for a new one up to 30 days after issue.
		c.now = start.Add(29 * 24 * time.Hour)
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/device", Token: token, Body: map[string]any{"device_id": deviceID}})
		mustStatus(t, res, http.StatusOK)
		var fresh tokenAnswer
		res.JSON(t, &fresh)
		if fresh.Expired != c.now.Add(12*time.Hour).Unix() {
			t.Fatalf("reissued token expires at %d, want %d", fresh.Expired, c.now.Add(12*time.Hour).Unix())
		}
		mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self?access_token=" + fresh.AccessToken}), http.StatusOK)
		c.now = c.now.Add(30*24*time.Hour + time.Second)
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/device", Token: fresh.AccessToken, Body: map[string]any{"device_id": deviceID}})
		mustError(t, res, http.StatusUnauthorized, "authentication_failed")
	})
}

// geoOptions configure an operator "geo" for 203.0.113.0/24 that serves only
// Russia; the CIDR table puts the lower half of its network in the US, the
// upper half in Russia, and 198.51.100.0/24 (no operator's network: the
// default provider answers there) in the US.
func geoOptions(t *testing.T) func(*config.Config) {
	dir := t.TempDir()
	providers := filepath.Join(dir, "providers.json")
	geo := filepath.Join(dir, "geo.csv")
	if err := os.WriteFile(providers, []byte(`[{"shortname":"geo","name":"Geo TV","networks":["203.0.113.0/24"],
		"allowed_countries":["RU"],"is_guest_allowed":true,"phone_mask":"+7 (###) ###-##-##","phone_otp_length":6}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(geo, []byte("203.0.113.0/25,US\n203.0.113.128/25,RU\n198.51.100.0/24,US\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return func(c *config.Config) {
		c.ProvidersFile = providers
		c.GeoCIDRFile = geo
	}
}

func TestForbiddenCountry(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db, geoOptions(t))
		const (
			home     = "203.0.113.200" // the operator's network, in Russia
			abroad   = "203.0.113.9"   // the operator's network, in the US
			traveler = "198.51.100.9"  // no operator's network, in the US
		)
		// A guest of "geo" signs in at home.
		srv.RemoteAddr = home + ":5000"
		name, password := "geo_"+randomHex(6), randomHex(16)
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users", Body: map[string]any{"username": name, "password": password, "is_guest": true}})
		mustStatus(t, res, http.StatusCreated)
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": name, "password": password}})
		mustStatus(t, res, http.StatusOK)
		var login tokenAnswer
		res.JSON(t, &login)
		token, deviceID := deviceSignIn(t, srv, login.AccessToken, "serial-"+randomHex(6))

		check := func(what, addr string, res *apitest.Response) {
			t.Helper()
			mustError(t, res, http.StatusForbidden, "forbidden_country")
			var e struct {
				Error struct {
					Message string            `json:"message"`
					Detail  map[string]string `json:"detail"`
				} `json:"error"`
			}
			res.JSON(t, &e)
			if e.Error.Detail["country"] != "US" || e.Error.Detail["remote"] != addr || !strings.Contains(e.Error.Message, addr) {
				t.Fatalf("%s: %s", what, res.Body)
			}
		}
		srv.RemoteAddr = abroad + ":5000"
		check("guest creation", abroad, srv.Do(apitest.Request{Method: "POST", Path: "/v2/users",
			Body: map[string]any{"username": "abroad_" + randomHex(4), "password": randomHex(16), "is_guest": true}}))
		check("code sending", abroad, srv.Do(apitest.Request{Method: "POST", Path: "/v2/otps", Body: map[string]string{"phone": "79000000009"}}))
		check("phone registration", abroad, srv.Do(apitest.Request{Method: "POST", Path: "/v2/users", Body: map[string]string{"phone": "79000000009"}}))
		check("device auth", abroad, srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/device", Token: token,
			Body: map[string]any{"device_id": deviceID}}))
		// Outside the operator's network the default provider answers, but
		// the viewer's own operator still decides where its viewers may be.
		srv.RemoteAddr = traveler + ":5000"
		check("device auth outside the network", traveler, srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/device", Token: token,
			Body: map[string]any{"device_id": deviceID}}))
		// At home everything works.
		srv.RemoteAddr = home + ":5000"
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/device", Token: token, Body: map[string]any{"device_id": deviceID}})
		mustStatus(t, res, http.StatusOK)
	})
}

func TestGuestCreationThrottled(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newClock()
		srv := apitest.NewWithOptions(t, db, app.Options{Now: c.Now})
		guest := func(addr string) *apitest.Response {
			srv.RemoteAddr = addr + ":5000"
			return srv.Do(apitest.Request{Method: "POST", Path: "/v2/users", Body: map[string]any{
				"username": "g_" + randomHex(6), "password": randomHex(16), "is_guest": true}})
		}
		for i := 0; i < 30; i++ {
			mustStatus(t, guest("10.0.0.7"), http.StatusCreated)
		}
		res := guest("10.0.0.7")
		mustError(t, res, http.StatusTooManyRequests, "rate_limited")
		if res.Header.Get("Retry-After") == "" {
			t.Fatalf("no Retry-After: %v", res.Header)
		}
		mustStatus(t, guest("10.0.0.8"), http.StatusCreated)
		c.now = c.now.Add(time.Hour)
		mustStatus(t, guest("10.0.0.7"), http.StatusCreated)
	})
}

// TestCodeRulesWithClock: one-time codes over HTTP, as a viewer meets them:
// 60 s between sends and 5 an hour per phone, 20 sends an hour per client
// address, 5 minutes of life, 5 wrong tries.
func TestCodeRulesWithClock(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newClock()
		srv := apitest.NewWithOptions(t, db, app.Options{Now: c.Now})
		send := func(phone string) *apitest.Response {
			return srv.Do(apitest.Request{Method: "POST", Path: "/v2/otps", Body: map[string]any{"phone": phone, "can_display_message": true}})
		}
		login := func(phone, code string) *apitest.Response {
			return srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/otp", Body: map[string]string{"phone": phone, "token": code}})
		}
		wait := func(res *apitest.Response, want string) {
			t.Helper()
			mustError(t, res, http.StatusTooManyRequests, "rate_limited")
			var e struct {
				Error struct {
					Detail map[string]string `json:"detail"`
				} `json:"error"`
			}
			res.JSON(t, &e)
			if e.Error.Detail["wait"] != want || res.Header.Get("Retry-After") != want {
				t.Fatalf("wait %q, Retry-After %q, want %s", e.Error.Detail["wait"], res.Header.Get("Retry-After"), want)
			}
		}
		wrong := func(code string) string {
			if code == "000000" {
				return "111111"
			}
			return "000000"
		}
		const phone = "79005550001"
		_, _, _ = registerByPhone(t, srv, phone) // one send at c.now

		// Resend pause, then the code's life.
		c.now = c.now.Add(20 * time.Second)
		wait(send(phone), "40")
		c.now = c.now.Add(40 * time.Second)
		mustStatus(t, send(phone), http.StatusOK)
		code := lastCode(t, srv, phone)
		c.now = c.now.Add(5 * time.Minute)
		mustError(t, login(phone, code), http.StatusBadRequest, "validation_error")

		// Five wrong tries burn a code: the right one is refused afterwards.
		mustStatus(t, send(phone), http.StatusOK)
		code = lastCode(t, srv, phone)
		for i := 0; i < 5; i++ {
			mustError(t, login(phone, wrong(code)), http.StatusBadRequest, "validation_error")
		}
		mustError(t, login(phone, code), http.StatusBadRequest, "validation_error")

		// Fourth and fifth sends of the hour (at 7 and 8 minutes), then the
		// hourly limit: the first send leaves the window 3600 s after it was made.
		for i := 0; i < 2; i++ {
			c.now = c.now.Add(time.Minute)
			mustStatus(t, send(phone), http.StatusOK)
		}
		c.now = c.now.Add(time.Minute)
		wait(send(phone), "3060")
		c.now = c.now.Add(3060 * time.Second)
		mustStatus(t, send(phone), http.StatusOK)
		mustStatus(t, login(phone, lastCode(t, srv, phone)), http.StatusOK)

		// Per client address: 20 sends an hour over any phones.
		srv.RemoteAddr = "10.20.30.40:5000"
		for i := 0; i < 20; i++ {
			p := fmt.Sprintf("7900666%04d", i)
			mustStatus(t, srv.Do(apitest.Request{Method: "POST", Path: "/v2/users", Body: map[string]string{"phone": p}}), http.StatusCreated)
			mustStatus(t, send(p), http.StatusOK)
		}
		mustStatus(t, srv.Do(apitest.Request{Method: "POST", Path: "/v2/users", Body: map[string]string{"phone": "79006669999"}}), http.StatusCreated)
		wait(send("79006669999"), "3600")
		srv.RemoteAddr = "10.20.30.41:5000"
		mustStatus(t, send("79006669999"), http.StatusOK)
	})
}

// TestSignUpThrottlesPerAddress: phone registrations and unknown-phone
// answers are limited per client address (an IPv6 client by its /64).
func TestSignUpThrottlesPerAddress(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newClock()
		srv := apitest.NewWithOptions(t, db, app.Options{Now: c.Now})
		srv.RemoteAddr = "[2001:db8:1:2::1]:5000"
		for i := 0; i < 30; i++ {
			res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/otps", Body: map[string]string{"phone": fmt.Sprintf("7900777%04d", i)}})
			mustError(t, res, http.StatusBadRequest, "invalid_phone")
		}
		srv.RemoteAddr = "[2001:db8:1:2::ffff]:5000" // the same /64
		mustError(t, srv.Do(apitest.Request{Method: "POST", Path: "/v2/otps", Body: map[string]string{"phone": "79007779999"}}),
			http.StatusTooManyRequests, "rate_limited")
		for i := 0; i < 30; i++ {
			res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users", Body: map[string]string{"phone": fmt.Sprintf("7900888%04d", i)}})
			mustStatus(t, res, http.StatusCreated)
		}
		mustError(t, srv.Do(apitest.Request{Method: "POST", Path: "/v2/users", Body: map[string]string{"phone": "79008889999"}}),
			http.StatusTooManyRequests, "rate_limited")
		// Another network is not affected; an hour later the first one may again.
		srv.RemoteAddr = "[2001:db8:1:3::1]:5000"
		mustStatus(t, srv.Do(apitest.Request{Method: "POST", Path: "/v2/users", Body: map[string]string{"phone": "79008889999"}}), http.StatusCreated)
		c.now = c.now.Add(time.Hour)
		srv.RemoteAddr = "[2001:db8:1:2::1]:5000"
		mustError(t, srv.Do(apitest.Request{Method: "POST", Path: "/v2/otps", Body: map[string]string{"phone": "79007779999"}}),
			http.StatusBadRequest, "invalid_phone")
	})
}

// PIN resets by SMS: one a minute, and at most five an hour.
func TestPINResetsAreCappedPerHour(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newClock()
		srv := apitest.NewWithOptions(t, db, app.Options{Now: c.Now})
		token, _, _ := registerByPhone(t, srv, "79005550101")
		reset := func() *apitest.Response {
			return srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/parental_code/send", Token: token})
		}
		for i := 0; i < 5; i++ {
			mustStatus(t, reset(), http.StatusOK)
			mustError(t, reset(), http.StatusTooManyRequests, "rate_limited") // within the minute
			c.now = c.now.Add(61 * time.Second)
		}
		mustError(t, reset(), http.StatusTooManyRequests, "rate_limited") // the sixth within the hour
		c.now = c.now.Add(time.Hour)
		mustStatus(t, reset(), http.StatusOK)
	})
}
