package artwork

import (
	"context"

	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/store"
)

// childMaxAge: a child profile is shown nothing rated above it, as in the
// catalogue's API.
const childMaxAge = 12

// viewer is who asks for a picture: the provider whose items it may show
// and whether the session is a child profile's.
type viewer struct {
	providerID int64
	child      bool
}

// viewerOf picks the provider as the catalogue does: the session's when
// there is one, else the request's.
func viewerOf(ctx context.Context) viewer {
	var v viewer
	if sess := httpx.SessionFrom(ctx); sess != nil {
		v.providerID, v.child = sess.ProviderID, sess.ChildMode
	}
	if v.providerID == 0 {
		if p := provider.FromContext(ctx); p != nil {
			v.providerID = p.ID
		}
	}
	return v
}

// visible is store.ErrNotFound (a 404) when the API would not open the
// picture's item for v: another provider's item, a news item hidden or not
// yet published, or, for a child profile, a content or promotion rated above
// 12. A picture carries its item's title, so it is found no more widely than
// the item. It runs before the memo, which is shared by all viewers: one
// query by primary key.
func (s *Service) visible(ctx context.Context, v viewer, kind string, id int64) error {
	var age, destAge int
	switch kind {
	case Person:
		return store.Get(ctx, s.db, "SELECT 1 FROM persons WHERE id = ? AND provider_id = ?", []any{id, v.providerID}, new(int))
	case News:
		return store.Get(ctx, s.db, "SELECT 1 FROM news WHERE id = ? AND provider_id = ? AND is_hidden = ? AND published_at <= ?",
			[]any{id, v.providerID, false, s.now().Unix()}, new(int))
	case Promo, Title:
		// a promotion leading to a content is left out for a child when
		// either is rated above 12, as in the rows
		if err := store.Get(ctx, s.db, `SELECT p.age, COALESCE(c.age, 0) FROM promotions p
			LEFT JOIN contents c ON p.dest_type = 'content' AND c.id = p.dest_id WHERE p.id = ? AND p.provider_id = ?`,
			[]any{id, v.providerID}, &age, &destAge); err != nil {
			return err
		}
	default:
		if err := store.Get(ctx, s.db, "SELECT age FROM contents WHERE id = ? AND provider_id = ?",
			[]any{id, v.providerID}, &age); err != nil {
			return err
		}
	}
	if v.child && max(age, destAge) > childMaxAge {
		return store.ErrNotFound
	}
	return nil
}
