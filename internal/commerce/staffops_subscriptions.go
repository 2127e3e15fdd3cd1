package commerce

import (
	"context"
	"errors"
	"net/http"

	"efir/internal/httpx"
	"efir/internal/store"
)

// StaffSubscription is a subscription as the operator console shows it
// (api/openapi.yaml StaffSubscription).
type StaffSubscription struct {
	ID         int64  `json:"id"`
	PacketID   int64  `json:"packet_id"`
	PacketName string `json:"packet_name"`
	Type       string `json:"type"` // paid, trial, promo, grant
	StartAt    int64  `json:"start_at"`
	EndAt      int64  `json:"end_at"`
	Renew      bool   `json:"renew"`
	State      string `json:"state"` // active, paused, future, closed
	// ResumeAt is a paused subscription's planned resumption (0: until
	// staff lift the pause).
	ResumeAt int64 `json:"resume_at"`
}

// The changes staff make to a subscription (StaffChangeSubscription's action).
const (
	staffEnd    = "end"
	staffPause  = "pause"
	staffResume = "resume"
)

const (
	sourceGrant = "grant"
	stateClosed = "closed"
	// grantMaxSeconds bounds a grant (ten years): an end in milliseconds or
	// a mistyped year is refused rather than granted for ever.
	grantMaxSeconds = 10 * 365 * secondsADay
)

// staffState says whether x gives its packet at now: active, paused,
// future (starts later), or closed: ended by staff or a renewal that gave
// up, or its time is over (a renewal still being retried shows renew on).
func staffState(x subRow, now int64) string {
	switch {
	case x.ClosedAt != 0:
		return stateClosed
	case x.PausedAt != 0:
		return statePaused
	case x.future(now):
		return stateFuture
	case x.active(now):
		return stateActive
	}
	return stateClosed
}

func staffSubscriptionView(x subRow, packetName string, now int64) StaffSubscription {
	return StaffSubscription{ID: x.ID, PacketID: x.PacketID, PacketName: packetName, Type: typeOf(x), StartAt: x.StartAt,
		EndAt: x.EndAt, Renew: x.Renew, State: staffState(x, now), ResumeAt: x.ResumeAt}
}

// namedSub reads a subscription row followed by its packet's name.
type namedSub struct {
	r    store.Scanner
	name *string
}

func (n namedSub) Scan(dest ...any) error { return n.r.Scan(append(dest, n.name)...) }

const subWithPacketName = `SELECT ` + subColumns + `, (SELECT name FROM packets WHERE packets.id = subscriptions.packet_id)
	FROM subscriptions`

// StaffSubscriptions lists the subscriber's last 100 subscriptions, closed
// ones too, the latest start first (as the subscriber card does).
func (s *Service) StaffSubscriptions(ctx context.Context, providerID, userID int64) ([]StaffSubscription, error) {
	if err := s.staffSubscriber(ctx, providerID, userID); err != nil {
		return nil, err
	}
	now := s.now().Unix()
	out := []StaffSubscription{}
	err := store.Each(ctx, s.db, subWithPacketName+` WHERE user_id = ? ORDER BY start_at DESC, id DESC LIMIT ?`,
		[]any{userID, staffSubscriptionsMax}, func(r store.Scanner) error {
			var name string
			x, err := scanSub(namedSub{r, &name})
			if err == nil {
				out = append(out, staffSubscriptionView(x, name, now))
			}
			return err
		})
	return out, err
}

// staffSubscription reads the user's subscription id for the console.
func (s *Service) staffSubscription(ctx context.Context, q store.Querier, userID, id int64) (StaffSubscription, error) {
	var name string
	x, err := scanSub(namedSub{q.QueryRow(ctx, subWithPacketName+` WHERE id = ? AND user_id = ?`, id, userID), &name})
	if errors.Is(store.MapErr(err), store.ErrNotFound) {
		return StaffSubscription{}, httpx.NotFound()
	}
	if err != nil {
		return StaffSubscription{}, err
	}
	return staffSubscriptionView(x, name, s.now().Unix()), nil
}

// StaffGrant gives the subscriber a packet of the operator from startAt (0
// or a moment past: now) to endAt, free of charge (type grant, no renewal).
// A grant never replaces what the subscriber holds of the packet, a promo
// included (409 already_subscribed: end that first); a lapsed row of it
// gives its place up, as for a purchase.
func (s *Service) StaffGrant(ctx context.Context, providerID, userID, packetID, startAt, endAt int64) (StaffSubscription, error) {
	now := s.now().Unix()
	startAt = max(startAt, now)
	switch {
	case packetID <= 0:
		return StaffSubscription{}, httpx.Invalid("packet_id", "commerce_packet_required")
	case endAt <= startAt:
		return StaffSubscription{}, httpx.Invalid("end_at", "commerce_staff_grant_end_invalid")
	case endAt-startAt > grantMaxSeconds:
		return StaffSubscription{}, httpx.Invalid("end_at", "commerce_staff_grant_too_long")
	}
	prov, err := s.staffOperator(ctx, providerID, userID)
	if err != nil {
		return StaffSubscription{}, err
	}
	var id int64
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		var n int
		if err := store.Get(ctx, tx, `SELECT COUNT(*) FROM packets WHERE id = ? AND provider_id = ?`,
			[]any{packetID, providerID}, &n); err != nil {
			return err
		}
		if n == 0 {
			return httpx.NotFound()
		}
		subs, err := subsOf(ctx, tx, userID)
		if err != nil {
			return err
		}
		if err := takePlace(ctx, tx, subs, packetID, now, func(x subRow) bool { return x.open(now) }); err != nil {
			return err
		}
		id, err = store.InsertID(ctx, tx, `INSERT INTO subscriptions (user_id, packet_id, start_at, end_at, source, created_at,
			renew, currency, open_key) VALUES (?, ?, ?, ?, ?, ?, FALSE, ?, ?) RETURNING id`,
			userID, packetID, startAt, endAt, sourceGrant, now, currencyOf(prov), openKey(userID, packetID))
		return err
	})
	if errors.Is(err, errAlreadyHeld) || errors.Is(err, store.ErrConflict) {
		return StaffSubscription{}, httpx.New(http.StatusConflict, "already_subscribed", "commerce_staff_already_held")
	}
	if err != nil {
		return StaffSubscription{}, err
	}
	return s.staffSubscription(ctx, s.db, userID, id)
}

// StaffChangeSubscription ends, pauses or resumes the subscriber's
// subscription (action "" changes none of that) and switches its renewal
// (renew nil leaves it), in one transaction.
//
//   - end: closed now; renewal off; the packet may be bought again. What
//     was paid is not given back here (a refund or an adjustment does that).
//   - pause: an active subscription stops giving its packet and its clock
//     stands; renewals skip it.
//   - resume: the end moves later by the time it stood paused (a
//     subscription scheduled to follow it moves with it).
//   - renew: only a paid or trial subscription with time left renews (a
//     grant or promo has no price to charge); off is always allowed.
//
// A change the state does not allow answers 409 conflict; a closed
// subscription changes no more.
func (s *Service) StaffChangeSubscription(ctx context.Context, providerID, userID, subID int64, action string,
	renew *bool) (StaffSubscription, error) {
	switch {
	case action != "" && action != staffEnd && action != staffPause && action != staffResume:
		return StaffSubscription{}, httpx.Invalid("action", "commerce_staff_action_unknown")
	case action == "" && renew == nil:
		return StaffSubscription{}, httpx.Invalid("action", "commerce_nothing_to_change")
	case action == staffEnd && renew != nil && *renew:
		return StaffSubscription{}, httpx.Invalid("renew", "commerce_staff_cannot_renew")
	}
	if err := s.staffSubscriber(ctx, providerID, userID); err != nil {
		return StaffSubscription{}, err
	}
	now := s.now().Unix()
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		x, err := lockSubscription(ctx, tx, userID, subID)
		if err != nil {
			return err
		}
		if x.ClosedAt != 0 {
			return conflict("commerce_staff_subscription_closed")
		}
		switch action {
		case staffEnd:
			return endSubscription(ctx, tx, x, now)
		case staffPause:
			if !x.active(now) {
				return conflict("commerce_staff_not_active")
			}
			if _, err := tx.Exec(ctx, `UPDATE subscriptions SET paused_at = ?, resume_at = 0 WHERE id = ?`, now, x.ID); err != nil {
				return err
			}
			x.PausedAt = now
		case staffResume:
			if x.PausedAt == 0 {
				return conflict("commerce_staff_not_paused")
			}
			if x, err = resume(ctx, tx, x, now); err != nil {
				return err
			}
		}
		if renew == nil || *renew == x.Renew {
			return nil
		}
		if *renew && !staffMayRenew(x, now) {
			return conflict("commerce_staff_cannot_renew")
		}
		_, err = tx.Exec(ctx, `UPDATE subscriptions SET renew = ? WHERE id = ?`, *renew, x.ID)
		return err
	})
	if err != nil {
		return StaffSubscription{}, err
	}
	return s.staffSubscription(ctx, s.db, userID, subID)
}

// lockSubscription takes the row lock of the user's subscription id before
// reading it (PostgreSQL; SQLite has one writer), so that two changes at
// once, say two resumes, run one after the other and the second sees the
// first's result instead of moving the end twice.
func lockSubscription(ctx context.Context, tx *store.Tx, userID, id int64) (subRow, error) {
	res, err := tx.Exec(ctx, `UPDATE subscriptions SET paused_at = paused_at WHERE id = ? AND user_id = ?`, id, userID)
	if err != nil {
		return subRow{}, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return subRow{}, httpx.NotFound()
	}
	return scanSub(tx.QueryRow(ctx, `SELECT `+subColumns+` FROM subscriptions WHERE id = ?`, id))
}

// endSubscription closes x at now. A running (or paused) one ends now, so
// its end shows when access stopped; a scheduled or lapsed one keeps its
// dates.
func endSubscription(ctx context.Context, tx *store.Tx, x subRow, now int64) error {
	end := x.EndAt
	if x.active(now) || x.PausedAt != 0 {
		end = now
	}
	_, err := tx.Exec(ctx, `UPDATE subscriptions SET end_at = ?, renew = FALSE, next_period_id = 0, open_key = NULL,
		closed_at = ? WHERE id = ?`, end, now, x.ID)
	return err
}

// resume restarts x's clock: its end (0: none) moves by the time it stood
// paused, and so does a subscription scheduled to start at its old end (a
// cheaper base packet bought meanwhile) that has not started yet.
func resume(ctx context.Context, tx *store.Tx, x subRow, now int64) (subRow, error) {
	stood := max(now-x.PausedAt, 0)
	if x.EndAt != 0 && stood > 0 {
		if _, err := tx.Exec(ctx, `UPDATE subscriptions SET start_at = start_at + ?, end_at = end_at + ?
			WHERE user_id = ? AND id <> ? AND closed_at = 0 AND start_at = ? AND end_at = start_at`,
			stood, stood, x.UserID, x.ID, x.EndAt); err != nil {
			return x, err
		}
		x.EndAt += stood
	}
	_, err := tx.Exec(ctx, `UPDATE subscriptions SET paused_at = 0, resume_at = 0, end_at = ? WHERE id = ?`, x.EndAt, x.ID)
	x.PausedAt, x.ResumeAt = 0, 0
	return x, err
}

// staffMayRenew: x has a price to charge and time left (a paused one
// counts the time it had when paused). Staff may switch a paused
// subscription, which the viewer's setRenew refuses; that is why the
// console does not go through setRenew.
func staffMayRenew(x subRow, now int64) bool {
	t := typeOf(x)
	if t != sourcePaid && t != sourceTrial {
		return false
	}
	at := now
	if x.PausedAt != 0 {
		at = x.PausedAt
	}
	return x.EndAt > at
}
