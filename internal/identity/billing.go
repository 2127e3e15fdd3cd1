package identity

import "context"

// An operator's own billing may decide who signs in (AUTH) and keep the
// viewers' money, whose balance the apps then show (BALANCE). Package
// operator/billing implements both; without it nothing changes.

// Billing is the operators' billing as identity asks it.
type Billing interface {
	// Auth answers nil when the user may sign in, else the error the
	// viewer gets (the billing's reason).
	Auth(ctx context.Context, userID int64) error
	// Balance is the user's balance held in the billing (ok false: the
	// operator's billing keeps no money, or did not answer).
	Balance(ctx context.Context, userID int64) (amount int64, currency string, ok bool)
}

// SetBilling connects the operators' billings.
func (s *Service) SetBilling(b Billing) { s.billing = b }

// billingAuth asks the billing whether userID may sign in.
func (s *Service) billingAuth(ctx context.Context, userID int64) error {
	if s.billing == nil {
		return nil
	}
	return s.billing.Auth(ctx, userID)
}

// withBillingBalance shows the billing's balance on the account in its
// currency (a new one, id 0, when the viewer has none in it yet).
func (s *Service) withBillingBalance(ctx context.Context, userID int64, list []Account, err error) ([]Account, error) {
	if err != nil || s.billing == nil {
		return list, err
	}
	amount, currency, ok := s.billing.Balance(ctx, userID)
	if !ok {
		return list, nil
	}
	for i := range list {
		if list[i].Currency == currency {
			list[i].Balance = amount
			return list, nil
		}
	}
	return append(list, Account{Balance: amount, Currency: currency, IsPaymentAllowed: true}), nil
}
