package providerapi_test

import (
	"net/http"
	"strconv"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// Accounts and their ledger show money as the reference does: decimal
// strings of the operator's currency.
func TestProviderAPIAccounts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		_, token := f.issue("billing", nil)
		shopper := f.userID("shopper")
		base := "/v2/users/" + strconv.FormatInt(shopper, 10)
		for _, adj := range []struct {
			amount int64
			key    string
		}{{12345, "a"}, {-5, "b"}} {
			mustStatus(t, f.owner.Do(apitest.Request{Method: "POST", Path: "/v2/operator/subscribers/" + strconv.FormatInt(shopper, 10) + "/ledger",
				Body: map[string]any{"amount": adj.amount, "reason": "сверка", "idempotency_key": adj.key}}), http.StatusCreated)
		}

		var accounts []struct {
			ID               int64  `json:"id"`
			Amount           string `json:"amount"`
			IsPaymentAllowed bool   `json:"is_payment_allowed"`
		}
		f.call("GET", base+"/accounts", token, nil).JSON(t, &accounts)
		if len(accounts) != 1 || !accounts[0].IsPaymentAllowed {
			t.Fatalf("accounts %+v", accounts)
		}
		var balance int64
		if err := store.Get(t.Context(), db, "SELECT balance FROM accounts WHERE id = ?", []any{accounts[0].ID}, &balance); err != nil {
			t.Fatal(err)
		}
		if want := strconv.FormatFloat(float64(balance)/100, 'f', 2, 64); accounts[0].Amount != want {
			t.Fatalf("amount %s, balance %d", accounts[0].Amount, balance)
		}

		var txs []struct {
			Amount string `json:"amount"`
			Source struct {
				Name string `json:"name"`
				Type string `json:"type"`
			} `json:"source"`
			Description string `json:"description"`
		}
		path := base + "/accounts/" + strconv.FormatInt(accounts[0].ID, 10) + "/transactions"
		f.call("GET", path, token, nil).JSON(t, &txs)
		if len(txs) < 2 || txs[0].Amount != "-0.05" || txs[1].Amount != "123.45" || txs[0].Source.Type != "manual" ||
			txs[0].Source.Name != "adjustment" || txs[0].Description != "сверка" {
			t.Fatalf("transactions %+v", txs)
		}
		f.call("GET", path+"?limit=1&offset=1", token, nil).JSON(t, &txs)
		if len(txs) != 1 || txs[0].Amount != "123.45" {
			t.Fatalf("page %+v", txs)
		}
		// Another subscriber's account is not this one's.
		var demoAccount int64
		if err := store.Get(t.Context(), db, "SELECT id FROM accounts WHERE user_id = ?", []any{f.userID("demo")}, &demoAccount); err != nil {
			t.Fatal(err)
		}
		mustStatus(t, f.call("GET", base+"/accounts/"+strconv.FormatInt(demoAccount, 10)+"/transactions", token, nil), http.StatusNotFound)
		mustStatus(t, f.call("GET", path+"?offset=-1", token, nil), http.StatusBadRequest)
	})
}

// The operator's packets, hidden ones too, and the periods each is sold for.
func TestProviderAPIPackets(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		_, token := f.issue("billing", nil)
		if _, err := db.Exec(t.Context(), "UPDATE packets SET is_hidden = TRUE WHERE id = 4"); err != nil {
			t.Fatal(err)
		}
		var packets []struct {
			ID       int64  `json:"id"`
			Price    string `json:"price"`
			Base     bool   `json:"base"`
			IsPublic bool   `json:"is_public"`
		}
		f.call("GET", "/v2/packets", token, nil).JSON(t, &packets)
		byID := map[int64]int{}
		for i, p := range packets {
			byID[p.ID] = i
		}
		if len(packets) != 8 || packets[byID[2]].Price != "299.00" || !packets[byID[2]].Base || packets[byID[4]].IsPublic {
			t.Fatalf("packets %+v", packets)
		}

		var periods []struct {
			PeriodHuman struct {
				Months int `json:"months"`
				Years  int `json:"years"`
			} `json:"period_human"`
			PurchasesType []struct {
				ID     int64  `json:"id"`
				Amount string `json:"amount"`
				PType  string `json:"ptype"`
			} `json:"purchases_type"`
		}
		f.call("GET", "/v2/packets/2/purchaseperiods", token, nil).JSON(t, &periods)
		if len(periods) != 4 || periods[0].PeriodHuman.Months != 1 || periods[3].PeriodHuman.Years != 1 ||
			periods[1].PurchasesType[0].Amount != "807.00" || periods[3].PurchasesType[0].Amount != "2691.00" {
			t.Fatalf("periods %+v", periods)
		}
		mustStatus(t, f.call("GET", "/v2/packets/999/purchaseperiods", token, nil), http.StatusNotFound)
	})
}
