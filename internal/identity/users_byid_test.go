package identity_test

import (
	"fmt"
	"net/http"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

func TestPatchUserByID(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		tokenA, _, userA := signUp(t, srv)
		tokenB, _, userB := signUp(t, srv)
		res := srv.Do(apitest.Request{Method: "PATCH", Path: fmt.Sprintf("/v2/users/%d", userA), Token: tokenA,
			Body: map[string]any{"first_name": "Анна"}})
		mustStatus(t, res, http.StatusOK)
		var u struct {
			FirstName string `json:"first_name"`
		}
		res.JSON(t, &u)
		if u.FirstName != "Анна" {
			t.Fatalf("first_name %q", u.FirstName)
		}
		// A's token on B's id: 404, and B is untouched.
		res = srv.Do(apitest.Request{Method: "PATCH", Path: fmt.Sprintf("/v2/users/%d", userB), Token: tokenA,
			Body: map[string]any{"first_name": "Мэллори"}})
		mustStatus(t, res, http.StatusNotFound)
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: tokenB})
		res.JSON(t, &u)
		if u.FirstName == "Мэллори" {
			t.Fatal("user A changed user B")
		}
		res = srv.Do(apitest.Request{Method: "PATCH", Path: fmt.Sprintf("/v2/users/%d", userA), Body: map[string]any{"first_name": "x"}})
		mustStatus(t, res, http.StatusUnauthorized)
	})
}
