package commerce_test

import (
	"fmt"
	"net/http"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

type packetJSON struct {
	ID       int64  `json:"id"`
	Short    string `json:"short"`
	IsTrial  bool   `json:"is_trial"`
	Channels []struct {
		ID int64 `json:"id"`
	} `json:"channels"`
	Subscription *struct {
		ID    int64  `json:"id"`
		State string `json:"state"`
	} `json:"subscription"`
}

func packetByShort(t *testing.T, srv *apitest.Server, token, short string) packetJSON {
	t.Helper()
	var list []packetJSON
	srv.Do(apitest.Request{Method: "GET", Path: "/v2/packets", Token: token}).JSON(t, &list)
	for _, p := range list {
		if p.Short == short {
			var full packetJSON
			srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/packets/%d", p.ID), Token: token}).JSON(t, &full)
			return full
		}
	}
	t.Fatalf("no packet %s", short)
	return packetJSON{}
}

// closedChannel is a channel of p the viewer may not stream yet.
func closedChannel(t *testing.T, srv *apitest.Server, token string, p packetJSON) int64 {
	t.Helper()
	for _, c := range p.Channels {
		if srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/channels/%d/stream", c.ID), Token: token}).Status == http.StatusForbidden {
			return c.ID
		}
	}
	t.Fatalf("no channel of %s is closed to the viewer", p.Short)
	return 0
}

func balance(t *testing.T, srv *apitest.Server, token string) int64 {
	t.Helper()
	var b struct {
		Balance int64 `json:"balance"`
	}
	srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/balance", Token: token}).JSON(t, &b)
	return b.Balance
}

// The viewer's journey from the balance: the channel streams on the next
// request after the purchase, and stops after the subscription ends.
func TestAccessFollowsMoney(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		tok := srv.SignIn(t, "shopper", "efir24", "shopper-pc")
		base := packetByShort(t, srv, tok, "base-1")
		if !base.IsTrial || base.Subscription != nil || len(base.Channels) == 0 {
			t.Fatalf("base packet for shopper: %+v", base)
		}
		// A channel only the base packets sell.
		channel := closedChannel(t, srv, tok, base)
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/subscriptions", Token: tok,
			Body: map[string]any{"packet_id": base.ID, "trial": false, "idempotency_key": "buy-base"}})
		if res.Status != http.StatusCreated {
			t.Fatalf("subscribe: %d %s", res.Status, res.Body)
		}
		var sub struct {
			ID    int64  `json:"id"`
			State string `json:"state"`
		}
		res.JSON(t, &sub)
		if sub.State != "active_renewing" || balance(t, srv, tok) != 100000-29900 {
			t.Fatalf("subscription %+v balance %d", sub, balance(t, srv, tok))
		}
		if res := srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/channels/%d/stream", channel), Token: tok}); res.Status != http.StatusOK {
			t.Fatalf("stream after the purchase: %d %s", res.Status, res.Body)
		}
		// The same key answers the same subscription, charged once.
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/subscriptions", Token: tok,
			Body: map[string]any{"packet_id": base.ID, "trial": false, "idempotency_key": "buy-base"}})
		var again struct {
			ID int64 `json:"id"`
		}
		res.JSON(t, &again)
		if res.Status != http.StatusCreated || again.ID != sub.ID || balance(t, srv, tok) != 70100 {
			t.Fatalf("replay: %d %s balance %d", res.Status, res.Body, balance(t, srv, tok))
		}
		// Not enough for 12 months of Максимум: 402 with the missing amount.
		max := packetByShort(t, srv, tok, "max-1")
		var periods []struct {
			ID     int64 `json:"id"`
			Months int   `json:"months"`
		}
		srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/packets/%d/purchaseperiods", max.ID), Token: tok}).JSON(t, &periods)
		year := periods[len(periods)-1]
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/subscriptions", Token: tok,
			Body: map[string]any{"packet_id": max.ID, "period_id": year.ID}})
		var e struct {
			Error struct {
				Type   string            `json:"type"`
				Detail map[string]string `json:"detail"`
			} `json:"error"`
		}
		res.JSON(t, &e)
		if res.Status != http.StatusPaymentRequired || e.Error.Type != "insufficient_funds" || e.Error.Detail["amount"] != fmt.Sprint(449100-70100) {
			t.Fatalf("short: %d %s", res.Status, res.Body)
		}
		// The subscription ends: the channel closes on the next request.
		if _, err := db.Exec(t.Context(), `UPDATE subscriptions SET end_at = 1, renew = FALSE WHERE id = ?`, sub.ID); err != nil {
			t.Fatal(err)
		}
		if res := srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/channels/%d/stream", channel), Token: tok}); res.Status != http.StatusForbidden {
			t.Fatalf("stream after the end: %d", res.Status)
		}
	})
}

func TestUnsubscribeAndPromo(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		tok := srv.SignIn(t, "shopper", "efir24", "shopper-pc")
		base := packetByShort(t, srv, tok, "base-1")
		var sub struct {
			ID int64 `json:"id"`
		}
		srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/subscriptions", Token: tok,
			Body: map[string]any{"packet_id": base.ID}}).JSON(t, &sub)
		path := fmt.Sprintf("/v2/users/self/subscriptions/%d", sub.ID)
		if res := srv.Do(apitest.Request{Method: "DELETE", Path: path, Token: tok}); res.Status != http.StatusNoContent {
			t.Fatalf("unsubscribe %d %s", res.Status, res.Body)
		}
		if res := srv.Do(apitest.Request{Method: "DELETE", Path: path, Token: tok}); res.Status != http.StatusBadRequest ||
			res.ErrorType() != "title_disabled_renewal" {
			t.Fatalf("second unsubscribe %d %s", res.Status, res.Body)
		}
		if res := srv.Do(apitest.Request{Method: "PATCH", Path: path, Token: tok, Body: map[string]any{"renew": true}}); res.Status != http.StatusOK {
			t.Fatalf("renew on %d %s", res.Status, res.Body)
		}

		check := func(key string) *apitest.Response {
			return srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/promokeys/check", Token: tok, Body: map[string]any{"key": key}})
		}
		if res := check("USED2025"); res.Status != http.StatusBadRequest || res.ErrorType() != "promo_invalid" {
			t.Fatalf("used-up key %d %s", res.Status, res.Body)
		}
		if res := check("TOOLONGPROMOKEY16"); res.Status != http.StatusBadRequest {
			t.Fatalf("long key %d", res.Status)
		}
		before := balance(t, srv, tok)
		if res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/promokeys", Token: tok,
			Body: map[string]any{"key": "gift500"}}); res.Status != http.StatusCreated {
			t.Fatalf("GIFT500 %d %s", res.Status, res.Body)
		}
		if balance(t, srv, tok) != before+50000 {
			t.Fatal("GIFT500 credited nothing")
		}
		if res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/promokeys", Token: tok,
			Body: map[string]any{"key": "GIFT500"}}); res.Status != http.StatusBadRequest {
			t.Fatalf("GIFT500 twice %d", res.Status)
		}
		// KINO7 needs a linked card.
		if res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/promokeys", Token: tok,
			Body: map[string]any{"key": "KINO7"}}); res.ErrorType() != "card_required" {
			t.Fatalf("KINO7 without a card %d %s", res.Status, res.Body)
		}
		// Wrong keys: 10 an hour, then 429.
		for i := 0; i < 10; i++ {
			if res := check(fmt.Sprintf("WRONG%d", i)); res.Status != http.StatusNotFound {
				t.Fatalf("wrong key %d: %d", i, res.Status)
			}
		}
		if res := check("EFIR30"); res.Status != http.StatusTooManyRequests {
			t.Fatalf("after 10 wrong keys: %d", res.Status)
		}
	})
}

// Who may call each commerce route: nobody without a device token; guests
// and child profiles read but never buy or change what the account pays.
func TestCommerceCallers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newCatalogShop(t, db)
		adult := srv.SignIn(t, "shopper", "efir24", "callers-pc")
		guest := srv.Guest(t, "guest-commerce")
		childOwner := srv.SignIn(t, "demo", "efir24", "callers-child")
		srv.ChildProfile(t, childOwner, "Малыш")
		login := srv.Login(t, "shopper", "efir24")
		var accounts []struct {
			ID int64 `json:"id"`
		}
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/accounts", Token: adult}).JSON(t, &accounts)
		acc := accounts[0].ID
		film := premiumFilm(t, db)
		const (
			read  = iota // every signed-in device
			write        // a registered viewer on an adult profile
			shop         // what may be bought: anybody but a child profile
		)
		routes := []struct {
			method, path string
			body         any
			access       int
		}{
			{"GET", "/v2/users/self/subscriptions/current", nil, read},
			{"GET", "/v2/users/self/subscriptions/futures", nil, read},
			{"GET", "/v2/users/self/cards", nil, read},
			{"GET", "/v2/users/self/transactions", nil, read},
			{"GET", "/v2/users/self/ledger", nil, read},
			{"GET", "/v2/users/self/purchases", nil, read},
			{"POST", "/v2/users/self/subscriptions", map[string]any{"packet_id": 2}, write},
			{"PATCH", "/v2/users/self/subscriptions/1", map[string]any{"renew": false}, write},
			{"DELETE", "/v2/users/self/subscriptions/1", nil, write},
			{"DELETE", "/v2/users/self/subscriptions/futures/1", nil, write},
			{"POST", "/v2/users/self/purchases", map[string]any{"offer_id": 1}, write},
			{"POST", fmt.Sprintf("/v2/users/self/accounts/%d/payforms/short_url", acc), map[string]any{"paysystem_shortname": "card", "amount": 1000}, write},
			{"POST", "/v2/users/self/cards", map[string]any{}, write},
			{"DELETE", "/v2/users/self/cards/1", nil, write},
			{"POST", "/v2/users/self/promokeys/check", map[string]any{"key": "EFIR30"}, write},
			{"POST", "/v2/users/self/promokeys", map[string]any{"key": "EFIR30"}, write},
			{"GET", "/v2/purchasepackets", nil, shop},
			{"GET", fmt.Sprintf("/v2/purchasepackets/%d", packetByShort(t, srv, adult, "base-1").ID), nil, shop},
			{"GET", fmt.Sprintf("/v2/contents/%d/quick_sales_packets", film), nil, shop},
			{"GET", fmt.Sprintf("/v2/contents/%d/purchasepacket_short", film), nil, shop},
		}
		callers := []struct{ who, token string }{{"nobody", ""}, {"login token", login}, {"guest", guest}, {"child", childOwner},
			{"adult", adult}}
		wants := map[int]map[string]int{
			read:  {"nobody": http.StatusUnauthorized, "login token": http.StatusUnauthorized, "guest": http.StatusOK, "child": http.StatusOK},
			write: {"nobody": http.StatusUnauthorized, "login token": http.StatusUnauthorized, "guest": http.StatusForbidden, "child": http.StatusForbidden},
			shop: {"nobody": http.StatusOK, "login token": http.StatusOK, "guest": http.StatusOK, "child": http.StatusForbidden,
				"adult": http.StatusOK},
		}
		for _, r := range routes {
			for _, c := range callers {
				want, ok := wants[r.access][c.who]
				if !ok {
					continue
				}
				res := srv.Do(apitest.Request{Method: r.method, Path: r.path, Token: c.token, Body: r.body})
				if res.Status != want {
					t.Errorf("%s %s by %s: %d, want %d (%s)", r.method, r.path, c.who, res.Status, want, res.Body)
				}
			}
		}
		// Another user's payment form account and transaction are not found.
		other := srv.SignIn(t, "demo", "efir24", "callers-other")
		if res := srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/users/self/accounts/%d/payforms", acc), Token: other}); res.Status != http.StatusNotFound {
			t.Fatalf("another user's account: %d", res.Status)
		}
		var tr struct {
			ID int64 `json:"id"`
		}
		res := srv.Do(apitest.Request{Method: "POST", Path: fmt.Sprintf("/v2/users/self/accounts/%d/payforms/short_url", acc), Token: adult,
			Body: map[string]any{"paysystem_shortname": "card", "amount": 1000, "return_url": "/lk"}})
		if res.Status != http.StatusCreated {
			t.Fatalf("refill: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &tr)
		if res := srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/users/self/transactions/%d", tr.ID), Token: other}); res.Status != http.StatusNotFound {
			t.Fatalf("another user's transaction: %d", res.Status)
		}
		// Bad input: 400s in the error shape, never a 500.
		for _, b := range []map[string]any{
			{"paysystem_shortname": "card", "amount": 0},
			{"paysystem_shortname": "card", "amount": -5},
			{"paysystem_shortname": "card", "amount": 100000000000},
			{"paysystem_shortname": "nope", "amount": 100},
			{"paysystem_shortname": "card", "amount": 100, "return_url": "https://evil.example/"},
			{"paysystem_shortname": "card", "amount": 100, "idempotency_key": "bad key!"},
			{"paysystem_shortname": "card", "packet_id": 999999},
		} {
			res := srv.Do(apitest.Request{Method: "POST", Path: fmt.Sprintf("/v2/users/self/accounts/%d/payforms/short_url", acc), Token: adult, Body: b})
			if res.Status != http.StatusBadRequest || res.ErrorType() == "" {
				t.Errorf("bad pay %v: %d %s", b, res.Status, res.Body)
			}
		}
		for _, p := range []string{"/v2/packets/abc", "/v2/packets/other_999999", "/v2/users/self/transactions/0", "/v2/users/self/transactions/x"} {
			if res := srv.Do(apitest.Request{Method: "GET", Path: p, Token: adult}); res.Status != http.StatusNotFound {
				t.Errorf("%s: %d", p, res.Status)
			}
		}
	})
}
