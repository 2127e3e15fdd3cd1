package operator_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

func userID(t *testing.T, db *store.DB, username string) int64 {
	t.Helper()
	var id int64
	if err := store.Get(t.Context(), db, "SELECT id FROM users WHERE username = ?", []any{username}, &id); err != nil {
		t.Fatal(err)
	}
	return id
}

// Blocking a subscriber ends their sessions at once and refuses every
// sign-in until the block is lifted; ending sessions and removing a device
// sign them out; a PIN reset reaches their phone.
func TestSubscriberAccountActions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newConsoleServer(t, db, newClock())
		support := newConsole(t, srv).signIn(supportEmail, staffPass)
		shopper := userID(t, db, "shopper")
		base := "/v2/operator/subscribers/" + strconv.FormatInt(shopper, 10)
		viewer := srv.SignIn(t, "shopper", "efir24", "tv-1")
		me := func(token string) int {
			return srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: token}).Status
		}
		if me(viewer) != http.StatusOK {
			t.Fatal("the viewer is not signed in")
		}

		res := support.do("POST", base+"/block", map[string]bool{"blocked": true})
		mustStatus(t, res, http.StatusOK)
		if !strings.Contains(string(res.Body), `"blocked":true`) || me(viewer) != http.StatusUnauthorized {
			t.Fatalf("block: %s, viewer %d", res.Body, me(viewer))
		}
		login := srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": "shopper", "password": "efir24"}})
		if login.Status != http.StatusForbidden || !strings.Contains(string(login.Body), "заблокирован") {
			t.Fatalf("a blocked subscriber signed in: %d %s", login.Status, login.Body)
		}
		mustStatus(t, support.do("POST", base+"/block", map[string]bool{"blocked": false}), http.StatusOK)
		viewer = srv.SignIn(t, "shopper", "efir24", "tv-1")

		mustStatus(t, support.do("DELETE", base+"/sessions", nil), http.StatusNoContent)
		if me(viewer) != http.StatusUnauthorized {
			t.Fatal("sessions did not end")
		}
		viewer = srv.SignIn(t, "shopper", "efir24", "tv-2")
		var device int64
		if err := store.Get(t.Context(), db, "SELECT id FROM devices WHERE user_id = ? AND serial = 'tv-2'", []any{shopper}, &device); err != nil {
			t.Fatal(err)
		}
		mustStatus(t, support.do("DELETE", base+"/devices/"+strconv.FormatInt(device, 10), nil), http.StatusNoContent)
		if me(viewer) != http.StatusUnauthorized {
			t.Fatal("the removed device still works")
		}
		mustStatus(t, support.do("DELETE", base+"/devices/"+strconv.FormatInt(device, 10), nil), http.StatusNotFound)

		mustStatus(t, support.do("POST", base+"/parental_reset", nil), http.StatusNoContent)
		var text string
		if err := store.Get(t.Context(), db, "SELECT text FROM otp_outbox WHERE phone = '79000000003' ORDER BY id DESC LIMIT 1", nil, &text); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text, "PIN") && !strings.Contains(text, "ПИН") && !strings.Contains(text, "код") {
			t.Fatalf("reset SMS %q", text)
		}

		// Another operator's subscriber is out of reach.
		alma := "/v2/operator/subscribers/" + strconv.FormatInt(userID(t, db, "alma"), 10)
		mustStatus(t, support.do("POST", alma+"/block", map[string]bool{"blocked": true}), http.StatusNotFound)
		mustStatus(t, support.do("DELETE", alma+"/sessions", nil), http.StatusNotFound)

		var entries []auditJSON
		support.do("GET", "/v2/operator/audit?object_type=subscriber&object_id="+strconv.FormatInt(shopper, 10), nil).JSON(t, &entries)
		got := []string{}
		for _, e := range entries {
			got = append(got, e.Action)
		}
		want := "subscriber.parental_reset subscriber.device_remove subscriber.sessions_end subscriber.unblock subscriber.block"
		if strings.Join(got, " ") != want {
			t.Fatalf("audit %v, want %s", got, want)
		}
	})
}

// Subscriptions and money from the console: a grant opens a channel, a pause
// closes it and a resume gives the paused time back; the balance is credited
// and debited once per key, never below zero.
func TestSubscriberShopActions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clk := newClock()
		srv := newConsoleServer(t, db, clk)
		support := newConsole(t, srv).signIn(supportEmail, staffPass)
		finance := newConsole(t, srv).signIn(financeEmail, staffPass)
		shopper := userID(t, db, "shopper")
		base := "/v2/operator/subscribers/" + strconv.FormatInt(shopper, 10)
		var sport int64
		if err := store.Get(t.Context(), db, "SELECT id FROM packets WHERE short = 'sport-1'", nil, &sport); err != nil {
			t.Fatal(err)
		}
		end := clk.Now().Add(30 * 24 * time.Hour).Unix()
		res := support.do("POST", base+"/subscriptions", map[string]int64{"packet_id": sport, "end_at": end})
		mustStatus(t, res, http.StatusCreated)
		var sub struct {
			ID    int64  `json:"id"`
			State string `json:"state"`
			Type  string `json:"type"`
			EndAt int64  `json:"end_at"`
		}
		res.JSON(t, &sub)
		if sub.State != "active" || sub.Type != "grant" || sub.EndAt != end {
			t.Fatalf("grant %s", res.Body)
		}
		path := base + "/subscriptions/" + strconv.FormatInt(sub.ID, 10)
		mustStatus(t, finance.do("PATCH", path, map[string]string{"action": "pause"}), http.StatusForbidden)
		res = support.do("PATCH", path, map[string]string{"action": "pause"})
		mustStatus(t, res, http.StatusOK)
		clk.Add(48 * time.Hour)
		support.signIn(supportEmail, staffPass) // the session ended meanwhile
		finance.signIn(financeEmail, staffPass)
		res = support.do("PATCH", path, map[string]string{"action": "resume"})
		mustStatus(t, res, http.StatusOK)
		res.JSON(t, &sub)
		if sub.State != "active" || sub.EndAt != end+48*3600 {
			t.Fatalf("resume %s, want the end moved by the pause", res.Body)
		}
		mustStatus(t, support.do("PATCH", path, map[string]string{"action": "fly"}), http.StatusBadRequest)
		mustStatus(t, support.do("PATCH", path, map[string]string{"action": "end"}), http.StatusOK)

		// Money: a credit, the same key again, a debit beyond the balance.
		credit := map[string]any{"amount": 15000, "reason": "Компенсация за сбой", "idempotency_key": "k1"}
		mustStatus(t, support.do("POST", base+"/ledger", credit), http.StatusCreated)
		mustStatus(t, support.do("POST", base+"/ledger", credit), http.StatusCreated)
		mustStatus(t, finance.do("POST", base+"/ledger", map[string]any{"amount": 100, "reason": "x", "idempotency_key": "k2"}), http.StatusForbidden)
		over := support.do("POST", base+"/ledger", map[string]any{"amount": -10_000_000, "reason": "Списание", "idempotency_key": "k3"})
		if over.Status != http.StatusConflict {
			t.Fatalf("overdraw: %d %s", over.Status, over.Body)
		}
		mustStatus(t, support.do("POST", base+"/ledger", map[string]any{"amount": 100, "reason": "x", "idempotency_key": ""}), http.StatusBadRequest)
		var ledger []struct {
			Amount      int64  `json:"amount"`
			Description string `json:"description"`
		}
		finance.do("GET", base+"/ledger", nil).JSON(t, &ledger)
		if len(ledger) != 2 || ledger[0].Amount != 15000 || ledger[0].Description != "Компенсация за сбой" {
			t.Fatalf("ledger %+v (the opening balance and one credit)", ledger)
		}
		var balance int64
		if err := store.Get(t.Context(), db, "SELECT balance FROM accounts WHERE user_id = ?", []any{shopper}, &balance); err != nil || balance != 115000 {
			t.Fatalf("balance %d %v", balance, err)
		}
		var txs []any
		finance.do("GET", base+"/transactions", nil).JSON(t, &txs)
		mustStatus(t, support.do("POST", base+"/transactions/999999/refund", map[string]any{"amount": 100, "reason": "x", "idempotency_key": "r1"}), http.StatusNotFound)

		var entries []auditJSON
		support.do("GET", "/v2/operator/audit?object_type=subscriber", nil).JSON(t, &entries)
		got := []string{}
		for _, e := range entries {
			got = append(got, e.Action)
		}
		if strings.Join(got, " ") != "ledger.adjust ledger.adjust subscription.end subscription.resume subscription.pause subscription.grant" {
			t.Fatalf("audit %v", got)
		}
	})
}
