package catalog

import (
	"context"
	"errors"
	"net/http"

	"efir/internal/httpx"
	"efir/internal/store"
)

// Favourite kinds the catalogue owns (the favorites table is tv's; it
// keeps channels and programmes too).
const (
	kindContent = "content"
	kindPerson  = "person"
	// favoritesMax: /my shows every favourite; a page is at most this.
	favoritesMax = 100
	// favoritesScan bounds the favourites read for one list.
	favoritesScan = 5000
)

// isFavorite: the signed-in viewer's profile keeps it.
func (s *Service) isFavorite(ctx context.Context, v *viewer, kind string, id int64) (bool, error) {
	if !v.signedIn() {
		return false, nil
	}
	err := store.Get(ctx, s.db, "SELECT 1 FROM favorites WHERE user_id = ? AND profile_id = ? AND kind = ? AND object_id = ?",
		[]any{v.userID, v.profileID, kind, id}, new(int))
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

// FavoriteTargetExists tells tv's POST /v2/users/self/favorites whether a
// content or person id may be kept: it exists for the provider and, for a
// child profile, a content is not rated above 12.
func (s *Service) FavoriteTargetExists(ctx context.Context, providerID int64, child bool, kind string, id int64) (bool, error) {
	switch kind {
	case kindContent:
		c, err := contentByID(ctx, s.db, providerID, id)
		if errors.Is(err, store.ErrNotFound) {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		return !c.IsLost && (!child || c.Age <= childMaxAge), nil
	case kindPerson:
		err := store.Get(ctx, s.db, "SELECT 1 FROM persons WHERE id = ? AND provider_id = ?", []any{id, providerID}, new(int))
		if errors.Is(err, store.ErrNotFound) {
			return false, nil
		}
		return err == nil, err
	}
	return true, nil
}

// favoriteIDs are the object ids of one kind the viewer keeps, newest first.
func (s *Service) favoriteIDs(ctx context.Context, v *viewer, kind string, limit, offset int) ([]int64, error) {
	var ids []int64
	err := each(ctx, s.db, `SELECT object_id FROM favorites WHERE user_id = ? AND profile_id = ? AND kind = ?
		ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`, []any{v.userID, v.profileID, kind, limit, offset},
		func(sc scanner) error {
			var id int64
			if err := sc.Scan(&id); err != nil {
				return err
			}
			ids = append(ids, id)
			return nil
		})
	return ids, err
}

// favoritesPage reads limit (default and max 100: /my shows them all in
// one go) and offset, and the owner: a session is needed; guests keep none.
func (s *Service) favoritesPage(r *http.Request) (*viewer, int, int, error) {
	v, err := s.viewerOf(r)
	if err != nil {
		return nil, 0, 0, err
	}
	if !v.hasUser() {
		return nil, 0, 0, httpx.Unauthorized()
	}
	limit, hasLimit, err := intParam(r, "limit")
	if err != nil {
		return nil, 0, 0, err
	}
	if !hasLimit || limit == 0 || limit > favoritesMax {
		limit = favoritesMax
	}
	offset, _, err := intParam(r, "offset")
	if err != nil {
		return nil, 0, 0, err
	}
	return v, int(limit), int(offset), nil
}

// GET /v2/users/self/favorites/contents: the viewer's favourite contents
// as tiles, newest first (a child profile's list leaves out what is rated
// above 12).
func (s *Service) handleFavoriteContents(w http.ResponseWriter, r *http.Request) error {
	v, limit, offset, err := s.favoritesPage(r)
	if err != nil {
		return err
	}
	out := []ContentJSON{}
	if v.signedIn() {
		// The page is cut after the viewer's filter, so a page is short
		// only at the end.
		ids, err := s.favoriteIDs(r.Context(), v, kindContent, favoritesScan, 0)
		if err != nil {
			return err
		}
		if out, err = s.contentCards(r.Context(), v, ids); err != nil {
			return err
		}
		out = cutPage(out, offset, limit, true)
	}
	httpx.OK(w, out)
	return nil
}

// GET /v2/users/self/favorites/persons: the viewer's favourite persons,
// newest first, with the count of their work the viewer may see.
func (s *Service) handleFavoritePersons(w http.ResponseWriter, r *http.Request) error {
	v, limit, offset, err := s.favoritesPage(r)
	if err != nil {
		return err
	}
	out := []PersonJSON{}
	if !v.signedIn() {
		httpx.OK(w, out)
		return nil
	}
	ctx := r.Context()
	var ids []int64
	err = each(ctx, s.db, `SELECT f.object_id FROM favorites f JOIN persons p ON p.id = f.object_id AND p.provider_id = ?
		WHERE f.user_id = ? AND f.profile_id = ? AND f.kind = ? ORDER BY f.created_at DESC, f.id DESC LIMIT ? OFFSET ?`,
		[]any{v.providerID, v.userID, v.profileID, kindPerson, limit, offset}, func(sc scanner) error {
			var id int64
			if err := sc.Scan(&id); err != nil {
				return err
			}
			ids = append(ids, id)
			return nil
		})
	if err != nil {
		return err
	}
	byID := map[int64]*person{}
	err = each(ctx, s.db, "SELECT "+personColumns+" FROM persons WHERE provider_id = ? AND id IN ("+inList(ids)+")",
		[]any{v.providerID}, func(sc scanner) error {
			p, err := scanPerson(sc)
			if err == nil {
				byID[p.ID] = p
			}
			return err
		})
	if err != nil {
		return err
	}
	for _, id := range ids {
		p := byID[id]
		if p == nil {
			continue
		}
		works, err := s.filmography(ctx, v, p.ID)
		if err != nil {
			return err
		}
		j := p.json()
		j.ContentsCount = len(works)
		j.Noindex = len(works) < 2
		j.IsFavorite = true
		if j.Role, err = s.mainRole(ctx, p.ID); err != nil {
			return err
		}
		out = append(out, j)
	}
	httpx.OK(w, out)
	return nil
}
