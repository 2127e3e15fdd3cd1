package commerce_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"efir/internal/apitest"
	"efir/internal/config"
	"efir/internal/demo"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// The expire call of development ends the viewer's subscriptions and film
// licences at once; a production server does not have it.
func TestDevExpireOnlyInDevelopment(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db, func(c *config.Config) { c.Dev = false })
		tok := srv.SignIn(t, "shopper", "efir24", "shopper-prod")
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/dev/users/self/expire", Token: tok})
		if res.Status != http.StatusNotFound || res.ErrorType() != "not_found" {
			t.Fatalf("production expire: %d %s", res.Status, res.Body)
		}
	})
}

func TestDevExpireEndsAccess(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		// The film offers are made for the demo catalogue's films.
		if err := demo.Seed(ctx, db); err != nil {
			t.Fatal(err)
		}
		if err := demo.EnsureCatalog(ctx, db); err != nil {
			t.Fatal(err)
		}
		srv := apitest.New(t, db)
		buyer := srv.SignIn(t, "shopper", "efir24", "shopper-expire")
		other := srv.SignIn(t, "demo", "efir24", "demo-expire")

		for _, who := range []struct{ name, token string }{{"nobody", ""}, {"login token", srv.Login(t, "shopper", "efir24")}} {
			if res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/dev/users/self/expire", Token: who.token}); res.Status != http.StatusUnauthorized {
				t.Fatalf("expire by %s: %d %s", who.name, res.Status, res.Body)
			}
		}

		// The buyer subscribes to Базовый and rents a film. A channel of
		// Базовый closed to them before is the one to watch.
		base := packetByShort(t, srv, buyer, "base-1")
		channel := closedChannel(t, srv, buyer, base)
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/subscriptions", Token: buyer,
			Body: map[string]any{"packet_id": base.ID, "trial": false}})
		if res.Status != http.StatusCreated {
			t.Fatalf("subscribe: %d %s", res.Status, res.Body)
		}
		var film, lib, rent int64
		if err := store.Get(ctx, db, `SELECT o.id, c.id, c.library_id FROM content_offers o JOIN contents c ON c.id = o.content_id
			WHERE o.kind = 'rent' ORDER BY o.id LIMIT 1`, nil, &rent, &film, &lib); err != nil {
			t.Fatal(err)
		}
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/purchases", Token: buyer, Body: map[string]any{"offer_id": rent}})
		if res.Status != http.StatusCreated && res.Status != http.StatusOK {
			t.Fatalf("rent: %d %s", res.Status, res.Body)
		}
		// The channel and the film stream for both viewers (demo keeps every
		// packet).
		streams := map[string]string{
			"channel": fmt.Sprintf("/v2/channels/%d/stream", channel),
			"film":    fmt.Sprintf("/v2/libraries/%d/contents/%d/stream", lib, film),
		}
		expect := func(when, who, token string, want int) {
			t.Helper()
			for what, path := range streams {
				res := srv.Do(apitest.Request{Method: "GET", Path: path, Token: token})
				if res.Status != want || (want == http.StatusForbidden && res.ErrorType() != "permission_denied") {
					t.Fatalf("%s: %s's %s stream: %d %s, want %d", when, who, what, res.Status, res.Body, want)
				}
			}
		}
		expect("before", "buyer", buyer, http.StatusOK)
		expect("before", "demo", other, http.StatusOK)

		if res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/dev/users/self/expire", Token: buyer}); res.Status != http.StatusNoContent {
			t.Fatalf("expire: %d %s", res.Status, res.Body)
		}
		expect("after", "buyer", buyer, http.StatusForbidden)
		expect("after", "demo", other, http.StatusOK)

		// Nothing of the buyer's stays current or renews; a second call is
		// harmless.
		var current []struct {
			ID int64 `json:"id"`
		}
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/subscriptions/current", Token: buyer}).JSON(t, &current)
		if len(current) != 0 {
			t.Fatalf("current after expire: %+v", current)
		}
		var renewing int
		if err := store.Get(ctx, db, `SELECT COUNT(*) FROM subscriptions s JOIN users u ON u.id = s.user_id
			WHERE u.username = 'shopper' AND s.renew = TRUE`, nil, &renewing); err != nil {
			t.Fatal(err)
		}
		if renewing != 0 {
			t.Fatalf("%d subscriptions still renew", renewing)
		}
		if res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/dev/users/self/expire", Token: buyer}); res.Status != http.StatusNoContent {
			t.Fatalf("expire again: %d %s", res.Status, res.Body)
		}
		// demo's subscriptions are as they were.
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/subscriptions/current", Token: other}).JSON(t, &current)
		if len(current) == 0 {
			t.Fatal("demo lost their subscriptions")
		}

		// The packet can be bought again, and access comes back.
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/subscriptions", Token: buyer,
			Body: map[string]any{"packet_id": base.ID, "trial": false}})
		if res.Status != http.StatusCreated {
			t.Fatalf("subscribe again: %d %s", res.Status, res.Body)
		}
		if res := srv.Do(apitest.Request{Method: "GET", Path: streams["channel"], Token: buyer}); res.Status != http.StatusOK {
			t.Fatalf("channel after buying again: %d %s", res.Status, res.Body)
		}
	})
}
