package yookassa

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"efir/internal/commerce/gateway"
)

const maxDescription = 128 // runes; YooKassa refuses a longer description

// Wire types: only the fields the adapter sends or reads.

type amountJSON struct {
	Value    string `json:"value"`
	Currency string `json:"currency"`
}

type paymentMethodData struct {
	Type  string `json:"type"`
	Phone string `json:"phone,omitempty"`
}

type confirmationRequest struct {
	Type      string `json:"type"`
	ReturnURL string `json:"return_url,omitempty"`
}

type createPayment struct {
	Amount            amountJSON           `json:"amount"`
	Capture           bool                 `json:"capture"`
	Description       string               `json:"description,omitempty"`
	Metadata          map[string]string    `json:"metadata,omitempty"`
	SavePaymentMethod bool                 `json:"save_payment_method,omitempty"`
	PaymentMethodID   string               `json:"payment_method_id,omitempty"`
	PaymentMethodData *paymentMethodData   `json:"payment_method_data,omitempty"`
	Confirmation      *confirmationRequest `json:"confirmation,omitempty"`
}

type paymentJSON struct {
	ID           string     `json:"id"`
	Status       string     `json:"status"`
	Amount       amountJSON `json:"amount"`
	Confirmation *struct {
		ConfirmationURL   string `json:"confirmation_url"`
		ConfirmationToken string `json:"confirmation_token"`
		ConfirmationData  string `json:"confirmation_data"` // the SBP QR payload
	} `json:"confirmation"`
	PaymentMethod *struct {
		ID    string `json:"id"`
		Saved bool   `json:"saved"`
		Card  *struct {
			Last4    string `json:"last4"`
			CardType string `json:"card_type"`
		} `json:"card"`
	} `json:"payment_method"`
	CancellationDetails *struct {
		Reason string `json:"reason"`
	} `json:"cancellation_details"`
	Metadata map[string]string `json:"metadata"`
}

// CreatePayment creates a one-stage payment. Asking again with the same
// IdempotencyKey gives the same payment.
func (c *Client) CreatePayment(ctx context.Context, req gateway.PaymentRequest) (gateway.Payment, error) {
	body, err := paymentBody(req)
	if err != nil {
		return gateway.Payment{}, err
	}
	var p paymentJSON
	if err := c.call(ctx, "POST", "/payments", req.IdempotencyKey, body, &p); err != nil {
		return gateway.Payment{}, err
	}
	return c.payment(p)
}

// GetPayment reads a payment back: the only source of truth about it.
func (c *Client) GetPayment(ctx context.Context, id string) (gateway.Payment, error) {
	if id == "" {
		return gateway.Payment{}, fmt.Errorf("%w: yookassa: empty payment id", gateway.ErrRejected)
	}
	var p paymentJSON
	if err := c.call(ctx, "GET", "/payments/"+url.PathEscape(id), "", nil, &p); err != nil {
		return gateway.Payment{}, err
	}
	return c.payment(p)
}

// paymentBody checks req and builds YooKassa's request. What YooKassa would
// refuse anyway is refused here as ErrRejected, so that no request is sent.
func paymentBody(req gateway.PaymentRequest) (createPayment, error) {
	reject := func(format string, args ...any) (createPayment, error) {
		return createPayment{}, fmt.Errorf("%w: yookassa: "+format, append([]any{gateway.ErrRejected}, args...)...)
	}
	if err := checkKey(req.IdempotencyKey); err != nil {
		return createPayment{}, err
	}
	if req.Amount <= 0 {
		return reject("amount %d is not positive", req.Amount)
	}
	if !validCurrency(req.Currency) {
		return reject("currency %q is not an ISO 4217 code", req.Currency)
	}
	value, _ := formatAmount(req.Amount)
	body := createPayment{
		Amount:      amountJSON{Value: value, Currency: req.Currency},
		Capture:     true, // one stage: nothing of ours waits to be shipped before capture
		Description: truncate(req.Description, maxDescription),
		Metadata:    req.Metadata,
	}
	if req.SavedCardToken != "" {
		// A saved card pays without the payer: no method data, no confirmation.
		body.PaymentMethodID = req.SavedCardToken
		return body, nil
	}
	body.SavePaymentMethod = req.SaveCard
	switch req.Method {
	case gateway.MethodCard, gateway.MethodSBP:
		body.PaymentMethodData = &paymentMethodData{Type: string(req.Method)}
	case gateway.MethodMobileBalance:
		if !allDigits(req.Phone) || len(req.Phone) > 15 {
			return reject("mobile balance needs the phone as up to 15 digits")
		}
		body.PaymentMethodData = &paymentMethodData{Type: string(req.Method), Phone: req.Phone}
	case "":
		// The payer picks the method on YooKassa's page or widget.
	default:
		return reject("unknown payment method %q", req.Method)
	}
	switch req.Confirmation {
	case gateway.ConfirmRedirect:
		if req.ReturnURL == "" {
			return reject("redirect confirmation needs a return URL")
		}
		body.Confirmation = &confirmationRequest{Type: "redirect", ReturnURL: req.ReturnURL}
	case gateway.ConfirmEmbedded, gateway.ConfirmQR:
		body.Confirmation = &confirmationRequest{Type: string(req.Confirmation)}
	case gateway.ConfirmNone:
		if req.Method == gateway.MethodMobileBalance {
			// The operator asks the payer by SMS, outside our pages; YooKassa
			// calls this confirmation "external".
			body.Confirmation = &confirmationRequest{Type: "external"}
		}
	default:
		return reject("unknown confirmation %q", req.Confirmation)
	}
	return body, nil
}

// payment maps YooKassa's payment object. An answer that cannot be read is
// ErrUnavailable: the payment may exist, we just do not know its state.
func (c *Client) payment(p paymentJSON) (gateway.Payment, error) {
	if p.ID == "" {
		return gateway.Payment{}, c.unavailable("payment", "answer without a payment id")
	}
	amount, err := parseAmount(p.Amount.Value)
	if err != nil {
		return gateway.Payment{}, c.unavailable("payment "+p.ID, err.Error())
	}
	out := gateway.Payment{
		ID:       p.ID,
		Amount:   amount,
		Currency: p.Amount.Currency,
		Metadata: p.Metadata,
	}
	switch p.Status {
	case "pending", "waiting_for_capture":
		// waiting_for_capture only happens with capture: false; the money is
		// not taken yet either way.
		out.Status = gateway.StatusPending
	case "succeeded":
		out.Status = gateway.StatusSucceeded
	case "canceled":
		out.Status = gateway.StatusCanceled
		if p.CancellationDetails != nil {
			out.FailureReason = p.CancellationDetails.Reason
		}
	default:
		return gateway.Payment{}, c.unavailable("payment "+p.ID, fmt.Sprintf("unknown status %q", p.Status))
	}
	if cf := p.Confirmation; cf != nil {
		out.ConfirmationURL = cf.ConfirmationURL
		out.ConfirmationToken = cf.ConfirmationToken
		out.QRPayload = cf.ConfirmationData
	}
	// A card is ours to keep only once YooKassa has saved it and the payment
	// went through.
	if pm := p.PaymentMethod; pm != nil && pm.Saved && pm.ID != "" && out.Status == gateway.StatusSucceeded {
		card := &gateway.Card{Token: pm.ID}
		if pm.Card != nil {
			card.Brand = strings.ToLower(pm.Card.CardType)
			card.Last4 = pm.Card.Last4
		}
		out.Card = card
	}
	return out, nil
}

// truncate keeps at most n runes of s.
func truncate(s string, n int) string {
	i := 0
	for at := range s {
		if i == n {
			return s[:at]
		}
		i++
	}
	return s
}
