package main

import (
	"bytes"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/operator/billing"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

const secret = "efs_test-secret"

var now = time.Unix(1_800_000_000, 0)

type client struct {
	t   *testing.T
	url string
}

// send posts a callback signed as Efir signs it (at), answering the status
// and the reply.
func (c client) send(kind, key string, body map[string]any, at time.Time, sec string) (int, Reply) {
	c.t.Helper()
	body["type"], body["id"] = kind, key
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, c.url, bytes.NewReader(raw))
	req.Header.Set("X-Efir-Callback", kind)
	req.Header.Set("X-Efir-Timestamp", strconv.FormatInt(at.Unix(), 10))
	req.Header.Set("X-Efir-Signature", billing.Sign(sec, at.Unix(), raw))
	req.Header.Set("Idempotency-Key", key)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	var r Reply
	if res.StatusCode == http.StatusOK {
		if err := json.NewDecoder(res.Body).Decode(&r); err != nil {
			c.t.Fatal(err)
		}
	}
	return res.StatusCode, r
}

func user(id int64, name string) map[string]any {
	return map[string]any{"id": id, "username": name, "phone": "79000000003"}
}

func newServer(t *testing.T, path string) (*Billing, client) {
	b, err := NewBilling(secret, path)
	if err != nil {
		t.Fatal(err)
	}
	b.Now = func() time.Time { return now }
	b.Log = log.New(io.Discard, "", 0)
	b.DenyUsers = list("blocked")
	b.DenyPacket = list("Спорт")
	srv := httptest.NewServer(b)
	t.Cleanup(srv.Close)
	return b, client{t: t, url: srv.URL + "/efir"}
}

func TestReceiver(t *testing.T) {
	path := filepath.Join(t.TempDir(), "billing.json")
	_, c := newServer(t, path)

	// Signatures and timestamps.
	if st, _ := c.send("AUTH", "a0", map[string]any{"user": user(1, "shopper")}, now, "efs_wrong"); st != http.StatusUnauthorized {
		t.Fatalf("wrong secret: %d", st)
	}
	if st, _ := c.send("AUTH", "a1", map[string]any{"user": user(1, "shopper")}, now.Add(-6*time.Minute), secret); st != http.StatusUnauthorized {
		t.Fatalf("stale: %d", st)
	}
	// AUTH.
	if st, r := c.send("AUTH", "a2", map[string]any{"user": user(1, "shopper")}, now, secret); st != 200 || r.Allow == nil || !*r.Allow {
		t.Fatalf("AUTH: %d %+v", st, r)
	}
	if st, r := c.send("AUTH", "a3", map[string]any{"user": user(2, "blocked")}, now.Add(4*time.Minute), secret); st != 200 || *r.Allow || r.Reason == "" {
		t.Fatalf("AUTH of a blocked one: %d %+v", st, r)
	}
	// PACKET: charged once per key, refused when short or denied.
	packet := func(name string, amount int64, purchase string) map[string]any {
		return map[string]any{"user": user(1, "shopper"), "packet": map[string]any{"id": 7, "name": name, "amount": amount,
			"currency": "RUB", "purchase": purchase}}
	}
	st, r := c.send("PACKET", "p1", packet("Максимум", 60000, "u1:k1"), now, secret)
	if st != 200 || !*r.Allow || *r.Balance != 40000 {
		t.Fatalf("PACKET: %d %+v", st, r)
	}
	if st, again := c.send("PACKET", "p1", packet("Максимум", 60000, "u1:k1"), now, secret); st != 200 || *again.Balance != 40000 {
		t.Fatalf("replayed PACKET: %d %+v", st, again)
	}
	if _, r := c.send("PACKET", "p2", packet("Максимум", 60000, "u1:k2"), now, secret); *r.Allow || r.Reason == "" {
		t.Fatalf("short: %+v", r)
	}
	if _, r := c.send("PACKET", "p3", packet("Спорт", 100, "u1:k3"), now, secret); *r.Allow {
		t.Fatalf("denied packet allowed: %+v", r)
	}
	// The charge given back (Efir could not make the purchase).
	c.send("DELETE_SUBSCRIPTION", "d1", map[string]any{"user": user(1, "shopper"),
		"subscription": map[string]any{"id": 0, "reason": "not_granted", "purchase": "u1:k1"}}, now, secret)
	c.send("DELETE_SUBSCRIPTION", "d1", map[string]any{"user": user(1, "shopper"),
		"subscription": map[string]any{"id": 0, "reason": "not_granted", "purchase": "u1:k1"}}, now, secret)
	if _, r := c.send("BALANCE", "b1", map[string]any{"user": user(1, "shopper"), "currency": "RUB"}, now, secret); *r.Balance != 100000 || r.Currency != "RUB" {
		t.Fatalf("BALANCE after the refund: %+v", r)
	}

	// The state outlives a restart.
	c.send("PACKET", "p4", packet("Максимум", 25000, "u1:k4"), now, secret)
	_, c2 := newServer(t, path)
	if _, r := c2.send("BALANCE", "b2", map[string]any{"user": user(1, "shopper")}, now, secret); *r.Balance != 75000 {
		t.Fatalf("BALANCE after a restart: %+v", r)
	}
	if _, r := c2.send("PACKET", "p4", packet("Максимум", 25000, "u1:k4"), now, secret); *r.Balance != 75000 {
		t.Fatalf("replay after a restart: %+v", r)
	}
}

// Efir against this receiver: sign-in asks it, a purchase is charged from
// its balance, a purchase it cannot pay is refused with its reason, and the
// balance the apps show is its own.
func TestWithEfir(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		b, err := NewBilling("", "")
		if err != nil {
			t.Fatal(err)
		}
		b.Log = log.New(io.Discard, "", 0)
		b.Start = 50000
		recv := httptest.NewServer(b)
		defer recv.Close()

		srv := apitest.New(t, db)
		owner := srv.SignInStaff(t, "admin@efir.example", "efir24-admin")
		var saved struct {
			Secret string `json:"secret"`
		}
		res := owner.Do(apitest.Request{Method: "PATCH", Path: "/v2/operator/integrations/billing",
			Body: map[string]any{"url": recv.URL + "/efir", "enabled": true}})
		if res.Status != http.StatusOK {
			t.Fatalf("settings: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &saved)
		b.mu.Lock()
		b.Secret = saved.Secret
		b.mu.Unlock()

		tok := srv.SignIn(t, "shopper", "efir24", "reference-pc")
		buy := func(short string) *apitest.Response {
			var packet, per int64
			if err := store.Get(t.Context(), db, `SELECT p.id, pp.id FROM packets p JOIN packet_periods pp ON pp.packet_id = p.id
				WHERE p.short = ? AND pp.months = 1`, []any{short}, &packet, &per); err != nil {
				t.Fatal(err)
			}
			return srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/subscriptions", Token: tok,
				Body: map[string]any{"packet_id": packet, "period_id": per}})
		}
		if res := buy("max-1"); res.Status != http.StatusCreated {
			t.Fatalf("purchase: %d %s", res.Status, res.Body)
		}
		if res := buy("sport-1"); res.Status != http.StatusPaymentRequired || res.ErrorType() != "billing_refused" ||
			!bytes.Contains(res.Body, []byte("Not enough money on your account")) {
			t.Fatalf("a purchase the billing cannot pay: %d %s", res.Status, res.Body)
		}
		var bal struct {
			Balance int64 `json:"balance"`
		}
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/balance", Token: tok}).JSON(t, &bal)
		if bal.Balance != 50000-49900 {
			t.Fatalf("balance %d", bal.Balance)
		}
		b.mu.Lock()
		b.DenyUsers = list("shopper")
		b.mu.Unlock()
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": "shopper", "password": "efir24"}})
		if res.Status != http.StatusForbidden || !bytes.Contains(res.Body, []byte("contract is suspended")) {
			t.Fatalf("denied sign-in: %d %s", res.Status, res.Body)
		}
	})
}
