package packets_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

type consolePaySystems struct {
	Gateway struct {
		Gateway               string  `json:"gateway"`
		CredentialsSetAt      *string `json:"credentials_set_at"`
		CredentialsInSettings bool    `json:"credentials_in_settings"`
	} `json:"gateway"`
	PaySystems []struct {
		Shortname string `json:"shortname"`
		Title     string `json:"title"`
		Enabled   bool   `json:"enabled"`
	} `json:"paysystems"`
}

func (c consolePaySystems) names(enabled bool) []string {
	var out []string
	for _, ps := range c.PaySystems {
		if ps.Enabled == enabled {
			out = append(out, ps.Shortname)
		}
	}
	return out
}

type viewerPaySystem struct {
	Shortname string `json:"shortname"`
	Title     string `json:"title"`
	IsTest    bool   `json:"is_test"`
}

// viewerPaySystems are the pay systems the viewer's app offers.
func viewerPaySystems(t *testing.T, srv *apitest.Server, token string) []viewerPaySystem {
	t.Helper()
	var accounts []struct {
		ID int64 `json:"id"`
	}
	must(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/accounts", Token: token}), http.StatusOK).JSON(t, &accounts)
	if len(accounts) == 0 {
		t.Fatal("the viewer has no account")
	}
	var out []viewerPaySystem
	must(t, srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/users/self/accounts/%d/payforms", accounts[0].ID),
		Token: token}), http.StatusOK).JSON(t, &out)
	return out
}

func viewerNames(list []viewerPaySystem) []string {
	var out []string
	for _, ps := range list {
		out = append(out, ps.Shortname)
	}
	return out
}

// Pay systems switched off, renamed, added and reordered in the console are
// what viewers are offered at once.
func TestPaySystemsReachViewers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		owner := srv.SignInStaff(t, ownerEmail, ownerPass)
		viewer := srv.SignIn(t, "shopper", "efir24", "shopper-pc")
		var page consolePaySystems
		must(t, owner.Do(call("GET", "/v2/operator/paysystems", nil)), http.StatusOK).JSON(t, &page)
		all := page.names(true)
		if page.Gateway.Gateway != "sandbox" || !slices.Contains(all, "office") || !slices.Contains(all, "card") {
			t.Fatalf("the demo's pay systems: %+v", page)
		}
		if got := viewerNames(viewerPaySystems(t, srv, viewer)); !slices.Equal(got, all) {
			t.Fatalf("viewer's %v, console's %v", got, all)
		}

		must(t, owner.Do(call("PATCH", "/v2/operator/paysystems/office", map[string]any{"enabled": false})), http.StatusOK).JSON(t, &page)
		if got := page.names(false); !slices.Equal(got, []string{"office"}) {
			t.Fatalf("switched off: %v", got)
		}
		if slices.Contains(viewerNames(viewerPaySystems(t, srv, viewer)), "office") {
			t.Fatal("a pay system switched off is still offered")
		}
		must(t, owner.Do(call("PATCH", "/v2/operator/paysystems/card", map[string]any{"title": "Карта онлайн"})), http.StatusOK)
		for _, ps := range viewerPaySystems(t, srv, viewer) {
			if ps.Shortname == "card" && ps.Title != "Карта онлайн" {
				t.Fatalf("the viewer sees the title %q", ps.Title)
			}
		}
		must(t, owner.Do(call("POST", "/v2/operator/paysystems", map[string]any{"shortname": "kiosk", "kind": "info",
			"title": "Терминал", "how_to_use": "Оплатите в терминале."})), http.StatusCreated)
		must(t, owner.Do(call("POST", "/v2/operator/paysystems", map[string]any{"shortname": "kiosk", "kind": "info",
			"title": "Ещё"})), http.StatusBadRequest)
		must(t, owner.Do(call("POST", "/v2/operator/paysystems", map[string]any{"shortname": "Bad Name", "kind": "info",
			"title": "Ещё"})), http.StatusBadRequest)
		must(t, owner.Do(call("PATCH", "/v2/operator/paysystems/nope", map[string]any{"title": "x"})), http.StatusNotFound)

		// Back on, at its former place; then the whole list reversed.
		must(t, owner.Do(call("PATCH", "/v2/operator/paysystems/office", map[string]any{"enabled": true})), http.StatusOK).JSON(t, &page)
		want := append(slices.Clone(all), "kiosk")
		if got := page.names(true); !slices.Equal(got, want) {
			t.Fatalf("after switching on: %v, want %v", got, want)
		}
		slices.Reverse(want)
		must(t, owner.Do(call("PATCH", "/v2/operator/paysystems", map[string]any{"order": want[1:]})), http.StatusBadRequest)
		must(t, owner.Do(call("PATCH", "/v2/operator/paysystems", map[string]any{"order": want})), http.StatusOK)
		if got := viewerNames(viewerPaySystems(t, srv, viewer)); !slices.Equal(got, want) {
			t.Fatalf("viewer's order %v, want %v", got, want)
		}

		// Alma Demo's staff see and change only Alma Demo's.
		staffOf(t, db, 2, "alma-owner@alma.example", "owner")
		alma := srv.SignInStaff(t, "alma-owner@alma.example", staffPass)
		var theirs consolePaySystems
		alma.Do(call("GET", "/v2/operator/paysystems", nil)).JSON(t, &theirs)
		if slices.Contains(theirs.names(true), "kiosk") || slices.Contains(theirs.names(true), "office") {
			t.Fatalf("Alma's console lists the demo's pay systems: %v", theirs.names(true))
		}
		must(t, alma.Do(call("PATCH", "/v2/operator/paysystems/kiosk", map[string]any{"enabled": false})), http.StatusNotFound)
	})
}

// YooKassa's credentials are sealed at rest, never answered nor audited,
// and the payments use them at once; the sandbox keeps working.
func TestGatewayCredentials(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		owner := srv.SignInStaff(t, ownerEmail, ownerPass)
		viewer := srv.SignIn(t, "shopper", "efir24", "shopper-pc")
		const shopID, secret = "506751", "test_Fh8hUAVVBGUGbjmlzba6TB0iyUbos_lueTHE-axOwM0"
		isTest := func() bool {
			t.Helper()
			for _, ps := range viewerPaySystems(t, srv, viewer) {
				if ps.Shortname == "card" {
					return ps.IsTest
				}
			}
			t.Fatal("the card is not offered")
			return false
		}
		if !isTest() {
			t.Fatal("the demo is not on the sandbox")
		}
		// YooKassa without credentials anywhere is refused.
		must(t, owner.Do(call("POST", "/v2/operator/gateway", map[string]any{"gateway": "yookassa"})), http.StatusBadRequest)
		must(t, owner.Do(call("POST", "/v2/operator/gateway", map[string]any{"gateway": "yookassa", "shop_id": shopID})), http.StatusBadRequest)
		must(t, owner.Do(call("POST", "/v2/operator/gateway", map[string]any{"gateway": "paypal"})), http.StatusBadRequest)

		res := must(t, owner.Do(call("POST", "/v2/operator/gateway", map[string]any{"gateway": "yookassa", "shop_id": shopID,
			"secret_key": secret})), http.StatusOK)
		var page consolePaySystems
		res.JSON(t, &page)
		if page.Gateway.Gateway != "yookassa" || page.Gateway.CredentialsSetAt == nil {
			t.Fatalf("after saving: %+v", page.Gateway)
		}
		get := must(t, owner.Do(call("GET", "/v2/operator/paysystems", nil)), http.StatusOK)
		for _, body := range [][]byte{res.Body, get.Body} {
			if strings.Contains(string(body), secret) || strings.Contains(string(body), shopID) {
				t.Fatalf("the credentials came back: %s", body)
			}
		}
		var sealedShop, sealedSecret, config, audit string
		if err := store.Get(t.Context(), db, `SELECT shop_id_sealed, secret_sealed FROM gateway_credentials WHERE provider_id = 1`,
			nil, &sealedShop, &sealedSecret); err != nil {
			t.Fatal(err)
		}
		if err := store.Get(t.Context(), db, `SELECT config FROM providers WHERE id = 1`, nil, &config); err != nil {
			t.Fatal(err)
		}
		if err := store.Get(t.Context(), db, `SELECT before_json || after_json FROM audit_log WHERE action = 'gateway.update'`,
			nil, &audit); err != nil {
			t.Fatal(err)
		}
		for what, v := range map[string]string{"shop id column": sealedShop, "secret column": sealedSecret, "settings": config, "audit": audit} {
			if strings.Contains(v, secret) || strings.Contains(v, shopID) {
				t.Fatalf("the %s holds the credentials in the clear: %s", what, v)
			}
		}
		if !strings.Contains(audit, "credentials replaced") {
			t.Fatalf("audit: %s", audit)
		}
		// The payments' gateway is YooKassa with the saved credentials now,
		// without a restart (without them no online pay system is offered).
		if isTest() {
			t.Fatal("the card still pays through the sandbox")
		}
		// Switching back keeps the saved credentials for later.
		must(t, owner.Do(call("POST", "/v2/operator/gateway", map[string]any{"gateway": "sandbox"})), http.StatusOK).JSON(t, &page)
		if page.Gateway.CredentialsSetAt == nil || !isTest() {
			t.Fatalf("back on the sandbox: %+v", page.Gateway)
		}
		must(t, owner.Do(call("POST", "/v2/operator/gateway", map[string]any{"gateway": "yookassa"})), http.StatusOK)
		if isTest() {
			t.Fatal("the saved credentials were not used again")
		}
	})
}

// A price sold through a pay system that was switched off still changes;
// unknown pay systems are refused.
func TestPriceOfSwitchedOffPaySystem(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		owner := srv.SignInStaff(t, ownerEmail, ownerPass)
		var p packet
		must(t, owner.Do(call("POST", "/v2/operator/packets", map[string]any{"name": "Card only",
			"periods": []map[string]any{{"months": 1, "amount": 500, "paysystems": []string{"card"}}}})), http.StatusCreated).JSON(t, &p)
		must(t, owner.Do(call("PATCH", "/v2/operator/paysystems/card", map[string]any{"enabled": false})), http.StatusOK)
		path := fmt.Sprintf("/v2/operator/packets/%d/periods/%d", p.ID, p.Periods[0].ID)
		must(t, owner.Do(call("PATCH", path, map[string]any{"amount": 600})), http.StatusOK).JSON(t, &p)
		if p.Periods[0].Amount != 600 || !slices.Equal(p.Periods[0].PaySystems, []string{"card"}) {
			t.Fatalf("after the change: %+v", p.Periods[0])
		}
		must(t, owner.Do(call("PATCH", path, map[string]any{"paysystems": []string{"nope"}})), http.StatusBadRequest)
	})
}
