package commerce

import "context"

// The operator's packets as its own systems see them (the provider API):
// every packet, hidden ones too, with every price option, in minor units.

// CatalogPacket is one of an operator's packets.
type CatalogPacket struct {
	ID                 int64
	Name               string
	Short              string
	Description        string
	Currency           string
	IsBase             bool
	IsFree             bool
	IsHidden           bool
	IsBundle           bool
	IsAdult            bool
	TrialPrice         int64
	TrialDays          int
	TrialHuman         PeriodHuman
	AfterRenewPacketID int64 // 0: none
	Agreement          string
	Periods            []CatalogPeriod // the shortest first; never empty
	Includes, Addons   []int64
}

// CatalogPeriod is one price option of a packet (ID 0: the packet's own
// price, for a packet without options).
type CatalogPeriod struct {
	ID         int64
	Months     int
	Amount     int64
	Human      PeriodHuman
	PaySystems []string // empty: every pay system of the operator
}

// OperatorPackets lists the operator's packets in the viewers' order.
func (s *Service) OperatorPackets(ctx context.Context, providerID int64) ([]CatalogPacket, error) {
	prov, err := s.provider(ctx, providerID)
	if err != nil {
		return nil, err
	}
	o, err := loadOffer(ctx, s.db, providerID)
	if err != nil {
		return nil, err
	}
	out := make([]CatalogPacket, 0, len(o.order))
	for _, p := range o.order {
		c := CatalogPacket{ID: p.ID, Name: p.Name, Short: p.Short, Description: p.Description, Currency: currencyOf(prov),
			IsBase: p.IsBase, IsFree: p.IsFree, IsHidden: p.IsHidden, IsBundle: p.IsBundle, IsAdult: p.IsAdult,
			TrialPrice: p.TrialPrice, TrialDays: p.TrialDays, TrialHuman: humanDays(p.TrialDays),
			AfterRenewPacketID: p.AfterRenew, Agreement: p.Agreement, Includes: nonNil(p.Includes), Addons: nonNil(p.Addons)}
		periods := p.Periods
		if len(periods) == 0 {
			periods = []period{p.first()}
		}
		for _, x := range periods {
			pays := x.PaySystems
			if pays == nil {
				pays = []string{}
			}
			c.Periods = append(c.Periods, CatalogPeriod{ID: x.ID, Months: x.Months, Amount: x.Amount,
				Human: humanMonths(x.Months), PaySystems: pays})
		}
		out = append(out, c)
	}
	return out, nil
}
