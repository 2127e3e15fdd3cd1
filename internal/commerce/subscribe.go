package commerce

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"efir/internal/store"
)

// Purchase errors the HTTP layer maps to the spec's answers.
var (
	errAlreadyHeld = errors.New("packet already held")
	errNoBase      = errors.New("add-on needs a base packet")
	errNotSold     = errors.New("packet is not sold")
)

// shortError: the balance lacks Missing minor units.
type shortError struct{ Missing int64 }

func (e *shortError) Error() string { return fmt.Sprintf("balance short by %d", e.Missing) }

// purchase asks for one packet on one period.
type purchase struct {
	UserID     int64
	ProviderID int64
	Packet     *packet
	Period     period
	Trial      bool   // take the trial when it is open
	Key        string // the client's idempotency key ("" = none)
	// AddonsWithoutBase: the operator sells add-ons alone.
	AddonsWithoutBase bool
	Currency          string
	Source            string // paid; promo for promo codes and promo days
}

// subRow is a subscription as stored.
type subRow struct {
	ID, UserID, PacketID int64
	StartAt, EndAt       int64
	Source               string
	Renew                bool
	PeriodID             int64
	Months               int
	Price                int64
	Currency             string
	NextPeriodID         int64
	PausedAt, RetryAt    int64
	ResumeAt             int64 // a pause's planned end (0: until lifted)
	Failures             int
	ClosedAt             int64
	OpenKey              *string
}

const subColumns = `id, user_id, packet_id, start_at, end_at, source, renew, period_id, months, price, currency,
	next_period_id, paused_at, retry_at, failures, closed_at, open_key, resume_at`

func scanSub(r store.Scanner) (subRow, error) {
	var x subRow
	err := r.Scan(&x.ID, &x.UserID, &x.PacketID, &x.StartAt, &x.EndAt, &x.Source, &x.Renew, &x.PeriodID, &x.Months,
		&x.Price, &x.Currency, &x.NextPeriodID, &x.PausedAt, &x.RetryAt, &x.Failures, &x.ClosedAt, &x.OpenKey,
		&x.ResumeAt)
	return x, err
}

func subsOf(ctx context.Context, q store.Querier, userID int64) ([]subRow, error) {
	var out []subRow
	err := store.Each(ctx, q, `SELECT `+subColumns+` FROM subscriptions WHERE user_id = ? AND closed_at = 0 ORDER BY id`,
		[]any{userID}, func(r store.Scanner) error {
			x, err := scanSub(r)
			if err == nil {
				out = append(out, x)
			}
			return err
		})
	return out, err
}

// active: the subscription grants its packet at now.
func (x subRow) active(now int64) bool {
	return x.ClosedAt == 0 && x.PausedAt == 0 && x.StartAt <= now && (x.EndAt == 0 || x.EndAt > now)
}

// future: scheduled to start later (not charged yet).
func (x subRow) future(now int64) bool { return x.ClosedAt == 0 && x.StartAt > now }

// open: the row still counts as the user's subscription of its packet:
// active, paused, scheduled, or renewing and due.
func (x subRow) open(now int64) bool {
	return x.ClosedAt == 0 && (x.active(now) || x.PausedAt > 0 || x.future(now) || x.Renew)
}

// holds: the row keeps its packet from being bought again (a promo one may
// be paid over).
func (x subRow) holds(now int64) bool { return x.open(now) && x.Source != sourcePromo }

func openKey(userID, packetID int64) string {
	return strconv.FormatInt(userID, 10) + ":" + strconv.FormatInt(packetID, 10)
}

// holdsBase: one of the user's open subscriptions is (or includes) a base packet.
func holdsBase(o *offer, subs []subRow, now int64) *subRow {
	for i := range subs {
		x := subs[i]
		if !x.active(now) && x.PausedAt == 0 {
			continue
		}
		if p := o.byID[x.PacketID]; p != nil && isBase(o, p) {
			return &subs[i]
		}
	}
	return nil
}

// isBase: a base packet, or a bundle that includes one.
func isBase(o *offer, p *packet) bool {
	return o.withIncluded(p, func(q *packet) bool { return q.IsBase })
}

// subscribe makes pu in tx: charges the balance and writes the
// subscription (or a future one for a cheaper base packet). It answers the
// subscription id. A key seen before answers the same subscription.
func (s *Service) subscribe(ctx context.Context, tx *store.Tx, o *offer, pu purchase) (int64, error) {
	now := s.now().Unix()
	acc, err := accountOf(ctx, tx, pu.UserID, pu.Currency)
	if err != nil {
		return 0, err
	}
	if err := lockAccount(ctx, tx, acc.ID); err != nil {
		return 0, err
	}
	key := ""
	if pu.Key != "" {
		key = "u" + strconv.FormatInt(pu.UserID, 10) + ":" + pu.Key
		var id int64
		err := store.Get(ctx, tx, `SELECT id FROM subscriptions WHERE idem_key = ?`, []any{key}, &id)
		if err == nil {
			return id, nil
		}
		if !errors.Is(err, store.ErrNotFound) {
			return 0, err
		}
	}
	p := pu.Packet
	if !p.sold() {
		return 0, errNotSold
	}
	subs, err := subsOf(ctx, tx, pu.UserID)
	if err != nil {
		return 0, err
	}
	// A lapsed row of the packet, or a promo one the viewer now pays for,
	// gives its place up.
	if err := takePlace(ctx, tx, subs, p.ID, now, func(x subRow) bool { return x.holds(now) }); err != nil {
		return 0, err
	}
	base := holdsBase(o, subs, now)
	if !isBase(o, p) && base == nil && !pu.AddonsWithoutBase && pu.Source != sourcePromo {
		return 0, errNoBase
	}

	// Trial: once per user per packet, whatever the period.
	amount, length := pu.Period.Amount, int64(periodDays(pu.Period.Months, timeAt(now)))*secondsADay
	source := pu.Source
	if pu.Trial && p.hasTrial() {
		res, err := tx.Exec(ctx, `INSERT INTO trials_used (user_id, packet_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
			pu.UserID, p.ID, now)
		if err != nil {
			return 0, err
		}
		if n, _ := res.RowsAffected(); n == 1 {
			amount, length, source = p.TrialPrice, int64(p.TrialDays)*secondsADay, sourceTrial
		}
	}

	start := now
	// A base packet beside another base: a dearer one replaces it now (the
	// unused part credited); a cheaper one starts when the current ends.
	var replaced *subRow
	if isBase(o, p) && base != nil && base.PacketID != p.ID && pu.Source != sourcePromo {
		old := o.byID[base.PacketID]
		if old != nil && monthly(p) <= monthly(old) && base.EndAt > now {
			start = base.EndAt
		} else {
			replaced = base
		}
	}
	if start > now {
		return s.scheduleFuture(ctx, tx, pu, base, start, key)
	}
	if replaced != nil {
		if err := s.replaceNow(ctx, tx, acc, *replaced, now); err != nil {
			return 0, err
		}
	}
	id, err := store.InsertID(ctx, tx, `INSERT INTO subscriptions (user_id, packet_id, start_at, end_at, source, created_at,
		renew, period_id, months, price, currency, open_key, idem_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		pu.UserID, p.ID, now, now+length, source, now, source != sourcePromo, pu.Period.ID, pu.Period.Months,
		pu.Period.Amount, pu.Currency, openKey(pu.UserID, p.ID), nullable(key))
	if err != nil {
		return 0, err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO subscription_charges (subscription_id, period_start, amount, created_at)
		VALUES (?, ?, ?, ?)`, id, now, amount, now); err != nil {
		return 0, err
	}
	if amount > 0 {
		_, err := post(ctx, tx, entry{AccountID: acc.ID, UserID: pu.UserID, Kind: entryCharge, Amount: -amount,
			Currency: pu.Currency, Key: chargeKey(id, now), Description: p.Name}, now)
		if errors.Is(err, errInsufficient) {
			return 0, &shortError{Missing: shortfall(amount, acc.Balance)}
		}
		if err != nil {
			return 0, err
		}
	}
	return id, nil
}

// takePlace makes room for a new subscription of packetID: a row of the
// packet that still counts (held) refuses it with errAlreadyHeld; a lapsed
// one gives its place (open_key) up.
func takePlace(ctx context.Context, tx *store.Tx, subs []subRow, packetID, now int64, held func(subRow) bool) error {
	for _, x := range subs {
		if x.PacketID != packetID {
			continue
		}
		if held(x) {
			return errAlreadyHeld
		}
		if _, err := tx.Exec(ctx, `UPDATE subscriptions SET open_key = NULL, closed_at = ? WHERE id = ?`, now, x.ID); err != nil {
			return err
		}
	}
	return nil
}

// scheduleFuture writes a subscription that starts at start (charged then by
// the renewal job) and stops the renewal of the one it follows.
func (s *Service) scheduleFuture(ctx context.Context, tx *store.Tx, pu purchase, before *subRow, start int64, key string) (int64, error) {
	now := s.now().Unix()
	if before != nil {
		if _, err := tx.Exec(ctx, `UPDATE subscriptions SET renew = FALSE WHERE id = ?`, before.ID); err != nil {
			return 0, err
		}
	}
	return store.InsertID(ctx, tx, `INSERT INTO subscriptions (user_id, packet_id, start_at, end_at, source, created_at,
		renew, period_id, months, price, currency, open_key, idem_key) VALUES (?, ?, ?, ?, ?, ?, TRUE, ?, ?, ?, ?, ?, ?) RETURNING id`,
		pu.UserID, pu.Packet.ID, start, start, sourcePaid, now, pu.Period.ID, pu.Period.Months, pu.Period.Amount,
		pu.Currency, openKey(pu.UserID, pu.Packet.ID), nullable(key))
}

// replaceNow ends old at now and credits the unused part of its current
// period (what was charged for it, in proportion to the time left).
func (s *Service) replaceNow(ctx context.Context, tx *store.Tx, acc account, old subRow, now int64) error {
	var periodStart, paid int64
	err := store.Get(ctx, tx, `SELECT period_start, amount FROM subscription_charges WHERE subscription_id = ?
		ORDER BY period_start DESC LIMIT 1`, []any{old.ID}, &periodStart, &paid)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE subscriptions SET end_at = ?, renew = FALSE, open_key = NULL, closed_at = ? WHERE id = ?`,
		now, now, old.ID); err != nil {
		return err
	}
	credit := unusedPart(paid, periodStart, old.EndAt, now)
	if credit <= 0 {
		return nil
	}
	_, err = post(ctx, tx, entry{AccountID: acc.ID, UserID: acc.UserID, Kind: entryRefund, Amount: credit,
		Currency: acc.Currency, Key: fmt.Sprintf("replace:%d:%d", old.ID, periodStart), Description: "unused part"}, now)
	if errors.Is(err, errReplayed) {
		return nil
	}
	return err
}

// unusedPart is paid in proportion to the time left of [start, end) at now,
// rounded down (never more than paid).
func unusedPart(paid, start, end, now int64) int64 {
	if paid <= 0 || end <= start || now >= end {
		return 0
	}
	if now < start {
		return paid
	}
	return paid * (end - now) / (end - start)
}

// monthly is a packet's price per month on its shortest period.
func monthly(p *packet) int64 {
	f := p.first()
	if f.Months <= 0 {
		return f.Amount
	}
	return f.Amount / int64(f.Months)
}

func chargeKey(subID, periodStart int64) string {
	return fmt.Sprintf("charge:sub:%d:%d", subID, periodStart)
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

const (
	sourcePaid  = "paid"
	sourceTrial = "trial"
	sourcePromo = "promo"
)
