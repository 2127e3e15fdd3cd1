package commerce

import (
	"errors"
	"net/http"

	"efir/internal/httpx"
	"efir/internal/store"
)

func (s *Service) handleCurrent(w http.ResponseWriter, r *http.Request) error {
	return s.writeSubscriptions(w, r, false)
}

func (s *Service) handleFutures(w http.ResponseWriter, r *http.Request) error {
	return s.writeSubscriptions(w, r, true)
}

func (s *Service) writeSubscriptions(w http.ResponseWriter, r *http.Request, futures bool) error {
	_, prov, err := s.sessionProvider(r)
	if err != nil {
		return err
	}
	o, err := loadOffer(r.Context(), s.db, prov.ID)
	if err != nil {
		return err
	}
	h, err := s.viewerState(r, prov)
	if err != nil {
		return err
	}
	current, future := s.currentAndFutures(o, h)
	if futures {
		httpx.OK(w, future)
	} else {
		httpx.OK(w, current)
	}
	return nil
}

type subscribeBody struct {
	PacketID       int64  `json:"packet_id"`
	PeriodID       int64  `json:"period_id"`
	Trial          *bool  `json:"trial"`
	IdempotencyKey string `json:"idempotency_key"`
	ParentalCode   string `json:"parental_code"`
}

// handleSubscribe pays a packet from the balance (402 with the missing
// amount when the balance is short).
func (s *Service) handleSubscribe(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var b subscribeBody
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	if err := checkKey(b.IdempotencyKey); err != nil {
		return err
	}
	if b.PacketID <= 0 {
		return httpx.Invalid("packet_id", "commerce_packet_required")
	}
	sess, prov, err := s.sessionProvider(r)
	if err != nil {
		return err
	}
	o, err := loadOffer(ctx, s.db, prov.ID)
	if err != nil {
		return err
	}
	p := o.byID[b.PacketID]
	if p == nil || p.IsHidden {
		return httpx.NotFound()
	}
	per, ok := p.periodByID(b.PeriodID)
	if !ok {
		return httpx.Invalid("period_id", "commerce_period_unknown")
	}
	if err := s.payGate(ctx, sess, prov, b.ParentalCode); err != nil {
		return err
	}
	if s.billingKeeps(ctx, prov) {
		return s.subscribeThroughBilling(w, r, sess, prov, o, p, per, b)
	}
	pu := purchase{UserID: sess.UserID, ProviderID: prov.ID, Packet: p, Period: per, Trial: b.Trial == nil || *b.Trial,
		Key: b.IdempotencyKey, AddonsWithoutBase: prov.Commerce.AddonsWithoutBase, Currency: currencyOf(prov), Source: sourcePaid}
	var id int64
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		var err error
		id, err = s.subscribe(ctx, tx, o, pu)
		return err
	})
	if errors.Is(err, store.ErrConflict) {
		// Another request of this viewer made it first (the open key).
		err = errAlreadyHeld
		if b.IdempotencyKey != "" {
			if x, e := s.subByKey(r, sess.UserID, b.IdempotencyKey); e == nil {
				id, err = x, nil
			}
		}
	}
	if err != nil {
		return moneyError(err, currencyOf(prov), false)
	}
	return s.writeSubscription(w, r, http.StatusCreated, o, sess.UserID, id)
}

// writeSubscription answers the user's subscription id (buyers only: no
// child profile, so the view has its actions).
func (s *Service) writeSubscription(w http.ResponseWriter, r *http.Request, status int, o *offer, userID, id int64) error {
	x, err := scanSub(s.db.QueryRow(r.Context(), `SELECT `+subColumns+` FROM subscriptions WHERE id = ? AND user_id = ?
		AND closed_at = 0`, id, userID))
	if err != nil {
		return store.MapErr(err)
	}
	httpx.WriteJSON(w, status, s.subscriptionView(o, o.byID[x.PacketID], x, &holder{userID: userID}, s.now().Unix()))
	return nil
}

func (s *Service) subByKey(r *http.Request, userID int64, key string) (int64, error) {
	var id int64
	err := store.Get(r.Context(), s.db, `SELECT id FROM subscriptions WHERE idem_key = ?`,
		[]any{"u" + itoa(userID) + ":" + key}, &id)
	return id, err
}

type patchSubscriptionBody struct {
	Renew        *bool  `json:"renew"`
	PeriodID     int64  `json:"period_id"`
	ParentalCode string `json:"parental_code"`
}

func (s *Service) handlePatchSubscription(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	id, err := pathInt(r, "id")
	if err != nil {
		return err
	}
	var b patchSubscriptionBody
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	sess, prov, err := s.sessionProvider(r)
	if err != nil {
		return err
	}
	o, err := loadOffer(ctx, s.db, prov.ID)
	if err != nil {
		return err
	}
	switch {
	case b.PeriodID != 0:
		err = s.changePeriod(ctx, o, sess.UserID, id, b.PeriodID)
	case b.Renew != nil:
		if *b.Renew {
			if err := s.payGate(ctx, sess, prov, b.ParentalCode); err != nil {
				return err
			}
		}
		err = s.setRenew(ctx, sess.UserID, id, *b.Renew)
	default:
		return httpx.Invalid("renew", "commerce_nothing_to_change")
	}
	if errors.Is(err, errCannotChange) || errors.Is(err, errCannotDisable) {
		return httpx.BadRequest("commerce_cannot_change")
	}
	if err != nil {
		return err
	}
	return s.writeSubscription(w, r, http.StatusOK, o, sess.UserID, id)
}

// handleUnsubscribe switches the renewal off: 451 where the operator
// forbids it (its message), 400 title_disabled_renewal where it cannot be.
func (s *Service) handleUnsubscribe(w http.ResponseWriter, r *http.Request) error {
	id, err := pathInt(r, "id")
	if err != nil {
		return err
	}
	sess, prov, err := s.sessionProvider(r)
	if err != nil {
		return err
	}
	if _, err := subForChange(r.Context(), s.db, sess.UserID, id); err != nil {
		return err
	}
	// Spec: disabling asks for the parental check first.
	if err := s.payGate(r.Context(), sess, prov, r.URL.Query().Get("parental_code")); err != nil {
		return err
	}
	if msg := prov.Commerce.UnsubscribeForbidden; msg != "" {
		return &httpx.Error{Status: http.StatusUnavailableForLegalReasons, Type: "unsubscribe_forbidden", Message: msg}
	}
	err = s.setRenew(r.Context(), sess.UserID, id, false)
	if errors.Is(err, errCannotDisable) || errors.Is(err, errCannotChange) {
		return httpx.New(http.StatusBadRequest, "title_disabled_renewal", "commerce_renewal_cannot_disable")
	}
	if err != nil {
		return err
	}
	s.billingEnded(r.Context(), prov, sess.UserID, id, "renewal_off")
	httpx.NoContent(w)
	return nil
}

func (s *Service) handleCancelFuture(w http.ResponseWriter, r *http.Request) error {
	id, err := pathInt(r, "id")
	if err != nil {
		return err
	}
	sess, prov, err := s.sessionProvider(r)
	if err != nil {
		return err
	}
	dropped, err := s.cancelFuture(r.Context(), sess.UserID, id)
	if err != nil {
		return err
	}
	if dropped {
		// A scheduled subscription dropped: the billing that charged for it
		// hears it ended, as for a renewal switched off.
		s.billingEnded(r.Context(), prov, sess.UserID, id, "future_cancelled")
	}
	httpx.NoContent(w)
	return nil
}

type buyOfferBody struct {
	OfferID        int64  `json:"offer_id"`
	IdempotencyKey string `json:"idempotency_key"`
	ParentalCode   string `json:"parental_code"`
}

func (s *Service) handleBuyOffer(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var b buyOfferBody
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	if err := checkKey(b.IdempotencyKey); err != nil {
		return err
	}
	if b.OfferID <= 0 {
		return httpx.Invalid("offer_id", "commerce_offer_required")
	}
	sess, prov, err := s.sessionProvider(r)
	if err != nil {
		return err
	}
	if _, err := offerByID(ctx, s.db, prov.ID, b.OfferID); err != nil {
		return err
	}
	if err := s.payGate(ctx, sess, prov, b.ParentalCode); err != nil {
		return err
	}
	key := b.IdempotencyKey
	if key == "" {
		key = randomKey()
	}
	var id int64
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		var err error
		id, err = s.buyOffer(ctx, tx, sess.UserID, prov.ID, b.OfferID, key)
		return err
	})
	if err != nil {
		return moneyError(err, currencyOf(prov), true)
	}
	list, err := licencesOf(ctx, s.db, sess.UserID)
	if err != nil {
		return err
	}
	for _, l := range list {
		if l.ID == id {
			httpx.WriteJSON(w, http.StatusCreated, l)
			return nil
		}
	}
	return httpx.NotFound()
}

func (s *Service) handleLicences(w http.ResponseWriter, r *http.Request) error {
	list, err := licencesOf(r.Context(), s.db, httpx.SessionFrom(r.Context()).UserID)
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}
