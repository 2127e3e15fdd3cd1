package catalog

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"efir/internal/httpx"
	"efir/internal/store"
)

// The viewer's own ratings of movies and series (content meta user_rating),
// one per profile, 1 to 10. The public ratings of a content are not touched.
const (
	ratingMin = 1
	ratingMax = 10
)

// UserRatingJSON is a viewer's rating (schema CatalogUserRating): the id of
// the rating and the mark as a decimal string ("7.00"), the shape of the
// operator platforms' UserRating.
type UserRatingJSON struct {
	ID     string `json:"id"`
	Rating string `json:"rating"`
}

func ratingJSON(id int64, rating int) *UserRatingJSON {
	return &UserRatingJSON{ID: strconv.FormatInt(id, 10), Rating: strconv.Itoa(rating) + ".00"}
}

// ratingOwner: a signed-in viewer. No session is 401; a guest 403, the
// rule of favourites (the client offers guests the sign-in instead).
func ratingOwner(v *viewer) error {
	if !v.hasUser() {
		return httpx.Unauthorized()
	}
	if v.guest {
		return httpx.Forbidden("catalog_error_rating_guest")
	}
	return nil
}

// rated is what a rating belongs to: a movie or a series. A season or an
// episode shares its series' rating (the meta of an episode shows it), but
// is not rated by its own id.
func rated(c *content) bool { return c.Type == typeMovie || c.Type == typeSeries }

// userRating is the profile's rating of c (of its series for a season or an
// episode), or nil.
func (s *Service) userRating(ctx context.Context, v *viewer, c *content) (*UserRatingJSON, error) {
	if !v.signedIn() {
		return nil, nil
	}
	var id int64
	var rating int
	err := store.Get(ctx, s.db, "SELECT id, rating FROM content_ratings WHERE user_id = ? AND profile_id = ? AND content_id = ?",
		[]any{v.userID, v.profileID, c.RootID}, &id, &rating)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return ratingJSON(id, rating), nil
}

type ratingBody struct {
	Rating *int `json:"rating"`
}

// PUT /v2/users/self/ratings/{content_id} {rating}: rate a movie or a
// series 1..10, or change the rating. Unknown, rated above 12 for a child
// profile -> 404; withdrawn -> 404 lost_content (like the content call).
func (s *Service) handlePutRating(w http.ResponseWriter, r *http.Request) error {
	v, err := s.viewerOf(r)
	if err != nil {
		return err
	}
	if err := ratingOwner(v); err != nil {
		return err
	}
	c, err := s.findLive(r, v, "content_id")
	if err != nil {
		return err
	}
	if !rated(c) {
		return httpx.Invalid("content_id", "catalog_error_rating_type")
	}
	var body ratingBody
	if err := httpx.Decode(r, &body); err != nil {
		return err
	}
	if body.Rating == nil {
		return httpx.Invalid("rating", "error_required")
	}
	if *body.Rating < ratingMin || *body.Rating > ratingMax {
		return httpx.Invalid("rating", "catalog_error_rating_range")
	}
	ctx := r.Context()
	now := s.now().Unix()
	_, err = s.db.Exec(ctx, `INSERT INTO content_ratings (user_id, profile_id, content_id, rating, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (user_id, profile_id, content_id) DO UPDATE SET rating = excluded.rating, updated_at = excluded.updated_at`,
		v.userID, v.profileID, c.ID, *body.Rating, now, now)
	if err != nil {
		return err
	}
	out, err := s.userRating(ctx, v, c)
	if err != nil {
		return err
	}
	if out == nil {
		// Written a moment ago: only a concurrent DELETE gets here.
		return httpx.NotFound()
	}
	httpx.OK(w, out)
	return nil
}

// DELETE /v2/users/self/ratings/{content_id}: forget the profile's rating
// (204 whether there was one or not). A withdrawn content may still be
// cleared; one the viewer may not open is 404, a season or an episode 400
// as for PUT.
func (s *Service) handleDeleteRating(w http.ResponseWriter, r *http.Request) error {
	v, err := s.viewerOf(r)
	if err != nil {
		return err
	}
	if err := ratingOwner(v); err != nil {
		return err
	}
	c, err := s.findContent(r, v, "content_id")
	if err != nil {
		return err
	}
	if !rated(c) {
		return httpx.Invalid("content_id", "catalog_error_rating_type")
	}
	_, err = s.db.Exec(r.Context(), "DELETE FROM content_ratings WHERE user_id = ? AND profile_id = ? AND content_id = ?",
		v.userID, v.profileID, c.ID)
	if err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}
