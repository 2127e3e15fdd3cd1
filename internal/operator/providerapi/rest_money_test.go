package providerapi_test

import (
	"net/http"
	"strings"
	"sync"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

type transaction struct {
	ID          int64  `json:"id"`
	Amount      string `json:"amount"`
	Description string `json:"description"`
	Source      struct {
		Name string `json:"name"`
		Type string `json:"type"`
	} `json:"source"`
}

// Credits and debits: the same key twice posts once; a debit never takes
// the balance below zero.
func TestProviderAPITransactions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		_, token := f.issue("billing", nil)
		shopper := f.userID("shopper")
		var accounts []struct {
			ID     int64  `json:"id"`
			Amount string `json:"amount"`
		}
		base := "/v2/users/" + itoa(shopper)
		f.call("GET", base+"/accounts", token, nil).JSON(t, &accounts)
		path := base + "/accounts/" + itoa(accounts[0].ID) + "/transactions"
		entries := func() int { return count(t, db, "SELECT COUNT(*) FROM ledger_entries WHERE user_id = ?", shopper) }
		before := entries()

		res := f.call("POST", path, token, map[string]any{"amount": "150.5", "description": "платёж 7", "idempotency_key": "pay-7"})
		mustStatus(t, res, http.StatusCreated)
		var tx transaction
		res.JSON(t, &tx)
		if tx.Amount != "150.50" || tx.Description != "платёж 7" || tx.Source.Name != "adjustment" {
			t.Fatalf("transaction %+v", tx)
		}
		res = f.call("POST", path, token, map[string]any{"amount": "150.50", "description": "платёж 7", "idempotency_key": "pay-7"})
		mustStatus(t, res, http.StatusOK)
		var again transaction
		res.JSON(t, &again)
		if again.ID != tx.ID || entries() != before+1 {
			t.Fatalf("replayed %+v, %d entries", again, entries()-before)
		}
		mustStatus(t, f.call("POST", path, token, map[string]any{"amount": "1.00", "description": "платёж 7",
			"idempotency_key": "pay-7"}), http.StatusConflict)
		// The key in the header, a form body, a debit.
		res = f.srv.DoProvider(apitest.Request{Method: "POST", Path: "/provider-api" + path + "?token=" + token, Form: true,
			Header: http.Header{"Idempotency-Key": {"refund-7"}}, Body: map[string]string{"amount": "-0.50"}})
		mustStatus(t, res, http.StatusCreated)
		res.JSON(t, &tx)
		if tx.Amount != "-0.50" || tx.Description != "provider API" {
			t.Fatalf("debit %+v", tx)
		}
		f.call("GET", base+"/accounts", token, nil).JSON(t, &accounts)
		if accounts[0].Amount != "1150.00" {
			t.Fatalf("balance %s", accounts[0].Amount)
		}
		res = f.call("POST", path, token, map[string]any{"amount": "-5000", "idempotency_key": "too-much"})
		mustStatus(t, res, http.StatusConflict)
		if res.ErrorType() != "insufficient_funds" {
			t.Fatalf("overdraft: %s", res.Body)
		}
		for _, body := range []map[string]any{
			{"amount": "10"},
			{"amount": "0", "idempotency_key": "z"},
			{"amount": "1.234", "idempotency_key": "z"},
			{"amount": "abc", "idempotency_key": "z"},
			{"idempotency_key": "z"},
			{"amount": "1", "idempotency_key": strings.Repeat("k", 101)},
			{"amount": "1", "idempotency_key": "z", "description": strings.Repeat("я", 201)},
		} {
			mustStatus(t, f.call("POST", path, token, body), http.StatusBadRequest)
		}
		var demoAccount int64
		if err := store.Get(t.Context(), db, "SELECT id FROM accounts WHERE user_id = ?", []any{f.userID("demo")}, &demoAccount); err != nil {
			t.Fatal(err)
		}
		mustStatus(t, f.call("POST", base+"/accounts/"+itoa(demoAccount)+"/transactions", token,
			map[string]any{"amount": "1", "idempotency_key": "x"}), http.StatusNotFound)
		// The account is there: asked for again, it is the same one.
		var acc struct {
			ID int64 `json:"id"`
		}
		res = f.call("POST", base+"/accounts", token, nil)
		mustStatus(t, res, http.StatusOK)
		res.JSON(t, &acc)
		if acc.ID != accounts[0].ID {
			t.Fatalf("account %d, want %d", acc.ID, accounts[0].ID)
		}
		if _, err := db.Exec(t.Context(), "DELETE FROM accounts WHERE user_id = ?", f.userID("demo")); err != nil {
			t.Fatal(err)
		}
		mustStatus(t, f.call("POST", "/v2/users/"+itoa(f.userID("demo"))+"/accounts", token, nil), http.StatusCreated)
		if entries() != before+2 {
			t.Fatalf("%d entries posted", entries()-before)
		}
		if got := strings.Join(auditActions(t, db, "billing"), ","); got != "account.credit,account.debit,account.create" {
			t.Fatalf("audit %s", got)
		}
	})
}

// The same idempotency key sent many times at once posts one transaction
// and writes one audit entry.
func TestProviderAPITransactionKeyAtOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		_, token := f.issue("billing", nil)
		shopper := f.userID("shopper")
		var account int64
		if err := store.Get(t.Context(), db, "SELECT id FROM accounts WHERE user_id = ?", []any{shopper}, &account); err != nil {
			t.Fatal(err)
		}
		path := "/v2/users/" + itoa(shopper) + "/accounts/" + itoa(account) + "/transactions"
		before := count(t, db, "SELECT COUNT(*) FROM ledger_entries WHERE user_id = ?", shopper)
		var wg sync.WaitGroup
		statuses := make([]int, 8)
		for i := range statuses {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses[i] = f.call("POST", path, token, map[string]any{"amount": "-10.00", "idempotency_key": "once"}).Status
			}()
		}
		wg.Wait()
		created := 0
		for _, s := range statuses {
			if s == http.StatusCreated {
				created++
			} else if s != http.StatusOK {
				t.Fatalf("statuses %v", statuses)
			}
		}
		if n := count(t, db, "SELECT COUNT(*) FROM ledger_entries WHERE user_id = ?", shopper); created != 1 || n != before+1 {
			t.Fatalf("%d created, %d posted", created, n-before)
		}
		if got := auditActions(t, db, "billing"); len(got) != 1 || got[0] != "account.debit" {
			t.Fatalf("audit %v", got)
		}
	})
}
