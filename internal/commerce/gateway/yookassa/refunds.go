package yookassa

import (
	"context"
	"fmt"

	"efir/internal/commerce/gateway"
)

type createRefund struct {
	PaymentID string     `json:"payment_id"`
	Amount    amountJSON `json:"amount"`
}

type refundJSON struct {
	ID     string     `json:"id"`
	Status string     `json:"status"`
	Amount amountJSON `json:"amount"`
}

// Refund returns amount (minor units) of a succeeded payment. Asking again
// with the same idempotencyKey gives the same refund, never a second one.
func (c *Client) Refund(ctx context.Context, paymentID string, amount int64, currency, idempotencyKey string) (gateway.Refund, error) {
	if err := checkKey(idempotencyKey); err != nil {
		return gateway.Refund{}, err
	}
	if paymentID == "" || amount <= 0 || !validCurrency(currency) {
		return gateway.Refund{}, fmt.Errorf("%w: yookassa: refund needs a payment id, a positive amount and a currency",
			gateway.ErrRejected)
	}
	value, _ := formatAmount(amount)
	body := createRefund{PaymentID: paymentID, Amount: amountJSON{Value: value, Currency: currency}}
	var r refundJSON
	if err := c.call(ctx, "POST", "/refunds", idempotencyKey, body, &r); err != nil {
		return gateway.Refund{}, err
	}
	if r.ID == "" {
		return gateway.Refund{}, c.unavailable("refund", "answer without a refund id")
	}
	got, err := parseAmount(r.Amount.Value)
	if err != nil {
		return gateway.Refund{}, c.unavailable("refund "+r.ID, err.Error())
	}
	out := gateway.Refund{ID: r.ID, Amount: got}
	switch r.Status {
	case "pending":
		out.Status = gateway.StatusPending
	case "succeeded":
		out.Status = gateway.StatusSucceeded
	case "canceled":
		out.Status = gateway.StatusCanceled
	default:
		return gateway.Refund{}, c.unavailable("refund "+r.ID, fmt.Sprintf("unknown status %q", r.Status))
	}
	return out, nil
}
