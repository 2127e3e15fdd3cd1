package operator_test

import (
	"crypto/hmac"
	"crypto/sha1"
	"encoding/base32"
	"encoding/binary"
	"fmt"
	"net/http"
	"strings"
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
func newClock() *clock               { return &clock{now: time.Unix(1_800_000_000, 0)} }
func newConsoleServer(t *testing.T, db *store.DB, c *clock) *apitest.Server {
	return apitest.NewWithOptions(t, db, app.Options{Now: c.Now})
}

// console is one browser of the operator console: its session cookie and
// the session's CSRF token.
type console struct {
	t      *testing.T
	srv    *apitest.Server
	cookie string
	csrf   string
}

func newConsole(t *testing.T, srv *apitest.Server) *console { return &console{t: t, srv: srv} }

// do sends a call with the session (and its CSRF token) and keeps a new
// session cookie the answer sets.
func (c *console) do(method, path string, body any) *apitest.Response {
	c.t.Helper()
	h := http.Header{}
	if c.cookie != "" {
		h.Set("Cookie", "efir_staff="+c.cookie)
	}
	if c.csrf != "" {
		h.Set("X-CSRF-Token", c.csrf)
	}
	res := c.srv.Do(apitest.Request{Method: method, Path: path, Body: body, Header: h})
	for _, sc := range res.Header.Values("Set-Cookie") {
		if v, ok := strings.CutPrefix(sc, "efir_staff="); ok {
			c.cookie, _, _ = strings.Cut(v, ";")
		}
	}
	return res
}

type loginAnswer struct {
	Status    string `json:"status"`
	Challenge string `json:"challenge"`
	Session   *struct {
		Staff struct {
			ID    int64  `json:"id"`
			Email string `json:"email"`
			Role  string `json:"role"`
		} `json:"staff"`
		Permissions []string `json:"permissions"`
		CSRFToken   string   `json:"csrf_token"`
	} `json:"session"`
	RecoveryCodes []string `json:"recovery_codes"`
}

// login runs the password step and answers what came back.
func (c *console) login(email, password string) (*apitest.Response, loginAnswer) {
	c.t.Helper()
	res := c.do("POST", "/v2/operator/auth/login", map[string]string{"email": email, "password": password})
	var a loginAnswer
	if res.Status == http.StatusOK {
		res.JSON(c.t, &a)
		if a.Session != nil {
			c.csrf = a.Session.CSRFToken
		}
	}
	return res, a
}

// signIn signs in a member without a second factor, failing otherwise.
func (c *console) signIn(email, password string) *console {
	c.t.Helper()
	res, a := c.login(email, password)
	if res.Status != http.StatusOK || a.Status != "ok" {
		c.t.Fatalf("sign-in of %s: %d %s", email, res.Status, res.Body)
	}
	return c
}

// code is an RFC 6238 code of secret at t, computed here independently of
// the server's implementation.
func code(t *testing.T, secret string, at time.Time) string {
	t.Helper()
	key, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(secret)
	if err != nil {
		t.Fatal(err)
	}
	var msg [8]byte
	binary.BigEndian.PutUint64(msg[:], uint64(at.Unix()/30))
	m := hmac.New(sha1.New, key)
	m.Write(msg[:])
	sum := m.Sum(nil)
	o := sum[19] & 0x0f
	return fmt.Sprintf("%06d", (binary.BigEndian.Uint32(sum[o:o+4])&0x7fffffff)%1_000_000)
}

// The demo's staff (internal/demo/staff.go).
const (
	ownerEmail   = "admin@efir.example"
	ownerPass    = "efir24-admin"
	supportEmail = "support@efir.example"
	editorEmail  = "editor@efir.example"
	financeEmail = "finance@efir.example"
	staffPass    = "efir24-staff"
)

func mustStatus(t *testing.T, res *apitest.Response, want int) {
	t.Helper()
	if res.Status != want {
		t.Fatalf("status %d, want %d: %s", res.Status, want, res.Body)
	}
}

func apitestLogin(email, password, proto string) apitest.Request {
	return apitest.Request{Method: "POST", Path: "/v2/operator/auth/login", Body: map[string]string{"email": email, "password": password},
		Header: http.Header{"X-Forwarded-Proto": {proto}}}
}

func apitestGet(path, token string) apitest.Request {
	return apitest.Request{Method: "GET", Path: path, Token: token}
}
