package providerapi

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"efir/internal/commerce"
	"efir/internal/httpx"
	"efir/internal/store"
)

// handleCreateAccount makes sure the subscriber has an account in the
// operator's currency: 201 when it was made now, 200 with the one there.
// Its balance starts at zero and changes only by transactions.
func (s *Service) handleCreateAccount(w http.ResponseWriter, r *http.Request) error {
	u, err := s.user(r, "user_id")
	if err != nil {
		return err
	}
	id, created, err := s.cfg.Shop.APIAccount(r.Context(), u.ProviderID, u.ID)
	if err != nil {
		return err
	}
	if u, err = s.user(r, "user_id"); err != nil {
		return err
	}
	for _, a := range accountViews(u.Accounts) {
		if a.ID != id {
			continue
		}
		status := http.StatusOK
		if created {
			status = http.StatusCreated
			if err := s.audit(r, "account.create", u.ID, nil, a); err != nil {
				return err
			}
		}
		httpx.WriteJSON(w, status, a)
		return nil
	}
	return httpx.NotFound()
}

// transactionBody is what POST of a transaction takes: a signed amount in
// the reference's decimal form, what it is for, and an idempotency key (or
// the Idempotency-Key header).
type transactionBody struct {
	Amount         *httpx.Text `json:"amount"`
	Description    *httpx.Text `json:"description"`
	IdempotencyKey *httpx.Text `json:"idempotency_key"`
}

// amountPattern is the reference's decimal: up to 8 digits and 2 places.
var amountPattern = regexp.MustCompile(`^-?\d{1,8}(\.\d{1,2})?$`)

// minorUnits reads a decimal amount ("100", "-5.5", "199.00") into minor
// units without floats.
func minorUnits(s string) (int64, bool) {
	if !amountPattern.MatchString(s) {
		return 0, false
	}
	neg := strings.HasPrefix(s, "-")
	whole, frac, _ := strings.Cut(strings.TrimPrefix(s, "-"), ".")
	frac = (frac + "00")[:2]
	w, err1 := strconv.ParseInt(whole, 10, 64)
	f, err2 := strconv.ParseInt(frac, 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	n := w*100 + f
	if neg {
		n = -n
	}
	return n, true
}

// defaultDescription describes an entry posted without a description.
const defaultDescription = "provider API"

// maxDescription bounds what a transaction is for.
const maxDescription = 200

// maxKey bounds an idempotency key.
const maxKey = 100

// handleCreateTransaction credits (amount > 0) or debits (amount < 0) the
// account. The same idempotency key again posts nothing and answers the
// first entry (200); with another amount or description it is refused
// (409). A debit never takes the balance below zero (409
// insufficient_funds).
func (s *Service) handleCreateTransaction(w http.ResponseWriter, r *http.Request) error {
	u, err := s.user(r, "user_id")
	if err != nil {
		return err
	}
	accountID, err := httpx.PathID(r, "account_id")
	if err != nil {
		return err
	}
	currency := ""
	for _, a := range u.Accounts {
		if a.ID == accountID {
			currency = a.Currency
		}
	}
	if currency == "" {
		return httpx.NotFound()
	}
	var b transactionBody
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	if b.Amount == nil {
		return httpx.Invalid("amount", "providerapi_amount_invalid")
	}
	amount, ok := minorUnits(b.Amount.String())
	if !ok || amount == 0 {
		return httpx.Invalid("amount", "providerapi_amount_invalid")
	}
	key := strings.TrimSpace(r.Header.Get("Idempotency-Key"))
	if b.IdempotencyKey != nil && b.IdempotencyKey.String() != "" {
		key = b.IdempotencyKey.String()
	}
	if key == "" || len(key) > maxKey {
		return httpx.Invalid("idempotency_key", "providerapi_key_required")
	}
	description := defaultDescription
	if b.Description != nil && b.Description.String() != "" {
		description = b.Description.String()
	}
	if utf8.RuneCountInString(description) > maxDescription {
		return httpx.Invalid("description", "providerapi_description_invalid")
	}
	c := callerOf(r.Context())
	p, err := s.cfg.Operators.ByID(r.Context(), c.ProviderID)
	if err != nil {
		return err
	}
	if iso := p.Currency.ISOCode; iso != "" && iso != currency {
		return httpx.New(http.StatusConflict, httpx.TypeConflict, "providerapi_account_currency")
	}
	action := "account.credit"
	if amount < 0 {
		action = "account.debit"
	}
	e, replayed, err := s.cfg.Shop.APIAdjust(r.Context(), c.ProviderID, u.ID, amount, description, key,
		func(q store.Querier, e commerce.LedgerEntry) error {
			return s.auditIn(q, r, action, u.ID, nil, map[string]any{"account_id": accountID,
				"transaction": transactionView(e), "idempotency_key": key})
		})
	if err != nil {
		return err
	}
	status := http.StatusCreated
	if replayed {
		status = http.StatusOK
	}
	httpx.WriteJSON(w, status, transactionView(e))
	return nil
}
