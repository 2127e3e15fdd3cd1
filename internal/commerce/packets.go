package commerce

import (
	"context"
	"encoding/json"
	"sort"
	"strings"

	"efir/internal/store"
)

// packet is one packet of an operator with its price options.
type packet struct {
	ID, ProviderID              int64
	Name, Short, Description    string
	Price                       int64 // monthly price of the shortest option
	Currency                    string
	PeriodDays                  int
	IsBase, IsFree, IsHidden    bool
	IsAdult, IsBundle           bool
	Sort                        int
	TrialPrice                  int64
	TrialDays                   int
	AfterRenew                  int64
	Design, Benefits, Videos    string // JSON
	Agreement                   string
	InternetSpeed               int
	Periods                     []period // shortest first
	Includes, Addons, Libraries []int64
}

// period is one price option of a packet.
type period struct {
	ID, PacketID int64
	Months       int
	Amount       int64
	PaySystems   []string // "" = every pay system
}

// first is the shortest option (the packet's own price when it has none).
func (p *packet) first() period {
	if len(p.Periods) > 0 {
		return p.Periods[0]
	}
	months := p.PeriodDays / daysPerMonth
	if months < 1 {
		months = 1
	}
	return period{PacketID: p.ID, Months: months, Amount: p.Price}
}

// periodByID finds an option; id 0 is the shortest.
func (p *packet) periodByID(id int64) (period, bool) {
	if id == 0 {
		return p.first(), true
	}
	for _, o := range p.Periods {
		if o.ID == id {
			return o, true
		}
	}
	return period{}, false
}

// sold: viewers may buy the packet at all (free packets are granted to
// everybody, hidden ones are not offered).
func (p *packet) sold() bool { return !p.IsFree && !p.IsHidden }

// hasTrial: the packet offers a trial at all.
func (p *packet) hasTrial() bool { return p.TrialDays > 0 }

// offer is an operator's packets, read per request (packets change rarely
// and reads are cheap; access never depends on this read).
type offer struct {
	byID  map[int64]*packet
	order []*packet
}

const packetColumns = `id, provider_id, name, short, description, price, currency, period_days, is_base, is_free,
	is_hidden, is_adult, is_bundle, sort, trial_price, trial_days, after_renew_packet_id, design, benefits, videos,
	agreement, internet_speed`

func scanPacket(r store.Scanner) (*packet, error) {
	p := &packet{}
	err := r.Scan(&p.ID, &p.ProviderID, &p.Name, &p.Short, &p.Description, &p.Price, &p.Currency, &p.PeriodDays,
		&p.IsBase, &p.IsFree, &p.IsHidden, &p.IsAdult, &p.IsBundle, &p.Sort, &p.TrialPrice, &p.TrialDays, &p.AfterRenew,
		&p.Design, &p.Benefits, &p.Videos, &p.Agreement, &p.InternetSpeed)
	return p, err
}

// loadOffer reads the operator's packets with their options and relations.
func loadOffer(ctx context.Context, q store.Querier, providerID int64) (*offer, error) {
	o := &offer{byID: map[int64]*packet{}}
	err := store.Each(ctx, q, `SELECT `+packetColumns+` FROM packets WHERE provider_id = ? ORDER BY sort, id`,
		[]any{providerID}, func(r store.Scanner) error {
			p, err := scanPacket(r)
			if err != nil {
				return err
			}
			o.byID[p.ID] = p
			o.order = append(o.order, p)
			return nil
		})
	if err != nil {
		return nil, err
	}
	err = store.Each(ctx, q, `SELECT pp.id, pp.packet_id, pp.months, pp.amount, pp.paysystems FROM packet_periods pp
		JOIN packets p ON p.id = pp.packet_id WHERE p.provider_id = ? ORDER BY pp.months`, []any{providerID},
		func(r store.Scanner) error {
			var x period
			var ps string
			if err := r.Scan(&x.ID, &x.PacketID, &x.Months, &x.Amount, &ps); err != nil {
				return err
			}
			if ps != "" {
				x.PaySystems = strings.Split(ps, ",")
			}
			if p := o.byID[x.PacketID]; p != nil {
				p.Periods = append(p.Periods, x)
			}
			return nil
		})
	if err != nil {
		return nil, err
	}
	pairs := func(query string, add func(p *packet, id int64)) error {
		return store.Each(ctx, q, query, []any{providerID}, func(r store.Scanner) error {
			var a, b int64
			if err := r.Scan(&a, &b); err != nil {
				return err
			}
			if p := o.byID[a]; p != nil {
				add(p, b)
			}
			return nil
		})
	}
	if err := pairs(`SELECT i.packet_id, i.included_id FROM packet_includes i JOIN packets p ON p.id = i.packet_id
		WHERE p.provider_id = ? ORDER BY i.included_id`, func(p *packet, id int64) { p.Includes = append(p.Includes, id) }); err != nil {
		return nil, err
	}
	if err := pairs(`SELECT a.base_id, a.addon_id FROM packet_addons a JOIN packets p ON p.id = a.base_id
		WHERE p.provider_id = ? ORDER BY a.addon_id`, func(p *packet, id int64) { p.Addons = append(p.Addons, id) }); err != nil {
		return nil, err
	}
	if err := pairs(`SELECT l.packet_id, l.library_id FROM packet_libraries l JOIN packets p ON p.id = l.packet_id
		WHERE p.provider_id = ? ORDER BY l.library_id`, func(p *packet, id int64) { p.Libraries = append(p.Libraries, id) }); err != nil {
		return nil, err
	}
	for _, p := range o.order {
		sort.Slice(p.Periods, func(i, j int) bool { return p.Periods[i].Months < p.Periods[j].Months })
		if len(p.Periods) > 0 {
			p.Price = p.Periods[0].Amount
		}
	}
	return o, nil
}

// visible: the packets viewers may see and buy, base packets first.
func (o *offer) visible() []*packet {
	out := []*packet{}
	for _, p := range o.order {
		if !p.IsHidden {
			out = append(out, p)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].IsBase != out[j].IsBase {
			return out[i].IsBase
		}
		return false
	})
	return out
}

// withIncluded: p or one of the packets it includes satisfies ok (a bundle
// gives what its packets give).
func (o *offer) withIncluded(p *packet, ok func(*packet) bool) bool {
	if ok(p) {
		return true
	}
	for _, id := range p.Includes {
		if q := o.byID[id]; q != nil && ok(q) {
			return true
		}
	}
	return false
}

// jsonList decodes a stored JSON list, empty on anything unreadable.
func jsonList[T any](s string) []T {
	var out []T
	if json.Unmarshal([]byte(s), &out) != nil || out == nil {
		return []T{}
	}
	return out
}
