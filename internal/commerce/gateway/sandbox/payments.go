package sandbox

import (
	"context"
	"errors"
	"log/slog"
	"net/url"
	"strings"

	"efir/internal/commerce/gateway"
	"efir/internal/commerce/sbpqr"
	"efir/internal/httpx"
	"efir/internal/store"
)

// CreatePayment makes a payment, or gives back the one made earlier with the
// same idempotency key (its request is not compared: the key is the
// caller's promise that it is the same payment).
func (g *shop) CreatePayment(ctx context.Context, req gateway.PaymentRequest) (gateway.Payment, error) {
	if existing, err := loadPaymentByKey(ctx, g.s.db, g.provider, req.IdempotencyKey); err == nil {
		return existing.view(), nil
	} else if !errors.Is(err, store.ErrNotFound) {
		return gateway.Payment{}, unavailable(err)
	}
	p, code, err := g.newPayment(ctx, req)
	if err != nil {
		return gateway.Payment{}, err
	}
	created, err := insertPayment(ctx, g.s.db, p)
	if err != nil {
		return gateway.Payment{}, unavailable(err)
	}
	if !created {
		// Another request with the key won the race.
		existing, err := loadPaymentByKey(ctx, g.s.db, g.provider, req.IdempotencyKey)
		if err != nil {
			return gateway.Payment{}, unavailable(err)
		}
		return existing.view(), nil
	}
	if p.Method == gateway.MethodMobileBalance {
		if err := g.s.sendCode(ctx, p, code); err != nil {
			// The payment stands: its page offers to send the code again.
			slog.WarnContext(ctx, "sandbox: SMS code not sent", "payment", p.ID, "err", err)
		}
	}
	if p.final() {
		g.s.notify(ctx, g.s.notifyBase, p)
	}
	return p.view(), nil
}

// newPayment checks req and builds the row to insert; a saved card is
// decided here, before the row exists. smsCode is the code to send for a
// mobile-balance payment (only its hash is in the row).
func (g *shop) newPayment(ctx context.Context, req gateway.PaymentRequest) (p *payment, smsCode string, err error) {
	if strings.TrimSpace(req.IdempotencyKey) == "" {
		return nil, "", rejected("an idempotency key is required")
	}
	if req.Amount <= 0 {
		return nil, "", rejected("amount must be positive")
	}
	currency := strings.ToUpper(strings.TrimSpace(req.Currency))
	if len(currency) != 3 {
		return nil, "", rejected("currency must be an ISO 4217 code")
	}
	now := g.s.now().Unix()
	p = &payment{
		ID:             newPaymentID(),
		Provider:       g.provider,
		IdempotencyKey: req.IdempotencyKey,
		Status:         gateway.StatusPending,
		Amount:         req.Amount,
		Currency:       currency,
		Description:    req.Description,
		Method:         req.Method,
		ReturnURL:      req.ReturnURL,
		SaveCard:       req.SaveCard,
		Metadata:       req.Metadata,
		Lang:           payerLang(req.Metadata),
		CreatedAt:      now,
		UpdatedAt:      now,
	}
	switch {
	case req.SavedCardToken != "":
		if req.Method != gateway.MethodCard && req.Method != "" {
			return nil, "", rejected("a saved card pays by card only")
		}
		card, err := loadCard(ctx, g.s.db, g.provider, req.SavedCardToken)
		if errors.Is(err, store.ErrNotFound) {
			return nil, "", rejected("unknown saved card")
		} else if err != nil {
			return nil, "", unavailable(err)
		}
		o := savedCardOutcome(card)
		p.Method, p.SaveCard = gateway.MethodCard, false
		p.Status, p.FailureReason = o.Status, o.Reason
		p.CardBrand, p.CardLast4, p.CardToken = o.Brand, o.Last4, o.Token
	case req.Method == gateway.MethodCard:
		if req.Confirmation != gateway.ConfirmRedirect {
			return nil, "", rejected("a card payment is confirmed on the hosted page (redirect)")
		}
		p.Confirmation = string(gateway.ConfirmRedirect)
	case req.Method == gateway.MethodSBP:
		if currency != sbpqr.Currency {
			return nil, "", rejected("SBP pays in RUB only")
		}
		if req.Confirmation != gateway.ConfirmQR && req.Confirmation != gateway.ConfirmRedirect {
			return nil, "", rejected("an SBP payment is confirmed by QR code")
		}
		p.Confirmation = string(gateway.ConfirmQR)
		p.QRPayload = sbpqr.Payload(sbpqr.Params{QRID: sbpqr.NewQRID(), Bank: sbpqr.SandboxBank, Amount: req.Amount})
	case req.Method == gateway.MethodMobileBalance:
		phone := strings.TrimPrefix(strings.TrimSpace(req.Phone), "+")
		if len(phone) < 10 || len(phone) > 15 || !allDigits(phone) {
			return nil, "", rejected("mobile balance needs the payer's phone in digits")
		}
		smsCode = newSMSCode()
		p.Phone, p.SaveCard = phone, false
		p.Confirmation = string(gateway.ConfirmRedirect)
		p.SMSCodeHash, p.SMSSends = hashSMSCode(p.ID, smsCode), 1
	default:
		return nil, "", rejected("unknown payment method %q", req.Method)
	}
	return p, smsCode, nil
}

// payerLang is the language of texts sent to the payer: the caller may name
// it in the metadata ("lang"), the request has no Accept-Language.
func payerLang(meta map[string]string) string {
	if l := httpx.NormalizeLang(meta["lang"]); l != "" {
		return l
	}
	return "ru"
}

// GetPayment reads a payment of this operator.
func (g *shop) GetPayment(ctx context.Context, id string) (gateway.Payment, error) {
	p, err := g.load(ctx, id)
	if err != nil {
		return gateway.Payment{}, err
	}
	return p.view(), nil
}

// load reads a payment of this operator, mapping "none" to ErrRejected.
func (g *shop) load(ctx context.Context, id string) (*payment, error) {
	if !validPaymentID(id) {
		return nil, rejected("unknown payment")
	}
	p, err := loadPayment(ctx, g.s.db, g.provider, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, rejected("unknown payment")
	} else if err != nil {
		return nil, unavailable(err)
	}
	return p, nil
}

// safeReturnURL is the payment's return address when it is one the page may
// send the payer to: absolute http or https only.
func safeReturnURL(s string) string {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	return u.String()
}
