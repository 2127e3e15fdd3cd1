package providerapi

import (
	"net/http"

	"efir/internal/commerce"
	"efir/internal/httpx"
)

// PromoKey is one of the operator's promo keys; is_active while it can
// still be used.
type PromoKey struct {
	ID       int64  `json:"id"`
	Key      string `json:"key"`
	IsActive bool   `json:"is_active"`
}

// UserPromoKey is a promo key a subscriber used (the reference's
// UserPromoKey): the key, its campaign's title and description, when, and
// what it gave.
type UserPromoKey struct {
	PromoKey    PromoKey    `json:"promo_key"`
	Title       string      `json:"title"`
	Description string      `json:"description"`
	ActivatedAt string      `json:"activated_at"`
	Result      PromoResult `json:"result"`
}

// PromoResult is what a key gives: days of packets, or money on the
// balance.
type PromoResult struct {
	Type      string  `json:"type"` // days or balance
	Days      int     `json:"days"`
	PacketIDs []int64 `json:"packet_ids"`
	Amount    string  `json:"amount"`
}

func promoKeyView(k commerce.APIPromoKey) PromoKey {
	return PromoKey{ID: k.ID, Key: k.Key, IsActive: k.IsActive}
}

func userPromoKeyView(u commerce.APIPromoUse) UserPromoKey {
	v := UserPromoKey{PromoKey: promoKeyView(u.Key), Title: u.Title, Description: u.Description,
		ActivatedAt: stamp(u.ActivatedAt), Result: PromoResult{Type: u.Kind, PacketIDs: []int64{}, Amount: money(0)}}
	if u.Kind == "balance" {
		v.Result.Amount = money(u.Amount)
	} else {
		v.Result.Type, v.Result.Days, v.Result.PacketIDs = "days", u.Days, u.PacketIDs
	}
	return v
}

// handlePromoKeys lists the promo keys the subscriber used, the latest
// first.
func (s *Service) handlePromoKeys(w http.ResponseWriter, r *http.Request) error {
	u, err := s.user(r, "user_id")
	if err != nil {
		return err
	}
	list, err := s.cfg.Shop.APIPromoUses(r.Context(), u.ProviderID, u.ID)
	if err != nil {
		return err
	}
	out := make([]UserPromoKey, 0, len(list))
	for _, x := range list {
		out = append(out, userPromoKeyView(x))
	}
	httpx.OK(w, out)
	return nil
}

// handleRedeemPromoKey uses a promo key for the subscriber, as the viewer
// would in the apps.
func (s *Service) handleRedeemPromoKey(w http.ResponseWriter, r *http.Request) error {
	u, err := s.user(r, "user_id")
	if err != nil {
		return err
	}
	var b struct {
		Key *httpx.Text `json:"key"`
	}
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	if b.Key == nil || b.Key.String() == "" {
		return httpx.Invalid("key", "providerapi_promo_key_required")
	}
	used, err := s.cfg.Shop.APIRedeemPromo(r.Context(), u.ProviderID, u.ID, b.Key.String())
	if err != nil {
		return err
	}
	v := userPromoKeyView(used)
	if err := s.audit(r, "promo.redeem", u.ID, nil, v); err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, v)
	return nil
}

// handleDeactivatePromoKey makes one of the operator's promo keys unusable
// from now on; the uses so far stand.
func (s *Service) handleDeactivatePromoKey(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	before, after, err := s.cfg.Shop.APIDeactivatePromoKey(r.Context(), callerOf(r.Context()).ProviderID, id)
	if err != nil {
		return err
	}
	if before.IsActive {
		if err := s.auditObject(r, "promo_key.deactivate", "promo_key", id, promoKeyView(before), promoKeyView(after)); err != nil {
			return err
		}
	}
	httpx.NoContent(w)
	return nil
}
