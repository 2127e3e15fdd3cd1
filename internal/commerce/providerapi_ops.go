package commerce

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"efir/internal/httpx"
	"efir/internal/store"
)

// Operations of the operator's machine-to-machine API (package
// operator/providerapi) on one subscriber: reads of single subscriptions
// and pauses, money posted by the operator's billing, promo keys and film
// licences. As the staff operations, every call names the operator: another
// operator's subscriber, key or offer is not found.

// APISubscription is the subscriber's subscription id.
func (s *Service) APISubscription(ctx context.Context, providerID, userID, id int64) (StaffSubscription, error) {
	if err := s.staffSubscriber(ctx, providerID, userID); err != nil {
		return StaffSubscription{}, err
	}
	return s.staffSubscription(ctx, s.db, userID, id)
}

// APIEndSubscriptions ends every subscription of the subscriber that is not
// closed (running, paused or scheduled), in one transaction, and gives the
// ended ones as they are after it. What was paid is not given back.
func (s *Service) APIEndSubscriptions(ctx context.Context, providerID, userID int64) ([]StaffSubscription, error) {
	if err := s.staffSubscriber(ctx, providerID, userID); err != nil {
		return nil, err
	}
	now := s.now().Unix()
	var ids []int64
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		var open []int64
		if err := store.Each(ctx, tx, `SELECT id FROM subscriptions WHERE user_id = ? AND closed_at = 0 ORDER BY id`,
			[]any{userID}, func(r store.Scanner) error {
				var id int64
				err := r.Scan(&id)
				open = append(open, id)
				return err
			}); err != nil {
			return err
		}
		for _, id := range open {
			x, err := lockSubscription(ctx, tx, userID, id)
			if err != nil {
				return err
			}
			if staffState(x, now) == stateClosed && x.PausedAt == 0 {
				continue // lapsed: nothing to end
			}
			if err := endSubscription(ctx, tx, x, now); err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := make([]StaffSubscription, 0, len(ids))
	for _, id := range ids {
		x, err := s.staffSubscription(ctx, s.db, userID, id)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}

// apiKeyPrefix keeps the API's idempotency keys apart from the console's.
const apiKeyPrefix = "api:"

// APIAdjust credits (amount > 0) or debits (amount < 0) the subscriber's
// balance for the operator's billing, as StaffAdjust does, and calls
// posted with the entry in the posting's own transaction (the audit log's
// entry). The same key again posts nothing, calls nothing and gives the
// first entry back with replayed true; with another amount or description
// it is refused (409 conflict).
func (s *Service) APIAdjust(ctx context.Context, providerID, userID, amount int64, description, key string,
	posted func(q store.Querier, e LedgerEntry) error) (e LedgerEntry, replayed bool, err error) {
	if len(key) > staffKeyMax-len(apiKeyPrefix) {
		return LedgerEntry{}, false, httpx.Invalid("idempotency_key", "commerce_staff_key_invalid")
	}
	if key != "" {
		key = apiKeyPrefix + key
	}
	description, err = staffNote(description, key)
	if err != nil {
		return LedgerEntry{}, false, err
	}
	if amount == 0 || amount > maxPayment || amount < -maxPayment {
		return LedgerEntry{}, false, httpx.Invalid("amount", "commerce_amount_invalid")
	}
	prov, err := s.staffOperator(ctx, providerID, userID)
	if err != nil {
		return LedgerEntry{}, false, err
	}
	currency := currencyOf(prov)
	ledgerKey := fmt.Sprintf("adjust:%d:%s", userID, key)
	var balance int64
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		acc, err := accountOf(ctx, tx, userID, currency)
		if err != nil {
			return err
		}
		// The lock makes a second request with the key wait for the first
		// and then find its entry.
		if err := lockAccount(ctx, tx, acc.ID); err != nil {
			return err
		}
		if err := store.Get(ctx, tx, `SELECT balance FROM accounts WHERE id = ?`, []any{acc.ID}, &balance); err != nil {
			return err
		}
		if _, err := post(ctx, tx, entry{AccountID: acc.ID, UserID: userID, Kind: entryAdjustment, Amount: amount,
			Currency: currency, Key: ledgerKey, Description: description}, s.now().Unix()); err != nil {
			return err
		}
		e, err := entryByKey(ctx, tx, ledgerKey)
		if err != nil || posted == nil {
			return err
		}
		return posted(tx, e)
	})
	switch {
	case errors.Is(err, errInsufficient):
		return LedgerEntry{}, false, insufficientFunds("commerce_insufficient_funds", max(balance, 0), currency)
	case errors.Is(err, errReplayed):
		replayed = true
	case err != nil:
		return LedgerEntry{}, false, err
	}
	e, err = entryByKey(ctx, s.db, ledgerKey)
	if err != nil {
		return LedgerEntry{}, false, err
	}
	if e.Amount != amount || e.Description != description {
		return LedgerEntry{}, false, errKeyReused()
	}
	return e, replayed, nil
}

// APIPromoKey is a promo key of the operator; active while it can still be
// used (not used up, not expired).
type APIPromoKey struct {
	ID       int64
	Key      string
	IsActive bool
}

// APIPromoUse is a promo key a subscriber used and what it gave.
type APIPromoUse struct {
	Key         APIPromoKey
	Title       string // the campaign's name
	Description string
	ActivatedAt int64
	Kind        string // days or balance
	Days        int
	PacketIDs   []int64
	Amount      int64
	Currency    string
}

// promoKeyActive: a key can still be used (not used up, its campaign not
// expired, disabled or yet to start).
func promoKeyActive(uses, maxUses int, expires, disabled, starts, now int64) bool {
	return uses < maxUses && (expires == 0 || expires > now) && disabled == 0 && (starts == 0 || starts <= now)
}

const apiPromoUseSelect = `SELECT k.id, k.key_text, k.uses, k.max_uses, c.expires_at, c.disabled_at, c.starts_at, c.name, c.description, u.created_at,
	c.kind, c.days, c.packet_ids, c.amount, c.currency
	FROM promo_uses u JOIN promo_keys k ON k.id = u.key_id JOIN promo_campaigns c ON c.id = k.campaign_id`

func (s *Service) scanPromoUse(r store.Scanner) (APIPromoUse, error) {
	var u APIPromoUse
	var uses, maxUses int
	var expires, disabled, starts int64
	var packets string
	err := r.Scan(&u.Key.ID, &u.Key.Key, &uses, &maxUses, &expires, &disabled, &starts, &u.Title, &u.Description, &u.ActivatedAt, &u.Kind,
		&u.Days, &packets, &u.Amount, &u.Currency)
	u.Key.IsActive = promoKeyActive(uses, maxUses, expires, disabled, starts, s.now().Unix())
	u.PacketIDs = []int64{}
	for _, f := range strings.Split(packets, ",") {
		if id, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64); err == nil {
			u.PacketIDs = append(u.PacketIDs, id)
		}
	}
	return u, err
}

// APIPromoUses lists the promo keys the subscriber used, the latest first.
func (s *Service) APIPromoUses(ctx context.Context, providerID, userID int64) ([]APIPromoUse, error) {
	if err := s.staffSubscriber(ctx, providerID, userID); err != nil {
		return nil, err
	}
	out := []APIPromoUse{}
	err := store.Each(ctx, s.db, apiPromoUseSelect+` WHERE u.user_id = ? AND k.provider_id = ?
		ORDER BY u.created_at DESC, k.id DESC`, []any{userID, providerID}, func(r store.Scanner) error {
		u, err := s.scanPromoUse(r)
		out = append(out, u)
		return err
	})
	return out, err
}

// APIRedeemPromo uses the operator's promo key text for the subscriber, as
// the viewer would (once per subscriber, within the key's uses and expiry;
// a key for paid days needs the subscriber's linked card).
func (s *Service) APIRedeemPromo(ctx context.Context, providerID, userID int64, text string) (APIPromoUse, error) {
	prov, err := s.staffOperator(ctx, providerID, userID)
	if err != nil {
		return APIPromoUse{}, err
	}
	key, err := normalizeKey(text)
	if err == nil {
		_, err = s.applyPromo(ctx, prov, userID, key)
	}
	switch {
	case errors.Is(err, errPromoUnknown):
		return APIPromoUse{}, httpx.New(http.StatusNotFound, httpx.TypeNotFound, "commerce_promo_unknown").
			WithDetail("key", "commerce_promo_unknown")
	case errors.Is(err, errPromoKeyMalformed):
		return APIPromoUse{}, httpx.Invalid("key", "commerce_promo_malformed")
	case errors.Is(err, errPromoExpired):
		return APIPromoUse{}, httpx.New(http.StatusConflict, "promo_invalid", "commerce_promo_expired")
	case errors.Is(err, errPromoUsedUp):
		return APIPromoUse{}, httpx.New(http.StatusConflict, "promo_invalid", "commerce_promo_used_up")
	case errors.Is(err, errPromoUsedByUser):
		return APIPromoUse{}, httpx.New(http.StatusConflict, "promo_invalid", "commerce_promo_used")
	case errors.Is(err, errPromoNeedsCard):
		return APIPromoUse{}, httpx.New(http.StatusConflict, "card_required", "commerce_promo_needs_card")
	case err != nil:
		return APIPromoUse{}, err
	}
	u, err := s.scanPromoUse(s.db.QueryRow(ctx, apiPromoUseSelect+` WHERE u.user_id = ? AND k.provider_id = ? AND k.key_text = ?`,
		userID, providerID, key))
	return u, store.MapErr(err)
}

// APIDeactivatePromoKey makes the operator's promo key id unusable from now
// on (its uses so far stand); deactivating it again changes nothing.
func (s *Service) APIDeactivatePromoKey(ctx context.Context, providerID, id int64) (before, after APIPromoKey, err error) {
	read := func(q store.Querier) (APIPromoKey, error) {
		var k APIPromoKey
		var uses, maxUses int
		var expires, disabled, starts int64
		err := store.Get(ctx, q, `SELECT k.id, k.key_text, k.uses, k.max_uses, c.expires_at, c.disabled_at, c.starts_at
			FROM promo_keys k JOIN promo_campaigns c ON c.id = k.campaign_id WHERE k.id = ? AND k.provider_id = ?`,
			[]any{id, providerID}, &k.ID, &k.Key, &uses, &maxUses, &expires, &disabled, &starts)
		if errors.Is(err, store.ErrNotFound) {
			return k, httpx.NotFound()
		}
		k.IsActive = promoKeyActive(uses, maxUses, expires, disabled, starts, s.now().Unix())
		return k, err
	}
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if before, err = read(tx); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE promo_keys SET max_uses = uses WHERE id = ? AND provider_id = ?`, id, providerID); err != nil {
			return err
		}
		after, err = read(tx)
		return err
	})
	return before, after, err
}

// APILicence is what a subscriber holds of a film: the offer (entity
// licence) it came from, since when and until when (0: for good).
type APILicence struct {
	ID        int64
	OfferID   int64
	ContentID int64
	Kind      string // rent or buy
	StartAt   int64
	EndAt     int64
}

const apiLicenceSelect = `SELECT id, offer_id, content_id, kind, start_at, end_at FROM licences`

func scanAPILicence(r store.Scanner) (APILicence, error) {
	var l APILicence
	err := r.Scan(&l.ID, &l.OfferID, &l.ContentID, &l.Kind, &l.StartAt, &l.EndAt)
	return l, err
}

// APILicences lists the subscriber's licences in force, the latest first.
func (s *Service) APILicences(ctx context.Context, providerID, userID int64) ([]APILicence, error) {
	if err := s.staffSubscriber(ctx, providerID, userID); err != nil {
		return nil, err
	}
	return apiLicencesOf(ctx, s.db, userID, s.now().Unix())
}

func apiLicencesOf(ctx context.Context, q store.Querier, userID, now int64) ([]APILicence, error) {
	out := []APILicence{}
	err := store.Each(ctx, q, apiLicenceSelect+` WHERE user_id = ? AND start_at <= ? AND (end_at = 0 OR end_at > ?)
		ORDER BY id DESC`, []any{userID, now, now}, func(r store.Scanner) error {
		l, err := scanAPILicence(r)
		out = append(out, l)
		return err
	})
	return out, err
}

// APIGrantLicence gives the subscriber the operator's offer offerID free of
// charge: a rental for its hours, a purchase for good. A film the
// subscriber holds already (bought, or rented when the offer is a rental)
// is not granted again: granted is false and nothing changes.
func (s *Service) APIGrantLicence(ctx context.Context, providerID, userID, offerID int64) (l APILicence, granted bool, err error) {
	if err := s.staffSubscriber(ctx, providerID, userID); err != nil {
		return l, false, err
	}
	now := s.now().Unix()
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		o, err := offerByID(ctx, tx, providerID, offerID)
		if errors.Is(err, store.ErrNotFound) {
			return httpx.New(http.StatusNotFound, httpx.TypeNotFound, "error_not_found").
				WithDetail("entity_license_id", "error_not_found")
		}
		if err != nil {
			return err
		}
		// The user's row lock: two grants at once run one after the other.
		if _, err := tx.Exec(ctx, `UPDATE users SET provider_id = provider_id WHERE id = ?`, userID); err != nil {
			return err
		}
		l, err = scanAPILicence(tx.QueryRow(ctx, apiLicenceSelect+` WHERE user_id = ? AND content_id = ? AND start_at <= ?
			AND (end_at = 0 OR end_at > ?) AND (kind = 'buy' OR ? = 'rent') ORDER BY id DESC LIMIT 1`,
			userID, o.ContentID, now, now, o.Type))
		if err == nil {
			return nil // held already
		}
		if !errors.Is(store.MapErr(err), store.ErrNotFound) {
			return err
		}
		end := int64(0)
		if o.Type == "rent" {
			end = now + int64(o.RentalHours)*3600
		}
		id, err := store.InsertID(ctx, tx, `INSERT INTO licences (user_id, offer_id, content_id, kind, amount, currency, start_at,
			end_at, idem_key, created_at) VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, ?) RETURNING id`,
			userID, o.OfferID, o.ContentID, o.Type, o.Currency, now, end, fmt.Sprintf("api:%d:%d:%d", userID, o.OfferID, now), now)
		if err != nil {
			return err
		}
		granted = true
		l = APILicence{ID: id, OfferID: o.OfferID, ContentID: o.ContentID, Kind: o.Type, StartAt: now, EndAt: end}
		return nil
	})
	return l, granted, err
}

// APIEndLicences ends now the subscriber's licences in force that came
// from the operator's offer offerID (nothing is given back) and gives them
// as they were; none in force is 404.
func (s *Service) APIEndLicences(ctx context.Context, providerID, userID, offerID int64) ([]APILicence, error) {
	if err := s.staffSubscriber(ctx, providerID, userID); err != nil {
		return nil, err
	}
	now := s.now().Unix()
	var ended []APILicence
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		list, err := apiLicencesOf(ctx, tx, userID, now)
		if err != nil {
			return err
		}
		for _, l := range list {
			if l.OfferID != offerID {
				continue
			}
			if _, err := tx.Exec(ctx, `UPDATE licences SET end_at = ? WHERE id = ?`, now, l.ID); err != nil {
				return err
			}
			ended = append(ended, l)
		}
		if len(ended) == 0 {
			return httpx.NotFound()
		}
		return nil
	})
	return ended, err
}

// APIAccount makes sure the subscriber has an account in the operator's
// currency (every subscriber has one from the start; an older record may
// lack it) and gives its id; created says it was made now.
func (s *Service) APIAccount(ctx context.Context, providerID, userID int64) (id int64, created bool, err error) {
	prov, err := s.staffOperator(ctx, providerID, userID)
	if err != nil {
		return 0, false, err
	}
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		var n int
		if err := store.Get(ctx, tx, `SELECT COUNT(*) FROM accounts WHERE user_id = ? AND currency = ?`,
			[]any{userID, currencyOf(prov)}, &n); err != nil {
			return err
		}
		acc, err := accountOf(ctx, tx, userID, currencyOf(prov))
		id, created = acc.ID, n == 0
		return err
	})
	return id, created, err
}
