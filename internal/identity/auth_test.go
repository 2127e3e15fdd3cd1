package identity_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

func TestGuestSequence(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		token, deviceID, userID := signUp(t, srv)
		res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: token})
		mustStatus(t, res, http.StatusOK)
		var u struct {
			ID               int64 `json:"id"`
			IsGuest          bool  `json:"is_guest"`
			ParentalDialogue any   `json:"parental_dialogue"`
			Accounts         []any `json:"accounts"`
			DeviceLimit      int   `json:"device_limit"`
		}
		res.JSON(t, &u)
		if u.ID != userID || !u.IsGuest || u.ParentalDialogue != nil || len(u.Accounts) != 1 || u.DeviceLimit != 5 {
			t.Fatalf("guest user: %s", res.Body)
		}
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/devices", Token: token})
		mustStatus(t, res, http.StatusOK)
		var ds []struct {
			ID        int64 `json:"id"`
			IsCurrent bool  `json:"is_current"`
		}
		res.JSON(t, &ds)
		if len(ds) != 1 || ds[0].ID != deviceID || !ds[0].IsCurrent {
			t.Fatalf("devices: %s", res.Body)
		}
		// The token is also read from ?access_token= and Bearer.
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self?access_token=" + token})
		mustStatus(t, res, http.StatusOK)
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Header: http.Header{"Authorization": {"Bearer " + token}}})
		mustStatus(t, res, http.StatusOK)
		// Form-encoded guest creation works too, with a duplicate username refused.
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/users", Form: true, Body: map[string]string{
			"username": "formguest", "password": "777777777777777777777777", "is_guest": "true", "app_version": "185"}})
		mustStatus(t, res, http.StatusCreated)
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/users", Body: map[string]any{
			"username": "FormGuest", "password": "Gs7pQ2xVb9Lp4Zr8Tn3Kw6Ys", "is_guest": true}})
		if res.Status != http.StatusBadRequest || res.ErrorType() != "validation_error" {
			t.Fatalf("duplicate guest: %d %s", res.Status, res.Body)
		}
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Form: true, Body: map[string]string{"login": "formguest", "password": "777777777777777777777777"}})
		mustStatus(t, res, http.StatusOK)
	})
}

func TestGuestRefusedWhereNotAllowed(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		srv.RemoteAddr = "192.168.77.20:4000" // Alma Demo: no guests
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users", Body: map[string]any{
			"username": "g1", "password": "Gs7pQ2xVb9Lp4Zr8Tn3Kw6Ys", "is_guest": true}})
		if res.Status != http.StatusForbidden || res.ErrorType() != "permission_denied" {
			t.Fatalf("guest at Alma: %d %s", res.Status, res.Body)
		}
	})
}

func TestPasswordLogin(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": "demo", "password": "efir24"}})
		mustStatus(t, res, http.StatusOK)
		var login tokenAnswer
		res.JSON(t, &login)
		if login.AccessToken == "" || login.Device != nil || login.Expired <= time.Now().Unix() {
			t.Fatalf("login answer: %s", res.Body)
		}
		// A login token manages devices, nothing more: the user is read
		// with the device's token.
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: login.AccessToken})
		mustError(t, res, http.StatusUnauthorized, "authentication_failed")
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/devices", Token: login.AccessToken})
		mustStatus(t, res, http.StatusOK)
		deviceToken, _ := deviceSignIn(t, srv, login.AccessToken, "demo-"+randomHex(4))
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: deviceToken})
		mustStatus(t, res, http.StatusOK)
		var u struct {
			Username         string `json:"username"`
			Phone            string `json:"phone"`
			Email            string `json:"email"`
			ParentalDialogue *struct {
				Buttons []struct{ Action string } `json:"buttons"`
			} `json:"parental_dialogue"`
			Accounts []struct {
				Balance  int64  `json:"balance"`
				Currency string `json:"currency"`
			} `json:"accounts"`
		}
		res.JSON(t, &u)
		if u.Username != "demo" || u.Phone != "79000000001" || u.Email != "demo@efir.example" || u.ParentalDialogue == nil ||
			len(u.Accounts) != 1 || u.Accounts[0].Balance != 50000 || u.Accounts[0].Currency != "RUB" {
			t.Fatalf("demo user: %s", res.Body)
		}
		// The login token was used up by its device's sign-in.
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/devices", Token: login.AccessToken})
		mustStatus(t, res, http.StatusUnauthorized)

		for _, bad := range []map[string]string{{"login": "demo", "password": "wrong"}, {"login": "nobody", "password": "efir24"}} {
			res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: bad,
				Header: http.Header{"Accept-Language": {"en"}}})
			if res.Status != http.StatusUnauthorized || res.ErrorType() != "authentication_failed" {
				t.Fatalf("wrong credentials %v: %d %s", bad, res.Status, res.Body)
			}
			var e struct {
				Error struct{ Message string } `json:"error"`
			}
			res.JSON(t, &e)
			if e.Error.Message != "Wrong login or password." {
				t.Fatalf("message %q", e.Error.Message)
			}
		}
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": "demo"}})
		if res.Status != http.StatusBadRequest {
			t.Fatalf("no password: %d", res.Status)
		}
		// Wrong passwords for one login and address are throttled; another
		// address is not.
		for i := 0; i < 4; i++ {
			srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": "demo", "password": "wrong"}})
		}
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": "demo", "password": "efir24"}})
		if res.Status != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
			t.Fatalf("after 5 failures: %d %s", res.Status, res.Body)
		}
		srv.RemoteAddr = "10.0.0.2:5000"
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": "DEMO", "password": "efir24"}})
		mustStatus(t, res, http.StatusOK)
	})
}

// hashOf is how the server stores a token.
func hashOf(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// ageToken moves a token's issue and expiry into the past.
func ageToken(t *testing.T, db *store.DB, token string, issuedAgo time.Duration) {
	t.Helper()
	issued := time.Now().Add(-issuedAgo)
	if _, err := db.Exec(context.Background(), "UPDATE tokens SET issued_at = ?, expires_at = ? WHERE hash = ?",
		issued.Unix(), issued.Add(12*time.Hour).Unix(), hashOf(token)); err != nil {
		t.Fatal(err)
	}
}

func TestTokenExpiryAndReissue(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		token, deviceID, _ := signUp(t, srv)
		ageToken(t, db, token, 13*time.Hour)
		res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: token})
		if res.Status != http.StatusUnauthorized || res.ErrorType() != "authentication_failed" {
			t.Fatalf("expired token: %d %s", res.Status, res.Body)
		}
		// Public calls keep working with a stale token.
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/network", Token: token})
		mustStatus(t, res, http.StatusOK)
		// The expired token is traded for a new one on its device.
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/device", Token: token, Body: map[string]any{"device_id": deviceID}})
		mustStatus(t, res, http.StatusOK)
		var fresh tokenAnswer
		res.JSON(t, &fresh)
		if fresh.Device == nil || fresh.Device.ID != deviceID || !fresh.Device.IsCurrent || fresh.Profile == nil || fresh.Profile.Role != "adult" {
			t.Fatalf("reissue: %s", res.Body)
		}
		mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: fresh.AccessToken}), http.StatusOK)
		// The old token was revoked: it cannot be traded again.
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/device", Token: token, Body: map[string]any{"device_id": deviceID}})
		mustStatus(t, res, http.StatusUnauthorized)
		// Too old to trade (31 days), or no token at all: 401.
		ageToken(t, db, fresh.AccessToken, 31*24*time.Hour)
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/device", Token: fresh.AccessToken, Body: map[string]any{"device_id": deviceID}})
		mustStatus(t, res, http.StatusUnauthorized)
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/device", Body: map[string]any{"device_id": deviceID}})
		mustStatus(t, res, http.StatusUnauthorized)
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: "not-a-token"})
		mustStatus(t, res, http.StatusUnauthorized)
	})
}

func TestReissueKeepsActiveProfile(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		token, deviceID, userID := signUp(t, srv)
		ctx := context.Background()
		var second int64
		err := db.Tx(ctx, func(tx *store.Tx) error {
			var err error
			second, err = store.InsertID(ctx, tx, "INSERT INTO profiles (user_id, name, role, created_at) VALUES (?, 'Kid', 'child', 0) RETURNING id", userID)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(ctx, "UPDATE devices SET profile_id = ? WHERE id = ?", second, deviceID); err != nil {
			t.Fatal(err)
		}
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/device", Token: token, Body: map[string]any{"device_id": deviceID}})
		mustStatus(t, res, http.StatusOK)
		var fresh tokenAnswer
		res.JSON(t, &fresh)
		if fresh.Profile == nil || fresh.Profile.ID != second || fresh.Profile.Role != "child" {
			t.Fatalf("profile after reissue: %s", res.Body)
		}
	})
}

func TestLogout(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		token, deviceID, _ := signUp(t, srv)
		mustStatus(t, srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/logout", Token: token}), http.StatusNoContent)
		mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: token}), http.StatusUnauthorized)
		var n int
		if err := store.Get(context.Background(), db, "SELECT COUNT(*) FROM devices WHERE id = ?", []any{deviceID}, &n); err != nil || n != 0 {
			t.Fatalf("device left after logout: %d %v", n, err)
		}
		mustStatus(t, srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/logout", Token: token}), http.StatusUnauthorized)
		mustStatus(t, srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/logout"}), http.StatusUnauthorized)
	})
}
