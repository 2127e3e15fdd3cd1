package commerce

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"efir/internal/httpx"
	"efir/internal/store"
)

// Renewals: each due subscription (renewing, its period over) is charged
// for its next period from the balance, else from the primary saved card.
// subscription_charges holds one row per subscription and period start, so
// the charge happens once whoever runs the job, however often.

// retrySchedule is the wait after each failed renewal; after the last the
// subscription ends.
var retrySchedule = []time.Duration{time.Hour, 24 * time.Hour, 3 * 24 * time.Hour}

// errRenewalDone: the period is charged already, or the subscription is no
// longer due (paused or ended meanwhile).
var errRenewalDone = errors.New("period already charged")

// RenewDue lifts the pauses whose planned end has come, then charges every
// subscription due at now, in batches; it answers how many were renewed.
// Several copies may run it at once. On PostgreSQL
// the batches of one round run in parallel (the round trips dominate); on
// SQLite one writer does them in turn.
func (s *Service) RenewDue(ctx context.Context) (int, error) {
	// A pause lifted at its planned end may make its subscription due.
	if _, err := s.resumeDue(ctx); err != nil {
		return 0, err
	}
	workers := 1
	if s.db.Dialect() == store.Postgres {
		workers = renewWorkers
	}
	renewed := 0
	var lastEnd, lastID int64 = -1 << 62, 0
	for {
		now := s.now().Unix()
		var due []subRow
		err := store.Each(ctx, s.db, `SELECT `+subColumns+` FROM subscriptions WHERE renew = TRUE AND closed_at = 0
			AND paused_at = 0 AND end_at <= ? AND retry_at <= ? AND (end_at > ? OR (end_at = ? AND id > ?))
			ORDER BY end_at, id LIMIT ?`, []any{now, now, lastEnd, lastEnd, lastID, renewBatch * workers},
			func(r store.Scanner) error {
				x, err := scanSub(r)
				if err == nil {
					due = append(due, x)
				}
				return err
			})
		if err != nil || len(due) == 0 {
			return renewed, err
		}
		lastEnd, lastID = due[len(due)-1].EndAt, due[len(due)-1].ID
		s.billRenewals(ctx, due)
		after, err := afterRenew(ctx, s.db)
		if err != nil {
			return renewed, err
		}
		var mu sync.Mutex
		var short []subRow
		g, gctx := errgroup.WithContext(ctx)
		for start := 0; start < len(due); start += renewBatch {
			chunk := due[start:min(start+renewBatch, len(due))]
			g.Go(func() error {
				n, sh, err := s.renewFromBalance(gctx, chunk, after)
				mu.Lock()
				defer mu.Unlock()
				renewed += n
				short = append(short, sh...)
				return err
			})
		}
		if err := g.Wait(); err != nil {
			return renewed, err
		}
		// The balance was short: the primary card pays, or the try fails.
		for _, x := range short {
			if err := ctx.Err(); err != nil {
				return renewed, err
			}
			if err := s.renewByCard(ctx, x); err != nil {
				slog.ErrorContext(ctx, "renewal failed", "subscription", x.ID, "err", err)
			}
		}
	}
}

// renewWorkers: parallel renewal transactions on PostgreSQL.
const renewWorkers = 4

// renewBatch is how many due subscriptions one transaction charges: one
// commit for many keeps 100 000 renewals within a minute.
const renewBatch = 250

// renewFromBalance charges the due rows from their balances in one
// transaction, four statements each and no savepoint: the period's charge
// row goes first (a second runner finds it and skips), the balance moves
// only if it covers the price, and a short balance takes the charge row back.
// It answers the rows whose balance was short.
func (s *Service) renewFromBalance(ctx context.Context, due []subRow, after map[int64]int64) (renewed int, short []subRow, err error) {
	now := s.now().Unix()
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		renewed, short = 0, nil
		for _, x := range due {
			if x.NextPeriodID != 0 || x.Price <= 0 {
				// The rarer cases take the general path.
				err := s.chargeRenewal(ctx, tx, x.ID, x.EndAt, 0)
				var sh *shortError
				switch {
				case err == nil:
					renewed++
				case errors.As(err, &sh):
					short = append(short, x)
				case !errors.Is(err, errRenewalDone):
					return err
				}
				continue
			}
			start := x.EndAt
			if start < now-3600 {
				start = now
			}
			packetID := x.PacketID
			if a := after[x.PacketID]; a != 0 {
				packetID = a
			}
			r := renewal{x: x, now: now, end: periodEnd(start, max(x.Months, 1)), packetID: packetID}
			var charged bool
			var err error
			if tx.Dialect() == store.Postgres {
				charged, err = r.oneStatement(ctx, tx)
			} else {
				charged, err = r.statements(ctx, tx)
			}
			switch {
			case errors.Is(err, errRenewalDone):
				continue // another runner charged this period, or it is no longer due
			case err != nil:
				return err
			case !charged:
				short = append(short, x)
				continue
			}
			renewed++
		}
		return nil
	})
	return renewed, short, err
}

// afterRenew maps packets to the packet they turn into at renewal.
func afterRenew(ctx context.Context, q store.Querier) (map[int64]int64, error) {
	out := map[int64]int64{}
	err := store.Each(ctx, q, `SELECT id, after_renew_packet_id FROM packets WHERE after_renew_packet_id <> 0`, nil,
		func(r store.Scanner) error {
			var a, b int64
			err := r.Scan(&a, &b)
			out[a] = b
			return err
		})
	return out, err
}

// renewByCard starts a payment of x's next period with the primary saved
// card; without a card the try fails at once.
func (s *Service) renewByCard(ctx context.Context, x subRow) error {
	card, err := primaryCard(ctx, s.db, x.UserID)
	if err != nil {
		return err
	}
	prov, perr := s.providerOfUser(ctx, x.UserID)
	gw := s.gatewayOf(prov)
	if card == nil || perr != nil || gw == nil || card.gateway != gw.Name() {
		return s.renewalFailed(ctx, x.ID, x.EndAt)
	}
	amount, _, _, err := s.renewalPrice(ctx, s.db, x)
	if err != nil {
		return err
	}
	// Mark the row as handled for a while; the payment settles it.
	if _, err := s.db.Exec(ctx, `UPDATE subscriptions SET retry_at = ? WHERE id = ? AND end_at = ?`,
		s.now().Add(10*time.Minute).Unix(), x.ID, x.EndAt); err != nil {
		return err
	}
	_, err = s.startPayment(ctx, payOrder{Prov: prov, UserID: x.UserID, Kind: kindRenewal,
		PaySystem: cardPaySystem(prov), Amount: amount, CardToken: card.token, CardID: card.ID,
		Key: fmt.Sprintf("renew:%d:%d:%d", x.ID, x.EndAt, x.Failures), SubID: x.ID, PeriodAt: x.EndAt})
	return err
}

// renewalPrice is what the next period of x costs and how long it is: the
// changed period when the viewer chose one, else the price kept at purchase.
func (s *Service) renewalPrice(ctx context.Context, q store.Querier, x subRow) (amount int64, months int, periodID int64, err error) {
	amount, months, periodID = x.Price, x.Months, x.PeriodID
	if x.NextPeriodID != 0 {
		err = store.Get(ctx, q, `SELECT amount, months FROM packet_periods WHERE id = ?`, []any{x.NextPeriodID}, &amount, &months)
		periodID = x.NextPeriodID
	}
	if months <= 0 {
		months = 1
	}
	return amount, months, periodID, err
}

// chargeRenewal charges the period of subscription id starting at
// periodStart and extends it, in tx. paymentID is the card payment that
// brought the money (0: the balance).
func (s *Service) chargeRenewal(ctx context.Context, tx *store.Tx, id, periodStart, paymentID int64) error {
	now := s.now().Unix()
	x, err := scanSub(tx.QueryRow(ctx, `SELECT `+subColumns+` FROM subscriptions WHERE id = ?`, id))
	if err != nil {
		return store.MapErr(err)
	}
	// A paused subscription's clock stands still: nothing renews it until it
	// resumes (a card payment started before the pause stays on the balance).
	if x.EndAt != periodStart || x.ClosedAt != 0 || x.PausedAt != 0 {
		return errRenewalDone
	}
	amount, months, periodID, err := s.renewalPrice(ctx, tx, x)
	if err != nil {
		return err
	}
	res, err := tx.Exec(ctx, `INSERT INTO subscription_charges (subscription_id, period_start, amount, payment_id, created_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, id, periodStart, amount, paymentID, now)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errRenewalDone
	}
	if amount > 0 {
		acc, err := accountOf(ctx, tx, x.UserID, x.Currency)
		if err != nil {
			return err
		}
		if _, err := post(ctx, tx, entry{AccountID: acc.ID, UserID: x.UserID, Kind: entryCharge, Amount: -amount,
			Currency: x.Currency, Key: chargeKey(id, periodStart), Description: "renewal"}, now); err != nil {
			if errors.Is(err, errInsufficient) {
				// Take the period's charge row back: a card payment may
				// still pay this period.
				if _, derr := tx.Exec(ctx, `DELETE FROM subscription_charges WHERE subscription_id = ? AND period_start = ?`,
					id, periodStart); derr != nil {
					return derr
				}
				return &shortError{Missing: shortfall(amount, acc.Balance)}
			}
			return err
		}
	}
	// A renewal starts where the last period ended: a late run (a retry)
	// still gives whole periods from the day the viewer pays.
	start := periodStart
	if start < now-3600 {
		start = now
	}
	packetID := x.PacketID
	var after int64
	if err := store.Get(ctx, tx, `SELECT after_renew_packet_id FROM packets WHERE id = ?`, []any{x.PacketID}, &after); err == nil && after != 0 {
		packetID = after
	}
	_, err = tx.Exec(ctx, `UPDATE subscriptions SET end_at = ?, start_at = CASE WHEN start_at > ? THEN ? ELSE start_at END,
		period_id = ?, months = ?, price = ?, next_period_id = 0, retry_at = 0, failures = 0, source = ?, packet_id = ?,
		open_key = ? WHERE id = ?`,
		periodEnd(start, months), start, start, periodID, months, amount, sourcePaid, packetID, openKey(x.UserID, packetID), id)
	return err
}

// renewalFailed schedules the next try, tells the viewer, and after the
// last try ends the subscription.
func (s *Service) renewalFailed(ctx context.Context, id, periodStart int64) error {
	now := s.now()
	x, err := scanSub(s.db.QueryRow(ctx, `SELECT `+subColumns+` FROM subscriptions WHERE id = ?`, id))
	if err != nil {
		return store.MapErr(err)
	}
	if x.EndAt != periodStart || x.ClosedAt != 0 || x.PausedAt != 0 {
		return nil
	}
	lang := "ru"
	if prov, err := s.providerOfUser(ctx, x.UserID); err == nil && len(prov.Languages) > 0 {
		lang = prov.Languages[0]
	}
	name := s.packetName(ctx, x.PacketID)
	if x.Failures >= len(retrySchedule) {
		if _, err := s.db.Exec(ctx, `UPDATE subscriptions SET renew = FALSE, open_key = NULL, closed_at = ? WHERE id = ? AND end_at = ?`,
			now.Unix(), id, periodStart); err != nil {
			return err
		}
		s.tell(ctx, x.UserID, httpx.T(lang, "commerce_renewal_ended_title"), httpx.T(lang, "commerce_renewal_ended_text", name))
		return nil
	}
	retry := now.Add(retrySchedule[x.Failures]).Unix()
	if _, err := s.db.Exec(ctx, `UPDATE subscriptions SET failures = failures + 1, retry_at = ? WHERE id = ? AND end_at = ?`,
		retry, id, periodStart); err != nil {
		return err
	}
	if x.Failures == 0 {
		s.tell(ctx, x.UserID, httpx.T(lang, "commerce_renewal_failed_title"), httpx.T(lang, "commerce_renewal_failed_text", name))
	}
	return nil
}

func (s *Service) tell(ctx context.Context, userID int64, title, text string) {
	if s.cfg.Messenger == nil {
		return
	}
	if _, err := s.cfg.Messenger.PostMessage(ctx, userID, title, text); err != nil {
		slog.WarnContext(ctx, "message to viewer failed", "user", userID, "err", err)
	}
}

func (s *Service) packetName(ctx context.Context, id int64) string {
	var name string
	if err := store.Get(ctx, s.db, `SELECT name FROM packets WHERE id = ?`, []any{id}, &name); err != nil {
		return "#" + strconv.FormatInt(id, 10)
	}
	return name
}

// renewal is one due subscription charged from its balance.
type renewal struct {
	x        subRow
	now, end int64
	packetID int64
}

// stillDue is the condition under which the charge row of a due
// subscription is written: the list of due rows was read before the
// transaction, and staff may have paused or ended one since.
const stillDue = `EXISTS (SELECT 1 FROM subscriptions WHERE id = ? AND end_at = ? AND renew = TRUE AND closed_at = 0
	AND paused_at = 0)`

// statements charges r in four statements: the period's charge row first
// (a second runner finds it and skips, as does a subscription no longer
// due), the balance only if it covers the price, the ledger entry, the new
// end. A short balance takes the charge row back. It answers whether the
// period was charged.
func (r renewal) statements(ctx context.Context, tx *store.Tx) (bool, error) {
	x := r.x
	res, err := tx.Exec(ctx, `INSERT INTO subscription_charges (subscription_id, period_start, amount, payment_id, created_at)
		SELECT CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), 0, CAST(? AS BIGINT) WHERE `+stillDue+`
		ON CONFLICT DO NOTHING`, x.ID, x.EndAt, x.Price, r.now, x.ID, x.EndAt)
	if err != nil {
		return false, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, errRenewalDone
	}
	var accountID, balance int64
	err = store.Get(ctx, tx, `UPDATE accounts SET balance = balance - ? WHERE user_id = ? AND currency = ? AND balance >= ?
		RETURNING id, balance`, []any{x.Price, x.UserID, x.Currency, x.Price}, &accountID, &balance)
	if errors.Is(err, store.ErrNotFound) {
		_, err := tx.Exec(ctx, `DELETE FROM subscription_charges WHERE subscription_id = ? AND period_start = ?`, x.ID, x.EndAt)
		return false, err
	}
	if err != nil {
		return false, err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO ledger_entries (account_id, user_id, kind, amount, currency, balance_after, idem_key,
		description, created_at) VALUES (?, ?, 'charge', ?, ?, ?, ?, 'renewal', ?)`,
		accountID, x.UserID, -x.Price, x.Currency, balance, chargeKey(x.ID, x.EndAt), r.now); err != nil {
		return false, err
	}
	_, err = tx.Exec(ctx, `UPDATE subscriptions SET end_at = ?, retry_at = 0, failures = 0, source = 'paid', packet_id = ?,
		open_key = ? WHERE id = ? AND end_at = ?`, r.end, r.packetID, openKey(x.UserID, r.packetID), x.ID, x.EndAt)
	return err == nil, err
}

// oneStatement is statements in one round trip to PostgreSQL (its
// data-modifying WITH): round trips are what renewals spend their time on.
func (r renewal) oneStatement(ctx context.Context, tx *store.Tx) (bool, error) {
	x := r.x
	var inserted, charged int
	err := store.Get(ctx, tx, `WITH c AS (
			INSERT INTO subscription_charges (subscription_id, period_start, amount, payment_id, created_at)
			SELECT CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), 0, CAST(? AS BIGINT) WHERE `+stillDue+`
			ON CONFLICT DO NOTHING RETURNING subscription_id),
		a AS (
			UPDATE accounts SET balance = balance - ? WHERE user_id = ? AND currency = ? AND balance >= ?
			AND EXISTS (SELECT 1 FROM c) RETURNING id, balance),
		l AS (
			INSERT INTO ledger_entries (account_id, user_id, kind, amount, currency, balance_after, idem_key, description, created_at)
			SELECT a.id, ?, 'charge', ?, ?, a.balance, ?, 'renewal', ? FROM a RETURNING id),
		s AS (
			UPDATE subscriptions SET end_at = ?, retry_at = 0, failures = 0, source = 'paid', packet_id = ?, open_key = ?
			WHERE id = ? AND end_at = ? AND EXISTS (SELECT 1 FROM l) RETURNING id)
		SELECT (SELECT COUNT(*) FROM c), (SELECT COUNT(*) FROM s)`,
		[]any{x.ID, x.EndAt, x.Price, r.now, x.ID, x.EndAt,
			x.Price, x.UserID, x.Currency, x.Price,
			x.UserID, -x.Price, x.Currency, chargeKey(x.ID, x.EndAt), r.now,
			r.end, r.packetID, openKey(x.UserID, r.packetID), x.ID, x.EndAt},
		&inserted, &charged)
	switch {
	case err != nil:
		return false, err
	case inserted == 0:
		return false, errRenewalDone
	case charged == 0:
		// The balance was short: the period's charge row goes back.
		_, err := tx.Exec(ctx, `DELETE FROM subscription_charges WHERE subscription_id = ? AND period_start = ?`, x.ID, x.EndAt)
		return false, err
	}
	return true, nil
}
