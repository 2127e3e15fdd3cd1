package identity_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// bViews are the GET calls whose answers make up everything a user can see
// of their own account.
var bViews = []string{
	"/v2/users/self", "/v2/users/self/devices", "/v2/users/self/profiles", "/v2/users/self/profile",
	"/v2/users/self/messages", "/v2/users/self/accounts", "/v2/users/self/balance",
}

// snapshot is a user's whole visible account plus what is not visible (the
// PIN hash, its try counter and the device tokens), to tell whether anything
// changed.
func snapshot(t *testing.T, srv *apitest.Server, token string, userID int64) []byte {
	t.Helper()
	var buf bytes.Buffer
	for _, path := range bViews {
		res := srv.Do(apitest.Request{Method: "GET", Path: path, Token: token})
		mustStatus(t, res, http.StatusOK)
		buf.Write(res.Body)
		buf.WriteByte('\n')
	}
	var hash *string
	var failures, sentAt int64
	if err := store.Get(context.Background(), srv.DB, `SELECT parental_code_hash, parental_failures, parental_sent_at
		FROM users WHERE id = ?`, []any{userID}, &hash, &failures, &sentAt); err != nil {
		t.Fatal(err)
	}
	if hash != nil {
		buf.WriteString(*hash)
	}
	fmt.Fprintf(&buf, " %d %d\n", failures, sentAt)
	var tokens int
	if err := store.Get(context.Background(), srv.DB, "SELECT COUNT(*) FROM tokens WHERE user_id = ?", []any{userID}, &tokens); err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&buf, "tokens %d\n", tokens)
	return buf.Bytes()
}

// TestNoEndpointReachesAnotherUser: user A calls every user endpoint aimed at
// user B's devices, profiles, messages, settings and PIN (B's ids in the path
// and in bodies). None of it succeeds against B, none of A's answers holds
// B's data, and B's account is byte for byte what it was.
func TestNoEndpointReachesAnotherUser(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		tokA, devA, userA := signUp(t, srv)
		tokB, devB, userB := registerByPhone(t, srv, "79004440001")
		// B: a PIN, a second profile, a message, a marked device, settings.
		mustStatus(t, srv.Do(apitest.Request{Method: "PATCH", Path: "/v2/users/self", Token: tokB, Body: map[string]any{
			"parental_code": "4321", "first_name": "Bob", "email": "bob@b.example",
			"settings": map[string]any{"parentalChannels": 1}}}), http.StatusOK)
		profB := createProfile(t, srv, tokB, map[string]any{"name": "B-secret-kid", "role": "child"})
		msgB := addMessage(t, db, userB, "B-secret-message", 1_700_000_000)
		mustStatus(t, srv.Do(apitest.Request{Method: "PATCH", Path: fmt.Sprintf("/v2/users/self/devices/%d", devB), Token: tokB,
			Body: map[string]any{"model": "B-secret-model", "parental_code": "4321", "parental_settings": map[string]any{"pay": true}}}), http.StatusOK)
		var bActive profileJSON
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/profile", Token: tokB}).JSON(t, &bActive)
		_ = addMessage(t, db, userA, "A-own-message", 1_700_000_000)

		before := snapshot(t, srv, tokB, userB)

		dev := fmt.Sprintf("/v2/users/self/devices/%d", devB)
		prof := fmt.Sprintf("/v2/users/self/profiles/%d", profB.ID)
		activeB := fmt.Sprintf("/v2/users/self/profiles/%d", bActive.ID)
		msg := fmt.Sprintf("/v2/users/self/messages/%d", msgB)
		user := fmt.Sprintf("/v2/users/%d", userB)
		attacks := []struct {
			req  apitest.Request
			want int // the status A gets
		}{
			// B's devices.
			{apitest.Request{Method: "GET", Path: dev}, http.StatusNotFound},
			{apitest.Request{Method: "PATCH", Path: dev, Body: map[string]any{"model": "x", "settings": map[string]any{"parentalChannels": 30}}}, http.StatusNotFound},
			{apitest.Request{Method: "PATCH", Path: dev, Body: map[string]any{"parental_settings": map[string]any{"pay": false, "duration": 1}}}, http.StatusNotFound},
			{apitest.Request{Method: "PATCH", Path: dev, Body: map[string]any{"notification": map[string]string{"type": "fcm", "token": "x"}}}, http.StatusNotFound},
			{apitest.Request{Method: "DELETE", Path: dev}, http.StatusNotFound},
			{apitest.Request{Method: "POST", Path: "/v2/auth/device", Body: map[string]any{"device_id": devB}}, http.StatusNotFound},
			// B's profiles.
			{apitest.Request{Method: "PATCH", Path: prof, Body: map[string]any{"name": "x", "role": "adult", "icon_avatar_id": 3}}, http.StatusNotFound},
			{apitest.Request{Method: "DELETE", Path: prof}, http.StatusNotFound},
			{apitest.Request{Method: "PATCH", Path: activeB, Body: map[string]any{"name": "x"}}, http.StatusNotFound},
			{apitest.Request{Method: "DELETE", Path: activeB}, http.StatusNotFound},
			{apitest.Request{Method: "POST", Path: "/v2/users/self/profile", Body: map[string]any{"profile_id": profB.ID}}, http.StatusNotFound},
			{apitest.Request{Method: "POST", Path: "/v2/users/self/profile", Body: map[string]any{"profile_id": bActive.ID, "parental_code": "4321"}}, http.StatusNotFound},
			// B's messages.
			{apitest.Request{Method: "DELETE", Path: msg}, http.StatusNotFound},
			{apitest.Request{Method: "DELETE", Path: "/v2/users/self/messages"}, http.StatusNoContent},
			// B's user record and settings.
			{apitest.Request{Method: "PATCH", Path: user, Body: map[string]any{"first_name": "x"}}, http.StatusNotFound},
			{apitest.Request{Method: "PATCH", Path: user, Body: map[string]any{"email": "a@a.example", "settings": map[string]any{"parentalChannels": 30}}}, http.StatusNotFound},
			{apitest.Request{Method: "PATCH", Path: user, Body: map[string]any{"parental_code": "0000", "current_parental_code": "4321"}}, http.StatusNotFound},
			{apitest.Request{Method: "PATCH", Path: user, Body: map[string]any{"parental_status": "ignore"}}, http.StatusNotFound},
			// B's e-mail is B's: A cannot take it, nor learn more than "taken".
			{apitest.Request{Method: "PATCH", Path: "/v2/users/self", Body: map[string]any{"email": "bob@b.example"}}, http.StatusBadRequest},
			// B's PIN: A has none, so B's PIN means nothing to A's calls.
			{apitest.Request{Method: "POST", Path: "/v2/users/self/parental_code/check", Body: map[string]any{"code": "4321", "action": "profile"}}, http.StatusBadRequest},
			{apitest.Request{Method: "POST", Path: "/v2/users/self/parental_code/send"}, http.StatusBadRequest},
			// A's own calls act on A only.
			{apitest.Request{Method: "PATCH", Path: "/v2/users/self", Body: map[string]any{"parental_code": "1111", "first_name": "Alice"}}, http.StatusOK},
			{apitest.Request{Method: "PATCH", Path: "/v2/users/self/stat/1?duration=10"}, http.StatusNoContent},
			{apitest.Request{Method: "POST", Path: "/v2/users/self/parental_code/check", Body: map[string]any{"code": "4321", "action": "profile"}}, http.StatusBadRequest},
			{apitest.Request{Method: "POST", Path: "/v2/users/self/parental_code/check", Body: map[string]any{"code": "1111", "action": "profile"}}, http.StatusOK},
			{apitest.Request{Method: "PATCH", Path: fmt.Sprintf("/v2/users/self/devices/%d", devA), Body: map[string]any{"parental_code": "1111", "parental_settings": map[string]any{"pay": true}}}, http.StatusOK},
			{apitest.Request{Method: "GET", Path: "/v2/mw/status_block"}, http.StatusOK},
		}
		for _, a := range attacks {
			a.req.Token = tokA
			res := srv.Do(a.req)
			if res.Status != a.want {
				t.Errorf("A: %s %s -> %d %s, want %d", a.req.Method, a.req.Path, res.Status, res.Body, a.want)
			}
			for _, secret := range []string{"B-secret", "bob@b.example", "79004440001", "Bob"} {
				if bytes.Contains(res.Body, []byte(secret)) && a.want != http.StatusBadRequest {
					t.Errorf("A: %s %s answers B's %q: %s", a.req.Method, a.req.Path, secret, res.Body)
				}
			}
		}
		// A's own views hold nothing of B.
		for _, path := range bViews {
			res := srv.Do(apitest.Request{Method: "GET", Path: path, Token: tokA})
			mustStatus(t, res, http.StatusOK)
			for _, secret := range []string{"B-secret", "bob@b.example", "79004440001", fmt.Sprintf(`"id":%d,`, userB)} {
				if bytes.Contains(res.Body, []byte(secret)) {
					t.Errorf("A: GET %s holds B's %q: %s", path, secret, res.Body)
				}
			}
		}
		// A signs out: B's device and tokens stay.
		mustStatus(t, srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/logout", Token: tokA}), http.StatusNoContent)

		if after := snapshot(t, srv, tokB, userB); !bytes.Equal(before, after) {
			t.Fatalf("B's account changed:\nbefore %s\nafter  %s", before, after)
		}
	})
}
