package commerce

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"efir/internal/provider"
	"efir/internal/store"
)

// PromoData is what a promo key gives (spec "Promo data").
type PromoData struct {
	Key               string        `json:"key"`
	Amount            int64         `json:"amount"`
	Currency          string        `json:"currency"`
	Days              int           `json:"days"`
	OTTDays           int           `json:"ott_days"`
	PacketIDs         []int64       `json:"packet_ids"`
	OTTPacketIDs      []int64       `json:"ott_packet_ids"`
	Packets           []PacketBrief `json:"packets"`
	IsPaid            bool          `json:"is_paid"`
	NeededRefund      bool          `json:"needed_refund"`
	ConfirmationTitle string        `json:"confirmation_title"`
	ConfirmationText  string        `json:"confirmation_text"`
	ConfirmationDesc  string        `json:"confirmation_desc"`
	IsNeedConfirm     bool          `json:"is_need_confirm"`
	Description       string        `json:"description"`
}

// promoKey is a key with its campaign.
type promoKey struct {
	ID, CampaignID int64
	Text           string
	MaxUses, Uses  int
	Kind           string
	Days           int
	Amount         int64
	Currency       string
	PacketIDs      []int64
	IsPaid, Refund bool
	NeedConfirm    bool
	ConfirmTitle   string
	ConfirmText    string
	ConfirmDesc    string
	Description    string
	ExpiresAt      int64
}

// Why a key cannot be used (the HTTP layer gives each its message).
var (
	errPromoUnknown      = errors.New("unknown promo key")
	errPromoExpired      = errors.New("promo key expired")
	errPromoUsedUp       = errors.New("promo key used up")
	errPromoUsedByUser   = errors.New("promo key already used by this viewer")
	errPromoNeedsCard    = errors.New("promo key needs a linked card")
	errPromoKeyMalformed = errors.New("promo key malformed")
)

// maxPromoKey is the spec's limit on a key's length.
const maxPromoKey = 15

func normalizeKey(k string) (string, error) {
	k = strings.ToUpper(strings.TrimSpace(k))
	if k == "" || len([]rune(k)) > maxPromoKey {
		return "", errPromoKeyMalformed
	}
	return k, nil
}

func findKey(ctx context.Context, q store.Querier, providerID int64, text string) (promoKey, error) {
	var k promoKey
	var packets string
	err := store.Get(ctx, q, `SELECT k.id, k.campaign_id, k.key_text, k.max_uses, k.uses, c.kind, c.days, c.amount, c.currency,
		c.packet_ids, c.is_paid, c.needed_refund, c.is_need_confirm, c.confirmation_title, c.confirmation_text,
		c.confirmation_desc, c.description, c.expires_at
		FROM promo_keys k JOIN promo_campaigns c ON c.id = k.campaign_id WHERE k.provider_id = ? AND k.key_text = ?`,
		[]any{providerID, text}, &k.ID, &k.CampaignID, &k.Text, &k.MaxUses, &k.Uses, &k.Kind, &k.Days, &k.Amount, &k.Currency,
		&packets, &k.IsPaid, &k.Refund, &k.NeedConfirm, &k.ConfirmTitle, &k.ConfirmText, &k.ConfirmDesc, &k.Description,
		&k.ExpiresAt)
	if errors.Is(err, store.ErrNotFound) {
		return k, errPromoUnknown
	}
	for _, f := range strings.Split(packets, ",") {
		if id, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64); err == nil {
			k.PacketIDs = append(k.PacketIDs, id)
		}
	}
	return k, err
}

// usable says why k cannot be used by userID now (nil: it can).
func usable(ctx context.Context, q store.Querier, k promoKey, userID, now int64) error {
	if k.ExpiresAt != 0 && k.ExpiresAt <= now {
		return errPromoExpired
	}
	if k.Uses >= k.MaxUses {
		return errPromoUsedUp
	}
	if err := campaignUsable(ctx, q, k.CampaignID, userID, now); err != nil {
		return err
	}
	if userID != 0 {
		var n int
		if err := store.Get(ctx, q, `SELECT COUNT(*) FROM promo_uses WHERE key_id = ? AND user_id = ?`, []any{k.ID, userID}, &n); err != nil {
			return err
		}
		if n > 0 {
			return errPromoUsedByUser
		}
	}
	return nil
}

func (s *Service) promoData(ctx context.Context, prov *provider.Provider, k promoKey) (PromoData, error) {
	d := PromoData{Key: k.Text, Currency: currencyOf(prov), PacketIDs: []int64{}, OTTPacketIDs: []int64{}, Packets: []PacketBrief{},
		IsPaid: k.IsPaid, NeededRefund: k.Refund, ConfirmationTitle: k.ConfirmTitle, ConfirmationText: k.ConfirmText,
		ConfirmationDesc: k.ConfirmDesc, IsNeedConfirm: k.NeedConfirm, Description: k.Description}
	switch k.Kind {
	case "balance":
		d.Amount = k.Amount
	default:
		d.Days, d.OTTDays = k.Days, k.Days
		o, err := loadOffer(ctx, s.db, prov.ID)
		if err != nil {
			return d, err
		}
		for _, id := range k.PacketIDs {
			if p := o.byID[id]; p != nil {
				d.PacketIDs = append(d.PacketIDs, id)
				d.OTTPacketIDs = append(d.OTTPacketIDs, id)
				d.Packets = append(d.Packets, brief(prov, p))
			}
		}
	}
	return d, nil
}

// applyPromo uses key k for the user in one transaction: the use is
// counted once (one per user, never past the maximum) and its effect given.
func (s *Service) applyPromo(ctx context.Context, prov *provider.Provider, userID int64, text string) (PromoData, error) {
	now := s.now().Unix()
	var k promoKey
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		var err error
		if k, err = findKey(ctx, tx, prov.ID, text); err != nil {
			return err
		}
		if err := usable(ctx, tx, k, userID, now); err != nil {
			return err
		}
		if k.IsPaid {
			card, err := primaryCard(ctx, tx, userID)
			if err != nil {
				return err
			}
			if card == nil {
				return errPromoNeedsCard
			}
		}
		res, err := tx.Exec(ctx, `UPDATE promo_keys SET uses = uses + 1 WHERE id = ? AND uses < max_uses`, k.ID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errPromoUsedUp
		}
		if _, err := tx.Exec(ctx, `INSERT INTO promo_uses (key_id, user_id, created_at) VALUES (?, ?, ?)`, k.ID, userID, now); err != nil {
			if errors.Is(err, store.ErrConflict) {
				return errPromoUsedByUser
			}
			return err
		}
		if k.Kind == "balance" {
			acc, err := accountOf(ctx, tx, userID, currencyOf(prov))
			if err != nil {
				return err
			}
			_, err = post(ctx, tx, entry{AccountID: acc.ID, UserID: userID, Kind: entryPromoCredit, Amount: k.Amount,
				Currency: acc.Currency, Key: fmt.Sprintf("promo:%d:%d", k.ID, userID), Description: k.Text}, now)
			return err
		}
		return grantDays(ctx, tx, userID, k.PacketIDs, k.Days, currencyOf(prov), now)
	})
	if err != nil {
		return PromoData{}, err
	}
	return s.promoData(ctx, prov, k)
}

// grantDays gives days of each packet: a packet the user holds runs that
// much longer (its next charge moves too); otherwise a promo subscription
// starts now.
func grantDays(ctx context.Context, tx *store.Tx, userID int64, packetIDs []int64, days int, currency string, now int64) error {
	add := int64(days) * secondsADay
	subs, err := subsOf(ctx, tx, userID)
	if err != nil {
		return err
	}
next:
	for _, id := range packetIDs {
		for _, x := range subs {
			if x.PacketID == id && x.active(now) && x.EndAt != 0 {
				if _, err := tx.Exec(ctx, `UPDATE subscriptions SET end_at = end_at + ? WHERE id = ?`, add, x.ID); err != nil {
					return err
				}
				continue next
			}
			if x.PacketID == id && x.active(now) {
				continue next // held for good
			}
			if x.PacketID == id && x.OpenKey != nil {
				// A lapsed or scheduled row of the packet gives its place up.
				if _, err := tx.Exec(ctx, `UPDATE subscriptions SET open_key = NULL, closed_at = ? WHERE id = ?`, now, x.ID); err != nil {
					return err
				}
			}
		}
		if _, err := tx.Exec(ctx, `INSERT INTO subscriptions (user_id, packet_id, start_at, end_at, source, created_at, renew,
			currency, open_key) VALUES (?, ?, ?, ?, 'promo', ?, FALSE, ?, ?)`,
			userID, id, now, now+add, now, currency, openKey(userID, id)); err != nil {
			return err
		}
	}
	return nil
}

// GrantPromoDays gives a new registration the operator's promo days, once
// per phone (identity calls it after a registration by phone).
func (s *Service) GrantPromoDays(ctx context.Context, providerID, userID int64, phone string) error {
	prov, err := s.provider(ctx, providerID)
	if err != nil || prov.PromoDays <= 0 || len(prov.Commerce.PromoPacketIDs) == 0 || phone == "" {
		return err
	}
	now := s.now().Unix()
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		res, err := tx.Exec(ctx, `INSERT INTO promo_day_grants (provider_id, phone, user_id, created_at) VALUES (?, ?, ?, ?)
			ON CONFLICT DO NOTHING`, providerID, phone, userID, now)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil // this phone had its promo days
		}
		return grantDays(ctx, tx, userID, prov.Commerce.PromoPacketIDs, prov.PromoDays, currencyOf(prov), now)
	})
}

// HasPromoCampaigns: the operator has a promo key that can still be used.
func (s *Service) HasPromoCampaigns(ctx context.Context, providerID int64) (bool, error) {
	var n int
	err := store.Get(ctx, s.db, `SELECT COUNT(*) FROM promo_keys k JOIN promo_campaigns c ON c.id = k.campaign_id
		WHERE k.provider_id = ? AND (c.expires_at = 0 OR c.expires_at > ?)`, []any{providerID, s.now().Unix()}, &n)
	return n > 0, err
}
