package identity

import (
	"context"
	"net/http"

	"efir/internal/httpx"
	"efir/internal/store"
)

// Accounts are the user's money accounts (integer minor units with their
// currency). Identity only reads them; payments and purchases (commerce)
// change them.

// accountsOf lists the user's accounts, oldest first (also embedded in the
// User answer).
func (s *Service) accountsOf(ctx context.Context, userID int64) ([]Account, error) {
	list, err := accountsIn(ctx, s.db, userID)
	return s.withBillingBalance(ctx, userID, list, err)
}

func accountsIn(ctx context.Context, q store.Querier, userID int64) ([]Account, error) {
	rows, err := q.Query(ctx, `SELECT id, balance, amount, currency, is_payment_allowed FROM accounts
		WHERE user_id = ? ORDER BY id`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Account{}
	for rows.Next() {
		var a Account
		if err := rows.Scan(&a.ID, &a.Balance, &a.Amount, &a.Currency, &a.IsPaymentAllowed); err != nil {
			return nil, store.MapErr(err)
		}
		out = append(out, a)
	}
	return out, store.MapErr(rows.Err())
}

// balanceOf sums the accounts held in currency; accounts in another currency
// are left out (no exchange rates here).
func balanceOf(accounts []Account, currency string) Balance {
	b := Balance{Currency: currency}
	for _, a := range accounts {
		if a.Currency == currency {
			b.Balance += a.Balance
		}
	}
	return b
}

// handleAccounts answers GET /v2/users/self/accounts.
func (s *Service) handleAccounts(w http.ResponseWriter, r *http.Request) error {
	list, err := s.accountsOf(r.Context(), httpx.SessionFrom(r.Context()).UserID)
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}

// handleBalance answers GET /v2/users/self/balance.
func (s *Service) handleBalance(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	sess := httpx.SessionFrom(ctx)
	p, err := s.providers.ByID(ctx, sess.ProviderID)
	if err != nil {
		return err
	}
	currency := p.Currency.ISOCode
	if currency == "" {
		currency = "RUB"
	}
	list, err := s.accountsOf(ctx, sess.UserID)
	if err != nil {
		return err
	}
	httpx.OK(w, balanceOf(list, currency))
	return nil
}
