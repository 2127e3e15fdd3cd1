package billing

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"efir/internal/httpx"
	"efir/internal/store"
)

// The balance an operator's billing keeps for a subscriber reaches Efir two
// ways: the billing answers BALANCE when asked, or it pushes the balance
// through the provider API (provider/account) whenever it changes. Both
// land in billing_balances, which every copy of Efir reads, so a push shows
// at once and the last known balance survives a restart.

// SourceAccount is a subscriber's balance as the billing last told it.
type SourceAccount struct {
	ProviderID int64
	UserID     int64
	Amount     int64 // minor units
	Currency   string
	UpdatedAt  int64
}

// storedBalance reads the last balance the billing gave for userID.
func storedBalance(ctx context.Context, q store.Querier, userID int64) (SourceAccount, bool, error) {
	a := SourceAccount{UserID: userID}
	err := store.Get(ctx, q, `SELECT provider_id, amount, currency, updated_at FROM billing_balances WHERE user_id = ?`,
		[]any{userID}, &a.ProviderID, &a.Amount, &a.Currency, &a.UpdatedAt)
	if errors.Is(err, store.ErrNotFound) {
		return a, false, nil
	}
	return a, err == nil, err
}

// keepBalance stores a balance the billing gave (an answer or a push).
func keepBalance(ctx context.Context, q store.Querier, a SourceAccount) error {
	_, err := q.Exec(ctx, `INSERT INTO billing_balances (user_id, provider_id, amount, currency, updated_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET provider_id = excluded.provider_id,
		amount = excluded.amount, currency = excluded.currency, updated_at = excluded.updated_at`,
		a.UserID, a.ProviderID, a.Amount, a.Currency, a.UpdatedAt)
	return err
}

// SourceAccount is the subscriber's balance in the operator's billing (ok
// false: the billing is off for the operator, or has not told one yet).
func (s *Service) SourceAccount(ctx context.Context, providerID, userID int64) (SourceAccount, bool, error) {
	if !s.KeepsMoney(ctx, providerID) {
		return SourceAccount{}, false, nil
	}
	a, ok, err := storedBalance(ctx, s.db, userID)
	if err != nil || !ok || a.ProviderID != providerID {
		return SourceAccount{}, false, err
	}
	return a, true, nil
}

// PushBalance takes the balance the billing pushes for a subscriber of
// providerID; it shows in the apps at once. An operator whose billing
// callbacks are off has no such account (409).
func (s *Service) PushBalance(ctx context.Context, providerID, userID, amount int64) (SourceAccount, error) {
	if !s.KeepsMoney(ctx, providerID) {
		return SourceAccount{}, httpx.New(http.StatusConflict, httpx.TypeConflict, "billing_cb_off")
	}
	a := SourceAccount{ProviderID: providerID, UserID: userID, Amount: amount, Currency: s.currencyOf(ctx, providerID),
		UpdatedAt: s.now()}
	if err := keepBalance(ctx, s.db, a); err != nil {
		return SourceAccount{}, err
	}
	s.cacheBalance(userID, cachedBalance{amount: a.Amount, currency: a.Currency, at: s.cfg.Now()})
	return a, nil
}

// rememberAnswer keeps a balance the billing answered, in memory and in
// the database (for the other copies and for when the billing is down).
func (s *Service) rememberAnswer(ctx context.Context, providerID, userID, amount int64, currency string) {
	s.cacheBalance(userID, cachedBalance{amount: amount, currency: currency, at: s.cfg.Now()})
	a := SourceAccount{ProviderID: providerID, UserID: userID, Amount: amount, Currency: currency, UpdatedAt: s.now()}
	if err := keepBalance(context.WithoutCancel(ctx), s.db, a); err != nil {
		slog.WarnContext(ctx, "billing balance not stored", "user", userID, "err", err)
	}
}

// cacheBalance keeps a balance on this copy, forgetting stale ones when
// the map grows large.
func (s *Service) cacheBalance(userID int64, c cachedBalance) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.balance[userID] = c
	if len(s.balance) > 100_000 {
		for k, v := range s.balance {
			if c.at.Sub(v.at) > balanceTTL {
				delete(s.balance, k)
			}
		}
	}
}
