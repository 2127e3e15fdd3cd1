package commerce

import (
	"context"
	"errors"

	"efir/internal/store"
)

// UserPacket is a subscription as the viewer's account shows it.
type UserPacket struct {
	ID                int64        `json:"id"`
	Packet            PacketBrief  `json:"packet"`
	Base              bool         `json:"base"`
	Renew             bool         `json:"renew"`
	StartAt           int64        `json:"start_at"`
	EndAt             int64        `json:"end_at"`
	NextPayAt         *int64       `json:"next_pay_at"`
	NextPrice         *int64       `json:"next_price"`
	IsPaused          bool         `json:"is_paused"`
	Message           string       `json:"message"`
	AllowDeletePaused bool         `json:"allow_delete_paused"`
	Type              string       `json:"type"`
	State             string       `json:"state"`
	PeriodID          *int64       `json:"period_id"`
	PeriodHuman       *PeriodHuman `json:"period_human"`
	Actions           Actions      `json:"actions"`
}

// Subscription states (spec "User packet state and buttons").
const (
	stateActiveRenewing = "active_renewing"
	stateActive         = "active"
	statePaused         = "paused"
	statePromo          = "promo"
	stateFuture         = "future"
)

// typeOf names where a subscription came from.
func typeOf(x subRow) string {
	switch x.Source {
	case sourcePaid, sourceTrial, sourcePromo:
		return x.Source
	}
	return "grant"
}

// stateOf is the spec's state of x at now.
func stateOf(x subRow, now int64) string {
	switch {
	case x.future(now):
		return stateFuture
	case x.PausedAt > 0:
		return statePaused
	case x.Source == sourcePromo:
		return statePromo
	case x.Renew:
		return stateActiveRenewing
	}
	return stateActive
}

// actionsOf computes what the viewer may do with x: only paid and trial
// subscriptions change; promo and granted ones, and anything on a child
// profile, have no actions.
func actionsOf(x subRow, p *packet, now int64, child bool) Actions {
	var a Actions
	t := typeOf(x)
	if child || (t != sourcePaid && t != sourceTrial) {
		return a
	}
	switch stateOf(x, now) {
	case stateActiveRenewing:
		a.CanDisableRenew, a.CanUnsubscribe = true, true
		a.CanChangePeriod = p != nil && len(p.Periods) > 1
	case stateActive:
		a.CanEnableRenew = x.EndAt > now
		a.CanChangePeriod = p != nil && len(p.Periods) > 1
	case statePaused:
		a.CanUnsubscribe = true
	}
	return a
}

func (s *Service) subscriptionView(o *offer, p *packet, x subRow, h *holder, now int64) UserPacket {
	u := UserPacket{ID: x.ID, Renew: x.Renew, StartAt: x.StartAt, EndAt: x.EndAt, IsPaused: x.PausedAt > 0,
		Type: typeOf(x), State: stateOf(x, now), Actions: actionsOf(x, p, now, h.child)}
	u.AllowDeletePaused = u.IsPaused && u.Actions.CanUnsubscribe
	if p != nil {
		u.Packet = PacketBrief{ID: p.ID, Name: p.Name, Short: p.Short, IsBase: p.IsBase, Price: x.Price, Currency: x.Currency}
		u.Base = isBase(o, p)
	}
	if x.PeriodID != 0 || x.Months > 0 {
		id := x.PeriodID
		ph := humanMonths(max(x.Months, 1))
		u.PeriodID, u.PeriodHuman = &id, &ph
	}
	if x.Renew {
		at, price := x.EndAt, x.Price
		if u.State == stateFuture {
			at = x.StartAt
		}
		if x.NextPeriodID != 0 && p != nil {
			if np, ok := p.periodByID(x.NextPeriodID); ok {
				price = np.Amount
			}
		}
		u.NextPayAt, u.NextPrice = &at, &price
	}
	return u
}

// currentAndFutures splits the viewer's subscriptions: current ones (active
// or paused) and futures, with a period change shown as a future of its own.
func (s *Service) currentAndFutures(o *offer, h *holder) (current, futures []UserPacket) {
	now := s.now().Unix()
	current, futures = []UserPacket{}, []UserPacket{}
	for _, x := range h.subs {
		p := o.byID[x.PacketID]
		switch {
		case x.future(now):
			futures = append(futures, s.subscriptionView(o, p, x, h, now))
		case x.active(now) || x.PausedAt > 0:
			current = append(current, s.subscriptionView(o, p, x, h, now))
			if x.NextPeriodID != 0 && x.Renew && p != nil {
				if np, ok := p.periodByID(x.NextPeriodID); ok {
					f := x
					f.StartAt, f.PeriodID, f.Months, f.Price, f.NextPeriodID = x.EndAt, np.ID, np.Months, np.Amount, 0
					u := s.subscriptionView(o, p, f, h, now)
					u.State, u.Actions = stateFuture, Actions{}
					futures = append(futures, u)
				}
			}
		}
	}
	return current, futures
}

var (
	errCannotDisable = errors.New("renewal cannot be switched off")
	errCannotChange  = errors.New("subscription cannot change")
)

// subForChange reads the user's subscription id for a change.
func subForChange(ctx context.Context, q store.Querier, userID, id int64) (subRow, error) {
	x, err := scanSub(q.QueryRow(ctx, `SELECT `+subColumns+` FROM subscriptions WHERE id = ? AND user_id = ? AND closed_at = 0`, id, userID))
	return x, store.MapErr(err)
}

// setRenew switches the renewal of the user's subscription id.
func (s *Service) setRenew(ctx context.Context, userID, id int64, renew bool) error {
	now := s.now().Unix()
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		x, err := subForChange(ctx, tx, userID, id)
		if err != nil {
			return err
		}
		a := actionsOf(x, nil, now, false)
		if renew && !a.CanEnableRenew && !x.Renew {
			return errCannotChange
		}
		if !renew && !a.CanDisableRenew && stateOf(x, now) != stateFuture {
			return errCannotDisable
		}
		_, err = tx.Exec(ctx, `UPDATE subscriptions SET renew = ? WHERE id = ?`, renew, id)
		return err
	})
}

// changePeriod plans period for the next renewal (the same period as now
// cancels a planned change).
func (s *Service) changePeriod(ctx context.Context, o *offer, userID, id, periodID int64) error {
	now := s.now().Unix()
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		x, err := subForChange(ctx, tx, userID, id)
		if err != nil {
			return err
		}
		p := o.byID[x.PacketID]
		if p == nil || !actionsOf(x, p, now, false).CanChangePeriod {
			return errCannotChange
		}
		if _, ok := p.periodByID(periodID); !ok || periodID == 0 {
			return store.ErrNotFound
		}
		next := periodID
		if periodID == x.PeriodID {
			next = 0
		}
		_, err = tx.Exec(ctx, `UPDATE subscriptions SET next_period_id = ?, renew = TRUE WHERE id = ?`, next, id)
		return err
	})
}

// cancelFuture drops a scheduled subscription, or a planned period change
// (id of the running subscription).
func (s *Service) cancelFuture(ctx context.Context, userID, id int64) (dropped bool, err error) {
	now := s.now().Unix()
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		x, err := subForChange(ctx, tx, userID, id)
		if err != nil {
			return err
		}
		switch {
		case x.future(now):
			dropped = true
			_, err = tx.Exec(ctx, `UPDATE subscriptions SET renew = FALSE, open_key = NULL, closed_at = ? WHERE id = ?`, now, id)
		case x.NextPeriodID != 0:
			_, err = tx.Exec(ctx, `UPDATE subscriptions SET next_period_id = 0 WHERE id = ?`, id)
		default:
			err = store.ErrNotFound
		}
		return err
	})
	return dropped, err
}
