package tv

import (
	"context"
	"net/http"
	"time"

	"efir/internal/httpx"
	"efir/internal/store"
)

// Favourite kinds; channel and programme ids are checked here, content and
// person ids by the catalogue when it exists.
const (
	kindChannel = "channel"
	kindProgram = "program"
	kindContent = "content"
	kindPerson  = "person"
)

type favoriteJSON struct {
	ID        int64  `json:"id"`
	Kind      string `json:"kind"`
	ObjectID  int64  `json:"object_id"`
	CreatedAt string `json:"created_at"`
}

// favoriteOwner is the signed-in user and profile; guests may not keep
// favourites (the client shows them the sign-in modal).
func favoriteOwner(r *http.Request) (*httpx.Session, error) {
	sess := httpx.SessionFrom(r.Context())
	if sess == nil {
		return nil, httpx.Unauthorized()
	}
	if sess.IsGuest {
		return nil, httpx.Forbidden("error_favorites_guest")
	}
	return sess, nil
}

func (s *Service) handleFavorites(w http.ResponseWriter, r *http.Request) error {
	sess := httpx.SessionFrom(r.Context())
	if sess == nil {
		return httpx.Unauthorized()
	}
	kind := r.URL.Query().Get("kind")
	switch kind {
	case "", kindChannel, kindProgram, kindContent, kindPerson:
	default:
		return httpx.Invalid("kind", "error_favorite_kind")
	}
	out := []favoriteJSON{}
	if sess.IsGuest {
		httpx.OK(w, out)
		return nil
	}
	q := "SELECT id, kind, object_id, created_at FROM favorites WHERE user_id = ? AND profile_id = ?"
	args := []any{sess.UserID, sess.ProfileID}
	if kind != "" {
		q += " AND kind = ?"
		args = append(args, kind)
	}
	rows, err := s.db.Query(r.Context(), q+" ORDER BY created_at DESC, id DESC", args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var f favoriteJSON
		var at int64
		if err := rows.Scan(&f.ID, &f.Kind, &f.ObjectID, &at); err != nil {
			return err
		}
		f.CreatedAt = time.Unix(at, 0).UTC().Format(time.RFC3339)
		out = append(out, f)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

type favoriteBody struct {
	ChannelID *int64 `json:"channel_id"`
	ProgramID *int64 `json:"program_id"`
	ContentID *int64 `json:"content_id"`
	PersonID  *int64 `json:"person_id"`
}

func (b *favoriteBody) target() (string, int64, error) {
	var kind string
	var id int64
	n := 0
	for _, f := range []struct {
		kind string
		v    *int64
	}{{kindChannel, b.ChannelID}, {kindProgram, b.ProgramID}, {kindContent, b.ContentID}, {kindPerson, b.PersonID}} {
		if f.v != nil {
			kind, id = f.kind, *f.v
			n++
		}
	}
	if n != 1 {
		return "", 0, httpx.Invalid("channel_id", "error_favorite_one")
	}
	if id <= 0 {
		return "", 0, httpx.Invalid(kind+"_id", "error_wrong_number")
	}
	return kind, id, nil
}

func (s *Service) handleAddFavorite(w http.ResponseWriter, r *http.Request) error {
	sess, err := favoriteOwner(r)
	if err != nil {
		return err
	}
	var body favoriteBody
	if err := httpx.Decode(r, &body); err != nil {
		return err
	}
	kind, id, err := body.target()
	if err != nil {
		return err
	}
	if err := s.checkFavoriteTarget(r, kind, id); err != nil {
		return err
	}
	f, err := addFavorite(r.Context(), s.db, sess.UserID, sess.ProfileID, kind, id, s.now().Unix())
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, f)
	return nil
}

// FavoriteTargets checks the content and person ids a favourite names;
// the catalogue implements it (app wiring calls SetFavoriteTargets).
type FavoriteTargets interface {
	FavoriteTargetExists(ctx context.Context, providerID int64, child bool, kind string, id int64) (bool, error)
}

// SetFavoriteTargets sets who checks content and person favourites;
// without one they are taken as given.
func (s *Service) SetFavoriteTargets(t FavoriteTargets) { s.targets = t }

// checkFavoriteTarget: what the viewer may open through the API's GET of
// it, else 404 as that GET answers: a channel (findChannel), a programme of
// the viewer's operator not rated above 12 for a child profile
// (findProgram), a content or person the catalogue lets the viewer open.
func (s *Service) checkFavoriteTarget(r *http.Request, kind string, id int64) error {
	v, err := s.viewerOf(r, false)
	if err != nil {
		return err
	}
	switch kind {
	case kindChannel:
		l, err := s.cache.lineup(r.Context(), v.providerID)
		if err != nil {
			return err
		}
		if c := l.byID[id]; c == nil || !v.findable(c) {
			return httpx.NotFound()
		}
	case kindProgram:
		var age int
		err := store.Get(r.Context(), s.db, "SELECT age FROM programs WHERE id = ? AND provider_id = ?", []any{id, v.providerID}, &age)
		if err != nil {
			return err
		}
		if v.child && age > childMaxAge {
			return httpx.NotFound()
		}
	case kindContent, kindPerson:
		if s.targets == nil {
			return nil
		}
		ok, err := s.targets.FavoriteTargetExists(r.Context(), v.providerID, v.child, kind, id)
		if err != nil {
			return err
		}
		if !ok {
			return httpx.NotFound()
		}
	}
	return nil
}

// addFavorite stores the favourite once: adding it again answers the
// stored one.
func addFavorite(ctx context.Context, db *store.DB, userID, profileID int64, kind string, objectID, now int64) (favoriteJSON, error) {
	f := favoriteJSON{Kind: kind, ObjectID: objectID}
	_, err := db.Exec(ctx, `INSERT INTO favorites (user_id, profile_id, kind, object_id, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (user_id, profile_id, kind, object_id) DO NOTHING`, userID, profileID, kind, objectID, now)
	if err != nil {
		return f, err
	}
	var at int64
	err = store.Get(ctx, db, "SELECT id, created_at FROM favorites WHERE user_id = ? AND profile_id = ? AND kind = ? AND object_id = ?",
		[]any{userID, profileID, kind, objectID}, &f.ID, &at)
	f.CreatedAt = time.Unix(at, 0).UTC().Format(time.RFC3339)
	return f, err
}

func (s *Service) handleDeleteFavorite(w http.ResponseWriter, r *http.Request) error {
	sess, err := favoriteOwner(r)
	if err != nil {
		return err
	}
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	var objectID int64
	err = store.Get(r.Context(), s.db, "SELECT object_id FROM favorites WHERE id = ? AND user_id = ? AND profile_id = ?",
		[]any{id, sess.UserID, sess.ProfileID}, &objectID)
	if err != nil {
		return err
	}
	if _, err := s.db.Exec(r.Context(), "DELETE FROM favorites WHERE id = ? AND user_id = ? AND profile_id = ?", id, sess.UserID, sess.ProfileID); err != nil {
		return err
	}
	httpx.OK(w, map[string]int64{"object_id": objectID})
	return nil
}
