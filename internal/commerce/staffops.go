package commerce

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/store"
)

// Staff operations: what the operator console does to one subscriber's
// subscriptions and money (internal/operator calls them after its own
// permission check). Every call names the operator the staff member works
// for: a subscriber, subscription, packet or payment of another operator or
// another subscriber is not found, never forbidden, so ids reveal nothing.
// Validation failures are *httpx.Error values the console answers as they are.

const (
	// staffSubscriptionsMax: the console lists this many subscriptions.
	staffSubscriptionsMax = 100
	// reasonMaxRunes bounds a reason staff give for a money change.
	reasonMaxRunes = 200
	// staffKeyMax bounds a console idempotency key (the console prefixes its
	// own 64 characters).
	staffKeyMax = 128
)

// staffSubscriber checks that userID is a subscriber (not a guest) of
// providerID, the check every staff call starts with.
func (s *Service) staffSubscriber(ctx context.Context, providerID, userID int64) error {
	var n int
	if err := store.Get(ctx, s.db, `SELECT COUNT(*) FROM users WHERE id = ? AND provider_id = ? AND is_guest = FALSE`,
		[]any{userID, providerID}, &n); err != nil {
		return err
	}
	if n == 0 {
		return httpx.NotFound()
	}
	return nil
}

// staffOperator is staffSubscriber that also gives the operator (its
// currency, its gateway).
func (s *Service) staffOperator(ctx context.Context, providerID, userID int64) (*provider.Provider, error) {
	if err := s.staffSubscriber(ctx, providerID, userID); err != nil {
		return nil, err
	}
	return s.provider(ctx, providerID)
}

// staffNote checks what every money change by staff carries: a reason (it
// becomes the ledger entry's description) and an idempotency key.
func staffNote(reason, key string) (string, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" || utf8.RuneCountInString(reason) > reasonMaxRunes {
		return "", httpx.Invalid("reason", "commerce_staff_reason_invalid")
	}
	if key == "" || len(key) > staffKeyMax {
		return "", httpx.Invalid("idempotency_key", "commerce_staff_key_invalid")
	}
	return reason, nil
}

// staffPage bounds a list request as the API does (DESIGN 3).
func staffPage(limit, offset int) (int, int) {
	if limit <= 0 {
		limit = 20
	}
	return min(limit, 100), max(offset, 0)
}

// conflict answers a change the state does not allow (409).
func conflict(key string) *httpx.Error {
	return httpx.New(http.StatusConflict, httpx.TypeConflict, key)
}

// errKeyReused: an idempotency key comes back with another request; the
// first one stands and the second is refused rather than answered as done.
func errKeyReused() *httpx.Error { return conflict("commerce_staff_key_reused") }

// insufficientFunds answers a change the balance cannot cover; amount is
// what may be taken (a debit's balance, a refund's part still there).
func insufficientFunds(key string, amount int64, currency string) *httpx.Error {
	e := httpx.New(http.StatusConflict, "insufficient_funds", key)
	e.Detail = map[string]string{"amount": strconv.FormatInt(amount, 10), "currency": currency}
	return e
}

// StaffLedger is the subscriber's balance ledger, newest first.
func (s *Service) StaffLedger(ctx context.Context, providerID, userID int64, limit, offset int) ([]LedgerEntry, error) {
	if err := s.staffSubscriber(ctx, providerID, userID); err != nil {
		return nil, err
	}
	limit, offset = staffPage(limit, offset)
	return ledgerOf(ctx, s.db, userID, limit, offset)
}

// StaffAdjust credits (amount > 0) or debits (amount < 0) the subscriber's
// balance in the operator's currency as an 'adjustment' entry described by
// reason. A debit never takes the balance below zero (409
// insufficient_funds, detail amount = the balance). The same key gives the
// same entry back and posts nothing; with another amount or reason it is
// refused (409 conflict). |amount| is at most maxPayment: a typo must not
// become millions.
func (s *Service) StaffAdjust(ctx context.Context, providerID, userID, amount int64, reason, key string) (LedgerEntry, error) {
	reason, err := staffNote(reason, key)
	if err != nil {
		return LedgerEntry{}, err
	}
	if amount == 0 || amount > maxPayment || amount < -maxPayment {
		return LedgerEntry{}, httpx.Invalid("amount", "commerce_amount_invalid")
	}
	prov, err := s.staffOperator(ctx, providerID, userID)
	if err != nil {
		return LedgerEntry{}, err
	}
	currency := currencyOf(prov)
	ledgerKey := fmt.Sprintf("adjust:%d:%s", userID, key)
	var balance int64
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		acc, err := accountOf(ctx, tx, userID, currency)
		if err != nil {
			return err
		}
		// The lock makes a second request with the key wait for the first
		// and then find its entry.
		if err := lockAccount(ctx, tx, acc.ID); err != nil {
			return err
		}
		if err := store.Get(ctx, tx, `SELECT balance FROM accounts WHERE id = ?`, []any{acc.ID}, &balance); err != nil {
			return err
		}
		_, err = post(ctx, tx, entry{AccountID: acc.ID, UserID: userID, Kind: entryAdjustment, Amount: amount,
			Currency: currency, Key: ledgerKey, Description: reason}, s.now().Unix())
		return err
	})
	switch {
	case errors.Is(err, errInsufficient):
		return LedgerEntry{}, insufficientFunds("commerce_insufficient_funds", max(balance, 0), currency)
	case err != nil && !errors.Is(err, errReplayed):
		return LedgerEntry{}, err
	}
	e, err := entryByKey(ctx, s.db, ledgerKey)
	if err != nil {
		return LedgerEntry{}, err
	}
	if e.Amount != amount || e.Description != reason {
		return LedgerEntry{}, errKeyReused()
	}
	return e, nil
}
