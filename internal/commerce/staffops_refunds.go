package commerce

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"efir/internal/commerce/gateway"
	"efir/internal/httpx"
	"efir/internal/store"
)

// Refunds staff make of a subscriber's payment through its gateway. The
// refund row is written, and its amount counted in payments.refunded, in one
// transaction before the gateway is asked: a crash, a second click or a
// second copy of the server cannot refund twice, because one key of one
// payment is one row (a unique index) and the gateway's idempotency key is
// that row's. Money the payment left on the balance (a top-up) comes off it
// in the same transaction as a 'reversal' entry, and only when the balance
// still holds all of it: what was spent is not refunded (409
// insufficient_funds, detail amount = what may be refunded now).

// StaffTransaction is a payment as the operator console shows it
// (api/openapi.yaml StaffTransaction).
type StaffTransaction struct {
	ID     int64  `json:"id"`
	Kind   string `json:"kind"`
	Status string `json:"status"`
	Amount int64  `json:"amount"`
	// Refunded counts refunds made and those the gateway is still asked
	// about (a refund without an answer stays counted until it has one).
	Refunded          int64  `json:"refunded"`
	Currency          string `json:"currency"`
	PaySystem         string `json:"paysystem"`
	Gateway           string `json:"gateway"`
	PacketName        string `json:"packet_name,omitempty"`
	StatusDescription string `json:"status_description"` // machine code: rejected, kept_on_balance, ...
	CreatedAt         string `json:"created_at"`         // RFC 3339
}

// A renewal's packet is its subscription's.
const staffTransactionQuery = `SELECT p.id, p.kind, p.status, p.amount, p.refunded, p.currency, p.paysystem, p.gateway,
	COALESCE(k.name, ''), p.status_description, p.created_at
	FROM payments p LEFT JOIN subscriptions s ON s.id = p.subscription_id
	LEFT JOIN packets k ON k.id = CASE WHEN p.packet_id <> 0 THEN p.packet_id ELSE s.packet_id END`

func scanStaffTransaction(r store.Scanner) (StaffTransaction, error) {
	var t StaffTransaction
	var at int64
	err := r.Scan(&t.ID, &t.Kind, &t.Status, &t.Amount, &t.Refunded, &t.Currency, &t.PaySystem, &t.Gateway, &t.PacketName,
		&t.StatusDescription, &at)
	t.CreatedAt = timeAt(at).Format(time.RFC3339)
	return t, err
}

// StaffTransactions lists the subscriber's payments, newest first.
func (s *Service) StaffTransactions(ctx context.Context, providerID, userID int64, limit, offset int) ([]StaffTransaction, error) {
	if err := s.staffSubscriber(ctx, providerID, userID); err != nil {
		return nil, err
	}
	limit, offset = staffPage(limit, offset)
	out := []StaffTransaction{}
	err := store.Each(ctx, s.db, staffTransactionQuery+` WHERE p.user_id = ? AND p.provider_id = ? ORDER BY p.id DESC
		LIMIT ? OFFSET ?`, []any{userID, providerID, limit, offset}, func(r store.Scanner) error {
		t, err := scanStaffTransaction(r)
		if err == nil {
			out = append(out, t)
		}
		return err
	})
	return out, err
}

func (s *Service) staffTransaction(ctx context.Context, id int64) (StaffTransaction, error) {
	t, err := scanStaffTransaction(s.db.QueryRow(ctx, staffTransactionQuery+` WHERE p.id = ?`, id))
	return t, store.MapErr(err)
}

// Refund row statuses besides the gateway's pending and succeeded.
const (
	refundCreated  = "created"  // the gateway is being asked
	refundUnknown  = "unknown"  // it did not answer: the same key asks again
	refundCanceled = "canceled" // refused: the amount is back on the payment and the balance
)

// refundLease: a refund left 'created' this long was being asked by a
// request that died; the same key may ask again.
const refundLease = 2 * time.Minute

type refundRow struct {
	ID, Amount, Reversed int64
	Reason, Status       string
	UpdatedAt            int64
}

func refundByKey(ctx context.Context, q store.Querier, paymentID int64, key string) (refundRow, error) {
	var r refundRow
	err := store.Get(ctx, q, `SELECT id, amount, reversed, reason, status, updated_at FROM payment_refunds
		WHERE payment_id = ? AND idem_key = ?`, []any{paymentID, key}, &r.ID, &r.Amount, &r.Reversed, &r.Reason, &r.Status,
		&r.UpdatedAt)
	return r, err
}

func reversalKey(refundID int64) string { return "refund:" + strconv.FormatInt(refundID, 10) }

// StaffRefund refunds amount (1 up to what is left unrefunded) of the
// subscriber's completed payment through the payment's gateway and answers
// the payment after it. The same key refunds once and answers the same;
// with another amount or reason it is refused. A refund of a purchase
// leaves what was bought (staff end it apart). Errors: 404 not the
// subscriber's; 409 not complete, refunded in full, gateway gone, refused by
// the gateway (refund_rejected), top-up spent (insufficient_funds); 400 amount
// beyond what is left (detail refundable); 503 the gateway did not answer
// (the refund stays counted; the same key asks again).
func (s *Service) StaffRefund(ctx context.Context, providerID, userID, paymentID, amount int64, reason,
	key string) (StaffTransaction, error) {
	reason, err := staffNote(reason, key)
	if err != nil {
		return StaffTransaction{}, err
	}
	if amount <= 0 {
		return StaffTransaction{}, httpx.Invalid("amount", "commerce_amount_invalid")
	}
	prov, err := s.staffOperator(ctx, providerID, userID)
	if err != nil {
		return StaffTransaction{}, err
	}
	p, err := paymentByID(ctx, s.db, paymentID)
	if errors.Is(store.MapErr(err), store.ErrNotFound) || (err == nil && (p.UserID != userID || p.ProviderID != providerID)) {
		return StaffTransaction{}, httpx.NotFound()
	}
	if err != nil {
		return StaffTransaction{}, err
	}
	gw := s.gatewayOf(prov)
	if gw == nil || gw.Name() != p.Gateway || p.GatewayID == nil {
		return StaffTransaction{}, conflict("commerce_refund_no_gateway")
	}
	rf, ask, err := s.reserveRefund(ctx, p, amount, reason, key)
	switch {
	case err != nil:
		return StaffTransaction{}, err
	case ask:
		err = s.askRefund(ctx, gw, p, rf)
	case rf.Status == refundCanceled:
		err = errRefundRejected()
	}
	if err != nil {
		return StaffTransaction{}, err
	}
	return s.staffTransaction(ctx, p.ID)
}

func errRefundRejected() *httpx.Error {
	return httpx.New(http.StatusConflict, "refund_rejected", "commerce_refund_rejected")
}

// leftOnBalance: the payment's money went onto the balance and stayed there
// (a top-up, a purchase that could no longer be made, a card link kept as
// credit) instead of paying at once for what it was for.
func leftOnBalance(p payment) bool {
	switch p.Kind {
	case kindSubscription, kindOffer, kindRenewal:
		return p.StatusDescription == "kept_on_balance"
	case kindCardLink:
		return !p.NeededRefund
	}
	return true
}

// reserveRefund writes the refund of amount and counts it before the
// gateway is asked. ask says this request is the one to ask: a new refund,
// or a replay of one whose asking got no answer or died.
func (s *Service) reserveRefund(ctx context.Context, p payment, amount int64, reason, key string) (rf refundRow, ask bool, err error) {
	now := s.now().Unix()
	rf = refundRow{Amount: amount, Reason: reason, Status: refundCreated, UpdatedAt: now}
	if leftOnBalance(p) {
		rf.Reversed = amount
	}
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		_, err := refundByKey(ctx, tx, p.ID, key)
		if err == nil {
			return errReplayed
		}
		if !errors.Is(err, store.ErrNotFound) {
			return err
		}
		// The row first: a second request with the key waits here for the
		// first one's commit (PostgreSQL's unique index) and then replays.
		rf.ID, err = store.InsertID(ctx, tx, `INSERT INTO payment_refunds (payment_id, idem_key, amount, reversed, reason, status,
			created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			p.ID, key, amount, rf.Reversed, reason, refundCreated, now, now)
		if err != nil {
			return err
		}
		// The bound is in the update itself, so refunds at once never add
		// up past the payment.
		res, err := tx.Exec(ctx, `UPDATE payments SET refunded = refunded + ? WHERE id = ? AND status = 'complete'
			AND refunded + ? <= amount`, amount, p.ID, amount)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return refundBound(ctx, tx, p.ID)
		}
		if rf.Reversed == 0 {
			return nil
		}
		_, err = post(ctx, tx, entry{AccountID: p.AccountID, UserID: p.UserID, Kind: entryReversal, Amount: -rf.Reversed,
			Currency: p.Currency, Key: reversalKey(rf.ID), Description: reason}, now)
		return err
	})
	switch {
	case err == nil:
		return rf, true, nil
	case errors.Is(err, errReplayed) || errors.Is(err, store.ErrConflict):
		return s.replayRefund(ctx, p.ID, amount, reason, key)
	case errors.Is(err, errInsufficient):
		return rf, false, s.refundSpent(ctx, p)
	}
	return rf, false, err
}

// refundBound says why a refund does not fit its payment.
func refundBound(ctx context.Context, q store.Querier, paymentID int64) error {
	var status string
	var left int64
	if err := store.Get(ctx, q, `SELECT status, amount - refunded FROM payments WHERE id = ?`, []any{paymentID},
		&status, &left); err != nil {
		return err
	}
	switch {
	case status != statusComplete:
		return conflict("commerce_refund_not_complete")
	case left <= 0:
		return conflict("commerce_refund_nothing_left")
	}
	e := httpx.Invalid("amount", "commerce_refund_too_much")
	e.Detail["refundable"] = strconv.FormatInt(left, 10)
	return e
}

// refundSpent answers a top-up's refund the balance no longer covers, with
// what may be refunded now.
func (s *Service) refundSpent(ctx context.Context, p payment) error {
	var balance, left int64
	if err := store.Get(ctx, s.db, `SELECT a.balance, p.amount - p.refunded FROM payments p JOIN accounts a ON a.id = p.account_id
		WHERE p.id = ?`, []any{p.ID}, &balance, &left); err != nil {
		return err
	}
	return insufficientFunds("commerce_refund_spent", max(min(balance, left), 0), p.Currency)
}

// replayRefund answers a key used before: that refund stands. Asking its
// gateway again is safe (the gateway's key is the refund's) and needed when
// the first asking got no answer or its process died; a conditional update
// lets one request at a time do it.
func (s *Service) replayRefund(ctx context.Context, paymentID, amount int64, reason, key string) (refundRow, bool, error) {
	rf, err := refundByKey(ctx, s.db, paymentID, key)
	if err != nil {
		return rf, false, err
	}
	if rf.Amount != amount || rf.Reason != reason {
		return rf, false, errKeyReused()
	}
	now := s.now().Unix()
	stale := rf.Status == refundUnknown || (rf.Status == refundCreated && rf.UpdatedAt <= now-int64(refundLease/time.Second))
	if !stale {
		return rf, false, nil
	}
	res, err := s.db.Exec(ctx, `UPDATE payment_refunds SET status = ?, updated_at = ? WHERE id = ? AND status = ?
		AND updated_at = ?`, refundCreated, now, rf.ID, rf.Status, rf.UpdatedAt)
	if err != nil {
		return rf, false, err
	}
	n, _ := res.RowsAffected()
	return rf, n == 1, nil
}

// askRefund asks the gateway for the reserved refund rf and records the
// answer. It finishes even when the staff member's request goes away.
func (s *Service) askRefund(ctx context.Context, gw gateway.Gateway, p payment, rf refundRow) error {
	ctx = context.WithoutCancel(ctx)
	r, err := gw.Refund(ctx, *p.GatewayID, rf.Amount, p.Currency, fmt.Sprintf("efir-refund-%d-%d", p.ID, rf.ID))
	now := s.now().Unix()
	switch {
	case errors.Is(err, gateway.ErrRejected) || (err == nil && r.Status == gateway.StatusCanceled):
		slog.WarnContext(ctx, "refund refused by the gateway", "payment", p.ID, "refund", rf.ID, "err", err)
		if err := s.undoRefund(ctx, p, rf); err != nil {
			return err
		}
		return errRefundRejected()
	case err != nil:
		// The refund may have been made: it stays counted until the same
		// key asks again and hears.
		slog.WarnContext(ctx, "refund: the gateway did not answer", "payment", p.ID, "refund", rf.ID, "err", err)
		if _, err := s.db.Exec(ctx, `UPDATE payment_refunds SET status = ?, updated_at = ? WHERE id = ? AND status = ?`,
			refundUnknown, now, rf.ID, refundCreated); err != nil {
			return err
		}
		return httpx.New(http.StatusServiceUnavailable, "unavailable", "commerce_refund_unknown")
	}
	_, err = s.db.Exec(ctx, `UPDATE payment_refunds SET status = ?, gateway_refund_id = ?, updated_at = ? WHERE id = ?
		AND status = ?`, string(r.Status), r.ID, now, rf.ID, refundCreated)
	return err
}

// undoRefund gives a refused refund back: to the payment's refundable
// amount, and to the balance what came off it (a new entry: the ledger only
// grows).
func (s *Service) undoRefund(ctx context.Context, p payment, rf refundRow) error {
	now := s.now().Unix()
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		res, err := tx.Exec(ctx, `UPDATE payment_refunds SET status = ?, updated_at = ? WHERE id = ? AND status IN (?, ?)`,
			refundCanceled, now, rf.ID, refundCreated, refundUnknown)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		if _, err := tx.Exec(ctx, `UPDATE payments SET refunded = refunded - ? WHERE id = ?`, rf.Amount, p.ID); err != nil {
			return err
		}
		if rf.Reversed == 0 {
			return nil
		}
		_, err = post(ctx, tx, entry{AccountID: p.AccountID, UserID: p.UserID, Kind: entryReversal, Amount: rf.Reversed,
			Currency: p.Currency, Key: reversalKey(rf.ID) + ":undo", Description: rf.Reason}, now)
		return err
	})
}
