package commerce_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"efir/internal/apitest"
	"efir/internal/config"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

var csrfRe = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

// The card journey over real HTTP: the pay form gives the sandbox's page,
// the payer pays there, the sandbox notifies Efir through the webhook, and
// the transaction completes with the packet bought and the card saved.
func TestSandboxCardJourney(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		var public string
		var srv *apitest.Server
		ts := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { srv.Handler.ServeHTTP(w, r) }))
		ts.Start()
		defer ts.Close()
		public = ts.URL
		srv = apitest.New(t, db, func(c *config.Config) { c.PublicURL = public })
		tok := srv.SignIn(t, "shopper", "efir24", "sandbox-pc")
		var accounts []struct {
			ID int64 `json:"id"`
		}
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/accounts", Token: tok}).JSON(t, &accounts)
		var packet int64
		if err := store.Get(t.Context(), db, `SELECT id FROM packets WHERE short = 'max-1'`, nil, &packet); err != nil {
			t.Fatal(err)
		}
		var year int64
		if err := store.Get(t.Context(), db, `SELECT id FROM packet_periods WHERE packet_id = ? AND months = 12`, []any{packet}, &year); err != nil {
			t.Fatal(err)
		}
		var tr struct {
			ID      int64  `json:"id"`
			Status  string `json:"status"`
			FullURL string `json:"full_url"`
			Amount  int64  `json:"amount"`
		}
		res := srv.Do(apitest.Request{Method: "POST", Path: fmt.Sprintf("/v2/users/self/accounts/%d/payforms/short_url", accounts[0].ID),
			Token: tok, Body: map[string]any{"paysystem_shortname": "card", "packet_id": packet, "period_id": year, "is_save_card": true, "return_url": "/packets?purchased=true"}})
		if res.Status != http.StatusCreated {
			t.Fatalf("pay form %d %s", res.Status, res.Body)
		}
		res.JSON(t, &tr)
		// The balance holds 1 000 ₽: the card pays what it lacks.
		if tr.Amount != 449100-100000 {
			t.Fatalf("amount %d, want what the balance lacks", tr.Amount)
		}
		// The page's QR code (the Alma flow pays on the phone): a PNG for its owner only.
		qr := srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/payments/%d/qr.png", tr.ID), Token: tok})
		if qr.Status != http.StatusOK || qr.Header.Get("Content-Type") != "image/png" || !strings.HasPrefix(string(qr.Body), "\x89PNG") {
			t.Fatalf("page QR %d %s", qr.Status, qr.Header.Get("Content-Type"))
		}
		other := srv.SignIn(t, "demo", "efir24", "other-pc")
		if res := srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/payments/%d/qr.png", tr.ID), Token: other}); res.Status != http.StatusNotFound {
			t.Fatalf("another viewer's QR: %d", res.Status)
		}
		client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		page, err := client.Get(public + tr.FullURL)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(page.Body)
		page.Body.Close()
		m := csrfRe.FindSubmatch(body)
		if page.StatusCode != http.StatusOK || m == nil || !strings.Contains(string(body), "4242") {
			t.Fatalf("sandbox page %d: %.300s", page.StatusCode, body)
		}
		form := url.Values{"csrf": {string(m[1])}, "number": {"4242 4242 4242 4242"}, "expiry": {"12/30"}, "cvc": {"123"}}
		done, err := client.PostForm(public+tr.FullURL+"/card", form)
		if err != nil {
			t.Fatal(err)
		}
		done.Body.Close()
		if done.StatusCode != http.StatusSeeOther || !strings.Contains(done.Header.Get("Location"), "purchased=true") {
			t.Fatalf("after paying %d %s", done.StatusCode, done.Header.Get("Location"))
		}
		srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/users/self/transactions/%d", tr.ID), Token: tok}).JSON(t, &tr)
		if tr.Status != "complete" {
			t.Fatalf("transaction %s after the notification", tr.Status)
		}
		var cards []struct {
			Number    string `json:"number"`
			IsPrimary bool   `json:"is_primary"`
		}
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/cards", Token: tok}).JSON(t, &cards)
		if len(cards) != 1 || !cards[0].IsPrimary || !strings.HasSuffix(cards[0].Number, "4242") {
			t.Fatalf("cards %+v", cards)
		}
		var subs []struct {
			Packet struct {
				ID int64 `json:"id"`
			} `json:"packet"`
		}
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/subscriptions/current", Token: tok}).JSON(t, &subs)
		if len(subs) != 1 || subs[0].Packet.ID != packet {
			t.Fatalf("subscriptions %+v", subs)
		}
		var b struct {
			Balance int64 `json:"balance"`
		}
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/balance", Token: tok}).JSON(t, &b)
		if b.Balance != 0 {
			t.Fatalf("balance %d after the purchase, want 0", b.Balance)
		}
	})
}
