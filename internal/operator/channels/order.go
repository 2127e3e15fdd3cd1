package channels

import (
	"net/http"
	"strconv"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
)

// orderInput is a new order: every id of the list, first to last.
type orderInput struct {
	IDs []int64 `json:"ids"`
}

// handleOrder renumbers the channels 1..n in the order given (a drag in the
// console); channels left out of the list follow in their present order.
func (s *Section) handleOrder(w http.ResponseWriter, r *http.Request) error {
	var in orderInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	if len(in.IDs) == 0 || len(in.IDs) > 10000 {
		return httpx.Invalid("ids", "console_channels_order_invalid")
	}
	ctx, provider := r.Context(), operator.ProviderOf(r)
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		var current []int64
		before := map[int64]int{}
		err := store.Each(ctx, tx, "SELECT id, number FROM channels WHERE provider_id = ? ORDER BY number, id", []any{provider},
			func(sc store.Scanner) error {
				var id int64
				var n int
				err := sc.Scan(&id, &n)
				current = append(current, id)
				before[id] = n
				return err
			})
		if err != nil {
			return err
		}
		order, err := reorder(current, in.IDs)
		if err != nil {
			return err
		}
		after := map[string]int{}
		for i, id := range order {
			after[strconv.FormatInt(id, 10)] = i + 1
			if before[id] == i+1 {
				continue
			}
			if _, err := tx.Exec(ctx, "UPDATE channels SET number = ? WHERE id = ? AND provider_id = ?", i+1, id, provider); err != nil {
				return err
			}
		}
		was := map[string]int{}
		for id, n := range before {
			was[strconv.FormatInt(id, 10)] = n
		}
		if err := s.staff.Audit(ctx, tx, r, "channel.order", "lineup", provider, was, after); err != nil {
			return err
		}
		return s.changed(ctx, tx)
	})
	if err != nil {
		return err
	}
	s.invalidate()
	return s.handleLineup(w, r)
}

// reorder puts ids first (each must be one of current, once) and the rest
// of current after them in their present order.
func reorder(current, ids []int64) ([]int64, error) {
	known := map[int64]bool{}
	for _, id := range current {
		known[id] = true
	}
	seen := map[int64]bool{}
	out := make([]int64, 0, len(current))
	for _, id := range ids {
		if !known[id] || seen[id] {
			return nil, httpx.Invalid("ids", "console_channels_order_invalid")
		}
		seen[id] = true
		out = append(out, id)
	}
	for _, id := range current {
		if !seen[id] {
			out = append(out, id)
		}
	}
	return out, nil
}
