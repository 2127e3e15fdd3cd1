package commerce

import (
	"context"
	"database/sql"
	"sort"

	"efir/internal/provider"
	"efir/internal/store"
)

// What a viewer may buy: the packets on sale to them with their price
// options, and the packets that open a content (its pay button).

// PurchasePacket is a packet as /v2/packets shows it, with the viewer's
// price options (the period options of /v2/packets/{id}/purchaseperiods).
type PurchasePacket struct {
	Packet
	Periods []PeriodOption `json:"periods"`
}

// PurchasePacketShort is the cheapest way to watch a content: the packet
// and the amount of its shortest option for that period.
type PurchasePacketShort struct {
	PacketBrief
	Period       int         `json:"period"`
	PeriodHuman  PeriodHuman `json:"period_human"`
	PacketsCount int         `json:"packets_count"`
}

// mayBuy answers nil when the viewer may buy p now, else why not
// (errNotSold, errAlreadyHeld): the checks subscribe makes before money.
func (h *holder) mayBuy(p *packet, now int64) error {
	if !p.sold() {
		return errNotSold
	}
	for _, x := range h.subs {
		if x.PacketID == p.ID && x.holds(now) {
			return errAlreadyHeld
		}
	}
	return nil
}

// onSale: the packets the viewer may buy now, in the order of /v2/packets.
func onSale(o *offer, h *holder, now int64) []*packet {
	out := []*packet{}
	for _, p := range o.visible() {
		if h.mayBuy(p, now) == nil {
			out = append(out, p)
		}
	}
	return out
}

// openingLibrary keeps the packets of list that open library lib, by
// themselves or through a packet they include, cheapest first: by the
// amount of the shortest option, the operator's order among equals.
func openingLibrary(o *offer, list []*packet, lib int64) []*packet {
	out := []*packet{}
	for _, p := range list {
		if o.withIncluded(p, func(q *packet) bool { return contains(q.Libraries, lib) }) {
			out = append(out, p)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].first().Amount < out[j].first().Amount })
	return out
}

// purchasePacketView is packetView with the viewer's price options.
func (s *Service) purchasePacketView(ctx context.Context, prov *provider.Provider, o *offer, p *packet, h *holder,
	full bool) (PurchasePacket, error) {
	v, err := s.packetView(ctx, prov, o, p, h, full)
	return PurchasePacket{Packet: v, Periods: s.periodOptions(prov, o, p, h)}, err
}

// purchasePacketShort names the first of sellers (cheapest first).
func (s *Service) purchasePacketShort(prov *provider.Provider, sellers []*packet) PurchasePacketShort {
	p := sellers[0]
	f := p.first()
	return PurchasePacketShort{PacketBrief: brief(prov, p), Period: periodDays(f.Months, timeAt(s.now().Unix())),
		PeriodHuman: humanMonths(f.Months), PacketsCount: len(sellers)}
}

// contentLibrary is the library of a content of the operator: its own, or
// its season's or series'. It answers 0 when there is nothing to buy (no
// library, or a free one) and store.ErrNotFound when the operator has no
// such content. The catalogue owns these tables; commerce only reads them.
func contentLibrary(ctx context.Context, q store.Querier, providerID, contentID int64) (int64, error) {
	var lib sql.NullInt64
	var free sql.NullBool
	err := store.Get(ctx, q, `SELECT l.id, l.is_free FROM contents c
		LEFT JOIN contents p ON p.id = c.parent_id LEFT JOIN contents pp ON pp.id = p.parent_id
		LEFT JOIN libraries l ON l.id = COALESCE(c.library_id, p.library_id, pp.library_id)
		WHERE c.id = ? AND c.provider_id = ?`, []any{contentID, providerID}, &lib, &free)
	if err != nil || free.Bool {
		return 0, err
	}
	return lib.Int64, nil
}
