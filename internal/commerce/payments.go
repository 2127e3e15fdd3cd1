package commerce

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"

	"efir/internal/commerce/gateway"
	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/store"
)

// Payment kinds: what the money is for once it arrives.
const (
	kindRefill       = "refill"
	kindSubscription = "subscription"
	kindOffer        = "offer"
	kindCardLink     = "card_link"
	kindRenewal      = "renewal"
)

// Payment statuses (the spec's Transaction): created before the gateway is
// called, pending while the payer acts, unknown when the gateway did not
// answer (the reconciler asks), complete or error at the end.
const (
	statusCreated  = "created"
	statusPending  = "pending"
	statusComplete = "complete"
	statusError    = "error"
	statusUnknown  = "unknown"
)

// payment is a payments row.
type payment struct {
	ID, UserID, ProviderID, AccountID int64
	Kind, Status                      string
	Amount                            int64
	Currency, PaySystem, Gateway      string
	GatewayID                         *string
	Key                               string
	PacketID, PeriodID                int64
	Trial                             bool
	OfferID, SubscriptionID           int64
	PeriodStart, CardID               int64
	SaveCard, NeededRefund            bool
	ConfirmationURL, QRPayload        string
	StatusDescription                 string
	CreatedAt, UpdatedAt              int64
}

const paymentColumns = `id, user_id, provider_id, account_id, kind, status, amount, currency, paysystem, gateway,
	gateway_payment_id, idem_key, packet_id, period_id, trial, offer_id, subscription_id, period_start, card_id, save_card,
	needed_refund, confirmation_url, qr_payload, status_description, created_at, updated_at`

func scanPayment(r store.Scanner) (payment, error) {
	var p payment
	err := r.Scan(&p.ID, &p.UserID, &p.ProviderID, &p.AccountID, &p.Kind, &p.Status, &p.Amount, &p.Currency, &p.PaySystem,
		&p.Gateway, &p.GatewayID, &p.Key, &p.PacketID, &p.PeriodID, &p.Trial, &p.OfferID, &p.SubscriptionID, &p.PeriodStart,
		&p.CardID, &p.SaveCard, &p.NeededRefund, &p.ConfirmationURL, &p.QRPayload, &p.StatusDescription, &p.CreatedAt,
		&p.UpdatedAt)
	return p, err
}

func paymentByID(ctx context.Context, q store.Querier, id int64) (payment, error) {
	return scanPayment(q.QueryRow(ctx, `SELECT `+paymentColumns+` FROM payments WHERE id = ?`, id))
}

func final(status string) bool { return status == statusComplete || status == statusError }

// payOrder is what a new payment is for and how it is paid.
type payOrder struct {
	Prov      *provider.Provider
	UserID    int64
	Kind      string
	PaySystem provider.PaySystem
	Amount    int64
	PacketID  int64
	PeriodID  int64
	Trial     bool
	OfferID   int64
	CardToken string // pay with this saved card
	CardID    int64
	SaveCard  bool
	Refund    bool // card link: give the money back
	ReturnURL string
	Phone     string
	Key       string // idempotency key; "" = a fresh one
	SubID     int64  // renewal
	PeriodAt  int64  // renewal: the period's start
}

var errNoGateway = errors.New("no payment gateway")

// startPayment writes the payment row, then asks the gateway. The same key
// gives the same payment back. A gateway that does not answer leaves the
// payment unknown for the reconciler.
func (s *Service) startPayment(ctx context.Context, o payOrder) (payment, error) {
	gw := s.gatewayOf(o.Prov)
	if gw == nil {
		return payment{}, errNoGateway
	}
	now := s.now().Unix()
	currency := currencyOf(o.Prov)
	acc, err := accountOf(ctx, s.db, o.UserID, currency)
	if err != nil {
		return payment{}, err
	}
	key := o.Key
	if key == "" {
		key = randomKey()
	}
	key = "u" + strconv.FormatInt(o.UserID, 10) + ":" + key
	var id int64
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		err := store.Get(ctx, tx, `SELECT id FROM payments WHERE idem_key = ?`, []any{key}, &id)
		if err == nil || !errors.Is(err, store.ErrNotFound) {
			return err
		}
		id, err = store.InsertID(ctx, tx, `INSERT INTO payments (user_id, provider_id, account_id, kind, status, amount,
			currency, paysystem, gateway, idem_key, packet_id, period_id, trial, offer_id, subscription_id, period_start,
			card_id, save_card, needed_refund, created_at, updated_at)
			VALUES (?, ?, ?, ?, 'created', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			o.UserID, o.Prov.ID, acc.ID, o.Kind, o.Amount, currency, o.PaySystem.Shortname, gw.Name(), key, o.PacketID,
			o.PeriodID, o.Trial, o.OfferID, o.SubID, o.PeriodAt, o.CardID, o.SaveCard, o.Refund, now, now)
		return err
	})
	if err != nil {
		return payment{}, err
	}
	p, err := paymentByID(ctx, s.db, id)
	if err != nil || p.Status != statusCreated {
		return p, err // a replay: the first answer stands
	}
	return s.callGateway(ctx, gw, p, o)
}

// gatewayRequest turns a payment into the gateway's request; the gateway's
// idempotency key is ours, so asking again after a crash finds the same payment.
func gatewayRequest(p payment, o payOrder) gateway.PaymentRequest {
	req := gateway.PaymentRequest{
		IdempotencyKey: "efir-" + strconv.FormatInt(p.ID, 10) + "-" + shortHash(p.Key),
		Amount:         p.Amount,
		Currency:       p.Currency,
		Description:    o.description(),
		ReturnURL:      o.ReturnURL,
		Metadata:       map[string]string{"payment_id": strconv.FormatInt(p.ID, 10), "kind": p.Kind},
		SaveCard:       o.SaveCard,
	}
	switch {
	case o.CardToken != "":
		req.SavedCardToken = o.CardToken
		req.SaveCard = false
	case o.PaySystem.Kind == "phone":
		req.Method, req.Phone = gateway.MethodMobileBalance, o.Phone
	case o.PaySystem.Kind == "qrcode" || o.PaySystem.Kind == "qrcode_png":
		req.Method, req.Confirmation = gateway.MethodSBP, gateway.ConfirmQR
	default:
		req.Method, req.Confirmation = gateway.MethodCard, gateway.ConfirmRedirect
	}
	return req
}

// description is what the payer sees on the gateway's page and their bank
// statement: the operator's name and what is paid for, in the operator's
// first language (the statement is the operator's, not the interface's).
func (o payOrder) description() string {
	lang := ""
	if len(o.Prov.Languages) > 0 {
		lang = o.Prov.Languages[0]
	}
	return o.Prov.Name + ": " + httpx.T(lang, "commerce_pay_"+o.Kind)
}

func (s *Service) callGateway(ctx context.Context, gw gateway.Gateway, p payment, o payOrder) (payment, error) {
	gp, err := gw.CreatePayment(ctx, gatewayRequest(p, o))
	now := s.now().Unix()
	switch {
	case errors.Is(err, gateway.ErrRejected):
		_, uerr := s.db.Exec(ctx, `UPDATE payments SET status = 'error', status_description = ?, updated_at = ?
			WHERE id = ? AND status = 'created'`, "rejected", now, p.ID)
		if uerr != nil {
			return p, uerr
		}
		slog.WarnContext(ctx, "payment rejected by the gateway", "payment", p.ID, "err", err)
		return paymentByID(ctx, s.db, p.ID)
	case err != nil:
		// No answer: the outcome is unknown; the reconciler asks again with
		// the same idempotency key.
		if _, uerr := s.db.Exec(ctx, `UPDATE payments SET status = 'unknown', updated_at = ? WHERE id = ? AND status = 'created'`,
			now, p.ID); uerr != nil {
			return p, uerr
		}
		slog.WarnContext(ctx, "payment gateway did not answer", "payment", p.ID, "err", err)
		return paymentByID(ctx, s.db, p.ID)
	}
	if _, err := s.db.Exec(ctx, `UPDATE payments SET gateway_payment_id = ?, confirmation_url = ?, qr_payload = ?,
		status = CASE WHEN status IN ('created', 'unknown') THEN 'pending' ELSE status END, updated_at = ? WHERE id = ?`,
		gp.ID, gp.ConfirmationURL, gp.QRPayload, now, p.ID); err != nil {
		return p, err
	}
	if gp.Status != gateway.StatusPending {
		if err := s.settle(ctx, p.ID, gp); err != nil {
			return p, err
		}
	}
	return paymentByID(ctx, s.db, p.ID)
}

// settle records the gateway's verdict on payment id exactly once: the
// status moves to complete or error only from an open status, and every
// ledger entry has a unique key, so a notification that comes twice, late or
// out of order changes nothing the second time.
func (s *Service) settle(ctx context.Context, id int64, gp gateway.Payment) error {
	switch gp.Status {
	case gateway.StatusSucceeded:
		return s.settleSucceeded(ctx, id, gp)
	case gateway.StatusCanceled:
		return s.settleCanceled(ctx, id, gp)
	}
	_, err := s.db.Exec(ctx, `UPDATE payments SET status = 'pending', updated_at = ? WHERE id = ? AND status IN ('created', 'unknown')`,
		s.now().Unix(), id)
	return err
}

func (s *Service) settleCanceled(ctx context.Context, id int64, gp gateway.Payment) error {
	now := s.now().Unix()
	var p payment
	changed := false
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		res, err := tx.Exec(ctx, `UPDATE payments SET status = 'error', status_description = ?, updated_at = ?
			WHERE id = ? AND status IN ('created', 'pending', 'unknown')`, reasonOf(gp.FailureReason), now, id)
		if err != nil {
			return err
		}
		n, _ := res.RowsAffected()
		changed = n == 1
		p, err = paymentByID(ctx, tx, id)
		return err
	})
	if err != nil || !changed {
		return err
	}
	if p.Kind == kindRenewal {
		return s.renewalFailed(ctx, p.SubscriptionID, p.PeriodStart)
	}
	return nil
}

func (s *Service) settleSucceeded(ctx context.Context, id int64, gp gateway.Payment) error {
	now := s.now().Unix()
	var p payment
	var refund bool
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		var err error
		p, err = paymentByID(ctx, tx, id)
		if err != nil || final(p.Status) {
			return err
		}
		if gp.Amount != p.Amount || !strings.EqualFold(gp.Currency, p.Currency) {
			// Never credit what we did not ask for; staff look into it.
			slog.ErrorContext(ctx, "payment amount differs at the gateway", "payment", id, "want", p.Amount, "got", gp.Amount)
			_, err := tx.Exec(ctx, `UPDATE payments SET status = 'error', status_description = 'amount_mismatch', updated_at = ?
				WHERE id = ?`, now, id)
			return err
		}
		res, err := tx.Exec(ctx, `UPDATE payments SET status = 'complete', updated_at = ? WHERE id = ?
			AND status IN ('created', 'pending', 'unknown')`, now, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return nil
		}
		p.Status = statusComplete
		if gp.Card != nil && (p.SaveCard || p.Kind == kindCardLink) {
			if err := saveCard(ctx, tx, p.UserID, p.Gateway, *gp.Card, now); err != nil {
				return err
			}
		}
		if p.Kind == kindCardLink && p.NeededRefund {
			refund = true
			return nil
		}
		if _, err := post(ctx, tx, entry{AccountID: p.AccountID, UserID: p.UserID, Kind: entryTopup, Amount: p.Amount,
			Currency: p.Currency, Key: fmt.Sprintf("pay:%d:topup", p.ID), Description: p.PaySystem}, now); err != nil && !errors.Is(err, errReplayed) {
			return err
		}
		return s.fulfil(ctx, tx, p)
	})
	if err != nil {
		return err
	}
	if refund {
		s.refundCardLink(ctx, p, gp)
	}
	return nil
}

// fulfil spends a completed payment on what it was for, inside the
// settling transaction. A purchase that can no longer be made (the packet
// was bought meanwhile) leaves the money on the balance and says why.
func (s *Service) fulfil(ctx context.Context, tx *store.Tx, p payment) error {
	// A savepoint undoes a purchase that stopped half-way (and clears
	// PostgreSQL's failed-statement state) while the top-up stays.
	if _, err := tx.Exec(ctx, `SAVEPOINT fulfil`); err != nil {
		return err
	}
	var err error
	switch p.Kind {
	case kindSubscription:
		err = s.fulfilSubscription(ctx, tx, p)
	case kindOffer:
		_, err = s.buyOffer(ctx, tx, p.UserID, p.ProviderID, p.OfferID, "pay"+strconv.FormatInt(p.ID, 10))
	case kindRenewal:
		err = s.chargeRenewal(ctx, tx, p.SubscriptionID, p.PeriodStart, p.ID)
	}
	if err == nil {
		_, err = tx.Exec(ctx, `RELEASE SAVEPOINT fulfil`)
		return err
	}
	var short *shortError
	if errors.Is(err, errAlreadyHeld) || errors.Is(err, errNoBase) || errors.Is(err, errNotSold) || errors.As(err, &short) ||
		errors.Is(err, store.ErrNotFound) || errors.Is(err, errRenewalDone) {
		slog.InfoContext(ctx, "payment kept on the balance", "payment", p.ID, "why", err)
		if _, rerr := tx.Exec(ctx, `ROLLBACK TO SAVEPOINT fulfil`); rerr != nil {
			return rerr
		}
		_, uerr := tx.Exec(ctx, `UPDATE payments SET status_description = 'kept_on_balance' WHERE id = ?`, p.ID)
		return uerr
	}
	return err
}

func (s *Service) fulfilSubscription(ctx context.Context, tx *store.Tx, p payment) error {
	prov, err := s.provider(ctx, p.ProviderID)
	if err != nil {
		return err
	}
	o, err := loadOffer(ctx, tx, p.ProviderID)
	if err != nil {
		return err
	}
	pk := o.byID[p.PacketID]
	if pk == nil {
		return store.ErrNotFound
	}
	per, ok := pk.periodByID(p.PeriodID)
	if !ok {
		return store.ErrNotFound
	}
	_, err = s.subscribe(ctx, tx, o, purchase{UserID: p.UserID, ProviderID: p.ProviderID, Packet: pk, Period: per,
		Trial: p.Trial, Key: "pay" + strconv.FormatInt(p.ID, 10), AddonsWithoutBase: prov.Commerce.AddonsWithoutBase,
		Currency: p.Currency, Source: sourcePaid})
	return err
}

// refundCardLink gives the card-link charge back (best effort: the gateway
// is asked again by staff if it fails; the card stays linked either way).
func (s *Service) refundCardLink(ctx context.Context, p payment, gp gateway.Payment) {
	prov, err := s.provider(ctx, p.ProviderID)
	if err != nil {
		return
	}
	gw := s.gatewayOf(prov)
	if gw == nil {
		return
	}
	r, err := gw.Refund(ctx, gp.ID, p.Amount, p.Currency, fmt.Sprintf("efir-refund-%d", p.ID))
	if err != nil {
		slog.WarnContext(ctx, "card link refund failed", "payment", p.ID, "err", err)
		return
	}
	if _, err := s.db.Exec(ctx, `UPDATE payments SET refunded = ? WHERE id = ?`, r.Amount, p.ID); err != nil {
		slog.WarnContext(ctx, "card link refund not recorded", "payment", p.ID, "err", err)
	}
}

// reasonOf keeps a gateway's failure reason short and printable.
func reasonOf(r string) string {
	if r == "" {
		return "declined"
	}
	if len(r) > 64 {
		r = r[:64]
	}
	return r
}

func randomKey() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// shortHash keeps gateway keys within 64 characters while staying unique
// per stored key.
func shortHash(s string) string {
	var h uint64 = 1469598103934665603
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return strconv.FormatUint(h, 36)
}
