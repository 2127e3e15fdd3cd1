package providerapi_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

type user struct {
	ID                int64  `json:"id"`
	Username          string `json:"username"`
	FirstName         string `json:"first_name"`
	LastName          string `json:"last_name"`
	ProviderUID       string `json:"provider_uid"`
	Phone             string `json:"phone"`
	Email             string `json:"email"`
	Timezone          string `json:"timezone"`
	TimezoneUTCOffset int    `json:"timezone_utcoffset"`
	DeviceLimit       int    `json:"device_limit"`
	IsActive          bool   `json:"is_active"`
	Comment           string `json:"comment"`
	Provider          struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
	} `json:"provider"`
	Accounts []struct {
		ID     int64  `json:"id"`
		Amount string `json:"amount"`
	} `json:"accounts"`
}

// The operator's system registers subscribers, finds them by its keys and
// changes them; each change is in the audit log with the token as actor.
func TestProviderAPIUsers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		_, token := f.issue("CRM", nil)

		res := f.call("POST", "/v2/users", token, map[string]any{"username": "Contract-42", "password": "secret42",
			"phone": "8 (900) 555-00-42", "email": "C42@Example.com", "first_name": "Иван", "last_name": "Петров",
			"provider_uid": "acc-42", "timezone": "Asia/Yekaterinburg", "comment": "тариф 100", "device_limit": 3})
		mustStatus(t, res, http.StatusCreated)
		var created user
		res.JSON(t, &created)
		if created.Username != "contract-42" || created.Phone != "79005550042" || created.Email != "c42@example.com" ||
			created.LastName != "Петров" || created.ProviderUID != "acc-42" || created.DeviceLimit != 3 || !created.IsActive ||
			created.TimezoneUTCOffset != 5*3600 || created.Provider.ID != 1 || created.Provider.Name == "" ||
			len(created.Accounts) != 1 || created.Accounts[0].Amount != "0.00" || created.Comment != "тариф 100" {
			t.Fatalf("created %+v", created)
		}
		// The subscriber signs in with the password the operator set.
		f.srv.SignIn(t, "contract-42", "secret42", "tv-42")

		// A phone alone: it becomes the login. A form body works too.
		res = f.srv.DoProvider(apitest.Request{Method: "POST", Path: "/provider-api/v2/users?token=" + token, Form: true,
			Body: map[string]string{"phone": "79005550043", "first_name": "Анна"}})
		mustStatus(t, res, http.StatusCreated)
		var byPhone user
		res.JSON(t, &byPhone)
		if byPhone.Username != "79005550043" || byPhone.FirstName != "Анна" {
			t.Fatalf("by phone %+v", byPhone)
		}

		find := func(query string) []user {
			t.Helper()
			var out []user
			res := f.call("GET", "/v2/users?"+query, token, nil)
			mustStatus(t, res, http.StatusOK)
			res.JSON(t, &out)
			return out
		}
		for _, q := range []string{"username=CONTRACT-42", "phone=%2B7%20900%20555-00-42", "provider_uid=acc-42",
			"email=c42@example.com", "search=contract"} {
			if got := find(q); len(got) != 1 || got[0].ID != created.ID {
				t.Errorf("%s found %+v", q, got)
			}
		}
		if got := find("provider_uid=acc-4"); len(got) != 0 {
			t.Errorf("provider_uid is matched whole: %+v", got)
		}
		if all, page := find("limit=100"), find("limit=1&offset=1"); len(all) < 4 || len(page) != 1 || page[0].ID != all[1].ID {
			t.Errorf("paging: %d, %+v", len(all), page)
		}

		path := "/v2/users/" + strconv.FormatInt(created.ID, 10)
		var got user
		f.call("GET", path, token, nil).JSON(t, &got)
		if got.ID != created.ID || got.Email != created.Email {
			t.Fatalf("get %+v", got)
		}

		res = f.call("PATCH", path, token, map[string]any{"first_name": "Пётр", "is_active": false, "device_limit": 0})
		mustStatus(t, res, http.StatusOK)
		res.JSON(t, &got)
		if got.FirstName != "Пётр" || got.IsActive || got.DeviceLimit != 5 || got.LastName != "Петров" {
			t.Fatalf("patched %+v", got)
		}
		login := f.srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": "contract-42", "password": "secret42"}})
		mustStatus(t, login, http.StatusForbidden)
		mustStatus(t, f.call("PATCH", path, token, map[string]any{"is_active": true, "password": "another42"}), http.StatusOK)
		f.srv.SignIn(t, "contract-42", "another42", "tv-42")

		if got := auditActions(t, db, "CRM"); strings.Join(got, ",") != "subscriber.create,subscriber.create,subscriber.update,subscriber.update_password" {
			t.Fatalf("audit %v", got)
		}
		var before, after string
		if err := store.Get(t.Context(), db, `SELECT before_json, after_json FROM audit_log WHERE action = 'subscriber.update'`, nil,
			&before, &after); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(before, `"first_name":"Иван"`) || !strings.Contains(after, `"first_name":"Пётр"`) ||
			strings.Contains(after, "secret42") {
			t.Fatalf("audit before %s after %s", before, after)
		}
	})
}

// Bad input answers 400 (or 409 for what another subscriber holds) in the
// error shape, and changes nothing.
func TestProviderAPIUserInput(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		_, token := f.issue("CRM", nil)
		demo := "/v2/users/" + strconv.FormatInt(f.userID("demo"), 10)
		for _, c := range []struct {
			method, path string
			body         any
			status       int
			field        string
		}{
			{"POST", "/v2/users", map[string]any{"first_name": "Без логина"}, 400, "username"},
			{"POST", "/v2/users", map[string]any{"username": "bad login!"}, 400, "username"},
			{"POST", "/v2/users", map[string]any{"phone": "12345"}, 400, "phone"},
			{"POST", "/v2/users", map[string]any{"username": "x1", "email": "not-an-address"}, 400, "email"},
			{"POST", "/v2/users", map[string]any{"username": "x1", "password": "123"}, 400, "password"},
			{"POST", "/v2/users", map[string]any{"username": "x1", "timezone": "Mars/Base"}, 400, "timezone"},
			{"POST", "/v2/users", map[string]any{"username": "x1", "device_limit": 101}, 400, "device_limit"},
			{"POST", "/v2/users", map[string]any{"username": "x1", "device_limit": "many"}, 400, "device_limit"},
			{"POST", "/v2/users", map[string]any{"username": "x1", "comment": strings.Repeat("я", 257)}, 400, "comment"},
			{"POST", "/v2/users", map[string]any{"username": "DEMO"}, 400, "username"},
			{"POST", "/v2/users", map[string]any{"username": "x1", "email": "demo@efir.example"}, 400, "email"},
			{"POST", "/v2/users", map[string]any{"phone": "79000000001"}, 409, "phone"},
			{"POST", "/v2/users", "{broken", 400, ""},
			{"PATCH", demo, map[string]any{"username": ""}, 400, "username"},
			{"PATCH", demo, map[string]any{"phone": "79000000003"}, 409, "phone"},
			{"GET", "/v2/users?subscriptions=all", nil, 400, "subscriptions"},
			{"GET", "/v2/users?limit=0", nil, 400, "limit"},
			{"GET", "/v2/users?phone=12", nil, 400, "phone"},
			{"GET", "/v2/users/abc", nil, 404, ""},
		} {
			res := f.call(c.method, c.path, token, c.body)
			var e struct {
				Error struct {
					Type   string            `json:"type"`
					Detail map[string]string `json:"detail"`
				} `json:"error"`
			}
			res.JSON(t, &e)
			if res.Status != c.status || e.Error.Type == "" || (c.field != "" && e.Error.Detail[c.field] == "") {
				t.Errorf("%s %s %v: %d %s", c.method, c.path, c.body, res.Status, res.Body)
			}
		}
		var n int
		if err := store.Get(t.Context(), db, "SELECT COUNT(*) FROM users WHERE username = 'x1'", nil, &n); err != nil || n != 0 {
			t.Fatalf("a refused subscriber was made: %d %v", n, err)
		}
		if got := auditActions(t, db, "CRM"); len(got) != 0 {
			t.Fatalf("refused changes audited: %v", got)
		}
	})
}
