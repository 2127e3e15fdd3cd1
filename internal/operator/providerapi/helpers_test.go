package providerapi_test

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/app"
	"efir/internal/operator/providerapi"
	"efir/internal/store"
)

// clock is a test's time, moved by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Add(d time.Duration) { c.mu.Lock(); defer c.mu.Unlock(); c.now = c.now.Add(d) }

// fixture is the server with the demo operators, its clock and the demo
// owner signed in to the console.
type fixture struct {
	t     *testing.T
	srv   *apitest.Server
	db    *store.DB
	clock *clock
	owner *apitest.Staff
}

func newFixture(t *testing.T, db *store.DB) *fixture {
	c := &clock{now: time.Unix(1_800_000_000, 0)}
	srv := apitest.NewWithOptions(t, db, app.Options{Now: c.Now})
	return &fixture{t: t, srv: srv, db: db, clock: c, owner: srv.SignInStaff(t, "admin@efir.example", "efir24-admin")}
}

// issue makes a token of the demo operator in the console; limits left out
// are high enough for a test's calls at one instant.
func (f *fixture) issue(name string, limits map[string]int) (id int64, token string) {
	f.t.Helper()
	body := map[string]any{"name": name, "per_second": 1000}
	for k, v := range limits {
		body[k] = v
	}
	res := f.owner.Do(apitest.Request{Method: "POST", Path: "/v2/operator/integrations/tokens", Body: body})
	var out struct {
		ID    int64  `json:"id"`
		Token string `json:"token"`
	}
	if res.Status != http.StatusCreated {
		f.t.Fatalf("issue: %d %s", res.Status, res.Body)
	}
	res.JSON(f.t, &out)
	return out.ID, out.Token
}

// almaToken makes a token of the other demo operator (Alma Demo).
func (f *fixture) almaToken() string {
	f.t.Helper()
	const token = "efk_alma-test-token"
	sum := sha256.Sum256([]byte(token))
	if _, err := f.db.Exec(f.t.Context(), `INSERT INTO provider_api_tokens (provider_id, name, token_hash, per_second,
		per_hour, per_day, created_at) VALUES (2, 'Alma billing', ?, 1000, 100000, 1000000, 0)`, hex.EncodeToString(sum[:])); err != nil {
		f.t.Fatal(err)
	}
	return token
}

// call sends a provider API call with the token in the query, as the
// reference platform takes it; path is below /provider-api.
func (f *fixture) call(method, path, token string, body any) *apitest.Response {
	f.t.Helper()
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	return f.srv.DoProvider(apitest.Request{Method: method, Path: "/provider-api" + path + sep + "token=" + token, Body: body})
}

// api is a provider API service on the fixture's database and clock (for
// what has no HTTP call: the log's pruning).
func (f *fixture) api() *providerapi.Service {
	return providerapi.New(f.db, providerapi.Config{Now: f.clock.Now})
}

func (f *fixture) userID(username string) int64 {
	f.t.Helper()
	var id int64
	if err := store.Get(f.t.Context(), f.db, "SELECT id FROM users WHERE username = ?", []any{username}, &id); err != nil {
		f.t.Fatal(err)
	}
	return id
}

func mustStatus(t *testing.T, res *apitest.Response, want int) *apitest.Response {
	t.Helper()
	if res.Status != want {
		t.Fatalf("status %d, want %d: %s", res.Status, want, res.Body)
	}
	return res
}

// auditActions are the audit log's actions of the api actor named name.
func auditActions(t *testing.T, db *store.DB, name string) []string {
	t.Helper()
	var out []string
	err := store.Each(t.Context(), db, `SELECT action FROM audit_log WHERE actor_kind = 'api' AND actor = ? AND provider_id = 1
		ORDER BY id`, []any{name}, func(r store.Scanner) error {
		var a string
		err := r.Scan(&a)
		out = append(out, a)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
