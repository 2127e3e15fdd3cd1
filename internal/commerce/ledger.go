package commerce

import (
	"context"
	"errors"
	"fmt"

	"efir/internal/store"
)

// Ledger kinds: every change of a balance is one of these entries.
const (
	entryTopup       = "topup"
	entryCharge      = "charge"
	entryRefund      = "refund"
	entryPromoCredit = "promo_credit"
	entryAdjustment  = "adjustment"
	entryReversal    = "reversal"
)

var (
	// errInsufficient: the balance does not cover a charge.
	errInsufficient = errors.New("insufficient funds")
	// errReplayed: an entry with this key exists; nothing changed.
	errReplayed = errors.New("ledger entry already posted")
)

// account is the money account of a user in the operator's currency.
type account struct {
	ID       int64
	UserID   int64
	Balance  int64
	Currency string
	Allowed  bool
}

// accountOf gives the user's account in currency, making it the first time.
func accountOf(ctx context.Context, q store.Querier, userID int64, currency string) (account, error) {
	a := account{UserID: userID, Currency: currency}
	err := store.Get(ctx, q, `SELECT id, balance, is_payment_allowed FROM accounts WHERE user_id = ? AND currency = ?
		ORDER BY id LIMIT 1`, []any{userID, currency}, &a.ID, &a.Balance, &a.Allowed)
	if errors.Is(err, store.ErrNotFound) {
		a.Allowed = true
		a.ID, err = store.InsertID(ctx, q, `INSERT INTO accounts (user_id, balance, amount, currency, is_payment_allowed)
			VALUES (?, 0, 0, ?, TRUE) RETURNING id`, userID, currency)
	}
	return a, err
}

// lockAccount takes the account's row lock for the rest of the transaction
// (PostgreSQL; SQLite has one writer), so that concurrent purchases of one
// user run one after another and see each other's results.
func lockAccount(ctx context.Context, tx *store.Tx, accountID int64) error {
	_, err := tx.Exec(ctx, `UPDATE accounts SET balance = balance WHERE id = ?`, accountID)
	return err
}

// entry is one ledger posting.
type entry struct {
	AccountID   int64
	UserID      int64
	Kind        string
	Amount      int64 // signed: credits positive, charges negative
	Currency    string
	Key         string // unique: the same operation twice posts once
	Description string
}

// post adds e to the ledger and the account's balance in tx. A charge never
// takes the balance below zero (errInsufficient); a key already posted
// answers errReplayed and changes nothing.
func post(ctx context.Context, tx *store.Tx, e entry, now int64) (balanceAfter int64, err error) {
	if e.Key == "" || e.Amount == 0 {
		return 0, fmt.Errorf("ledger: entry needs a key and an amount")
	}
	var exists int
	if err := store.Get(ctx, tx, `SELECT COUNT(*) FROM ledger_entries WHERE idem_key = ?`, []any{e.Key}, &exists); err != nil {
		return 0, err
	}
	if exists > 0 {
		return 0, errReplayed
	}
	// The conditional update is the guard against overdraft, whatever ran
	// before it in this transaction.
	err = store.Get(ctx, tx, `UPDATE accounts SET balance = balance + ? WHERE id = ? AND balance + ? >= 0 RETURNING balance`,
		[]any{e.Amount, e.AccountID, e.Amount}, &balanceAfter)
	if errors.Is(err, store.ErrNotFound) {
		return 0, errInsufficient
	}
	if err != nil {
		return 0, err
	}
	_, err = tx.Exec(ctx, `INSERT INTO ledger_entries (account_id, user_id, kind, amount, currency, balance_after, idem_key,
		description, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		e.AccountID, e.UserID, e.Kind, e.Amount, e.Currency, balanceAfter, e.Key, e.Description, now)
	if errors.Is(err, store.ErrConflict) {
		return 0, errReplayed
	}
	return balanceAfter, err
}

// LedgerEntry is an entry as the viewer sees it.
type LedgerEntry struct {
	ID           int64  `json:"id"`
	Kind         string `json:"kind"`
	Amount       int64  `json:"amount"`
	Currency     string `json:"currency"`
	BalanceAfter int64  `json:"balance_after"`
	Description  string `json:"description"`
	CreatedAt    int64  `json:"created_at"`
}

const ledgerColumns = `id, kind, amount, currency, balance_after, description, created_at`

func scanEntry(r store.Scanner) (LedgerEntry, error) {
	var e LedgerEntry
	err := r.Scan(&e.ID, &e.Kind, &e.Amount, &e.Currency, &e.BalanceAfter, &e.Description, &e.CreatedAt)
	return e, err
}

func ledgerOf(ctx context.Context, q store.Querier, userID int64, limit, offset int) ([]LedgerEntry, error) {
	out := []LedgerEntry{}
	err := store.Each(ctx, q, `SELECT `+ledgerColumns+` FROM ledger_entries WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`,
		[]any{userID, limit, offset}, func(r store.Scanner) error {
			e, err := scanEntry(r)
			if err == nil {
				out = append(out, e)
			}
			return err
		})
	return out, err
}

// entryByKey is the entry posted with key (store.ErrNotFound: none).
func entryByKey(ctx context.Context, q store.Querier, key string) (LedgerEntry, error) {
	e, err := scanEntry(q.QueryRow(ctx, `SELECT `+ledgerColumns+` FROM ledger_entries WHERE idem_key = ?`, key))
	return e, store.MapErr(err)
}
