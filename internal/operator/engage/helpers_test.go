package engage_test

import (
	"sync"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/app"
	"efir/internal/store"
)

// clock is a test's time, moved by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Add(d time.Duration) { c.mu.Lock(); defer c.mu.Unlock(); c.now = c.now.Add(d) }

// The demo's staff (internal/demo/staff.go) and viewer.
const (
	ownerEmail   = "admin@efir.example"
	ownerPass    = "efir24-admin"
	supportEmail = "support@efir.example"
	editorEmail  = "editor@efir.example"
	financeEmail = "finance@efir.example"
	staffPass    = "efir24-staff"
	adminEmail   = "engage-admin@efir.example"
	almaEmail    = "engage-alma@alma.example"
)

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
	return &fixture{t: t, srv: srv, db: db, clock: c, owner: srv.SignInStaff(t, ownerEmail, ownerPass)}
}

// addStaff adds a member of role to an operator, with the support member's
// password and no second factor asked.
func (f *fixture) addStaff(providerID int64, email, role string) *apitest.Staff {
	f.t.Helper()
	if _, err := f.db.Exec(f.t.Context(), `INSERT INTO staff (provider_id, email, role, password_hash, totp_exempt, created_at)
		SELECT ?, ?, ?, password_hash, TRUE, 0 FROM staff WHERE email = ?`, providerID, email, role, supportEmail); err != nil {
		f.t.Fatal(err)
	}
	return f.srv.SignInStaff(f.t, email, staffPass)
}

func (f *fixture) do(st *apitest.Staff, method, path string, body any, want int) *apitest.Response {
	f.t.Helper()
	res := st.Do(apitest.Request{Method: method, Path: path, Body: body})
	if want != 0 && res.Status != want {
		f.t.Fatalf("%s %s: %d, want %d: %s", method, path, res.Status, want, res.Body)
	}
	return res
}

func (f *fixture) id(query string, args ...any) int64 {
	f.t.Helper()
	var id int64
	if err := store.Get(f.t.Context(), f.db, query, args, &id); err != nil {
		f.t.Fatalf("%s: %v", query, err)
	}
	return id
}

// viewer adds a registered viewer of an operator directly.
func (f *fixture) viewer(providerID int64, name string) int64 {
	f.t.Helper()
	id, err := store.InsertID(f.t.Context(), f.db, `INSERT INTO users (provider_id, username, date_joined) VALUES (?, ?, 0)
		RETURNING id`, providerID, name)
	if err != nil {
		f.t.Fatal(err)
	}
	return id
}

// hold gives a viewer a packet from now on.
func (f *fixture) hold(userID, packetID int64) {
	f.t.Helper()
	if _, err := f.db.Exec(f.t.Context(), `INSERT INTO subscriptions (user_id, packet_id, start_at, end_at, source, created_at)
		VALUES (?, ?, ?, 0, 'grant', 0)`, userID, packetID, f.clock.Now().Unix()-60); err != nil {
		f.t.Fatal(err)
	}
}
