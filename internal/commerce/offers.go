package commerce

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"efir/internal/store"
)

// ContentOffer is a single offer of a film: rent for a window, or buy.
type ContentOffer struct {
	OfferID     int64  `json:"offer_id"`
	ContentID   int64  `json:"content_id"`
	Type        string `json:"type"`
	Amount      int64  `json:"amount"`
	Currency    string `json:"currency"`
	RentalHours int    `json:"rental_hours"`
	Title       string `json:"title"`
}

// Licence is what a viewer holds of a film.
type Licence struct {
	ID        int64  `json:"id"`
	OfferID   int64  `json:"offer_id"`
	ContentID int64  `json:"content_id"`
	Type      string `json:"type"`
	StartAt   int64  `json:"start_at"`
	EndAt     int64  `json:"end_at"`
	Amount    int64  `json:"amount"`
	Currency  string `json:"currency"`
}

func offersOf(ctx context.Context, q store.Querier, providerID, contentID int64) ([]ContentOffer, error) {
	out := []ContentOffer{}
	err := store.Each(ctx, q, `SELECT id, content_id, kind, amount, currency, rental_hours FROM content_offers
		WHERE provider_id = ? AND content_id = ? ORDER BY amount, id`, []any{providerID, contentID}, func(r store.Scanner) error {
		var o ContentOffer
		if err := r.Scan(&o.OfferID, &o.ContentID, &o.Type, &o.Amount, &o.Currency, &o.RentalHours); err != nil {
			return err
		}
		out = append(out, o)
		return nil
	})
	return out, err
}

func offerByID(ctx context.Context, q store.Querier, providerID, id int64) (ContentOffer, error) {
	var o ContentOffer
	err := store.Get(ctx, q, `SELECT id, content_id, kind, amount, currency, rental_hours FROM content_offers
		WHERE id = ? AND provider_id = ?`, []any{id, providerID}, &o.OfferID, &o.ContentID, &o.Type, &o.Amount, &o.Currency,
		&o.RentalHours)
	return o, err
}

// errOfferHeld: the viewer already owns the film (or rents it now).
var errOfferHeld = errors.New("film already held")

// buyOffer charges the offer from the balance and writes the licence. The
// same key gives the same licence.
func (s *Service) buyOffer(ctx context.Context, tx *store.Tx, userID, providerID, offerID int64, key string) (int64, error) {
	now := s.now().Unix()
	o, err := offerByID(ctx, tx, providerID, offerID)
	if err != nil {
		return 0, err
	}
	acc, err := accountOf(ctx, tx, userID, o.Currency)
	if err != nil {
		return 0, err
	}
	if err := lockAccount(ctx, tx, acc.ID); err != nil {
		return 0, err
	}
	idem := "u" + strconv.FormatInt(userID, 10) + ":" + key
	var id int64
	if err := store.Get(ctx, tx, `SELECT id FROM licences WHERE idem_key = ?`, []any{idem}, &id); err == nil {
		return id, nil
	} else if !errors.Is(err, store.ErrNotFound) {
		return 0, err
	}
	var held int
	if err := store.Get(ctx, tx, `SELECT COUNT(*) FROM licences WHERE user_id = ? AND content_id = ? AND (end_at = 0 OR end_at > ?)
		AND (kind = 'buy' OR ? = 'rent')`, []any{userID, o.ContentID, now, o.Type}, &held); err != nil {
		return 0, err
	}
	if held > 0 {
		return 0, errOfferHeld
	}
	end := int64(0)
	if o.Type == "rent" {
		end = now + int64(o.RentalHours)*3600
	}
	id, err = store.InsertID(ctx, tx, `INSERT INTO licences (user_id, offer_id, content_id, kind, amount, currency, start_at,
		end_at, idem_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		userID, o.OfferID, o.ContentID, o.Type, o.Amount, o.Currency, now, end, idem, now)
	if err != nil {
		return 0, err
	}
	if o.Amount > 0 {
		_, err = post(ctx, tx, entry{AccountID: acc.ID, UserID: userID, Kind: entryCharge, Amount: -o.Amount,
			Currency: o.Currency, Key: fmt.Sprintf("charge:licence:%d", id), Description: o.Type}, now)
		if errors.Is(err, errInsufficient) {
			return 0, &shortError{Missing: shortfall(o.Amount, acc.Balance)}
		}
	}
	return id, err
}

func licencesOf(ctx context.Context, q store.Querier, userID int64) ([]Licence, error) {
	out := []Licence{}
	err := store.Each(ctx, q, `SELECT id, offer_id, content_id, kind, start_at, end_at, amount, currency FROM licences
		WHERE user_id = ? ORDER BY id DESC`, []any{userID}, func(r store.Scanner) error {
		var l Licence
		if err := r.Scan(&l.ID, &l.OfferID, &l.ContentID, &l.Type, &l.StartAt, &l.EndAt, &l.Amount, &l.Currency); err != nil {
			return err
		}
		out = append(out, l)
		return nil
	})
	return out, err
}
