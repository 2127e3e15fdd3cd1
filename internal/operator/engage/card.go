package engage

import (
	"net/http"

	"efir/internal/httpx"
	"efir/internal/store"
)

// The subscriber card's sections: the promo keys the viewer used and the
// messages the viewer was sent (newest first).

// PromoUse is a key the viewer redeemed.
type PromoUse struct {
	Key          string `json:"key"`
	CampaignID   int64  `json:"campaign_id"`
	CampaignName string `json:"campaign_name"`
	Kind         string `json:"kind"`
	Days         int    `json:"days"`
	Amount       int64  `json:"amount"`
	Currency     string `json:"currency"`
	CreatedAt    int64  `json:"created_at"`
}

func (s *Service) handleCardPromoUses(w http.ResponseWriter, r *http.Request) error {
	user, err := s.subscriberOf(r)
	if err != nil {
		return err
	}
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	out := []PromoUse{}
	err = store.Each(r.Context(), s.db, `SELECT k.key_text, c.id, c.name, c.kind, c.days, c.amount, c.currency, u.created_at
		FROM promo_uses u JOIN promo_keys k ON k.id = u.key_id JOIN promo_campaigns c ON c.id = k.campaign_id
		WHERE u.user_id = ? ORDER BY u.created_at DESC, u.key_id DESC LIMIT ? OFFSET ?`, []any{user, limit, offset},
		func(row store.Scanner) error {
			var p PromoUse
			if err := row.Scan(&p.Key, &p.CampaignID, &p.CampaignName, &p.Kind, &p.Days, &p.Amount, &p.Currency, &p.CreatedAt); err != nil {
				return err
			}
			out = append(out, p)
			return nil
		})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// SentMessage is a message in the viewer's list, removed ones too.
type SentMessage struct {
	ID          int64  `json:"id"`
	Title       string `json:"title"`
	Text        string `json:"text"`
	Link        string `json:"link"`
	BroadcastID int64  `json:"broadcast_id"`
	Removed     bool   `json:"removed"`
	CreatedAt   int64  `json:"created_at"`
}

func (s *Service) handleCardMessages(w http.ResponseWriter, r *http.Request) error {
	user, err := s.subscriberOf(r)
	if err != nil {
		return err
	}
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	out := []SentMessage{}
	err = store.Each(r.Context(), s.db, `SELECT id, title, text, link, broadcast_id, removed, created_at FROM messages
		WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`, []any{user, limit, offset},
		func(row store.Scanner) error {
			var m SentMessage
			if err := row.Scan(&m.ID, &m.Title, &m.Text, &m.Link, &m.BroadcastID, &m.Removed, &m.CreatedAt); err != nil {
				return err
			}
			out = append(out, m)
			return nil
		})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}
