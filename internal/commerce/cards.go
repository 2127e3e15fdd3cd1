package commerce

import (
	"context"

	"efir/internal/commerce/gateway"
	"efir/internal/store"
)

// Card is a saved card as the viewer sees it: never more than the brand and
// the last four digits.
type Card struct {
	ID        int64  `json:"id"`
	Number    string `json:"number"`
	Brand     string `json:"brand"`
	IsPrimary bool   `json:"is_primary"`
	token     string
	gateway   string
}

// saveCard keeps a card the gateway saved; the first card is primary.
func saveCard(ctx context.Context, tx *store.Tx, userID int64, gw string, c gateway.Card, now int64) error {
	if c.Token == "" {
		return nil
	}
	var primaries int
	if err := store.Get(ctx, tx, `SELECT COUNT(*) FROM cards WHERE user_id = ? AND is_primary`, []any{userID}, &primaries); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `INSERT INTO cards (user_id, gateway, token, brand, last4, is_primary, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, gateway, token) DO NOTHING`,
		userID, gw, c.Token, c.Brand, c.Last4, primaries == 0, now)
	return err
}

func cardsOf(ctx context.Context, q store.Querier, userID int64) ([]Card, error) {
	out := []Card{}
	err := store.Each(ctx, q, `SELECT id, brand, last4, is_primary, token, gateway FROM cards WHERE user_id = ?
		ORDER BY is_primary DESC, id`, []any{userID}, func(r store.Scanner) error {
		var c Card
		var last4 string
		if err := r.Scan(&c.ID, &c.Brand, &last4, &c.IsPrimary, &c.token, &c.gateway); err != nil {
			return err
		}
		c.Number = "•••• " + last4
		out = append(out, c)
		return nil
	})
	return out, err
}

// primaryCard is the card renewals are paid with (nil: none).
func primaryCard(ctx context.Context, q store.Querier, userID int64) (*Card, error) {
	cards, err := cardsOf(ctx, q, userID)
	if err != nil || len(cards) == 0 {
		return nil, err
	}
	return &cards[0], nil
}

func cardOf(ctx context.Context, q store.Querier, userID, id int64) (*Card, error) {
	cards, err := cardsOf(ctx, q, userID)
	if err != nil {
		return nil, err
	}
	for i := range cards {
		if cards[i].ID == id {
			return &cards[i], nil
		}
	}
	return nil, store.ErrNotFound
}

// makePrimary moves the primary mark to card id of the user.
func (s *Service) makePrimary(ctx context.Context, userID, id int64) error {
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		if _, err := cardOf(ctx, tx, userID, id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE cards SET is_primary = (id = ?) WHERE user_id = ?`, id, userID); err != nil {
			return err
		}
		return nil
	})
}

// deleteCard forgets a card; the oldest remaining one becomes primary.
func (s *Service) deleteCard(ctx context.Context, userID, id int64) error {
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		res, err := tx.Exec(ctx, `DELETE FROM cards WHERE id = ? AND user_id = ?`, id, userID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return store.ErrNotFound
		}
		cards, err := cardsOf(ctx, tx, userID)
		if err != nil || len(cards) == 0 || cards[0].IsPrimary {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE cards SET is_primary = TRUE WHERE id = ?`, cards[0].ID)
		return err
	})
}
