package sandbox

import (
	"context"
	"errors"
	"strings"

	"efir/internal/commerce/gateway"
	"efir/internal/store"
)

// Refund gives back amount of a succeeded payment, in full or in parts, never
// more than was paid minus what was refunded. One idempotency key is one
// refund: asking again gives the same refund back.
func (g *shop) Refund(ctx context.Context, paymentID string, amount int64, currency, idempotencyKey string) (gateway.Refund, error) {
	if strings.TrimSpace(idempotencyKey) == "" {
		return gateway.Refund{}, rejected("an idempotency key is required")
	}
	if r, err := g.refundByKey(ctx, paymentID, idempotencyKey); !errors.Is(err, store.ErrNotFound) {
		return r, err
	}
	if amount <= 0 {
		return gateway.Refund{}, rejected("refund amount must be positive")
	}
	p, err := g.load(ctx, paymentID)
	if err != nil {
		return gateway.Refund{}, err
	}
	if currency != "" && !strings.EqualFold(currency, p.Currency) {
		return gateway.Refund{}, rejected("refund currency differs from the payment's")
	}
	out := gateway.Refund{ID: "rf_" + randomHex(16), Status: gateway.StatusSucceeded, Amount: amount}
	now := g.s.now().Unix()
	err = g.s.db.Tx(ctx, func(tx *store.Tx) error {
		// The bound is checked in the update itself, so refunds made at
		// once by several copies of the server never add up past it.
		res, err := tx.Exec(ctx, `UPDATE sandbox_payments SET refunded = refunded + ?, updated_at = ?
			WHERE id = ? AND provider = ? AND status = 'succeeded' AND refunded + ? <= amount`,
			amount, now, p.ID, g.provider, amount)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return rejected("the payment has not succeeded or has less left to refund")
		}
		_, err = tx.Exec(ctx, `INSERT INTO sandbox_refunds (id, payment_id, provider, idempotency_key, amount, status, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`,
			out.ID, p.ID, g.provider, idempotencyKey, amount, string(out.Status), now)
		return err
	})
	switch {
	case err == nil:
		return out, nil
	case errors.Is(err, gateway.ErrRejected):
		return gateway.Refund{}, err
	case errors.Is(err, store.ErrConflict):
		// The same key was being refunded at the same time: that one stands.
		return g.refundByKey(ctx, paymentID, idempotencyKey)
	default:
		return gateway.Refund{}, unavailable(err)
	}
}

// refundByKey finds the refund made with key; store.ErrNotFound when none.
// A key already used for another payment is refused.
func (g *shop) refundByKey(ctx context.Context, paymentID, key string) (gateway.Refund, error) {
	var r gateway.Refund
	var forPayment, status string
	err := store.Get(ctx, g.s.db, `SELECT id, payment_id, amount, status FROM sandbox_refunds
		WHERE provider = ? AND idempotency_key = ?`, []any{g.provider, key},
		&r.ID, &forPayment, &r.Amount, &status)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return r, err
	case err != nil:
		return gateway.Refund{}, unavailable(err)
	case forPayment != paymentID:
		return gateway.Refund{}, rejected("the idempotency key was used for another payment")
	}
	r.Status = gateway.Status(status)
	return r, nil
}
