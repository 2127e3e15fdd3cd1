package commerce_test

import (
	"fmt"
	"net/http"
	"testing"

	"efir/internal/apitest"
	"efir/internal/demo"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

type purchasePacketJSON struct {
	ID         int64  `json:"id"`
	Short      string `json:"short"`
	IsFree     bool   `json:"is_free"`
	TotalPrice int64  `json:"total_price"`
	Channels   []struct {
		ID int64 `json:"id"`
	} `json:"channels"`
	ChannelsCount int `json:"channels_count"`
	Periods       []struct {
		ID     int64 `json:"id"`
		Amount int64 `json:"amount"`
	} `json:"periods"`
	Subscription *struct {
		ID int64 `json:"id"`
	} `json:"subscription"`
}

// newCatalogShop is the demo operator with its catalogue: the shop is
// seeded after it, so Максимум sells the premium library too.
func newCatalogShop(t *testing.T, db *store.DB) *apitest.Server {
	t.Helper()
	if err := demo.Seed(t.Context(), db); err != nil {
		t.Fatal(err)
	}
	if err := demo.EnsureCatalog(t.Context(), db); err != nil {
		t.Fatal(err)
	}
	return apitest.New(t, db)
}

func purchasePackets(t *testing.T, srv *apitest.Server, token, path string) []purchasePacketJSON {
	t.Helper()
	var list []purchasePacketJSON
	res := srv.Do(apitest.Request{Method: "GET", Path: path, Token: token})
	if res.Status != http.StatusOK {
		t.Fatalf("%s: %d %s", path, res.Status, res.Body)
	}
	res.JSON(t, &list)
	return list
}

func shorts(list []purchasePacketJSON) []string {
	out := []string{}
	for _, p := range list {
		out = append(out, p.Short)
	}
	return out
}

// contentOf finds a demo content of a type in the library slug.
func contentOf(t *testing.T, db *store.DB, library, typ string) int64 {
	t.Helper()
	var id int64
	if err := store.Get(t.Context(), db, `SELECT c.id FROM contents c JOIN libraries l ON l.id = c.library_id
		WHERE l.slug = ? AND c.content_type = ? ORDER BY c.id LIMIT 1`, []any{library, typ}, &id); err != nil {
		t.Fatalf("no %s in the %s library: %v", typ, library, err)
	}
	return id
}

// premiumFilm is a film of the library the Премиум packet sells.
func premiumFilm(t *testing.T, db *store.DB) int64 { return contentOf(t, db, "premium", "movie") }

// What a viewer may buy is what /v2/packets shows minus what they hold; a
// promo subscription stays on sale until it is paid for.
func TestPurchasePackets(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		shopper := srv.SignIn(t, "shopper", "efir24", "purchase-pc")
		holder := srv.SignIn(t, "demo", "efir24", "purchase-demo") // holds every packet but the bundle

		// Each viewer may buy what /v2/packets shows them without a
		// subscription; another viewer's subscriptions change nothing.
		var list []purchasePacketJSON
		for _, token := range []string{shopper, holder} {
			var packets []purchasePacketJSON
			srv.Do(apitest.Request{Method: "GET", Path: "/v2/packets", Token: token}).JSON(t, &packets)
			want := []string{}
			for _, p := range packets {
				if !p.IsFree && p.Subscription == nil {
					want = append(want, p.Short)
				}
			}
			list = purchasePackets(t, srv, token, "/v2/purchasepackets")
			if fmt.Sprint(shorts(list)) != fmt.Sprint(want) || len(want) == 0 {
				t.Fatalf("may buy %v, want %v", shorts(list), want)
			}
		}
		if fmt.Sprint(shorts(list)) != "[bundle-1]" {
			t.Fatalf("demo may buy %v", shorts(list))
		}
		list = purchasePackets(t, srv, shopper, "/v2/purchasepackets")
		for _, p := range list {
			var periods []struct {
				ID     int64 `json:"id"`
				Amount int64 `json:"amount"`
			}
			srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/packets/%d/purchaseperiods", p.ID), Token: shopper}).JSON(t, &periods)
			if fmt.Sprint(p.Periods) != fmt.Sprint(periods) || len(p.Periods) == 0 || p.Periods[0].Amount != p.TotalPrice {
				t.Errorf("%s: periods %v, purchaseperiods %v, total_price %d", p.Short, p.Periods, periods, p.TotalPrice)
			}
		}

		maximum := packetByShort(t, srv, shopper, "max-1")
		path := fmt.Sprintf("/v2/purchasepackets/%d", maximum.ID)
		if res := srv.Do(apitest.Request{Method: "GET", Path: path, Token: holder}); res.Status != http.StatusConflict ||
			res.ErrorType() != "already_subscribed" {
			t.Fatalf("a held packet: %d %s", res.Status, res.Body)
		}
		var one purchasePacketJSON
		srv.Do(apitest.Request{Method: "GET", Path: path, Token: shopper}).JSON(t, &one)
		if one.ID != maximum.ID || len(one.Channels) != one.ChannelsCount || len(one.Periods) != 4 {
			t.Fatalf("Максимум for shopper: %d channels of %d, %d periods", len(one.Channels), one.ChannelsCount, len(one.Periods))
		}
		for _, p := range []string{"/v2/purchasepackets/999999", "/v2/purchasepackets/abc", "/v2/purchasepackets/other_1"} {
			if res := srv.Do(apitest.Request{Method: "GET", Path: p, Token: shopper}); res.Status != http.StatusNotFound {
				t.Errorf("%s: %d", p, res.Status)
			}
		}

		// A promo code's days of Базовый leave it on sale; paying for it
		// takes it off.
		base := packetByShort(t, srv, shopper, "base-1")
		if res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/promokeys", Token: shopper,
			Body: map[string]any{"key": "EFIR30"}}); res.Status != http.StatusCreated {
			t.Fatalf("EFIR30: %d %s", res.Status, res.Body)
		}
		basePath := fmt.Sprintf("/v2/purchasepackets/%d", base.ID)
		if res := srv.Do(apitest.Request{Method: "GET", Path: basePath, Token: shopper}); res.Status != http.StatusOK {
			t.Fatalf("Базовый on promo days: %d %s", res.Status, res.Body)
		}
		if res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/subscriptions", Token: shopper,
			Body: map[string]any{"packet_id": base.ID}}); res.Status != http.StatusCreated {
			t.Fatalf("subscribe: %d %s", res.Status, res.Body)
		}
		for _, s := range shorts(purchasePackets(t, srv, shopper, "/v2/purchasepackets")) {
			if s == "base-1" {
				t.Fatal("Базовый is still on sale to its subscriber")
			}
		}
		if res := srv.Do(apitest.Request{Method: "GET", Path: basePath, Token: shopper}); res.Status != http.StatusConflict {
			t.Fatalf("Базовый after buying it: %d %s", res.Status, res.Body)
		}
	})
}

// A content's pay button: the packets on sale that open its library,
// cheapest first, and the cheapest of them in short.
func TestContentPurchasePackets(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newCatalogShop(t, db)
		shopper := srv.SignIn(t, "shopper", "efir24", "content-pc")
		holder := srv.SignIn(t, "demo", "efir24", "content-demo")
		film := premiumFilm(t, db)
		// An episode whose library is its series': the tree gives it.
		episode := contentOf(t, db, "premium", "episode")
		if _, err := db.Exec(t.Context(), `UPDATE contents SET library_id = NULL WHERE id = ?`, episode); err != nil {
			t.Fatal(err)
		}
		for _, id := range []int64{film, episode} {
			list := purchasePackets(t, srv, shopper, fmt.Sprintf("/v2/contents/%d/quick_sales_packets", id))
			// Премиум sells the library, Максимум holds it too, the bundle
			// through Премиум; Базовый does not open it.
			if got := fmt.Sprint(shorts(list)); got != "[premium-1 bundle-1 max-1]" {
				t.Fatalf("content %d is sold by %s", id, got)
			}
			for i := 1; i < len(list); i++ {
				if list[i].TotalPrice < list[i-1].TotalPrice || len(list[i].Periods) == 0 {
					t.Fatalf("not cheapest first or without periods: %+v", list)
				}
			}
			var short struct {
				ID           int64  `json:"id"`
				Short        string `json:"short"`
				Price        int64  `json:"price"`
				Currency     string `json:"currency"`
				Period       int    `json:"period"`
				PacketsCount int    `json:"packets_count"`
				PeriodHuman  struct {
					Months int `json:"months"`
				} `json:"period_human"`
			}
			srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/contents/%d/purchasepacket_short", id), Token: shopper}).JSON(t, &short)
			if short.ID != list[0].ID || short.Short != "premium-1" || short.Price != 19900 || short.Currency != "RUB" ||
				short.Period != 30 || short.PeriodHuman.Months != 1 || short.PacketsCount != 3 {
				t.Fatalf("short of content %d: %+v", id, short)
			}
		}
		// demo holds Премиум and Максимум: only the bundle is left to buy.
		if got := fmt.Sprint(shorts(purchasePackets(t, srv, holder, fmt.Sprintf("/v2/contents/%d/quick_sales_packets", film)))); got != "[bundle-1]" {
			t.Fatalf("for demo: %s", got)
		}
		// A free film: nothing to buy.
		free := contentOf(t, db, "free", "movie")
		if list := purchasePackets(t, srv, shopper, fmt.Sprintf("/v2/contents/%d/quick_sales_packets", free)); len(list) != 0 {
			t.Fatalf("a free film is sold by %v", shorts(list))
		}
		for _, c := range []struct {
			id   string
			want int
			typ  string
		}{
			{fmt.Sprint(free), http.StatusNotFound, "not_found"},
			{"999999999", http.StatusNotFound, "not_found"},
			{"abc", http.StatusBadRequest, "validation_error"},
			{"0", http.StatusBadRequest, "validation_error"},
			{"-1", http.StatusBadRequest, "validation_error"},
			{"99999999999999999999", http.StatusBadRequest, "validation_error"},
		} {
			for _, call := range []string{"purchasepacket_short", "quick_sales_packets"} {
				if c.id == fmt.Sprint(free) && call == "quick_sales_packets" {
					continue
				}
				res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/contents/" + c.id + "/" + call, Token: shopper})
				if res.Status != c.want || res.ErrorType() != c.typ {
					t.Errorf("%s of %s: %d %s", call, c.id, res.Status, res.Body)
				}
			}
		}
	})
}

// A film's offers are titled in the viewer's language: rent with its hours,
// purchase without any.
func TestContentOfferTitles(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newCatalogShop(t, db)
		var film int64
		if err := store.Get(t.Context(), db, `SELECT MIN(content_id) FROM content_offers`, nil, &film); err != nil {
			t.Fatal(err)
		}
		var offers []struct {
			Type  string `json:"type"`
			Title string `json:"title"`
		}
		res := srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/offers/contents/%d", film)})
		if res.Status != http.StatusOK {
			t.Fatalf("offers %d %s", res.Status, res.Body)
		}
		res.JSON(t, &offers)
		titles := map[string]string{}
		for _, o := range offers {
			titles[o.Type] = o.Title
		}
		if titles["rent"] != "Аренда на 48 ч" || titles["buy"] != "Купить навсегда" {
			t.Fatalf("titles %v", titles)
		}
	})
}
