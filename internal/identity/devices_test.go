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

func TestDeviceLimit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		token, _, _ := signUp(t, srv) // one device; the demo limit is 5
		for i := 0; i < 4; i++ {
			res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/devices", Token: token,
				Body: map[string]string{"serial": fmt.Sprintf("tv-%d", i), "device_type": "tv"}})
			mustStatus(t, res, http.StatusCreated)
		}
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/devices", Token: token, Body: map[string]string{"serial": "sixth"}})
		if res.Status != http.StatusBadRequest || res.ErrorType() != "too_many_devices" {
			t.Fatalf("sixth device: %d %s", res.Status, res.Body)
		}
		// A known serial is the same device coming back, not a new one.
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/devices", Token: token, Body: map[string]string{"serial": "tv-0", "model": "New"}})
		mustStatus(t, res, http.StatusCreated)
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/devices", Token: token, Body: map[string]string{"device_type": "fridge"}})
		if res.Status != http.StatusBadRequest || res.ErrorType() != "validation_error" {
			t.Fatalf("bad type: %d %s", res.Status, res.Body)
		}
	})
}

// TestDeviceLimitUnderConcurrency: parallel registrations cannot pass the
// limit together, nor register one serial twice (PostgreSQL runs them truly
// in parallel).
func TestDeviceLimitUnderConcurrency(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		token, _, userID := signUp(t, srv) // one device; the demo limit is 5
		var wg sync.WaitGroup
		for i := 0; i < 12; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				serial := fmt.Sprintf("par-%d", i%8) // some serials twice
				res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/devices", Token: token, Body: map[string]string{"serial": serial}})
				if res.Status != http.StatusCreated && res.ErrorType() != "too_many_devices" {
					t.Errorf("%s: %d %s", serial, res.Status, res.Body)
				}
			}()
		}
		wg.Wait()
		var n, serials int
		if err := store.Get(context.Background(), db, "SELECT COUNT(*), COUNT(DISTINCT serial) FROM devices WHERE user_id = ?",
			[]any{userID}, &n, &serials); err != nil {
			t.Fatal(err)
		}
		if n != 5 || serials != 5 {
			t.Fatalf("%d devices with %d serials, want 5 and 5", n, serials)
		}
	})
}

func TestDeviceDelete(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		token, deviceID, _ := signUp(t, srv)
		res := srv.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/v2/users/self/devices/%d", deviceID), Token: token})
		if res.Status != http.StatusForbidden || res.ErrorType() != "permission_denied" {
			t.Fatalf("delete current: %d %s", res.Status, res.Body)
		}
		// Another device of the same user goes, and its token with it.
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": "demo", "password": "efir24"}})
		var login tokenAnswer
		res.JSON(t, &login)
		tokA, devA := deviceSignIn(t, srv, login.AccessToken, "a")
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": "demo", "password": "efir24"}})
		res.JSON(t, &login)
		tokB, devB := deviceSignIn(t, srv, login.AccessToken, "b")
		mustStatus(t, srv.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/v2/users/self/devices/%d", devB), Token: tokA}), http.StatusNoContent)
		mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: tokB}), http.StatusUnauthorized)
		mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/users/self/devices/%d", devB), Token: tokA}), http.StatusNotFound)
		mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/users/self/devices/%d", devA), Token: tokA}), http.StatusOK)
		mustStatus(t, srv.Do(apitest.Request{Method: "DELETE", Path: "/v2/users/self/devices/abc", Token: tokA}), http.StatusNotFound)
	})
}

func TestDevicePatch(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		token, deviceID, _ := signUp(t, srv)
		path := fmt.Sprintf("/v2/users/self/devices/%d", deviceID)
		res := srv.Do(apitest.Request{Method: "PATCH", Path: path, Token: token, Body: map[string]any{
			"model": "Chrome", "settings": map[string]int{"parentalChannels": 1},
			"notification":      map[string]string{"type": "webpush", "token": "abc"},
			"parental_settings": map[string]any{"pay": true, "duration": 5},
		}})
		mustStatus(t, res, http.StatusOK)
		var d struct {
			Model    string `json:"model"`
			Settings struct {
				ParentalChannels int `json:"parentalChannels"`
			} `json:"settings"`
			Notification *struct{ Type string } `json:"notification"`
			Parental     struct {
				Pay      bool `json:"pay"`
				VOD      bool `json:"vod"`
				Duration int  `json:"duration"`
			} `json:"parental_settings"`
		}
		res.JSON(t, &d)
		if d.Model != "Chrome" || d.Settings.ParentalChannels != 1 || d.Notification == nil || d.Notification.Type != "webpush" ||
			!d.Parental.Pay || !d.Parental.VOD || d.Parental.Duration != 5 {
			t.Fatalf("patched: %s", res.Body)
		}
		res = srv.Do(apitest.Request{Method: "GET", Path: path, Token: token})
		mustStatus(t, res, http.StatusOK)
		res.JSON(t, &d)
		if d.Model != "Chrome" || !d.Parental.Pay {
			t.Fatalf("not stored: %s", res.Body)
		}
		res = srv.Do(apitest.Request{Method: "PATCH", Path: path, Token: token, Body: `{"notification": null}`})
		mustStatus(t, res, http.StatusOK)
		res.JSON(t, &d)
		if d.Notification != nil {
			t.Fatalf("notification kept: %s", res.Body)
		}
		for _, bad := range []string{`{"settings":{"parentalChannels":7}}`, `{"parental_settings":{"duration":-1}}`, `{"device_type":5}`, `{`} {
			res = srv.Do(apitest.Request{Method: "PATCH", Path: path, Token: token, Body: bad})
			if res.Status != http.StatusBadRequest {
				t.Fatalf("%s: %d %s", bad, res.Status, res.Body)
			}
		}
	})
}

// TestDeviceIsolation: user A can never read, change or delete user B's
// devices, nor take a token for one.
func TestDeviceIsolation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		tokA, _, _ := signUp(t, srv)
		tokB, devB, _ := signUp(t, srv)
		path := fmt.Sprintf("/v2/users/self/devices/%d", devB)
		cases := []apitest.Request{
			{Method: "GET", Path: path, Token: tokA},
			{Method: "PATCH", Path: path, Token: tokA, Body: map[string]string{"model": "hacked"}},
			{Method: "PATCH", Path: path, Token: tokA, Body: map[string]any{"parental_settings": map[string]bool{"vod": false}}},
			{Method: "DELETE", Path: path, Token: tokA},
			{Method: "POST", Path: "/v2/auth/device", Token: tokA, Body: map[string]any{"device_id": devB}},
		}
		for _, c := range cases {
			res := srv.Do(c)
			if res.Status != http.StatusNotFound {
				t.Errorf("%s %s by A: %d %s, want 404", c.Method, c.Path, res.Status, res.Body)
			}
		}
		res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/devices", Token: tokA})
		var ds []struct {
			ID int64 `json:"id"`
		}
		res.JSON(t, &ds)
		for _, d := range ds {
			if d.ID == devB {
				t.Fatal("A's device list holds B's device")
			}
		}
		// B's device and token are untouched.
		res = srv.Do(apitest.Request{Method: "GET", Path: path, Token: tokB})
		mustStatus(t, res, http.StatusOK)
		var d struct {
			Model    string `json:"model"`
			Parental struct {
				VOD bool `json:"vod"`
			} `json:"parental_settings"`
		}
		res.JSON(t, &d)
		if d.Model == "hacked" || !d.Parental.VOD {
			t.Fatalf("B's device changed: %s", res.Body)
		}
	})
}
