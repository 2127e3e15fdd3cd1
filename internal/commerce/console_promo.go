package commerce

import (
	"context"

	"efir/internal/store"
)

// campaignUsable applies the limits a campaign made in the console sets on
// all its keys together (internal/operator/engage): it is disabled or not
// valid yet (as expired), its total of redemptions is reached (used up), or
// the viewer has used as many of its keys as one viewer may (used by this
// viewer). Inside a redemption's transaction the campaign's row is locked
// first, so that concurrent redemptions never go past the total.
func campaignUsable(ctx context.Context, q store.Querier, campaignID, userID, now int64) error {
	if tx, ok := q.(*store.Tx); ok {
		if _, err := tx.Exec(ctx, `UPDATE promo_campaigns SET total_limit = total_limit WHERE id = ?
			AND (total_limit > 0 OR per_user_limit > 0)`, campaignID); err != nil {
			return err
		}
	}
	var startsAt, disabledAt int64
	var perUser, total int
	if err := store.Get(ctx, q, `SELECT starts_at, disabled_at, per_user_limit, total_limit FROM promo_campaigns WHERE id = ?`,
		[]any{campaignID}, &startsAt, &disabledAt, &perUser, &total); err != nil {
		return err
	}
	if disabledAt != 0 || (startsAt != 0 && startsAt > now) {
		return errPromoExpired
	}
	if total > 0 {
		var n int
		if err := store.Get(ctx, q, `SELECT COUNT(*) FROM promo_uses u JOIN promo_keys k ON k.id = u.key_id
			WHERE k.campaign_id = ?`, []any{campaignID}, &n); err != nil {
			return err
		}
		if n >= total {
			return errPromoUsedUp
		}
	}
	if perUser > 0 && userID != 0 {
		var n int
		if err := store.Get(ctx, q, `SELECT COUNT(*) FROM promo_uses u JOIN promo_keys k ON k.id = u.key_id
			WHERE k.campaign_id = ? AND u.user_id = ?`, []any{campaignID, userID}, &n); err != nil {
			return err
		}
		if n >= perUser {
			return errPromoUsedByUser
		}
	}
	return nil
}
