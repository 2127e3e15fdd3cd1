package sandbox

import (
	"context"
	"encoding/json"
	"errors"

	"efir/internal/commerce/gateway"
	"efir/internal/store"
)

// payment is one row of sandbox_payments.
type payment struct {
	ID             string
	Provider       string
	IdempotencyKey string
	Status         gateway.Status
	FailureReason  string
	Amount         int64
	Currency       string
	Refunded       int64
	Description    string
	Method         gateway.Method
	Confirmation   string // '' (saved card), "redirect" or "qr"
	ReturnURL      string
	SaveCard       bool
	Metadata       map[string]string
	Lang           string
	Challenge      string // '' or challenge3DS
	CardBrand      string
	CardLast4      string
	CardToken      string
	QRPayload      string
	Phone          string
	SMSCodeHash    string
	SMSTries       int
	SMSSends       int
	CreatedAt      int64
	UpdatedAt      int64
}

const challenge3DS = "3ds"

func (p *payment) final() bool { return p.Status != gateway.StatusPending }

// view is the payment as the gateway interface describes it.
func (p *payment) view() gateway.Payment {
	out := gateway.Payment{
		ID:            p.ID,
		Status:        p.Status,
		Amount:        p.Amount,
		Currency:      p.Currency,
		QRPayload:     p.QRPayload,
		FailureReason: p.FailureReason,
	}
	if len(p.Metadata) > 0 {
		out.Metadata = make(map[string]string, len(p.Metadata))
		for k, v := range p.Metadata {
			out.Metadata[k] = v
		}
	}
	if p.Confirmation != "" {
		out.ConfirmationURL = PagesPrefix + p.ID
	}
	if p.Status == gateway.StatusSucceeded && p.CardToken != "" {
		out.Card = &gateway.Card{Token: p.CardToken, Brand: p.CardBrand, Last4: p.CardLast4}
	}
	return out
}

const paymentColumns = `id, provider, idempotency_key, status, failure_reason, amount, currency,
	refunded, description, method, confirmation, return_url, save_card, metadata, lang, challenge,
	card_brand, card_last4, card_token, qr_payload, phone, sms_code_hash, sms_tries, sms_sends,
	created_at, updated_at`

// insertPayment stores p unless its (provider, idempotency key) exists;
// created tells which happened. The conflict is settled by the unique index,
// so two copies of the server asked at once still make one payment.
func insertPayment(ctx context.Context, q store.Querier, p *payment) (created bool, err error) {
	meta, err := json.Marshal(p.Metadata)
	if err != nil {
		return false, err
	}
	res, err := q.Exec(ctx, `INSERT INTO sandbox_payments (`+paymentColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (provider, idempotency_key) DO NOTHING`,
		p.ID, p.Provider, p.IdempotencyKey, string(p.Status), p.FailureReason, p.Amount, p.Currency,
		p.Refunded, p.Description, string(p.Method), p.Confirmation, p.ReturnURL, p.SaveCard, string(meta),
		p.Lang, p.Challenge, p.CardBrand, p.CardLast4, p.CardToken, p.QRPayload, p.Phone, p.SMSCodeHash,
		p.SMSTries, p.SMSSends, p.CreatedAt, p.UpdatedAt)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// loadPayment reads a payment by id. provider "" reads any operator's (the
// hosted pages, which know the id only); otherwise another operator's
// payment is not found.
func loadPayment(ctx context.Context, q store.Querier, provider, id string) (*payment, error) {
	query := `SELECT ` + paymentColumns + ` FROM sandbox_payments WHERE id = ?`
	args := []any{id}
	if provider != "" {
		query += ` AND provider = ?`
		args = append(args, provider)
	}
	return scanPayment(q.QueryRow(ctx, query, args...))
}

func loadPaymentByKey(ctx context.Context, q store.Querier, provider, key string) (*payment, error) {
	return scanPayment(q.QueryRow(ctx, `SELECT `+paymentColumns+` FROM sandbox_payments
		WHERE provider = ? AND idempotency_key = ?`, provider, key))
}

func scanPayment(row store.Scanner) (*payment, error) {
	var p payment
	var status, method, meta string
	err := row.Scan(&p.ID, &p.Provider, &p.IdempotencyKey, &status, &p.FailureReason, &p.Amount,
		&p.Currency, &p.Refunded, &p.Description, &method, &p.Confirmation, &p.ReturnURL, &p.SaveCard,
		&meta, &p.Lang, &p.Challenge, &p.CardBrand, &p.CardLast4, &p.CardToken, &p.QRPayload, &p.Phone,
		&p.SMSCodeHash, &p.SMSTries, &p.SMSSends, &p.CreatedAt, &p.UpdatedAt)
	if err != nil {
		return nil, store.MapErr(err)
	}
	p.Status, p.Method = gateway.Status(status), gateway.Method(method)
	if meta != "" && meta != "null" {
		if err := json.Unmarshal([]byte(meta), &p.Metadata); err != nil {
			return nil, err
		}
	}
	return &p, nil
}

// outcome is how a pending payment ends, with the card it was paid by.
type outcome struct {
	Status gateway.Status
	Reason string
	Brand  string
	Last4  string
	Token  string // the saved card used or saved; '' none
}

// anyChallenge lets settle end a payment whatever page it is on (the payer
// cancels); otherwise settle ends it only from the page the payer saw.
const anyChallenge = "*"

// settle ends a pending payment. It is a no-op (false) when the payment is
// no longer pending or has moved to another page meanwhile: a double submit,
// or another copy of the server was faster. The caller then shows whatever
// the row says now.
func settle(ctx context.Context, q store.Querier, id, fromChallenge string, o outcome, now int64) (bool, error) {
	res, err := q.Exec(ctx, `UPDATE sandbox_payments
		SET status = ?, failure_reason = ?, card_brand = ?, card_last4 = ?, card_token = ?,
			challenge = '', sms_code_hash = '', updated_at = ?
		WHERE id = ? AND status = 'pending' AND (CAST(? AS TEXT) = '*' OR challenge = ?)`,
		string(o.Status), o.Reason, o.Brand, o.Last4, o.Token, now, id, fromChallenge, fromChallenge)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// openChallenge moves a pending card payment to the 3-D Secure page,
// remembering only what may be kept of the card typed in.
func openChallenge(ctx context.Context, q store.Querier, id, brand, last4 string, now int64) (bool, error) {
	res, err := q.Exec(ctx, `UPDATE sandbox_payments
		SET challenge = ?, card_brand = ?, card_last4 = ?, updated_at = ?
		WHERE id = ? AND status = 'pending' AND challenge = ''`,
		challenge3DS, brand, last4, now, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// errRaced rolls back a transaction whose conditional update found the
// payment changed by someone else.
var errRaced = errors.New("sandbox: payment changed meanwhile")
