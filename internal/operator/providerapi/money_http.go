package providerapi

import (
	"net/http"

	"efir/internal/httpx"
)

// handleAccounts lists the subscriber's accounts (one per currency; the
// reference keeps a list for the same reason).
func (s *Service) handleAccounts(w http.ResponseWriter, r *http.Request) error {
	u, err := s.user(r, "user_id")
	if err != nil {
		return err
	}
	httpx.OK(w, accountViews(u.Accounts))
	return nil
}

// handleTransactions lists an account's ledger, the newest first.
func (s *Service) handleTransactions(w http.ResponseWriter, r *http.Request) error {
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
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	entries, err := s.cfg.Shop.StaffLedger(r.Context(), u.ProviderID, u.ID, limit, offset)
	if err != nil {
		return err
	}
	out := make([]Transaction, 0, len(entries))
	for _, e := range entries {
		// A subscriber has one account per currency: the ledger's entries
		// in the account's currency are the account's.
		if e.Currency == currency {
			out = append(out, transactionView(e))
		}
	}
	httpx.OK(w, out)
	return nil
}
