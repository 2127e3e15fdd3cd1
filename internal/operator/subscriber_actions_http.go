package operator

import (
	"context"
	"net/http"

	"efir/internal/commerce"
	"efir/internal/httpx"
	"efir/internal/identity"
)

// Accounts are the subscriber account changes staff make (the identity area).
type Accounts interface {
	StaffBlock(ctx context.Context, providerID, userID int64, blocked bool) error
	StaffEndSessions(ctx context.Context, providerID, userID int64) error
	StaffRemoveDevice(ctx context.Context, providerID, userID, deviceID int64) error
	StaffResetParental(ctx context.Context, providerID, userID int64, lang string) error
	ImportSubscribers(ctx context.Context, providerID int64, rows []identity.ImportRow, apply bool, lang string) (identity.ImportPlan, error)
}

// Shop is what staff do to a subscriber's subscriptions and money (the
// commerce area).
type Shop interface {
	StaffGrant(ctx context.Context, providerID, userID, packetID, startAt, endAt int64) (commerce.StaffSubscription, error)
	StaffChangeSubscription(ctx context.Context, providerID, userID, subID int64, action string, renew *bool) (commerce.StaffSubscription, error)
	StaffPauseUntil(ctx context.Context, providerID, userID, subID, until int64) (commerce.StaffSubscription, error)
	StaffSubscriptions(ctx context.Context, providerID, userID int64) ([]commerce.StaffSubscription, error)
	StaffLedger(ctx context.Context, providerID, userID int64, limit, offset int) ([]commerce.LedgerEntry, error)
	StaffAdjust(ctx context.Context, providerID, userID, amount int64, reason, key string) (commerce.LedgerEntry, error)
	StaffTransactions(ctx context.Context, providerID, userID int64, limit, offset int) ([]commerce.StaffTransaction, error)
	StaffRefund(ctx context.Context, providerID, userID, paymentID, amount int64, reason, key string) (commerce.StaffTransaction, error)
}

// subscriberOf is the path's subscriber id and the console's operator.
func subscriberOf(r *http.Request) (providerID, userID int64, err error) {
	userID, err = httpx.PathID(r, "id")
	return sessionFrom(r.Context()).ProviderID, userID, err
}

// logged records an audit entry for a change already made (a change made by
// another area in its own transaction).
func (s *Service) logged(r *http.Request, e entry) error {
	return record(r.Context(), s.db, e)
}

func (s *Service) handleBlock(w http.ResponseWriter, r *http.Request) error {
	prov, user, err := subscriberOf(r)
	if err != nil {
		return err
	}
	var b struct {
		Blocked *bool `json:"blocked"`
	}
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	if b.Blocked == nil {
		return httpx.Invalid("blocked", "operator_blocked_required")
	}
	if err := s.cfg.Accounts.StaffBlock(r.Context(), prov, user, *b.Blocked); err != nil {
		return err
	}
	row, err := scanSubscriber(s.db.QueryRow(r.Context(), `SELECT `+subscriberColumns+` FROM users WHERE id = ?`, user))
	if err != nil {
		return err
	}
	action := "subscriber.unblock"
	if *b.Blocked {
		action = "subscriber.block"
	}
	if err := s.logged(r, s.change(r, action, "subscriber", user, nil, row)); err != nil {
		return err
	}
	httpx.OK(w, row)
	return nil
}

func (s *Service) handleEndSessions(w http.ResponseWriter, r *http.Request) error {
	prov, user, err := subscriberOf(r)
	if err != nil {
		return err
	}
	if err := s.cfg.Accounts.StaffEndSessions(r.Context(), prov, user); err != nil {
		return err
	}
	if err := s.logged(r, s.change(r, "subscriber.sessions_end", "subscriber", user, nil, nil)); err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}

func (s *Service) handleRemoveDevice(w http.ResponseWriter, r *http.Request) error {
	prov, user, err := subscriberOf(r)
	if err != nil {
		return err
	}
	device, err := httpx.PathID(r, "deviceId")
	if err != nil {
		return err
	}
	if err := s.cfg.Accounts.StaffRemoveDevice(r.Context(), prov, user, device); err != nil {
		return err
	}
	if err := s.logged(r, s.change(r, "subscriber.device_remove", "subscriber", user, map[string]int64{"device_id": device}, nil)); err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}

func (s *Service) handleParentalReset(w http.ResponseWriter, r *http.Request) error {
	prov, user, err := subscriberOf(r)
	if err != nil {
		return err
	}
	// The SMS speaks the operator's language, not the staff member's.
	lang := ""
	if p := s.operator(prov); p != nil && len(p.Languages) > 0 {
		lang = p.Languages[0]
	}
	if err := s.cfg.Accounts.StaffResetParental(r.Context(), prov, user, lang); err != nil {
		return err
	}
	if err := s.logged(r, s.change(r, "subscriber.parental_reset", "subscriber", user, nil, nil)); err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}

func (s *Service) handleGrant(w http.ResponseWriter, r *http.Request) error {
	prov, user, err := subscriberOf(r)
	if err != nil {
		return err
	}
	var b struct {
		PacketID int64 `json:"packet_id"`
		StartAt  int64 `json:"start_at"`
		EndAt    int64 `json:"end_at"`
	}
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	sub, err := s.cfg.Shop.StaffGrant(r.Context(), prov, user, b.PacketID, b.StartAt, b.EndAt)
	if err != nil {
		return err
	}
	if err := s.logged(r, s.change(r, "subscription.grant", "subscriber", user, nil, sub)); err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, sub)
	return nil
}

func (s *Service) handleChangeSubscription(w http.ResponseWriter, r *http.Request) error {
	prov, user, err := subscriberOf(r)
	if err != nil {
		return err
	}
	subID, err := httpx.PathID(r, "subscriptionId")
	if err != nil {
		return err
	}
	var b struct {
		Action string `json:"action"`
		Renew  *bool  `json:"renew"`
		// ResumeAt (unix seconds) with pause, or alone on a paused
		// subscription: when the pause ends by itself (0: until lifted).
		ResumeAt *int64 `json:"resume_at"`
	}
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	switch b.Action {
	case "", "end", "pause", "resume":
	default:
		return httpx.Invalid("action", "operator_action_invalid")
	}
	if b.Action == "" && b.Renew == nil && b.ResumeAt == nil {
		return httpx.Invalid("action", "operator_action_invalid")
	}
	if b.ResumeAt != nil && ((b.Action != "" && b.Action != "pause") || b.Renew != nil) {
		return httpx.Invalid("resume_at", "operator_resume_at_with_pause")
	}
	if b.ResumeAt != nil && *b.ResumeAt != 0 && *b.ResumeAt <= s.now().Unix() {
		// checked before pausing, so a bad date changes nothing
		return httpx.Invalid("resume_at", "commerce_pause_end_out_of_range")
	}
	before := s.subscriptionOf(r.Context(), prov, user, subID)
	var sub commerce.StaffSubscription
	if b.Action != "" || b.Renew != nil {
		if sub, err = s.cfg.Shop.StaffChangeSubscription(r.Context(), prov, user, subID, b.Action, b.Renew); err != nil {
			return err
		}
	}
	if b.ResumeAt != nil {
		if sub, err = s.cfg.Shop.StaffPauseUntil(r.Context(), prov, user, subID, *b.ResumeAt); err != nil {
			return err
		}
	}
	action := "subscription." + b.Action
	switch {
	case b.Action == "" && b.ResumeAt != nil:
		action = "subscription.pause_until"
	case b.Action == "":
		action = "subscription.renew"
	}
	if err := s.logged(r, s.change(r, action, "subscriber", user, before, sub)); err != nil {
		return err
	}
	httpx.OK(w, sub)
	return nil
}

// subscriptionOf is a subscription as it is before a change (for the audit
// log; nil when it cannot be read).
func (s *Service) subscriptionOf(ctx context.Context, prov, user, subID int64) any {
	list, err := s.cfg.Shop.StaffSubscriptions(ctx, prov, user)
	if err != nil {
		return nil
	}
	for _, sub := range list {
		if sub.ID == subID {
			return sub
		}
	}
	return nil
}

// pagedList answers one page of a subscriber's list read by read.
func pagedList[T any](read func(ctx context.Context, providerID, userID int64, limit, offset int) ([]T, error)) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		prov, user, err := subscriberOf(r)
		if err != nil {
			return err
		}
		limit, offset, err := httpx.Paging(r)
		if err != nil {
			return err
		}
		list, err := read(r.Context(), prov, user, limit, offset)
		if err != nil {
			return err
		}
		httpx.OK(w, list)
		return nil
	}
}

func (s *Service) handleLedger(w http.ResponseWriter, r *http.Request) error {
	return pagedList(s.cfg.Shop.StaffLedger)(w, r)
}

func (s *Service) handleAdjust(w http.ResponseWriter, r *http.Request) error {
	prov, user, err := subscriberOf(r)
	if err != nil {
		return err
	}
	var b struct {
		Amount int64  `json:"amount"`
		Reason string `json:"reason"`
		Key    string `json:"idempotency_key"`
	}
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	if err := checkKey(b.Key); err != nil {
		return err
	}
	e, err := s.cfg.Shop.StaffAdjust(r.Context(), prov, user, b.Amount, b.Reason, "staff:"+b.Key)
	if err != nil {
		return err
	}
	if err := s.logged(r, s.change(r, "ledger.adjust", "subscriber", user, nil, e)); err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, e)
	return nil
}

func (s *Service) handleTransactions(w http.ResponseWriter, r *http.Request) error {
	return pagedList(s.cfg.Shop.StaffTransactions)(w, r)
}

func (s *Service) handleRefund(w http.ResponseWriter, r *http.Request) error {
	prov, user, err := subscriberOf(r)
	if err != nil {
		return err
	}
	payment, err := httpx.PathID(r, "transactionId")
	if err != nil {
		return err
	}
	var b struct {
		Amount int64  `json:"amount"`
		Reason string `json:"reason"`
		Key    string `json:"idempotency_key"`
	}
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	if err := checkKey(b.Key); err != nil {
		return err
	}
	tx, err := s.cfg.Shop.StaffRefund(r.Context(), prov, user, payment, b.Amount, b.Reason, "staff:"+b.Key)
	if err != nil {
		return err
	}
	if err := s.logged(r, s.change(r, "payment.refund", "subscriber", user,
		map[string]any{"payment_id": payment, "amount": b.Amount, "reason": b.Reason}, tx)); err != nil {
		return err
	}
	httpx.OK(w, tx)
	return nil
}

// checkKey: an idempotency key of 1 to 64 characters (the console makes one
// per form, so a repeated click or a retry changes money once).
func checkKey(k string) error {
	if k == "" || len(k) > 64 {
		return httpx.Invalid("idempotency_key", "operator_key_invalid")
	}
	return nil
}
