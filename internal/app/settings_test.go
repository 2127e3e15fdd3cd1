package app_test

import (
	"crypto/rand"
	"encoding/hex"
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

// An installation's own settings, read from the environment by config.Load
// and wired by app.Handler as efir serve does, each with a value unlike its
// default, so a setting that were dropped anywhere on the way fails here.
const (
	tokenTTL      = 95 * time.Minute // default 12h
	mediaURLTTL   = 25 * time.Minute // default 6h
	guestsPerHour = 4                // default 30
	cityLimit     = 3                // the operator's device limit; the demo operator's is 5
	cityAddr      = "203.0.113.7:5000"
)

// settingsClock is the time of every rule in these tests; they move it.
type settingsClock struct{ now time.Time }

func (c *settingsClock) Now() time.Time { return c.now }

// serverFromEnv builds the app from an environment of non-default settings
// and an operator "citynet" (203.0.113.0/24) with its own device limit.
// Other EFIR_ variables of the caller's environment are blanked so the
// defaults are known.
func serverFromEnv(t *testing.T, db *store.DB, clock *settingsClock) *apitest.Server {
	t.Helper()
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); strings.HasPrefix(k, "EFIR_") && !strings.HasPrefix(k, "EFIR_TEST_") {
			t.Setenv(k, "")
		}
	}
	dir := t.TempDir()
	providers := filepath.Join(dir, "providers.json")
	if err := os.WriteFile(providers, []byte(fmt.Sprintf(`[{"shortname": "citynet", "name": "CityNet TV",
		"networks": ["203.0.113.0/24"], "is_guest_allowed": true, "device_limit": %d,
		"phone_mask": "+7 (###) ###-##-##", "phone_otp_length": 6}]`, cityLimit)), 0o644); err != nil {
		t.Fatal(err)
	}
	for k, v := range map[string]string{
		"EFIR_DATA_DIR":        dir,
		"EFIR_PUBLIC_URL":      "http://efir.test",
		"EFIR_DEV":             "true",
		"EFIR_PROVIDERS_FILE":  providers,
		"EFIR_TOKEN_TTL":       tokenTTL.String(),
		"EFIR_MEDIA_URL_TTL":   mediaURLTTL.String(),
		"EFIR_GUESTS_PER_HOUR": fmt.Sprint(guestsPerHour),
	} {
		t.Setenv(k, v)
	}
	cfg, err := config.Load()
	if err != nil {
		t.Fatal(err)
	}
	return apitest.NewWithOptions(t, db, app.Options{Now: clock.Now}, func(c *config.Config) { *c = cfg })
}

func newSettingsClock() *settingsClock { return &settingsClock{now: time.Unix(1_800_000_000, 0)} }

type signedIn struct {
	AccessToken string `json:"access_token"`
	Expired     int64  `json:"expired"`
}

func mustStatus(t *testing.T, res *apitest.Response, status int) {
	t.Helper()
	if res.Status != status {
		t.Fatalf("status %d, want %d: %.400s", res.Status, status, res.Body)
	}
}

// newGuest creates a guest from the server's current address and signs it
// in on a new device; it gives the login answer and the device token's.
func newGuest(t *testing.T, srv *apitest.Server) (login, device signedIn) {
	t.Helper()
	var b [8]byte
	_, _ = rand.Read(b[:])
	name, password := "guest_"+hex.EncodeToString(b[:]), "secret-"+hex.EncodeToString(b[:])+hex.EncodeToString(b[:])
	mustStatus(t, srv.Do(apitest.Request{Method: "POST", Path: "/v2/users", Body: map[string]any{
		"username": name, "password": password, "is_guest": true}}), http.StatusCreated)
	res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": name, "password": password}})
	mustStatus(t, res, http.StatusOK)
	res.JSON(t, &login)
	return login, bindDevice(t, srv, login.AccessToken, "first")
}

// bindDevice registers a device with a login token and authenticates it.
func bindDevice(t *testing.T, srv *apitest.Server, loginToken, serial string) signedIn {
	t.Helper()
	res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/devices", Token: loginToken,
		Body: map[string]string{"serial": serial, "device_type": "pc"}})
	mustStatus(t, res, http.StatusCreated)
	var d struct {
		ID int64 `json:"id"`
	}
	res.JSON(t, &d)
	res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/device", Token: loginToken, Body: map[string]any{"device_id": d.ID}})
	mustStatus(t, res, http.StatusOK)
	var tok signedIn
	res.JSON(t, &tok)
	return tok
}

// TestTokenTTLFromTheEnvironment: EFIR_TOKEN_TTL is the life of every access
// token, and what the client is told.
func TestTokenTTLFromTheEnvironment(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clock := newSettingsClock()
		srv := serverFromEnv(t, db, clock)
		start := clock.now
		login, device := newGuest(t, srv)
		want := start.Add(tokenTTL).Unix()
		if login.Expired != want || device.Expired != want {
			t.Fatalf("tokens expire at %d (login) and %d (device), want %d (issue + %v)", login.Expired, device.Expired, want, tokenTTL)
		}
		clock.now = start.Add(tokenTTL - time.Second)
		mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: device.AccessToken}), http.StatusOK)
		clock.now = start.Add(tokenTTL)
		res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: device.AccessToken})
		if res.Status != http.StatusUnauthorized || res.ErrorType() != "authentication_failed" {
			t.Fatalf("token at issue + %v: %d %.300s", tokenTTL, res.Status, res.Body)
		}

		var conf struct {
			TokenLifetime int `json:"token_lifetime"`
		}
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/platform/configuration"})
		mustStatus(t, res, http.StatusOK)
		res.JSON(t, &conf)
		if conf.TokenLifetime != int(tokenTTL.Seconds()) {
			t.Fatalf("configuration token_lifetime %d, want %d", conf.TokenLifetime, int(tokenTTL.Seconds()))
		}
	})
}

// TestMediaURLTTLFromTheEnvironment: a stream's signed URL plays until
// EFIR_MEDIA_URL_TTL after it was issued, and not a second longer.
func TestMediaURLTTLFromTheEnvironment(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clock := newSettingsClock()
		srv := serverFromEnv(t, db, clock)
		_, device := newGuest(t, srv)
		start := clock.now
		res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/channels/efir-1/stream", Token: device.AccessToken})
		mustStatus(t, res, http.StatusOK)
		var stream struct {
			HLS string `json:"hls"`
		}
		res.JSON(t, &stream)
		if !strings.HasPrefix(stream.HLS, "/media/") {
			t.Fatalf("hls %q is not a signed media URL", stream.HLS)
		}
		clock.now = start.Add(mediaURLTTL - time.Second)
		res = srv.Do(apitest.Request{Method: "GET", Path: stream.HLS})
		if res.Status != http.StatusOK || !strings.HasPrefix(string(res.Body), "#EXTM3U") {
			t.Fatalf("media URL at issue + %v - 1s: %d %.300s", mediaURLTTL, res.Status, res.Body)
		}
		clock.now = start.Add(mediaURLTTL)
		res = srv.Do(apitest.Request{Method: "GET", Path: stream.HLS, Header: http.Header{"Accept-Language": {"en"}}})
		if res.Status != http.StatusForbidden || res.ErrorType() != "permission_denied" || !strings.Contains(string(res.Body), "expired") {
			t.Fatalf("media URL at issue + %v: %d %.300s", mediaURLTTL, res.Status, res.Body)
		}
	})
}

// TestGuestsPerHourFromTheEnvironment: one address creates
// EFIR_GUESTS_PER_HOUR guests an hour; another address is counted apart.
func TestGuestsPerHourFromTheEnvironment(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clock := newSettingsClock()
		srv := serverFromEnv(t, db, clock)
		srv.RemoteAddr = "10.20.30.40:5000"
		create := func(name string) *apitest.Response {
			return srv.Do(apitest.Request{Method: "POST", Path: "/v2/users", Body: map[string]any{
				"username": name, "password": strings.Repeat("p", 32), "is_guest": true}})
		}
		for i := range guestsPerHour {
			mustStatus(t, create(fmt.Sprintf("limit_guest_%d", i)), http.StatusCreated)
		}
		if res := create("limit_guest_over"); res.Status != http.StatusTooManyRequests {
			t.Fatalf("guest %d of one address in an hour: %d %.300s, want 429", guestsPerHour+1, res.Status, res.Body)
		}
		srv.RemoteAddr = "10.20.30.41:5000"
		mustStatus(t, create("limit_guest_next_door"), http.StatusCreated)
		// The window is an hour: the first address may create again after it.
		srv.RemoteAddr = "10.20.30.40:5000"
		clock.now = clock.now.Add(time.Hour)
		mustStatus(t, create("limit_guest_next_hour"), http.StatusCreated)
	})
}

// TestOperatorDeviceLimitFromTheProvidersFile: a viewer of an operator with
// its own device limit registers that many devices; the next one is refused.
func TestOperatorDeviceLimitFromTheProvidersFile(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clock := newSettingsClock()
		srv := serverFromEnv(t, db, clock)
		srv.RemoteAddr = cityAddr
		_, device := newGuest(t, srv) // device 1
		var self struct {
			DeviceLimit int `json:"device_limit"`
		}
		res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: device.AccessToken})
		mustStatus(t, res, http.StatusOK)
		res.JSON(t, &self)
		if self.DeviceLimit != cityLimit {
			t.Fatalf("device_limit %d, want the operator's %d", self.DeviceLimit, cityLimit)
		}
		register := func(serial string) *apitest.Response {
			return srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/devices", Token: device.AccessToken,
				Body: map[string]string{"serial": serial, "device_type": "tv"}})
		}
		for i := 2; i <= cityLimit; i++ {
			mustStatus(t, register(fmt.Sprintf("tv-%d", i)), http.StatusCreated)
		}
		res = register("one-too-many")
		if res.Status != http.StatusBadRequest || res.ErrorType() != "too_many_devices" {
			t.Fatalf("device %d of %d: %d %.300s, want 400 too_many_devices", cityLimit+1, cityLimit, res.Status, res.Body)
		}
	})
}
