package providerapi

import (
	"context"
	"net/http"

	"efir/internal/httpx"
	"efir/internal/operator/billing"
)

// Billing is the operator's own billing as the provider API sees it: the
// balance it keeps for a subscriber (the reference's SourceAccount).
type Billing interface {
	SourceAccount(ctx context.Context, providerID, userID int64) (billing.SourceAccount, bool, error)
	PushBalance(ctx context.Context, providerID, userID, amount int64) (billing.SourceAccount, error)
}

// SetBilling connects the operators' billings (made after the API).
func (s *Service) SetBilling(b Billing) { s.billing = b }

// PaymentSource names where a source account's money is: the operator's
// billing.
type PaymentSource struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// SourceAccount is the balance the operator's billing keeps for the
// subscriber, as Efir shows it in the apps. id is the operator's.
type SourceAccount struct {
	ID       int64         `json:"id"`
	Source   PaymentSource `json:"source"`
	Amount   string        `json:"amount"`
	Currency string        `json:"currency"`
	// UpdatedAt is when the billing last told it (pushed or answered).
	UpdatedAt string `json:"updated_at"`
}

func sourceAccountView(a billing.SourceAccount) SourceAccount {
	return SourceAccount{ID: a.ProviderID, Source: PaymentSource{Name: "billing", Type: "billing"},
		Amount: money(a.Amount), Currency: a.Currency, UpdatedAt: stamp(a.UpdatedAt)}
}

// handleSourceAccounts lists the subscriber's balance in the operator's
// billing: one account, or none while the billing callbacks are off or the
// billing has told no balance yet.
func (s *Service) handleSourceAccounts(w http.ResponseWriter, r *http.Request) error {
	u, err := s.user(r, "user_id")
	if err != nil {
		return err
	}
	out := []SourceAccount{}
	if s.billing != nil {
		a, ok, err := s.billing.SourceAccount(r.Context(), u.ProviderID, u.ID)
		if err != nil {
			return err
		}
		if ok {
			out = append(out, sourceAccountView(a))
		}
	}
	httpx.OK(w, out)
	return nil
}

// sourceAccountBody is what the billing pushes: the balance, in the
// reference's decimal form (it may be negative: credit the billing gives).
type sourceAccountBody struct {
	Amount *httpx.Text `json:"amount"`
}

// handlePushSourceAccount takes the balance the billing keeps for the
// subscriber; the apps show it at once and Efir stops asking BALANCE for
// a while. Only for operators whose billing callbacks are on (409).
func (s *Service) handlePushSourceAccount(w http.ResponseWriter, r *http.Request) error {
	u, err := s.user(r, "user_id")
	if err != nil {
		return err
	}
	var b sourceAccountBody
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	if b.Amount == nil {
		return httpx.Invalid("amount", "providerapi_amount_invalid")
	}
	amount, ok := minorUnits(b.Amount.String())
	if !ok {
		return httpx.Invalid("amount", "providerapi_amount_invalid")
	}
	if s.billing == nil {
		return httpx.New(http.StatusConflict, httpx.TypeConflict, "billing_cb_off")
	}
	var before any
	if a, ok, err := s.billing.SourceAccount(r.Context(), u.ProviderID, u.ID); err == nil && ok {
		before = sourceAccountView(a)
	}
	a, err := s.billing.PushBalance(r.Context(), u.ProviderID, u.ID, amount)
	if err != nil {
		return err
	}
	if err := s.audit(r, "account.source_balance", u.ID, before, sourceAccountView(a)); err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, sourceAccountView(a))
	return nil
}
