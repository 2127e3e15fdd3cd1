package commerce

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/store"
)

// An operator whose own billing keeps the viewers' money (the
// provider_account pay system with the billing as its source, switched on in
// the console's Integrations) sells packets through that billing: a purchase
// asks the billing (PACKET), which charges and allows or refuses with a
// reason the viewer sees. What the billing charged is put on the viewer's
// account and taken by the subscription at once, so the ledger shows both.
// A renewal asks the billing the same way (billRenewals) and is then
// charged as every renewal is; a viewer who switches the renewal off is
// reported to the billing (DELETE_SUBSCRIPTION).

// Billing is the operator's billing as commerce calls it (package
// operator/billing).
type Billing interface {
	// KeepsMoney: the operator's billing holds the viewers' money.
	KeepsMoney(ctx context.Context, providerID int64) bool
	// Packet asks the billing to charge for a packet: nil when it allowed,
	// a *BillingRefusal when it refused, ErrBillingPending when it did not
	// answer in time (the request is kept and sent again; an allow that
	// comes later makes the subscription through GrantBilledPacket).
	Packet(ctx context.Context, c PacketCharge) error
	// Ended tells the billing that a viewer ended a subscription (sent
	// through the billing's queue; never fails the viewer's request).
	Ended(ctx context.Context, e EndedSubscription)
	// Balance is the user's balance held in the billing (ok false: none).
	Balance(ctx context.Context, userID int64) (amount int64, currency string, ok bool)
}

// PacketCharge is one PACKET request.
type PacketCharge struct {
	ProviderID, UserID int64
	PacketID           int64
	PacketName         string
	PeriodID           int64
	Months             int
	Amount             int64 // minor units: the period's price, or the trial's
	Currency           string
	Trial              bool
	// Key is the purchase's own key: the same purchase asked again carries
	// the same key (the billing charges once).
	Key string
}

// EndedSubscription is one DELETE_SUBSCRIPTION notice.
type EndedSubscription struct {
	ProviderID, UserID, SubscriptionID, PacketID int64
	PacketName                                   string
	EndsAt                                       int64
	// Reason: renewal_off (the viewer switched the renewal off),
	// future_cancelled (a scheduled one was dropped), not_granted (the
	// billing allowed a purchase Efir could not make: give the money back).
	Reason string
	Key    string
}

// ErrBillingPending: the billing did not answer a PACKET in time.
var ErrBillingPending = errors.New("commerce: the billing did not answer")

// BillingRefusal is the billing's no, with the reason the viewer sees.
type BillingRefusal struct{ Reason string }

func (e *BillingRefusal) Error() string { return "billing refused: " + e.Reason }

// SetBilling connects the operators' billings.
func (s *Service) SetBilling(b Billing) { s.billing = b }

// billingKeeps: a purchase of prov's viewer goes through its billing.
func (s *Service) billingKeeps(ctx context.Context, prov *provider.Provider) bool {
	if s.billing == nil || prov == nil {
		return false
	}
	has := false
	for _, ps := range prov.Commerce.PaySystems {
		has = has || ps.Kind == "provider_account"
	}
	return has && s.billing.KeepsMoney(ctx, prov.ID)
}

// errDryRun rolls a trial purchase back.
var errDryRun = errors.New("dry run")

// subscribeThroughBilling is handleSubscribe for an operator whose billing
// keeps the money: the rules are tried first (nothing is asked of the
// billing for a purchase that would fail anyway), then the billing is asked,
// then the subscription is made with what it charged.
func (s *Service) subscribeThroughBilling(w http.ResponseWriter, r *http.Request, sess *httpx.Session,
	prov *provider.Provider, o *offer, p *packet, per period, b subscribeBody) error {
	ctx := r.Context()
	currency := currencyOf(prov)
	key := b.IdempotencyKey
	if key != "" {
		if id, err := s.subByKey(r, sess.UserID, key); err == nil {
			return s.writeSubscription(w, r, http.StatusCreated, o, sess.UserID, id)
		}
	} else {
		var raw [12]byte
		if _, err := rand.Read(raw[:]); err != nil {
			return err
		}
		key = "b" + hex.EncodeToString(raw[:])
	}
	pu := purchase{UserID: sess.UserID, ProviderID: prov.ID, Packet: p, Period: per, Trial: b.Trial == nil || *b.Trial,
		Key: key, AddonsWithoutBase: prov.Commerce.AddonsWithoutBase, Currency: currency, Source: sourcePaid}
	var amount int64
	var trial bool
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		var err error
		if amount, trial, err = billedAmount(ctx, tx, pu); err != nil {
			return err
		}
		if _, err := s.grantBilledTx(ctx, tx, o, pu, amount); err != nil {
			return err
		}
		return errDryRun
	})
	if !errors.Is(err, errDryRun) {
		return moneyError(err, currency, false)
	}
	charge := PacketCharge{ProviderID: prov.ID, UserID: sess.UserID, PacketID: p.ID, PacketName: p.Name, PeriodID: per.ID,
		Months: per.Months, Amount: amount, Currency: currency, Trial: trial, Key: "u" + itoa(sess.UserID) + ":" + key}
	if err := s.billing.Packet(ctx, charge); err != nil {
		return billingError(err)
	}
	id, err := s.GrantBilledPacket(ctx, charge)
	if err != nil {
		return err
	}
	return s.writeSubscription(w, r, http.StatusCreated, o, sess.UserID, id)
}

// GrantBilledPacket makes the subscription the billing allowed and charged
// for (c as it was asked; a renewal's charge is put on the account, where
// the renewal takes it). The same c twice makes one subscription. When it
// cannot be made (bought meanwhile), the billing is told to give the money
// back (DELETE_SUBSCRIPTION, reason not_granted) and the error is answered.
func (s *Service) GrantBilledPacket(ctx context.Context, c PacketCharge) (int64, error) {
	if strings.HasPrefix(c.Key, "renew:") {
		return 0, s.creditBilledRenewal(ctx, c)
	}
	_, key, _ := cutUserKey(c.Key)
	o, err := loadOffer(ctx, s.db, c.ProviderID)
	if err != nil {
		return 0, err
	}
	p := o.byID[c.PacketID]
	var per period
	ok := p != nil
	if ok {
		per, ok = p.periodByID(c.PeriodID)
	}
	prov, err := s.provider(ctx, c.ProviderID)
	if err != nil {
		return 0, err
	}
	var id int64
	if !ok {
		err = errNotSold
	} else {
		pu := purchase{UserID: c.UserID, ProviderID: c.ProviderID, Packet: p, Period: per, Trial: c.Trial, Key: key,
			AddonsWithoutBase: prov.Commerce.AddonsWithoutBase, Currency: c.Currency, Source: sourcePaid}
		err = s.db.Tx(ctx, func(tx *store.Tx) error {
			var err error
			id, err = s.grantBilledTx(ctx, tx, o, pu, c.Amount)
			return err
		})
		if errors.Is(err, store.ErrConflict) {
			err = errAlreadyHeld
		}
	}
	if err != nil {
		if s.billing != nil {
			s.billing.Ended(ctx, EndedSubscription{ProviderID: c.ProviderID, UserID: c.UserID, PacketID: c.PacketID,
				PacketName: c.PacketName, Reason: "not_granted", Key: "not_granted:" + c.Key})
		}
		return 0, moneyError(err, c.Currency, false)
	}
	return id, nil
}

// grantBilledTx puts what the billing charged on the viewer's account and
// makes the subscription from it.
func (s *Service) grantBilledTx(ctx context.Context, tx *store.Tx, o *offer, pu purchase, charged int64) (int64, error) {
	full := "u" + itoa(pu.UserID) + ":" + pu.Key
	var id int64
	if err := store.Get(ctx, tx, `SELECT id FROM subscriptions WHERE idem_key = ?`, []any{full}, &id); err == nil {
		return id, nil
	} else if !errors.Is(err, store.ErrNotFound) {
		return 0, err
	}
	acc, err := accountOf(ctx, tx, pu.UserID, pu.Currency)
	if err != nil {
		return 0, err
	}
	if charged > 0 {
		_, err := post(ctx, tx, entry{AccountID: acc.ID, UserID: pu.UserID, Kind: entryTopup, Amount: charged,
			Currency: pu.Currency, Key: "billing:" + full, Description: "billing"}, s.now().Unix())
		if err != nil && !errors.Is(err, errReplayed) {
			return 0, err
		}
	}
	return s.subscribe(ctx, tx, o, pu)
}

// billedAmount is what the purchase costs now: the trial's price when the
// trial is asked for, offered and not used yet, else the period's.
func billedAmount(ctx context.Context, tx *store.Tx, pu purchase) (int64, bool, error) {
	if pu.Trial && pu.Packet.hasTrial() {
		var n int64
		err := store.Get(ctx, tx, `SELECT COUNT(*) FROM trials_used WHERE user_id = ? AND packet_id = ?`,
			[]any{pu.UserID, pu.Packet.ID}, &n)
		if err != nil {
			return 0, false, err
		}
		if n == 0 {
			return pu.Packet.TrialPrice, true, nil
		}
	}
	return pu.Period.Amount, false, nil
}

// cutUserKey splits "u<id>:<key>".
func cutUserKey(full string) (int64, string, bool) {
	if len(full) < 2 || full[0] != 'u' {
		return 0, full, false
	}
	for i := 1; i < len(full); i++ {
		if full[i] == ':' {
			id, err := strconv.ParseInt(full[1:i], 10, 64)
			return id, full[i+1:], err == nil
		}
	}
	return 0, full, false
}

// billingError is the viewer's answer when the billing did not allow.
func billingError(err error) error {
	var no *BillingRefusal
	switch {
	case errors.As(err, &no):
		e := httpx.New(http.StatusPaymentRequired, "billing_refused", "commerce_billing_refused")
		e.Message = no.Reason
		return e
	case errors.Is(err, ErrBillingPending):
		return httpx.New(http.StatusPaymentRequired, "billing_pending", "commerce_billing_pending")
	}
	return err
}

// billingEnded tells the billing that the viewer ended subscription id (a
// renewal switched off, a scheduled one dropped).
func (s *Service) billingEnded(ctx context.Context, prov *provider.Provider, userID, id int64, reason string) {
	if !s.billingKeeps(ctx, prov) {
		return
	}
	var packetID, endAt int64
	if err := store.Get(ctx, s.db, `SELECT packet_id, end_at FROM subscriptions WHERE id = ? AND user_id = ?`,
		[]any{id, userID}, &packetID, &endAt); err != nil {
		return
	}
	name := ""
	_ = store.Get(ctx, s.db, `SELECT name FROM packets WHERE id = ?`, []any{packetID}, &name)
	s.billing.Ended(ctx, EndedSubscription{ProviderID: prov.ID, UserID: userID, SubscriptionID: id, PacketID: packetID,
		PacketName: name, EndsAt: endAt, Reason: reason, Key: reason + ":" + itoa(id) + ":" + itoa(s.now().Unix())})
}

// withBillingBalance puts the billing's balance in the viewer's state (what
// the packets compare their prices with) when the billing keeps the money.
func (s *Service) withBillingBalance(ctx context.Context, prov *provider.Provider, h *holder, err error) (*holder, error) {
	if err != nil || h == nil || h.userID == 0 || !s.billingKeeps(ctx, prov) {
		return h, err
	}
	if amount, currency, ok := s.billing.Balance(ctx, h.userID); ok && currency == currencyOf(prov) {
		h.balance = amount
	}
	return h, nil
}

// billRenewals asks the billing to pay the due renewals of operators whose
// billing keeps the money (PACKET, one per subscription, period and try):
// what it allows is put on the viewer's account, from which the renewal then
// takes it as every renewal does; a refusal leaves the renewal short (it is
// tried again on the renewal's schedule, asking again). An operator whose
// billing does not answer is not asked again in this round.
func (s *Service) billRenewals(ctx context.Context, due []subRow) {
	if s.billing == nil || len(due) == 0 {
		return
	}
	users := make([]any, 0, len(due))
	seen := map[int64]bool{}
	for _, x := range due {
		if !seen[x.UserID] {
			seen[x.UserID] = true
			users = append(users, x.UserID)
		}
	}
	providerOf := map[int64]int64{}
	err := store.Each(ctx, s.db, `SELECT id, provider_id FROM users WHERE id IN (`+billingMarks(len(users))+`)`, users,
		func(r store.Scanner) error {
			var u, p int64
			err := r.Scan(&u, &p)
			providerOf[u] = p
			return err
		})
	if err != nil {
		return
	}
	billed := map[int64]*provider.Provider{} // nil: not through a billing
	for _, x := range due {
		pid := providerOf[x.UserID]
		prov, known := billed[pid]
		if !known {
			if p, err := s.provider(ctx, pid); err == nil && s.billingKeeps(ctx, p) {
				prov = p
			}
			billed[pid] = prov
		}
		if prov == nil {
			continue
		}
		amount, months, periodID, err := s.renewalPrice(ctx, s.db, x)
		if err != nil || amount <= 0 {
			continue
		}
		// What the billing paid earlier and is still on the account (a late
		// answer, a purchase it allowed twice) pays first.
		var balance int64
		if err := store.Get(ctx, s.db, `SELECT COALESCE(SUM(balance), 0) FROM accounts WHERE user_id = ? AND currency = ?`,
			[]any{x.UserID, x.Currency}, &balance); err != nil || balance >= amount {
			continue
		}
		var name string
		_ = store.Get(ctx, s.db, `SELECT name FROM packets WHERE id = ?`, []any{x.PacketID}, &name)
		c := PacketCharge{ProviderID: pid, UserID: x.UserID, PacketID: x.PacketID, PacketName: name, PeriodID: periodID,
			Months: months, Amount: amount, Currency: x.Currency,
			Key: "renew:" + itoa(x.ID) + ":" + itoa(x.EndAt) + ":" + itoa(int64(x.Failures))}
		switch err := s.billing.Packet(ctx, c); {
		case err == nil:
			_, _ = s.GrantBilledPacket(ctx, c)
		case errors.Is(err, ErrBillingPending):
			billed[pid] = nil
		}
	}
}

// creditBilledRenewal puts what the billing charged for a renewal on the
// viewer's account (once per key).
func (s *Service) creditBilledRenewal(ctx context.Context, c PacketCharge) error {
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		acc, err := accountOf(ctx, tx, c.UserID, c.Currency)
		if err != nil {
			return err
		}
		_, err = post(ctx, tx, entry{AccountID: acc.ID, UserID: c.UserID, Kind: entryTopup, Amount: c.Amount,
			Currency: c.Currency, Key: "billing:" + c.Key, Description: "billing"}, s.now().Unix())
		if errors.Is(err, errReplayed) {
			return nil
		}
		return err
	})
}

// billingMarks is n comma-separated placeholders.
func billingMarks(n int) string {
	if n <= 0 {
		return ""
	}
	b := make([]byte, 0, n*3)
	for i := 0; i < n; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, '?')
	}
	return string(b)
}
