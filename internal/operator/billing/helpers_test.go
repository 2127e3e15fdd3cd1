package billing_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/app"
	"efir/internal/media"
	"efir/internal/operator"
	"efir/internal/operator/billing"
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

const (
	ownerEmail   = "admin@efir.example"
	ownerPass    = "efir24-admin"
	supportEmail = "support@efir.example"
	editorEmail  = "editor@efir.example"
	financeEmail = "finance@efir.example"
	staffPass    = "efir24-staff"
)

// received is one callback the receiver took.
type received struct {
	Kind, Key string
	Body      map[string]any
	OK        bool // answered 2xx
}

// receiver is an operator's billing: it checks every callback's signature
// and timestamp as a real one must, and answers as the test says.
type receiver struct {
	t      *testing.T
	clock  *clock
	srv    *httptest.Server
	mu     sync.Mutex
	secret string
	fail   int // answer 500 to so many next calls
	deny   map[string]string
	got    []received
}

func newReceiver(t *testing.T, c *clock) *receiver {
	rc := &receiver{t: t, clock: c, deny: map[string]string{}}
	rc.srv = httptest.NewServer(http.HandlerFunc(rc.serve))
	t.Cleanup(rc.srv.Close)
	return rc
}

func (rc *receiver) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	rc.mu.Lock()
	defer rc.mu.Unlock()
	ts, err := strconv.ParseInt(r.Header.Get("X-Efir-Timestamp"), 10, 64)
	if err != nil || ts < rc.clock.Now().Unix()-300 || ts > rc.clock.Now().Unix()+300 {
		rc.t.Errorf("stale or missing timestamp %q", r.Header.Get("X-Efir-Timestamp"))
		http.Error(w, "stale", http.StatusUnauthorized)
		return
	}
	m := hmac.New(sha256.New, []byte(rc.secret))
	m.Write([]byte(strconv.FormatInt(ts, 10) + "."))
	m.Write(body)
	if !hmac.Equal([]byte(r.Header.Get("X-Efir-Signature")), []byte("sha256="+hex.EncodeToString(m.Sum(nil)))) {
		rc.t.Errorf("bad signature on %s", body)
		http.Error(w, "signature", http.StatusUnauthorized)
		return
	}
	var env map[string]any
	if err := json.Unmarshal(body, &env); err != nil {
		rc.t.Errorf("body %s: %v", body, err)
	}
	kind := r.Header.Get("X-Efir-Callback")
	if env["type"] != kind || env["id"] != r.Header.Get("Idempotency-Key") {
		rc.t.Errorf("headers %v do not match the body %s", r.Header, body)
	}
	rec := received{Kind: kind, Key: r.Header.Get("Idempotency-Key"), Body: env}
	if rc.fail > 0 {
		rc.fail--
		rc.got = append(rc.got, rec)
		http.Error(w, "down", http.StatusInternalServerError)
		return
	}
	rec.OK = true
	rc.got = append(rc.got, rec)
	w.Header().Set("Content-Type", "application/json")
	user, _ := env["user"].(map[string]any)
	switch kind {
	case "AUTH":
		why, no := rc.deny["user:"+user["username"].(string)]
		if phone, _ := user["phone"].(string); !no && phone != "" {
			why, no = rc.deny["phone:"+phone]
		}
		if no {
			_ = json.NewEncoder(w).Encode(map[string]any{"allow": false, "reason": why})
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"allow": true})
	case "PACKET":
		p := env["packet"].(map[string]any)
		if why, no := rc.deny["packet:"+p["name"].(string)]; no {
			_ = json.NewEncoder(w).Encode(map[string]any{"allow": false, "reason": why})
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"allow": true})
	case "BALANCE":
		_ = json.NewEncoder(w).Encode(map[string]any{"balance": 777700, "currency": "RUB"})
	default:
		_ = json.NewEncoder(w).Encode(map[string]any{"ok": true})
	}
}

func (rc *receiver) set(fn func(rc *receiver)) { rc.mu.Lock(); defer rc.mu.Unlock(); fn(rc) }

// kinds lists what was received of kind: how many, how many answered 2xx.
func (rc *receiver) count(kind string) (all, ok int) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	for _, g := range rc.got {
		if g.Kind == kind {
			all++
			if g.OK {
				ok++
			}
		}
	}
	return
}

func (rc *receiver) last(kind string) received {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	for i := len(rc.got) - 1; i >= 0; i-- {
		if rc.got[i].Kind == kind {
			return rc.got[i]
		}
	}
	rc.t.Fatalf("no %s received", kind)
	return received{}
}

func mustStatus(t *testing.T, res *apitest.Response, want int) *apitest.Response {
	t.Helper()
	if res.Status != want {
		t.Fatalf("status %d, want %d: %s", res.Status, want, res.Body)
	}
	return res
}

type saved struct {
	URL          string  `json:"url"`
	Enabled      bool    `json:"enabled"`
	AuthFailOpen bool    `json:"auth_fail_open"`
	HasSecret    bool    `json:"has_secret"`
	UpdatedAt    *string `json:"updated_at"`
	Secret       string  `json:"secret"`
}

type callback struct {
	ID         int64  `json:"id"`
	Kind       string `json:"kind"`
	State      string `json:"state"`
	UserID     int64  `json:"user_id"`
	Attempts   int    `json:"attempts"`
	LastAnswer string `json:"last_answer"`
	LastError  string `json:"last_error"`
	Resendable bool   `json:"resendable"`
	Tries      []struct {
		Status int    `json:"status"`
		Error  string `json:"error"`
	} `json:"tries"`
}

// setup is a server with the demo, its owner signed in, and the demo
// operator's callbacks on to a receiver.
type setup struct {
	srv   *apitest.Server
	db    *store.DB
	clock *clock
	owner *apitest.Staff
	rc    *receiver
}

func newSetup(t *testing.T, db *store.DB) *setup {
	c := newClock()
	srv := apitest.NewWithOptions(t, db, app.Options{Now: c.Now})
	st := &setup{srv: srv, db: db, clock: c, owner: srv.SignInStaff(t, ownerEmail, ownerPass), rc: newReceiver(t, c)}
	var s saved
	mustStatus(t, st.owner.Do(apitest.Request{Method: "PATCH", Path: "/v2/operator/integrations/billing",
		Body: map[string]any{"url": st.rc.srv.URL + "/efir", "enabled": true}}), http.StatusOK).JSON(t, &s)
	if !strings.HasPrefix(s.Secret, "efs_") || !s.Enabled || !s.HasSecret || !s.AuthFailOpen {
		t.Fatalf("saved %+v", s)
	}
	st.rc.set(func(rc *receiver) { rc.secret = s.Secret })
	return st
}

// worker is another copy of Efir's billing callbacks on the same database
// (as after a restart, or beside the first one).
func worker(t *testing.T, db *store.DB, c *clock) *billing.Service {
	t.Helper()
	secret, err := media.LoadSecret(t.Context(), db, "")
	if err != nil {
		t.Fatal(err)
	}
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte("efir operator"))
	staff, err := operator.New(db, operator.Config{Now: c.Now, ServerSecret: mac.Sum(nil)})
	if err != nil {
		t.Fatal(err)
	}
	return billing.New(staff, billing.Config{Now: c.Now, Timeout: 2 * time.Second})
}

func (st *setup) callbacks(t *testing.T, query string) []callback {
	t.Helper()
	var list []callback
	mustStatus(t, st.owner.Do(apitest.Request{Method: "GET", Path: "/v2/operator/integrations/callbacks" + query}),
		http.StatusOK).JSON(t, &list)
	return list
}

func userID(t *testing.T, db *store.DB, name string) int64 {
	t.Helper()
	var id int64
	if err := store.Get(t.Context(), db, "SELECT id FROM users WHERE username = ?", []any{name}, &id); err != nil {
		t.Fatal(err)
	}
	return id
}

func period(t *testing.T, db *store.DB, short string, months int) (int64, int64) {
	t.Helper()
	var packet, per int64
	if err := store.Get(t.Context(), db, `SELECT p.id, pp.id FROM packets p JOIN packet_periods pp ON pp.packet_id = p.id
		WHERE p.short = ? AND pp.months = ?`, []any{short, months}, &packet, &per); err != nil {
		t.Fatal(err)
	}
	return packet, per
}
