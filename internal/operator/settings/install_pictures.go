package settings

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"net/http"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
)

// Pictures of the install instructions: uploaded in the console, shown in
// the texts as Markdown images (![Step 1](/v2/install/pictures/1-7.png)).
// The formats are those of the logo; SVG only for the built-in drawings.

const (
	maxPictureBytes = 1 << 20
	// maxPictures bounds what one operator keeps.
	maxPictures       = 100
	installPicturePre = "/v2/install/pictures/"
)

// InstallPicture is an uploaded picture as the console lists it.
type InstallPicture struct {
	ID        int64  `json:"id"`
	URL       string `json:"url"`
	Type      string `json:"type"`
	Size      int64  `json:"size"`
	Width     int    `json:"width"`
	Height    int    `json:"height"`
	CreatedAt int64  `json:"created_at"`
}

func pictureURL(providerID, id int64, mime string) string {
	ext := "png"
	for e, t := range logoTypes {
		if t == mime {
			ext = e
		}
	}
	return fmt.Sprintf("%s%d-%d.%s", installPicturePre, providerID, id, ext)
}

func installPictures(ctx context.Context, q store.Querier, providerID int64) ([]InstallPicture, error) {
	out := []InstallPicture{}
	err := store.Each(ctx, q, `SELECT id, type, size, width, height, created_at FROM operator_install_pictures
		WHERE provider_id = ? ORDER BY id`, []any{providerID}, func(row store.Scanner) error {
		var p InstallPicture
		if err := row.Scan(&p.ID, &p.Type, &p.Size, &p.Width, &p.Height, &p.CreatedAt); err != nil {
			return err
		}
		p.URL = pictureURL(providerID, p.ID, p.Type)
		out = append(out, p)
		return nil
	})
	return out, err
}

// handleInstallPicture serves a picture: a built-in drawing or an upload
// ({provider}-{id}.{ext}).
func (m *Module) handleInstallPicture(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("file")
	if serveDefaultPicture(w, name) {
		return nil
	}
	providerID, id, mime, ok := uploadName(name)
	if !ok {
		return httpx.NotFound()
	}
	var data []byte
	err := store.Get(r.Context(), m.db, `SELECT data FROM operator_install_pictures WHERE id = ? AND provider_id = ? AND type = ?`,
		[]any{id, providerID, mime}, &data)
	if errors.Is(err, store.ErrNotFound) {
		return httpx.NotFound()
	}
	if err != nil {
		return err
	}
	serveUpload(w, mime, data)
	return nil
}

// handleInstallPictureUpload takes the picture of the body (PNG, JPEG or
// WebP, at most 1 MB and 4096 px a side).
func (m *Module) handleInstallPictureUpload(w http.ResponseWriter, r *http.Request) error {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxPictureBytes))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return httpx.New(http.StatusRequestEntityTooLarge, httpx.TypeValidation, "console_install_picture_too_large").
				WithDetail("picture", "console_install_picture_too_large")
		}
		return httpx.BadRequest("error_bad_body")
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	mime, ok := logoTypes[format]
	if err != nil || !ok {
		return httpx.Invalid("picture", "console_install_picture_invalid")
	}
	if cfg.Width < 1 || cfg.Height < 1 || cfg.Width > maxLogoSide || cfg.Height > maxLogoSide {
		return httpx.Invalid("picture", "console_install_picture_size")
	}
	ctx := r.Context()
	providerID := operator.ProviderOf(r)
	now := m.staff.Now()
	out := InstallPicture{Type: mime, Size: int64(len(data)), Width: cfg.Width, Height: cfg.Height, CreatedAt: now}
	err = m.db.Tx(ctx, func(tx *store.Tx) error {
		var n int
		if err := store.Get(ctx, tx, `SELECT COUNT(*) FROM operator_install_pictures WHERE provider_id = ?`,
			[]any{providerID}, &n); err != nil {
			return err
		}
		if n >= maxPictures {
			return httpx.Invalid("picture", "console_install_picture_limit")
		}
		if err := store.Get(ctx, tx, `INSERT INTO operator_install_pictures (provider_id, type, data, size, width, height, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, []any{providerID, mime, data, out.Size, out.Width, out.Height, now},
			&out.ID); err != nil {
			return err
		}
		out.URL = pictureURL(providerID, out.ID, mime)
		return m.staff.Audit(ctx, tx, r, "settings.install_picture", "install_picture", out.ID, nil, out)
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// handleInstallPictureDelete removes an upload; texts that still show it
// show a broken picture until edited, which the console warns about.
func (m *Module) handleInstallPictureDelete(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return httpx.NotFound()
	}
	ctx := r.Context()
	providerID := operator.ProviderOf(r)
	err = m.db.Tx(ctx, func(tx *store.Tx) error {
		var before InstallPicture
		err := store.Get(ctx, tx, `SELECT id, type, size, width, height, created_at FROM operator_install_pictures
			WHERE id = ? AND provider_id = ?`, []any{id, providerID},
			&before.ID, &before.Type, &before.Size, &before.Width, &before.Height, &before.CreatedAt)
		if errors.Is(err, store.ErrNotFound) {
			return httpx.NotFound()
		}
		if err != nil {
			return err
		}
		before.URL = pictureURL(providerID, id, before.Type)
		if _, err := tx.Exec(ctx, `DELETE FROM operator_install_pictures WHERE id = ? AND provider_id = ?`, id, providerID); err != nil {
			return err
		}
		return m.staff.Audit(ctx, tx, r, "settings.install_picture", "install_picture", id, before, nil)
	})
	if err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}
