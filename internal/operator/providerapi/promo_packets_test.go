package providerapi_test

import (
	"net/http"
	"testing"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

// Promo packets are the packets the operator's live promo campaigns give:
// each once, another operator's never, none once the campaigns expire.
func TestProviderAPIPromoPackets(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		_, token := f.issue("billing", nil)
		var want []int64
		if err := store.Each(t.Context(), db, `SELECT DISTINCT CAST(packet_ids AS BIGINT) FROM promo_campaigns
			WHERE provider_id = 1 AND packet_ids <> '' ORDER BY 1`, nil, func(r store.Scanner) error {
			var id int64
			err := r.Scan(&id)
			want = append(want, id)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if len(want) < 2 {
			t.Fatalf("the demo's promo campaigns give %v", want)
		}
		var list []struct {
			ID   int64  `json:"id"`
			Name string `json:"name"`
		}
		f.call("GET", "/v2/promopackets", token, nil).JSON(t, &list)
		got := map[int64]bool{}
		for _, p := range list {
			if got[p.ID] || p.Name == "" {
				t.Fatalf("promo packets %+v", list)
			}
			got[p.ID] = true
		}
		for _, id := range want {
			if !got[id] {
				t.Fatalf("promo packets %+v, want %v", list, want)
			}
		}
		if len(list) != len(want) {
			t.Fatalf("promo packets %+v, want %v", list, want)
		}
		mustStatus(t, f.call("GET", "/v2/promopackets/"+itoa(want[0]), token, nil), http.StatusOK)
		// A packet no campaign gives, and another operator's.
		var other int64
		if err := store.Get(t.Context(), db, `SELECT MAX(id) FROM packets WHERE provider_id = 1`, nil, &other); err != nil {
			t.Fatal(err)
		}
		if !got[other] {
			mustStatus(t, f.call("GET", "/v2/promopackets/"+itoa(other), token, nil), http.StatusNotFound)
		}
		mustStatus(t, f.call("GET", "/v2/promopackets/5", token, nil), http.StatusNotFound)
		var alma []struct {
			ID int64 `json:"id"`
		}
		f.call("GET", "/v2/promopackets", f.almaToken(), nil).JSON(t, &alma)
		for _, p := range alma {
			if got[p.ID] {
				t.Fatalf("Alma's promo packets %+v", alma)
			}
		}

		if _, err := db.Exec(t.Context(), `UPDATE promo_campaigns SET expires_at = ? WHERE provider_id = 1`,
			f.clock.Now().Unix()-1); err != nil {
			t.Fatal(err)
		}
		f.call("GET", "/v2/promopackets", token, nil).JSON(t, &list)
		if len(list) != 0 {
			t.Fatalf("expired campaigns still give %+v", list)
		}
		mustStatus(t, f.call("GET", "/v2/promopackets/"+itoa(want[0]), token, nil), http.StatusNotFound)
	})
}
