package identity_test

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"efir/internal/apitest"
	"efir/internal/otp"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

func patchSelf(srv *apitest.Server, token string, body map[string]any) *apitest.Response {
	return srv.Do(apitest.Request{Method: "PATCH", Path: "/v2/users/self", Token: token, Body: body})
}

func checkPIN(srv *apitest.Server, token, code, action string) *apitest.Response {
	return srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/parental_code/check", Token: token,
		Body: map[string]any{"code": code, "action": action}})
}

func parentalStatus(t *testing.T, srv *apitest.Server, token string) string {
	t.Helper()
	res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: token})
	mustStatus(t, res, http.StatusOK)
	var u struct {
		ParentalStatus string `json:"parental_status"`
	}
	res.JSON(t, &u)
	if strings.Contains(string(res.Body), "parental_code\"") || strings.Contains(string(res.Body), "hs256$") {
		t.Fatalf("the user answer leaks the PIN: %s", res.Body)
	}
	return u.ParentalStatus
}

func TestProfileSwitchAndParentalGate(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		token, deviceID, _ := signUp(t, srv)
		main := activeProfileOf(t, srv, token)
		kid := createProfile(t, srv, token, map[string]any{"name": "Kid", "role": "child"})
		adult := createProfile(t, srv, token, map[string]any{"name": "Dad", "role": "adult"})

		// Without a PIN every switch is direct.
		mustStatus(t, switchProfile(srv, token, adult.ID, ""), http.StatusOK)
		mustStatus(t, switchProfile(srv, token, kid.ID, ""), http.StatusOK)
		if got := activeProfileOf(t, srv, token); got.ID != kid.ID || got.Role != "child" {
			t.Fatalf("after switching: %+v", got)
		}
		// Bad input.
		mustError(t, srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/profile", Token: token, Body: map[string]any{}}),
			http.StatusBadRequest, "validation_error")
		mustError(t, srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/profile", Token: token,
			Body: map[string]any{"profile_id": "abc"}}), http.StatusBadRequest, "validation_error")
		mustError(t, switchProfile(srv, token, 99999, ""), http.StatusNotFound, "not_found")

		// Set the PIN (from the child profile: setting one is always allowed).
		mustStatus(t, patchSelf(srv, token, map[string]any{"parental_code": "1234"}), http.StatusOK)
		if s := parentalStatus(t, srv, token); s != "set" {
			t.Fatalf("status %q after setting a PIN", s)
		}

		// Child -> adult: missing, wrong, right.
		mustError(t, switchProfile(srv, token, main.ID, ""), http.StatusForbidden, "parental_code_required")
		res := switchProfile(srv, token, main.ID, "9999")
		mustError(t, res, http.StatusBadRequest, "wrong_parental_code")
		if !strings.Contains(string(res.Body), "4") {
			t.Errorf("the message does not tell the tries left: %s", res.Body)
		}
		mustError(t, switchProfile(srv, token, main.ID, "12345"), http.StatusBadRequest, "wrong_parental_code")
		mustStatus(t, switchProfile(srv, token, main.ID, "1234"), http.StatusOK)
		if got := activeProfileOf(t, srv, token); got.ID != main.ID {
			t.Fatalf("active %+v, want %d", got, main.ID)
		}
		// The right code granted a pass: adult to adult needs no code now.
		mustStatus(t, switchProfile(srv, token, adult.ID, ""), http.StatusOK)
		// Child profiles switch directly, and end the pass.
		mustStatus(t, switchProfile(srv, token, kid.ID, ""), http.StatusOK)
		mustError(t, switchProfile(srv, token, main.ID, ""), http.StatusForbidden, "parental_code_required")

		// A PIN check (for example from the PIN modal) grants a pass.
		res = checkPIN(srv, token, "1234", "profile")
		mustStatus(t, res, http.StatusOK)
		var pass struct {
			Valid     bool  `json:"valid"`
			PassUntil int64 `json:"pass_until"`
		}
		res.JSON(t, &pass)
		if !pass.Valid || pass.PassUntil == 0 {
			t.Fatalf("check answer %s", res.Body)
		}
		mustStatus(t, switchProfile(srv, token, main.ID, ""), http.StatusOK)

		// Editing: child profiles freely; adult ones (and making one adult)
		// behind the gate.
		mustStatus(t, switchProfile(srv, token, kid.ID, ""), http.StatusOK) // ends the pass
		patch := func(id int64, body map[string]any) *apitest.Response {
			return srv.Do(apitest.Request{Method: "PATCH", Path: fmt.Sprintf("/v2/users/self/profiles/%d", id), Token: token, Body: body})
		}
		mustStatus(t, patch(kid.ID, map[string]any{"name": "Little one"}), http.StatusOK)
		mustError(t, patch(kid.ID, map[string]any{"role": "adult"}), http.StatusForbidden, "parental_code_required")
		mustError(t, patch(adult.ID, map[string]any{"name": "Father"}), http.StatusForbidden, "parental_code_required")
		mustError(t, patch(adult.ID, map[string]any{"name": "Father", "parental_code": "0000"}), http.StatusBadRequest, "wrong_parental_code")
		mustStatus(t, patch(adult.ID, map[string]any{"name": "Father", "parental_code": "1234"}), http.StatusOK)
		// Deleting an adult profile is an edit of it.
		mustStatus(t, switchProfile(srv, token, kid.ID, ""), http.StatusOK)
		mustError(t, srv.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/v2/users/self/profiles/%d", adult.ID), Token: token}),
			http.StatusForbidden, "parental_code_required")
		mustStatus(t, srv.Do(apitest.Request{Method: "DELETE", Token: token,
			Path: fmt.Sprintf("/v2/users/self/profiles/%d?parental_code=1234", adult.ID)}), http.StatusNoContent)

		// A device that does not protect profiles switches to adults directly;
		// changing that setting itself needs the PIN.
		mustStatus(t, switchProfile(srv, token, kid.ID, ""), http.StatusOK)
		devPath := fmt.Sprintf("/v2/users/self/devices/%d", deviceID)
		off := map[string]any{"parental_settings": map[string]any{"profile": false}}
		mustError(t, srv.Do(apitest.Request{Method: "PATCH", Path: devPath, Token: token, Body: off}),
			http.StatusForbidden, "parental_code_required")
		off["parental_code"] = "1234"
		mustStatus(t, srv.Do(apitest.Request{Method: "PATCH", Path: devPath, Token: token, Body: off}), http.StatusOK)
		mustStatus(t, switchProfile(srv, token, kid.ID, ""), http.StatusOK) // ends the pass of that PIN
		mustStatus(t, switchProfile(srv, token, main.ID, ""), http.StatusOK)
	})
}

func TestParentalPINSetChangeLockReset(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		phone := "79005550123"
		token, _, _ := registerByPhone(t, srv, phone)

		// Nothing to check before a PIN exists.
		mustError(t, checkPIN(srv, token, "1234", "vod"), http.StatusBadRequest, "validation_error")
		// Bad PINs are refused.
		for _, code := range []string{"123", "12345", "12a4", ""} {
			mustError(t, patchSelf(srv, token, map[string]any{"parental_code": code}), http.StatusBadRequest, "validation_error")
		}
		mustStatus(t, patchSelf(srv, token, map[string]any{"parental_code": "1234"}), http.StatusOK)
		// Changing needs the current PIN.
		mustError(t, patchSelf(srv, token, map[string]any{"parental_code": "5678"}), http.StatusBadRequest, "validation_error")
		mustError(t, patchSelf(srv, token, map[string]any{"parental_code": "5678", "current_parental_code": "0000"}),
			http.StatusBadRequest, "wrong_parental_code")
		mustStatus(t, patchSelf(srv, token, map[string]any{"parental_code": "5678", "current_parental_code": "1234"}), http.StatusOK)
		mustError(t, checkPIN(srv, token, "1234", "vod"), http.StatusBadRequest, "wrong_parental_code")
		mustStatus(t, checkPIN(srv, token, "5678", "vod"), http.StatusOK)
		// ignore is only for users who never set a PIN.
		mustError(t, patchSelf(srv, token, map[string]any{"parental_status": "ignore"}), http.StatusBadRequest, "validation_error")

		// Input checks of the check call.
		mustError(t, checkPIN(srv, token, "5678", "dance"), http.StatusBadRequest, "validation_error")
		mustError(t, checkPIN(srv, token, "5678", ""), http.StatusBadRequest, "validation_error")
		mustError(t, checkPIN(srv, token, "56", "vod"), http.StatusBadRequest, "validation_error")
		for _, action := range []string{"program", "channel", "vod", "pay", "profile", "parental", "settings"} {
			mustStatus(t, checkPIN(srv, token, "5678", action), http.StatusOK)
		}

		// Five wrong tries lock checking; the message counts down.
		for left := 4; left >= 1; left-- {
			res := checkPIN(srv, token, "0000", "vod")
			mustError(t, res, http.StatusBadRequest, "wrong_parental_code")
			if !strings.Contains(string(res.Body), fmt.Sprint(left)) {
				t.Errorf("message without %d tries left: %s", left, res.Body)
			}
		}
		res := checkPIN(srv, token, "0000", "vod")
		mustError(t, res, http.StatusTooManyRequests, "rate_limited")
		if res.Header.Get("Retry-After") == "" {
			t.Error("no Retry-After on the lock")
		}
		mustError(t, checkPIN(srv, token, "5678", "vod"), http.StatusTooManyRequests, "rate_limited")

		// Forgotten PIN: a new one comes by SMS and clears the lock.
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/parental_code/send", Token: token,
			Header: http.Header{"Accept-Language": {"en"}}})
		mustStatus(t, res, http.StatusOK)
		out, err := otp.ListOutbox(context.Background(), db, phone, 1)
		if err != nil || len(out) != 1 {
			t.Fatalf("outbox: %v %v", out, err)
		}
		m := regexp.MustCompile(`^Your new PIN: (\d{4})$`).FindStringSubmatch(out[0].Text)
		if m == nil {
			t.Fatalf("SMS text %q", out[0].Text)
		}
		mustStatus(t, checkPIN(srv, token, m[1], "parental"), http.StatusOK)
		if s := parentalStatus(t, srv, token); s != "set" {
			t.Fatalf("status %q after a reset", s)
		}
		// One reset a minute.
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/parental_code/send", Token: token})
		mustError(t, res, http.StatusTooManyRequests, "rate_limited")
		again, err := otp.ListOutbox(context.Background(), db, phone, 100)
		if err != nil {
			t.Fatal(err)
		}
		if texts := len(again) - countCodes(again); texts != 1 {
			t.Fatalf("%d PIN texts in the outbox after a refused reset, want 1", texts)
		}
	})
}

// countCodes counts the sign-in code messages of an outbox listing.
func countCodes(list []otp.OutboxEntry) int {
	n := 0
	for _, e := range list {
		if e.Code != "" {
			n++
		}
	}
	return n
}

func TestParentalIgnoreAndNoPhone(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		token, _, _ := signUp(t, srv) // a guest: no phone
		if s := parentalStatus(t, srv, token); s != "notset" {
			t.Fatalf("a new user's status %q", s)
		}
		mustError(t, patchSelf(srv, token, map[string]any{"parental_status": "set"}), http.StatusBadRequest, "validation_error")
		mustStatus(t, patchSelf(srv, token, map[string]any{"parental_status": "ignore"}), http.StatusOK)
		if s := parentalStatus(t, srv, token); s != "ignore" {
			t.Fatalf("status %q after skipping the dialogue", s)
		}
		// Nothing is protected while the PIN is declined.
		kid := createProfile(t, srv, token, map[string]any{"name": "Kid", "role": "child"})
		main := listProfiles(t, srv, token)[0]
		mustStatus(t, switchProfile(srv, token, kid.ID, ""), http.StatusOK)
		mustStatus(t, switchProfile(srv, token, main.ID, ""), http.StatusOK)
		// A PIN can still be set later.
		mustStatus(t, patchSelf(srv, token, map[string]any{"parental_code": "2468"}), http.StatusOK)
		if s := parentalStatus(t, srv, token); s != "set" {
			t.Fatalf("status %q", s)
		}
		// Without a phone there is nowhere to send a new PIN.
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/parental_code/send", Token: token})
		mustError(t, res, http.StatusBadRequest, "validation_error")
	})
}

// TestWrongCurrentPINCountsAsTry: guessing the current PIN through PATCH
// /v2/users/self is under the same try limit as the check call.
func TestWrongCurrentPINCountsAsTry(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		token, _, _ := signUp(t, srv)
		mustStatus(t, patchSelf(srv, token, map[string]any{"parental_code": "1357"}), http.StatusOK)
		for range 4 {
			mustError(t, patchSelf(srv, token, map[string]any{"parental_code": "0000", "current_parental_code": "1111"}),
				http.StatusBadRequest, "wrong_parental_code")
		}
		mustError(t, checkPIN(srv, token, "2222", "settings"), http.StatusTooManyRequests, "rate_limited")
		mustError(t, patchSelf(srv, token, map[string]any{"parental_code": "0000", "current_parental_code": "1357"}),
			http.StatusTooManyRequests, "rate_limited")
	})
}
