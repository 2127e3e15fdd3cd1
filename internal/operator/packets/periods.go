package packets

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/provider"
	"efir/internal/store"
)

// Price options. A change of a price applies to new purchases only: a
// subscription keeps the price it was bought at (subscriptions.price, what
// renewals charge) until the operator applies the new price to the option's
// subscribers (apply_price).

// periodInput is a new price option or a change of one.
type periodInput struct {
	Months     *int      `json:"months"`
	Amount     *int64    `json:"amount"`
	PaySystems *[]string `json:"paysystems"`
}

// period checks a new option (field names prefixed for the i-th of a list).
func (in periodInput) period(i int) (Period, error) {
	x := Period{PaySystems: []string{}}
	field := func(name string) string {
		if i < 0 {
			return name
		}
		return "periods"
	}
	if in.Months == nil || *in.Months < 1 || *in.Months > maxMonths {
		return x, httpx.Invalid(field("months"), "console_packets_months_invalid")
	}
	if in.Amount == nil {
		return x, httpx.Invalid(field("amount"), "console_packets_amount_invalid")
	}
	x.Months = *in.Months
	if err := in.change(&x, i); err != nil {
		return x, err
	}
	return x, nil
}

// change writes the amount and pay systems of in onto x.
func (in periodInput) change(x *Period, i int) error {
	field := func(name string) string {
		if i < 0 {
			return name
		}
		return "periods"
	}
	if in.Amount != nil {
		if *in.Amount < 0 || *in.Amount > maxAmount {
			return httpx.Invalid(field("amount"), "console_packets_amount_invalid")
		}
		x.Amount = *in.Amount
	}
	if in.PaySystems != nil {
		out := []string{}
		for _, ps := range *in.PaySystems {
			ps = strings.TrimSpace(ps)
			if ps == "" || strings.Contains(ps, ",") {
				return httpx.Invalid(field("paysystems"), "console_packets_paysystem_unknown")
			}
			if !slices.Contains(out, ps) {
				out = append(out, ps)
			}
		}
		x.PaySystems = out
	}
	return nil
}

// checkPaySystems: the options name only pay systems the operator has
// (switched off ones too: switching one on again sells through it again).
func checkPaySystems(ctx context.Context, q store.Querier, prov *provider.Provider, periods []Period) error {
	known := map[string]bool{}
	for _, ps := range prov.Commerce.PaySystems {
		known[ps.Shortname] = true
	}
	off, err := offList(ctx, q, prov.ID)
	if err != nil {
		return err
	}
	for _, x := range off {
		known[x.ps.Shortname] = true
	}
	for _, x := range periods {
		for _, name := range x.PaySystems {
			if !known[name] {
				return httpx.Invalid("paysystems", "console_packets_paysystem_unknown")
			}
		}
	}
	return nil
}

// syncPrice keeps the packet's own price (the console's lists: minor units
// a month) the monthly price of its shortest option.
func syncPrice(ctx context.Context, tx *store.Tx, packetID int64) error {
	var amount int64
	var months int
	err := store.Get(ctx, tx, `SELECT amount, months FROM packet_periods WHERE packet_id = ? ORDER BY months LIMIT 1`,
		[]any{packetID}, &amount, &months)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	monthly := (amount + int64(months)/2) / int64(max(months, 1))
	_, err = tx.Exec(ctx, `UPDATE packets SET price = ?, period_days = ? WHERE id = ?`, monthly, months*daysPerMonth, packetID)
	return err
}

// periodOf finds the request's option in p (404 when it is not one of p's).
func periodOf(r *http.Request, p *Packet) (Period, error) {
	id, err := httpx.PathID(r, "periodId")
	if err != nil {
		return Period{}, err
	}
	for _, x := range p.Periods {
		if x.ID == id {
			return x, nil
		}
	}
	return Period{}, httpx.NotFound()
}

// periodChange runs change on the request's packet in a transaction and
// answers the packet after it, with the change's audit entry.
func (s *Section) periodChange(w http.ResponseWriter, r *http.Request, status int, action string,
	change func(ctx context.Context, tx *store.Tx, prov *provider.Provider, p *Packet) (objectID int64, before, after any, err error)) error {
	ctx, providerID := r.Context(), operator.ProviderOf(r)
	var out *Packet
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		p, err := s.packetOf(ctx, tx, r)
		if err != nil {
			return err
		}
		prov, err := provider.Stored(ctx, tx, providerID)
		if err != nil {
			return err
		}
		id, before, after, err := change(ctx, tx, prov, p)
		if err != nil {
			return err
		}
		if err := syncPrice(ctx, tx, p.ID); err != nil {
			return err
		}
		if out, err = s.load(ctx, tx, providerID, p.ID); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, action, "packet_period", id, before, after)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, status, out)
	return nil
}

// auditPeriod is an option as the audit log keeps it.
type auditPeriod struct {
	PacketID   int64    `json:"packet_id"`
	Months     int      `json:"months"`
	Amount     int64    `json:"amount"`
	PaySystems []string `json:"paysystems"`
	// Applied: subscriptions moved to the option's price.
	Applied *int64 `json:"applied,omitempty"`
}

func (s *Section) handleAddPeriod(w http.ResponseWriter, r *http.Request) error {
	var in periodInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	x, err := in.period(-1)
	if err != nil {
		return err
	}
	return s.periodChange(w, r, http.StatusCreated, "packet_period.add",
		func(ctx context.Context, tx *store.Tx, prov *provider.Provider, p *Packet) (int64, any, any, error) {
			if err := checkPaySystems(ctx, tx, prov, []Period{x}); err != nil {
				return 0, nil, nil, err
			}
			for _, y := range p.Periods {
				if y.Months == x.Months {
					return 0, nil, nil, httpx.Invalid("months", "console_packets_months_taken")
				}
			}
			id, err := store.InsertID(ctx, tx, `INSERT INTO packet_periods (packet_id, months, amount, paysystems)
				VALUES (?, ?, ?, ?) RETURNING id`, p.ID, x.Months, x.Amount, strings.Join(x.PaySystems, ","))
			return id, nil, auditPeriod{PacketID: p.ID, Months: x.Months, Amount: x.Amount, PaySystems: x.PaySystems}, err
		})
}

func (s *Section) handleChangePeriod(w http.ResponseWriter, r *http.Request) error {
	var in periodInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	if in.Months != nil {
		// The length is what subscribers bought: a new length is a new option.
		return httpx.Invalid("months", "console_packets_months_fixed")
	}
	return s.periodChange(w, r, http.StatusOK, "packet_period.update",
		func(ctx context.Context, tx *store.Tx, prov *provider.Provider, p *Packet) (int64, any, any, error) {
			x, err := periodOf(r, p)
			if err != nil {
				return 0, nil, nil, err
			}
			before := auditPeriod{PacketID: p.ID, Months: x.Months, Amount: x.Amount, PaySystems: x.PaySystems}
			if err := in.change(&x, -1); err != nil {
				return 0, nil, nil, err
			}
			if in.PaySystems != nil {
				if err := checkPaySystems(ctx, tx, prov, []Period{x}); err != nil {
					return 0, nil, nil, err
				}
			}
			_, err = tx.Exec(ctx, `UPDATE packet_periods SET amount = ?, paysystems = ? WHERE id = ?`,
				x.Amount, strings.Join(x.PaySystems, ","), x.ID)
			return x.ID, before, auditPeriod{PacketID: p.ID, Months: x.Months, Amount: x.Amount, PaySystems: x.PaySystems}, err
		})
}

func (s *Section) handleWithdrawPeriod(w http.ResponseWriter, r *http.Request) error {
	return s.periodChange(w, r, http.StatusOK, "packet_period.withdraw",
		func(ctx context.Context, tx *store.Tx, _ *provider.Provider, p *Packet) (int64, any, any, error) {
			x, err := periodOf(r, p)
			if err != nil {
				return 0, nil, nil, err
			}
			if len(p.Periods) == 1 && p.OnSale && !p.IsFree {
				return 0, nil, nil, httpx.BadRequest("console_packets_last_price")
			}
			// Subscribers of the option keep renewing at the length and price
			// they bought; a switch to it a viewer asked for is dropped.
			if _, err := tx.Exec(ctx, `UPDATE subscriptions SET next_period_id = 0 WHERE next_period_id = ?`, x.ID); err != nil {
				return 0, nil, nil, err
			}
			if _, err := tx.Exec(ctx, `DELETE FROM packet_periods WHERE id = ?`, x.ID); err != nil {
				return 0, nil, nil, err
			}
			return x.ID, auditPeriod{PacketID: p.ID, Months: x.Months, Amount: x.Amount, PaySystems: x.PaySystems}, nil, nil
		})
}

// handleApplyPrice moves the option's open subscriptions to its price of
// today: their next renewals charge it.
func (s *Section) handleApplyPrice(w http.ResponseWriter, r *http.Request) error {
	return s.periodChange(w, r, http.StatusOK, "packet_period.apply_price",
		func(ctx context.Context, tx *store.Tx, _ *provider.Provider, p *Packet) (int64, any, any, error) {
			x, err := periodOf(r, p)
			if err != nil {
				return 0, nil, nil, err
			}
			res, err := tx.Exec(ctx, `UPDATE subscriptions SET price = ? WHERE period_id = ? AND packet_id = ?
				AND closed_at = 0 AND price <> ?`, x.Amount, x.ID, p.ID, x.Amount)
			if err != nil {
				return 0, nil, nil, err
			}
			n, _ := res.RowsAffected()
			return x.ID, nil, auditPeriod{PacketID: p.ID, Months: x.Months, Amount: x.Amount, PaySystems: x.PaySystems, Applied: &n}, nil
		})
}
