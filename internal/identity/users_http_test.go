package identity_test

import (
	"context"
	"net/http"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

type userAnswer struct {
	ID             int64  `json:"id"`
	FirstName      string `json:"first_name"`
	Email          string `json:"email"`
	ParentalStatus string `json:"parental_status"`
	Settings       struct {
		ParentalChannels int      `json:"parentalChannels"`
		Language         string   `json:"language"`
		AudioLanguages   []string `json:"audio_languages"`
	} `json:"settings"`
}

func TestPatchSelf(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		token, _, _ := signUp(t, srv)
		res := srv.Do(apitest.Request{Method: "PATCH", Path: "/v2/users/self", Token: token, Body: map[string]any{
			"first_name": "  Иван ", "email": "Ivan@Example.COM",
			"settings": map[string]any{"parentalChannels": 1, "language": "kz", "audio_languages": []string{"RUS", "eng"}},
		}})
		mustStatus(t, res, http.StatusOK)
		var u userAnswer
		res.JSON(t, &u)
		if u.FirstName != "Иван" || u.Email != "ivan@example.com" || u.Settings.ParentalChannels != 1 ||
			u.Settings.Language != "kk" || len(u.Settings.AudioLanguages) != 2 {
			t.Fatalf("patched user: %s", res.Body)
		}
		// Settings not named stay as they were.
		res = srv.Do(apitest.Request{Method: "PATCH", Path: "/v2/users/self", Token: token, Body: map[string]any{"settings": map[string]any{"text_languages": []string{"en"}}}})
		mustStatus(t, res, http.StatusOK)
		res.JSON(t, &u)
		if u.Settings.ParentalChannels != 1 || u.Settings.Language != "kk" {
			t.Fatalf("settings lost: %s", res.Body)
		}
		// The demo subscriber's address is taken within the provider.
		res = srv.Do(apitest.Request{Method: "PATCH", Path: "/v2/users/self", Token: token, Body: map[string]string{"email": "DEMO@efir.example"}})
		if res.Status != http.StatusBadRequest || res.ErrorType() != "duplicate_email" {
			t.Fatalf("duplicate email: %d %s", res.Status, res.Body)
		}
		for _, bad := range []string{`{"email":"no-at"}`, `{"email":"иван@почта.рф"}`, `{"settings":{"parentalChannels":5}}`,
			`{"settings":{"language":"xx"}}`, `{"first_name":"a\u0000b"}`, `{"parental_status":"whatever"}`} {
			res = srv.Do(apitest.Request{Method: "PATCH", Path: "/v2/users/self", Token: token, Body: bad})
			if res.Status != http.StatusBadRequest {
				t.Errorf("%s: %d %s", bad, res.Status, res.Body)
			}
		}
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: token})
		res.JSON(t, &u)
		if u.Email != "ivan@example.com" || u.FirstName != "Иван" {
			t.Fatalf("a refused patch changed the user: %s", res.Body)
		}
		// The parental dialogue can be skipped.
		res = srv.Do(apitest.Request{Method: "PATCH", Path: "/v2/users/self", Token: token, Body: map[string]string{"parental_status": "ignore"}})
		mustStatus(t, res, http.StatusOK)
		res.JSON(t, &u)
		if u.ParentalStatus != "ignore" {
			t.Fatalf("status: %s", res.Body)
		}
	})
}

// TestUserIsolation: everything under /v2/users/self acts on the caller only.
func TestUserIsolation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		tokA, _, idA := signUp(t, srv)
		tokB, _, idB := signUp(t, srv)
		mustStatus(t, srv.Do(apitest.Request{Method: "PATCH", Path: "/v2/users/self", Token: tokA, Body: map[string]string{"first_name": "A", "email": "a@x.example"}}), http.StatusOK)
		res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: tokB})
		var u userAnswer
		res.JSON(t, &u)
		if u.ID != idB || u.FirstName == "A" || u.Email != "" {
			t.Fatalf("B sees A's change: %s", res.Body)
		}
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: tokA})
		res.JSON(t, &u)
		if u.ID != idA {
			t.Fatalf("A reads user %d", u.ID)
		}
		// Stats land on the caller.
		mustStatus(t, srv.Do(apitest.Request{Method: "PATCH", Path: "/v2/users/self/stat/ch-1?duration=60", Token: tokA}), http.StatusNoContent)
		var n int
		if err := store.Get(context.Background(), db, "SELECT COUNT(*) FROM watch_stats WHERE user_id = ?", []any{idB}, &n); err != nil || n != 0 {
			t.Fatalf("B has %d stats (%v)", n, err)
		}
	})
}

func TestStat(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		token, _, userID := signUp(t, srv)
		mustStatus(t, srv.Do(apitest.Request{Method: "PATCH", Path: "/v2/users/self/stat/42?duration=0", Token: token}), http.StatusNoContent)
		mustStatus(t, srv.Do(apitest.Request{Method: "PATCH", Path: "/v2/users/self/stat/43?duration=86400", Token: token}), http.StatusNoContent)
		for _, q := range []string{"?duration=86401", "?duration=-1", "?duration=abc", ""} {
			res := srv.Do(apitest.Request{Method: "PATCH", Path: "/v2/users/self/stat/42" + q, Token: token})
			if res.Status != http.StatusBadRequest {
				t.Errorf("%q: %d %s", q, res.Status, res.Body)
			}
		}
		mustStatus(t, srv.Do(apitest.Request{Method: "PATCH", Path: "/v2/users/self/stat/42?duration=5"}), http.StatusUnauthorized)
		var n int
		if err := store.Get(context.Background(), db, "SELECT COUNT(*) FROM watch_stats WHERE user_id = ?", []any{userID}, &n); err != nil || n != 2 {
			t.Fatalf("%d stats (%v)", n, err)
		}
	})
}
