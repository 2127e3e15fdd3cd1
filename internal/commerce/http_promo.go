package commerce

import (
	"errors"
	"net/http"

	"efir/internal/httpx"
)

type promoBody struct {
	Key string `json:"key"`
}

// promoError gives each reason a key cannot be used its answer; a key that
// does not exist counts toward the viewer's limit of wrong keys.
func (s *Service) promoError(r *http.Request, userID int64, err error) error {
	switch {
	case errors.Is(err, errPromoUnknown):
		if s.wrongPromo != nil && userID != 0 {
			_ = s.wrongPromo.Add(r.Context(), itoa(userID), s.now())
		}
		return httpx.New(http.StatusNotFound, "not_found", "commerce_promo_unknown")
	case errors.Is(err, errPromoKeyMalformed):
		return httpx.Invalid("key", "commerce_promo_malformed")
	case errors.Is(err, errPromoExpired):
		return httpx.New(http.StatusBadRequest, "promo_invalid", "commerce_promo_expired")
	case errors.Is(err, errPromoUsedUp):
		return httpx.New(http.StatusBadRequest, "promo_invalid", "commerce_promo_used_up")
	case errors.Is(err, errPromoUsedByUser):
		return httpx.New(http.StatusBadRequest, "promo_invalid", "commerce_promo_used")
	case errors.Is(err, errPromoNeedsCard):
		return httpx.New(http.StatusBadRequest, "card_required", "commerce_promo_needs_card")
	}
	return err
}

// promoLimit answers rate_limited once the viewer has tried too many
// wrong keys.
func (s *Service) promoLimit(r *http.Request, userID int64) error {
	if s.wrongPromo == nil {
		return nil
	}
	wait, err := s.wrongPromo.Wait(r.Context(), itoa(userID), s.now())
	if err != nil {
		return err
	}
	if wait > 0 {
		return httpx.RateLimited(int(wait.Seconds() + 0.999))
	}
	return nil
}

func (s *Service) handlePromoCheck(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var b promoBody
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	sess, prov, err := s.sessionProvider(r)
	if err != nil {
		return err
	}
	if err := s.promoLimit(r, sess.UserID); err != nil {
		return err
	}
	key, err := normalizeKey(b.Key)
	if err != nil {
		return s.promoError(r, sess.UserID, err)
	}
	k, err := findKey(ctx, s.db, prov.ID, key)
	if err == nil {
		err = usable(ctx, s.db, k, sess.UserID, s.now().Unix())
	}
	if err != nil {
		return s.promoError(r, sess.UserID, err)
	}
	d, err := s.promoData(ctx, prov, k)
	if err != nil {
		return err
	}
	httpx.OK(w, d)
	return nil
}

func (s *Service) handlePromoApply(w http.ResponseWriter, r *http.Request) error {
	var b promoBody
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	sess, prov, err := s.sessionProvider(r)
	if err != nil {
		return err
	}
	if err := s.promoLimit(r, sess.UserID); err != nil {
		return err
	}
	key, err := normalizeKey(b.Key)
	if err != nil {
		return s.promoError(r, sess.UserID, err)
	}
	d, err := s.applyPromo(r.Context(), prov, sess.UserID, key)
	if err != nil {
		return s.promoError(r, sess.UserID, err)
	}
	httpx.WriteJSON(w, http.StatusCreated, d)
	return nil
}

// handlePromoInfo describes a key publicly (for /promo/{id}); it says
// nothing of who used it.
func (s *Service) handlePromoInfo(w http.ResponseWriter, r *http.Request) error {
	_, prov, err := s.sessionProvider(r)
	if err != nil {
		return err
	}
	key, err := normalizeKey(r.PathValue("id"))
	if err != nil {
		return s.promoError(r, 0, err)
	}
	k, err := findKey(r.Context(), s.db, prov.ID, key)
	if err == nil {
		err = usable(r.Context(), s.db, k, 0, s.now().Unix())
	}
	if err != nil {
		return s.promoError(r, 0, err)
	}
	d, err := s.promoData(r.Context(), prov, k)
	if err != nil {
		return err
	}
	httpx.OK(w, d)
	return nil
}
