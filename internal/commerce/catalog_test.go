package commerce

import (
	"testing"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

// The operator's catalogue holds every packet of its own, hidden ones too,
// each with its price options (the packet's own price when it has none).
func TestOperatorPackets(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := newShop(t, db)
		if _, err := db.Exec(t.Context(), "UPDATE packets SET is_hidden = TRUE WHERE id = 4"); err != nil {
			t.Fatal(err)
		}
		list, err := s.OperatorPackets(t.Context(), 1)
		if err != nil {
			t.Fatal(err)
		}
		byID := map[int64]CatalogPacket{}
		for _, p := range list {
			if len(p.Periods) == 0 || p.Currency != "RUB" {
				t.Fatalf("packet %+v", p)
			}
			byID[p.ID] = p
		}
		if _, ok := byID[6]; ok || len(list) != 8 {
			t.Fatalf("%d packets, another operator's among them: %v", len(list), byID[6].Name)
		}
		if p := byID[4]; !p.IsHidden {
			t.Fatalf("the hidden packet %+v", p)
		}
		base := byID[2]
		if len(base.Periods) != 4 || base.Periods[0].Months != 1 || base.Periods[0].Amount != 29900 ||
			base.Periods[3].Human.Years != 1 || base.Periods[0].ID == 0 {
			t.Fatalf("base periods %+v", base.Periods)
		}
		if free := byID[1]; len(free.Periods) != 1 || free.Periods[0].ID != 0 || free.Periods[0].Amount != 0 {
			t.Fatalf("the free packet's own price %+v", free.Periods)
		}
		other, err := s.OperatorPackets(t.Context(), 2)
		if err != nil || len(other) != 2 {
			t.Fatalf("Alma's packets %d %v", len(other), err)
		}
	})
}
