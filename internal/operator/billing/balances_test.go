package billing_test

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

type sourceAccount struct {
	ID     int64 `json:"id"`
	Source struct {
		Name string `json:"name"`
		Type string `json:"type"`
	} `json:"source"`
	Amount    string `json:"amount"`
	Currency  string `json:"currency"`
	UpdatedAt string `json:"updated_at"`
}

// The billing's balance of a subscriber: answered to BALANCE or pushed
// through the provider API, shown to the viewer at once (on every copy of
// Efir, without asking the billing again), kept as the last known one when
// the billing is down, and refused while the callbacks are off.
func TestSourceAccountPushedAndAnswered(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		st := newSetup(t, db)
		tok := st.srv.SignIn(t, "shopper", "efir24", "balance-pc")
		shopper := userID(t, db, "shopper")
		res := st.owner.Do(apitest.Request{Method: "POST", Path: "/v2/operator/integrations/tokens",
			Body: map[string]any{"name": "billing", "per_second": 1000}})
		var issued struct {
			Token string `json:"token"`
		}
		mustStatus(t, res, http.StatusCreated).JSON(t, &issued)
		api := func(method string, body any) *apitest.Response {
			return st.srv.DoProvider(apitest.Request{Method: method, Body: body,
				Path: "/provider-api/v2/users/" + strconv.FormatInt(shopper, 10) + "/provider/account?token=" + issued.Token})
		}
		accounts := func() []sourceAccount {
			t.Helper()
			var out []sourceAccount
			mustStatus(t, api("GET", nil), http.StatusOK).JSON(t, &out)
			return out
		}
		viewerBalance := func() int64 {
			t.Helper()
			var bal struct {
				Balance int64 `json:"balance"`
			}
			mustStatus(t, st.srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/balance", Token: tok}),
				http.StatusOK).JSON(t, &bal)
			return bal.Balance
		}

		if got := accounts(); len(got) != 0 {
			t.Fatalf("no balance told yet: %+v", got)
		}
		if b := viewerBalance(); b != 777700 {
			t.Fatalf("answered balance %d", b)
		}
		got := accounts()
		if len(got) != 1 || got[0].Amount != "7777.00" || got[0].Currency != "RUB" || got[0].ID != 1 ||
			got[0].Source.Type != "billing" || got[0].UpdatedAt != st.clock.Now().UTC().Format(time.RFC3339) {
			t.Fatalf("answered account %+v", got)
		}

		// Pushed: shown at once, here and on another copy, with no BALANCE asked.
		asked, _ := st.rc.count("BALANCE")
		var pushed sourceAccount
		mustStatus(t, api("POST", map[string]any{"amount": "150.50"}), http.StatusCreated).JSON(t, &pushed)
		if pushed.Amount != "150.50" {
			t.Fatalf("pushed %+v", pushed)
		}
		if b := viewerBalance(); b != 15050 {
			t.Fatalf("balance after the push %d", b)
		}
		if amount, _, ok := worker(t, db, st.clock).Balance(t.Context(), shopper); !ok || amount != 15050 {
			t.Fatalf("another copy's balance %d %v", amount, ok)
		}
		if n, _ := st.rc.count("BALANCE"); n != asked {
			t.Fatalf("BALANCE asked %d times after the push (was %d)", n, asked)
		}

		// Bad amounts change nothing; a negative balance is the billing's to give.
		for _, bad := range []any{"abc", "1.234", "", nil} {
			mustStatus(t, api("POST", map[string]any{"amount": bad}), http.StatusBadRequest)
		}
		mustStatus(t, api("POST", map[string]any{"amount": "-20.5"}), http.StatusCreated)
		if got := accounts(); len(got) != 1 || got[0].Amount != "-20.50" {
			t.Fatalf("negative balance %+v", got)
		}

		// The billing is down later on: the last balance it gave is shown.
		st.clock.Add(time.Minute)
		st.rc.set(func(rc *receiver) { rc.fail = 100 })
		if b := viewerBalance(); b != -2050 {
			t.Fatalf("balance while the billing is down %d", b)
		}
		if n, _ := st.rc.count("BALANCE"); n <= asked {
			t.Fatal("the billing was not asked once the pushed balance was old")
		}

		var n int
		if err := store.Get(t.Context(), db, `SELECT COUNT(*) FROM audit_log WHERE action = 'account.source_balance'`, nil,
			&n); err != nil || n != 2 {
			t.Fatalf("audit entries %d %v", n, err)
		}

		// Callbacks off: no such account.
		mustStatus(t, st.owner.Do(apitest.Request{Method: "PATCH", Path: "/v2/operator/integrations/billing",
			Body: map[string]any{"enabled": false}}), http.StatusOK)
		if got := accounts(); len(got) != 0 {
			t.Fatalf("callbacks off: %+v", got)
		}
		mustStatus(t, api("POST", map[string]any{"amount": "10.00"}), http.StatusConflict)
	})
}
