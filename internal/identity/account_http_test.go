package identity_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

type messageJSON struct {
	ID        int64  `json:"id"`
	Title     string `json:"title"`
	Text      string `json:"text"`
	CreatedAt string `json:"created_at"`
	Removed   bool   `json:"removed"`
}

// addMessage stores a message for a user directly (the operator side that
// writes them is another area).
func addMessage(t *testing.T, db *store.DB, userID int64, title string, at int64) int64 {
	t.Helper()
	var id int64
	err := db.Tx(context.Background(), func(tx *store.Tx) error {
		var err error
		id, err = store.InsertID(context.Background(), tx,
			"INSERT INTO messages (user_id, title, text, created_at) VALUES (?, ?, ?, ?) RETURNING id",
			userID, title, "Text of "+title, at)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func listMessages(t *testing.T, srv *apitest.Server, token, query string) []messageJSON {
	t.Helper()
	res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/messages" + query, Token: token})
	mustStatus(t, res, http.StatusOK)
	var out []messageJSON
	res.JSON(t, &out)
	return out
}

func TestViewerMessages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		tokenA, _, userA := signUp(t, srv)
		tokenB, _, userB := signUp(t, srv)
		if got := listMessages(t, srv, tokenA, ""); len(got) != 0 {
			t.Fatalf("a new user has messages: %+v", got)
		}
		old := addMessage(t, db, userA, "old", 1_700_000_000)
		mid := addMessage(t, db, userA, "mid", 1_700_000_100)
		newest := addMessage(t, db, userA, "new", 1_700_000_200)
		theirs := addMessage(t, db, userB, "B's", 1_700_000_300)

		got := listMessages(t, srv, tokenA, "")
		if len(got) != 3 || got[0].ID != newest || got[1].ID != mid || got[2].ID != old {
			t.Fatalf("A's messages %+v", got)
		}
		if got[0].Title != "new" || got[0].Text != "Text of new" || got[0].Removed || got[0].CreatedAt != "2023-11-14T22:16:40Z" {
			t.Fatalf("message %+v", got[0])
		}
		if page := listMessages(t, srv, tokenA, "?limit=2"); len(page) != 2 || page[0].ID != newest {
			t.Fatalf("first page %+v", page)
		}
		if page := listMessages(t, srv, tokenA, "?limit=2&offset=2"); len(page) != 1 || page[0].ID != old {
			t.Fatalf("second page %+v", page)
		}
		mustError(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/messages?limit=x", Token: tokenA}),
			http.StatusBadRequest, "validation_error")

		// Another user's message: 404, untouched.
		mustError(t, srv.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/v2/users/self/messages/%d", theirs), Token: tokenA}),
			http.StatusNotFound, "not_found")
		mustError(t, srv.Do(apitest.Request{Method: "DELETE", Path: "/v2/users/self/messages/abc", Token: tokenA}),
			http.StatusNotFound, "not_found")
		// One.
		mustStatus(t, srv.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/v2/users/self/messages/%d", mid), Token: tokenA}),
			http.StatusNoContent)
		mustStatus(t, srv.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/v2/users/self/messages/%d", mid), Token: tokenA}),
			http.StatusNoContent)
		if got := listMessages(t, srv, tokenA, ""); len(got) != 2 || got[0].ID != newest || got[1].ID != old {
			t.Fatalf("after removing one: %+v", got)
		}
		// All of A's; B keeps theirs.
		mustStatus(t, srv.Do(apitest.Request{Method: "DELETE", Path: "/v2/users/self/messages", Token: tokenA}), http.StatusNoContent)
		if got := listMessages(t, srv, tokenA, ""); len(got) != 0 {
			t.Fatalf("after removing all: %+v", got)
		}
		if got := listMessages(t, srv, tokenB, ""); len(got) != 1 || got[0].ID != theirs {
			t.Fatalf("B's messages after A removed theirs: %+v", got)
		}
	})
}

func TestAccountsAndBalance(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		tokenA, _, userA := signUp(t, srv)
		tokenB, _, _ := signUp(t, srv)
		ctx := context.Background()

		var accounts []struct {
			ID               int64  `json:"id"`
			Balance          int64  `json:"balance"`
			Amount           int64  `json:"amount"`
			Currency         string `json:"currency"`
			IsPaymentAllowed bool   `json:"is_payment_allowed"`
		}
		res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/accounts", Token: tokenA})
		mustStatus(t, res, http.StatusOK)
		res.JSON(t, &accounts)
		if len(accounts) != 1 || accounts[0].Currency != "RUB" || accounts[0].Balance != 0 {
			t.Fatalf("a new user's accounts %+v", accounts)
		}
		if _, err := db.Exec(ctx, "UPDATE accounts SET balance = 12345, amount = 500 WHERE id = ?", accounts[0].ID); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(ctx, `INSERT INTO accounts (user_id, balance, currency) VALUES (?, 55, 'RUB'), (?, 700, 'KZT')`,
			userA, userA); err != nil {
			t.Fatal(err)
		}
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/accounts", Token: tokenA})
		res.JSON(t, &accounts)
		if len(accounts) != 3 || accounts[0].Balance != 12345 || accounts[0].Amount != 500 || accounts[2].Currency != "KZT" {
			t.Fatalf("accounts %+v", accounts)
		}

		var balance struct {
			Balance  int64  `json:"balance"`
			Currency string `json:"currency"`
		}
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/balance", Token: tokenA})
		mustStatus(t, res, http.StatusOK)
		res.JSON(t, &balance)
		if balance.Balance != 12400 || balance.Currency != "RUB" {
			t.Fatalf("balance %+v, want 12400 RUB (the KZT account left out)", balance)
		}
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/balance", Token: tokenB})
		res.JSON(t, &balance)
		if balance.Balance != 0 {
			t.Fatalf("B's balance %+v", balance)
		}
	})
}

// TestAccountEndpointsIsolation: user A can neither read nor change user B's
// profiles, messages or accounts, and every endpoint needs a device token.
func TestAccountEndpointsIsolation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		tokenA, _, _ := signUp(t, srv)
		tokenB, _, userB := signUp(t, srv)
		profB := createProfile(t, srv, tokenB, map[string]any{"name": "B kid", "role": "child"})
		msgB := addMessage(t, db, userB, "for B", 1_700_000_000)

		for _, p := range listProfiles(t, srv, tokenA) {
			if p.ID == profB.ID {
				t.Fatal("A lists B's profile")
			}
		}
		bPath := fmt.Sprintf("/v2/users/self/profiles/%d", profB.ID)
		mustError(t, srv.Do(apitest.Request{Method: "PATCH", Path: bPath, Token: tokenA, Body: map[string]any{"name": "Mine"}}),
			http.StatusNotFound, "not_found")
		mustError(t, srv.Do(apitest.Request{Method: "DELETE", Path: bPath, Token: tokenA}), http.StatusNotFound, "not_found")
		mustError(t, switchProfile(srv, tokenA, profB.ID, ""), http.StatusNotFound, "not_found")
		mustError(t, srv.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/v2/users/self/messages/%d", msgB), Token: tokenA}),
			http.StatusNotFound, "not_found")
		mustStatus(t, srv.Do(apitest.Request{Method: "DELETE", Path: "/v2/users/self/messages", Token: tokenA}), http.StatusNoContent)

		// B's data is unchanged.
		found := false
		for _, p := range listProfiles(t, srv, tokenB) {
			if p.ID == profB.ID && p.Name == "B kid" {
				found = true
			}
		}
		if !found {
			t.Fatal("B's profile changed")
		}
		if got := listMessages(t, srv, tokenB, ""); len(got) != 1 || got[0].ID != msgB {
			t.Fatalf("B's messages %+v", got)
		}

		// No token, or a login token without a device: 401.
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": "demo", "password": "efir24"}})
		mustStatus(t, res, http.StatusOK)
		var login tokenAnswer
		res.JSON(t, &login)
		for _, c := range []struct{ method, path string }{
			{"GET", "/v2/users/self/profiles"}, {"POST", "/v2/users/self/profiles"}, {"PATCH", bPath}, {"DELETE", bPath},
			{"GET", "/v2/users/self/profile"}, {"POST", "/v2/users/self/profile"},
			{"POST", "/v2/users/self/parental_code/check"}, {"POST", "/v2/users/self/parental_code/send"},
			{"GET", "/v2/users/self/messages"}, {"DELETE", "/v2/users/self/messages"},
			{"DELETE", fmt.Sprintf("/v2/users/self/messages/%d", msgB)},
			{"GET", "/v2/users/self/accounts"}, {"GET", "/v2/users/self/balance"},
		} {
			for _, token := range []string{"", login.AccessToken, "not-a-token"} {
				res := srv.Do(apitest.Request{Method: c.method, Path: c.path, Token: token})
				mustError(t, res, http.StatusUnauthorized, "authentication_failed")
			}
		}
	})
}
