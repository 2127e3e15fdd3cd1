package commerce

import (
	"net/http"
	"strconv"
	"strings"

	"efir/internal/httpx"
	"efir/internal/provider"
)

// PeriodOption is one price option as the client lists it.
type PeriodOption struct {
	ID                   int64          `json:"id"`
	Months               int            `json:"months"`
	Amount               int64          `json:"amount"`
	MonthlyAmount        int64          `json:"monthly_amount"`
	Discount             int            `json:"discount"`
	Currency             string         `json:"currency"`
	TrialAmount          *int64         `json:"trial_amount"`
	PeriodHuman          PeriodHuman    `json:"period_human"`
	TrialPeriodHuman     *PeriodHuman   `json:"trial_period_human"`
	PurchasesType        []PurchaseType `json:"purchases_type"`
	PaySystems           []string       `json:"paysystems"`
	IsHaveMoneyOnBalance bool           `json:"is_have_money_on_balance"`
	IsCurrent            bool           `json:"is_current"`
}

type PurchaseType struct {
	ID               int64        `json:"id"`
	Amount           int64        `json:"amount"`
	Period           int          `json:"period"`
	PeriodHuman      PeriodHuman  `json:"period_human"`
	IsHaveTrial      bool         `json:"is_have_trial"`
	TrialAmount      *int64       `json:"trial_amount"`
	TrialPeriodHuman *PeriodHuman `json:"trial_period_human"`
}

func (s *Service) viewerState(r *http.Request, prov *provider.Provider) (*holder, error) {
	sess := httpx.SessionFrom(r.Context())
	if sess == nil {
		return s.holderOf(r.Context(), 0, currencyOf(prov), false)
	}
	h, err := s.holderOf(r.Context(), sess.UserID, currencyOf(prov), sess.ChildMode)
	return s.withBillingBalance(r.Context(), prov, h, err)
}

func (s *Service) handlePackets(w http.ResponseWriter, r *http.Request) error {
	sf, err := s.storefront(r)
	if err != nil {
		return err
	}
	onlyHeld := r.URL.Query().Get("purchases") == "1"
	out := []Packet{}
	for _, p := range sf.offer.visible() {
		if sf.holder.child && p.IsAdult {
			continue
		}
		v, err := s.packetView(r.Context(), sf.prov, sf.offer, p, sf.holder, false)
		if err != nil {
			return err
		}
		if onlyHeld && v.Subscription == nil {
			continue
		}
		out = append(out, v)
	}
	httpx.OK(w, out)
	return nil
}

// packetRef reads the three id forms: {id}, {providerShort}_{id} and
// {provider}_{bundle}_{packet}. It answers the operator named (nil: the
// viewer's own) and the packet id.
func packetRef(ref string) (providerName string, id int64, ok bool) {
	parts := strings.Split(ref, "_")
	last := parts[len(parts)-1]
	id, err := strconv.ParseInt(last, 10, 64)
	if err != nil || id <= 0 {
		return "", 0, false
	}
	if len(parts) > 1 {
		providerName = parts[0]
	}
	return providerName, id, true
}

// findPacket resolves a packet reference for the viewer's operator. A
// packet of another operator answers 404 with that operator's shortname in
// detail.provider (the client goes to its landing).
func (s *Service) findPacket(r *http.Request, ref string) (*provider.Provider, *offer, *packet, error) {
	ctx := r.Context()
	_, prov, err := s.sessionProvider(r)
	if err != nil {
		return nil, nil, nil, err
	}
	name, id, ok := packetRef(ref)
	if !ok {
		return nil, nil, nil, httpx.NotFound()
	}
	o, err := loadOffer(ctx, s.db, prov.ID)
	if err != nil {
		return nil, nil, nil, err
	}
	p := o.byID[id]
	named := name == "" || name == prov.Shortname || name == strconv.FormatInt(prov.ID, 10)
	if p == nil || p.IsHidden || !named {
		if other := s.otherOperator(r, name, id); other != "" {
			e := httpx.NotFound()
			e.Detail = map[string]string{"provider": other}
			return nil, nil, nil, e
		}
		return nil, nil, nil, httpx.NotFound()
	}
	return prov, o, p, nil
}

// otherOperator names the operator that sells packet id when it is not the
// viewer's ("" when none does).
func (s *Service) otherOperator(r *http.Request, name string, id int64) string {
	var providerID int64
	if err := s.db.QueryRow(r.Context(), `SELECT provider_id FROM packets WHERE id = ? AND is_hidden = FALSE`, id).Scan(&providerID); err != nil {
		return ""
	}
	p, err := s.provider(r.Context(), providerID)
	if err != nil {
		return ""
	}
	if sess := httpx.SessionFrom(r.Context()); sess != nil && sess.ProviderID == providerID {
		return ""
	}
	return p.Shortname
}

func (s *Service) handlePacket(w http.ResponseWriter, r *http.Request) error {
	prov, o, p, err := s.findPacket(r, r.PathValue("id"))
	if err != nil {
		return err
	}
	return s.writePacket(w, r, prov, o, p)
}

func (s *Service) writePacket(w http.ResponseWriter, r *http.Request, prov *provider.Provider, o *offer, p *packet) error {
	h, err := s.viewerState(r, prov)
	if err != nil {
		return err
	}
	if h.child && p.IsAdult {
		return httpx.NotFound()
	}
	v, err := s.packetView(r.Context(), prov, o, p, h, true)
	if err != nil {
		return err
	}
	httpx.OK(w, v)
	return nil
}

// handleProviderPacket answers the operator-named forms of a packet.
func (s *Service) handleProviderPacket(w http.ResponseWriter, r *http.Request) error {
	ref := r.PathValue("id") + "_" + r.PathValue("packetId")
	prov, o, p, err := s.findPacket(r, ref)
	if err != nil {
		return err
	}
	if b := r.PathValue("bundleId"); b != "" {
		bundle := o.byID[int64(atoi(b))]
		if bundle == nil || !contains(bundle.Includes, p.ID) {
			return httpx.NotFound()
		}
	}
	return s.writePacket(w, r, prov, o, p)
}

func (s *Service) handlePeriods(w http.ResponseWriter, r *http.Request) error {
	prov, o, p, err := s.findPacket(r, r.PathValue("id"))
	if err != nil {
		return err
	}
	h, err := s.viewerState(r, prov)
	if err != nil {
		return err
	}
	httpx.OK(w, s.periodOptions(prov, o, p, h))
	return nil
}

// periodOptions lists a packet's price options with the viewer's trial,
// the discount against the first period and whether the balance covers it.
func (s *Service) periodOptions(prov *provider.Provider, o *offer, p *packet, h *holder) []PeriodOption {
	now := s.now().Unix()
	periods := p.Periods
	if len(periods) == 0 {
		periods = []period{p.first()}
	}
	first := periods[0]
	trial := trialOpen(p.TrialDays, h.trialsUsed[p.ID])
	var current int64
	if x := h.subOf(p.ID, now); x != nil {
		current = x.PeriodID
	}
	out := []PeriodOption{}
	for _, x := range periods {
		ph := humanMonths(x.Months)
		opt := PeriodOption{ID: x.ID, Months: x.Months, Amount: x.Amount, MonthlyAmount: x.Amount / int64(max(x.Months, 1)),
			Discount: discountPercent(x.Amount, x.Months, first.Amount, first.Months), Currency: currencyOf(prov),
			PeriodHuman: ph, PaySystems: x.PaySystems, IsCurrent: current != 0 && current == x.ID}
		if opt.PaySystems == nil {
			for _, ps := range s.paySystemsOf(prov) {
				opt.PaySystems = append(opt.PaySystems, ps.Shortname)
			}
			if opt.PaySystems == nil {
				opt.PaySystems = []string{}
			}
		}
		pt := PurchaseType{ID: x.ID, Amount: x.Amount, Period: periodDays(x.Months, timeAt(now)), PeriodHuman: ph}
		compare := x.Amount
		if trial {
			ta, th := p.TrialPrice, humanDays(p.TrialDays)
			opt.TrialAmount, opt.TrialPeriodHuman = &ta, &th
			pt.IsHaveTrial, pt.TrialAmount, pt.TrialPeriodHuman = true, &ta, &th
			compare = ta
		}
		opt.PurchasesType = []PurchaseType{pt}
		opt.IsHaveMoneyOnBalance = h.userID != 0 && h.balance >= compare
		out = append(out, opt)
	}
	return out
}

func (s *Service) handleContentOffers(w http.ResponseWriter, r *http.Request) error {
	id, err := pathInt(r, "id")
	if err != nil {
		return err
	}
	_, prov, err := s.sessionProvider(r)
	if err != nil {
		return err
	}
	list, err := offersOf(r.Context(), s.db, prov.ID, id)
	if err != nil {
		return err
	}
	lang := httpx.Lang(r)
	for i := range list {
		if list[i].Type == "rent" {
			list[i].Title = httpx.T(lang, "commerce_offer_rent", list[i].RentalHours)
		} else {
			list[i].Title = httpx.T(lang, "commerce_offer_"+list[i].Type)
		}
	}
	httpx.OK(w, list)
	return nil
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

func contains(ids []int64, id int64) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}
