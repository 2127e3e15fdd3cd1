package billing

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"efir/internal/commerce"
	"efir/internal/httpx"
	"efir/internal/store"
)

// The service answers commerce (KeepsMoney, Packet, Ended) and identity
// (Auth, Balance).

var (
	_ commerce.Billing = (*Service)(nil)
)

func (s *Service) providerName(ctx context.Context, id int64) string {
	var name string
	_ = store.Get(ctx, s.db, `SELECT shortname FROM providers WHERE id = ?`, []any{id}, &name)
	return name
}

// KeepsMoney: the operator's billing callbacks are on.
func (s *Service) KeepsMoney(ctx context.Context, providerID int64) bool {
	set, err := settingsOf(ctx, s.db, providerID)
	if err != nil {
		slog.ErrorContext(ctx, "billing settings", "err", err)
		return false
	}
	return set.on()
}

// Packet asks the billing to charge for c (PACKET), waiting at most the
// timeout. The same c.Key asked again gets the first answer: a PACKET that
// is still pending is tried again now.
func (s *Service) Packet(ctx context.Context, c commerce.PacketCharge) error {
	key := "packet:" + c.Key
	x, err := scanRow(s.db.QueryRow(ctx, `SELECT `+rowColumns+` FROM billing_callbacks WHERE idem_key = ?`, key))
	switch {
	case errors.Is(store.MapErr(err), store.ErrNotFound):
		u, err := subscriberOf(ctx, s.db, c.UserID)
		if err != nil {
			return err
		}
		env := envelope{Type: KindPacket, ID: key, Provider: s.providerName(ctx, c.ProviderID), User: u,
			Packet: &packetInfo{ID: c.PacketID, Name: c.PacketName, PeriodID: c.PeriodID, Months: c.Months,
				Amount: c.Amount, Currency: c.Currency, Trial: c.Trial, Purchase: c.Key}}
		if x, err = s.enqueue(ctx, c.ProviderID, env, true); errors.Is(err, store.ErrConflict) {
			return commerce.ErrBillingPending // the same purchase, asked twice at once
		} else if err != nil {
			return err
		}
	case err != nil:
		return err
	default:
		switch x.State {
		case stateDelivered:
			return nil
		case stateRefused:
			return &commerce.BillingRefusal{Reason: x.LastAnswer}
		}
		ok, err := s.claim(ctx, x.ID)
		if err != nil {
			return err
		}
		if !ok {
			return commerce.ErrBillingPending
		}
	}
	out, err := s.attempt(ctx, x)
	if err != nil {
		return err
	}
	switch out.state {
	case stateDelivered:
		s.noteBalance(ctx, c.ProviderID, c.UserID, out.reply, c.Currency)
		return nil
	case stateRefused:
		return &commerce.BillingRefusal{Reason: out.reply.Reason}
	}
	return commerce.ErrBillingPending
}

// Ended queues a DELETE_SUBSCRIPTION.
func (s *Service) Ended(ctx context.Context, e commerce.EndedSubscription) {
	if !s.KeepsMoney(ctx, e.ProviderID) {
		return
	}
	u, err := subscriberOf(ctx, s.db, e.UserID)
	if err == nil {
		var ends *string
		if e.EndsAt > 0 {
			ends = stampOrNil(e.EndsAt)
		}
		env := envelope{Type: KindDelete, ID: "delete:" + e.Key, Provider: s.providerName(ctx, e.ProviderID), User: u,
			Subscription: &subscription{ID: e.SubscriptionID, PacketID: e.PacketID, PacketName: e.PacketName, EndsAt: ends,
				Reason: e.Reason}}
		if e.Reason == "not_granted" {
			env.Subscription.Purchase = strings.TrimPrefix(e.Key, "not_granted:")
		}
		_, err = s.enqueue(ctx, e.ProviderID, env, false)
		if errors.Is(err, store.ErrConflict) {
			err = nil // queued already
		}
	}
	if err != nil {
		slog.ErrorContext(ctx, "billing DELETE_SUBSCRIPTION not queued", "user", e.UserID, "err", err)
	}
}

// Auth asks the billing whether userID may sign in (AUTH). Guests are not
// asked. When the billing does not answer in time the operator's setting
// decides: sign-in allowed (the default) or refused.
func (s *Service) Auth(ctx context.Context, userID int64) error {
	u, err := subscriberOf(ctx, s.db, userID)
	if err != nil || u.Guest {
		return err
	}
	set, err := settingsOf(ctx, s.db, u.ProviderID)
	if err != nil || !set.on() {
		return err
	}
	env := envelope{Type: KindAuth, ID: "auth:" + randomKey(), Provider: s.providerName(ctx, u.ProviderID), User: u}
	x, err := s.enqueue(ctx, u.ProviderID, env, true)
	if err != nil {
		return err
	}
	out, err := s.attempt(ctx, x)
	if err != nil {
		return err
	}
	switch {
	case out.state == stateDelivered:
		return nil
	case out.state == stateRefused:
		e := httpx.New(http.StatusForbidden, httpx.TypePermissionDenied, "billing_cb_auth_denied")
		e.Message = out.reply.Reason
		return e
	case set.AuthFailOpen:
		return nil
	}
	return httpx.New(http.StatusForbidden, httpx.TypePermissionDenied, "billing_cb_auth_unavailable")
}

// Balance is userID's balance in the billing: a balance this copy or
// another got within balanceTTL (a push counts) is shown as it is; else
// the billing is asked (BALANCE); when it does not answer the last balance
// it gave is shown, else Efir's own.
func (s *Service) Balance(ctx context.Context, userID int64) (int64, string, bool) {
	s.mu.Lock()
	c, cached := s.balance[userID]
	s.mu.Unlock()
	now := s.cfg.Now()
	fresh := func(at time.Time) bool { return now.Sub(at) < balanceTTL && now.Sub(at) >= 0 }
	if cached && fresh(c.at) {
		return c.amount, c.currency, true
	}
	u, err := subscriberOf(ctx, s.db, userID)
	if err != nil || u.Guest {
		return 0, "", false
	}
	set, err := settingsOf(ctx, s.db, u.ProviderID)
	if err != nil || !set.on() {
		return 0, "", false
	}
	last, known, err := storedBalance(ctx, s.db, userID)
	if err != nil || last.ProviderID != u.ProviderID {
		known = false
	}
	if known && fresh(time.Unix(last.UpdatedAt, 0)) {
		s.cacheBalance(userID, cachedBalance{amount: last.Amount, currency: last.Currency, at: time.Unix(last.UpdatedAt, 0)})
		return last.Amount, last.Currency, true
	}
	currency := s.currencyOf(ctx, u.ProviderID)
	env := envelope{Type: KindBal, ID: "balance:" + randomKey(), Provider: s.providerName(ctx, u.ProviderID), User: u,
		Currency: currency}
	out := outcome{}
	x, err := s.enqueue(ctx, u.ProviderID, env, true)
	if err == nil {
		out, err = s.attempt(ctx, x)
	}
	if err != nil || out.state != stateDelivered || out.reply.Balance == nil {
		return last.Amount, last.Currency, known
	}
	if out.reply.Currency != "" {
		currency = out.reply.Currency
	}
	s.rememberAnswer(ctx, u.ProviderID, userID, *out.reply.Balance, currency)
	return *out.reply.Balance, currency, true
}

// currencyOf is the operator's currency (its providers file entry).
func (s *Service) currencyOf(ctx context.Context, providerID int64) string {
	if s.cfg.Currency != nil {
		if c := s.cfg.Currency(ctx, providerID); c != "" {
			return c
		}
	}
	return "RUB"
}

// noteBalance keeps the balance a PACKET answer gave (or forgets the
// user's one, which the charge changed).
func (s *Service) noteBalance(ctx context.Context, providerID, userID int64, r reply, currency string) {
	if r.Balance == nil {
		s.mu.Lock()
		delete(s.balance, userID)
		s.mu.Unlock()
		// the stored one is stale too: make the next read ask
		if _, err := s.db.Exec(context.WithoutCancel(ctx), `UPDATE billing_balances SET updated_at = 0 WHERE user_id = ?`,
			userID); err != nil {
			slog.WarnContext(ctx, "billing balance not marked stale", "user", userID, "err", err)
		}
		return
	}
	if r.Currency != "" {
		currency = r.Currency
	}
	s.rememberAnswer(ctx, providerID, userID, *r.Balance, currency)
}
