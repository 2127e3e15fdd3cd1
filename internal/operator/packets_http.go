package operator

import (
	"net/http"

	"efir/internal/httpx"
	"efir/internal/store"
)

// PacketRow is one of the operator's packets in the console's lists (the
// grant form's choice; the packet editor builds on it).
type PacketRow struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	Short    string `json:"short"`
	IsBase   bool   `json:"is_base"`
	IsFree   bool   `json:"is_free"`
	IsHidden bool   `json:"is_hidden"`
	IsBundle bool   `json:"is_bundle"`
	Price    int64  `json:"price"`
	Currency string `json:"currency"`
}

func (s *Service) handlePackets(w http.ResponseWriter, r *http.Request) error {
	out := []PacketRow{}
	err := store.Each(r.Context(), s.db, `SELECT id, name, short, is_base, is_free, is_hidden, is_bundle, price, currency
		FROM packets WHERE provider_id = ? ORDER BY sort, id`, []any{sessionFrom(r.Context()).ProviderID},
		func(row store.Scanner) error {
			var p PacketRow
			if err := row.Scan(&p.ID, &p.Name, &p.Short, &p.IsBase, &p.IsFree, &p.IsHidden, &p.IsBundle, &p.Price, &p.Currency); err != nil {
				return err
			}
			out = append(out, p)
			return nil
		})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}
