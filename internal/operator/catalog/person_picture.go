package catalogadmin

import (
	"net/http"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
)

// A person's picture: uploaded like a film's artwork; without one the
// generated portrait shows.

// POST /persons/{id}/picture: {"data": base64 of the picture}.
func (s *Section) handlePersonPicture(w http.ResponseWriter, r *http.Request) error {
	pic, err := readPicture(r)
	if err != nil {
		return err
	}
	return s.setPersonPicture(w, r, "catalog.person.picture.upload", &pic)
}

// DELETE /persons/{id}/picture: back to the generated portrait.
func (s *Section) handlePersonPictureDrop(w http.ResponseWriter, r *http.Request) error {
	return s.setPersonPicture(w, r, "catalog.person.picture.remove", nil)
}

// setPersonPicture puts pic (nil: none) in place of the person's picture,
// dropping the one it replaces.
func (s *Section) setPersonPicture(w http.ResponseWriter, r *http.Request, action string, pic *picture) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	ctx, provider := r.Context(), operator.ProviderOf(r)
	var out personView
	err = s.change(ctx, func(tx *store.Tx) error {
		cur, err := loadPerson(ctx, tx, provider, id)
		if err != nil {
			return err
		}
		addr := ""
		if pic != nil {
			if addr, err = s.keepPicture(ctx, tx, provider, *pic); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, "UPDATE persons SET image_url = ? WHERE id = ? AND provider_id = ?", addr, id, provider); err != nil {
			return err
		}
		if err := dropImages(ctx, tx, provider, uploadedIDs(cur.ImageURL)...); err != nil {
			return err
		}
		if out, err = loadPerson(ctx, tx, provider, id); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, action, "person", id, map[string]string{"image_url": cur.ImageURL},
			map[string]string{"image_url": addr})
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}
