package pagesadmin

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"image"
	_ "image/jpeg" // banners come as JPEG,
	_ "image/png"  // PNG
	"io"
	"net/http"
	"strconv"
	"strings"

	_ "golang.org/x/image/webp" // or WebP

	"efir/internal/catalog"
	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
)

// A banner's uploaded picture: JPEG, PNG or WebP of up to maxImage bytes and
// minSide to maxSide pixels a side, kept in catalog_images (the catalogue's
// uploads) and served at imagePrefix, the address the catalogue section
// serves them at. Without an upload the generated picture stays.
const (
	maxImage    = 5 << 20
	minSide     = 100
	maxSide     = 8000
	imagePrefix = "/v2/catalog_images/"
)

var imageTypes = map[string]string{"image/jpeg": "jpg", "image/png": "png", "image/webp": "webp"}

// POST /promotions/{id}/image {"data": base64 of the picture}.
func (s *Section) handlePromotionImage(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	var b struct {
		Data string `json:"data"`
	}
	if err := decodeLarge(r, &b, maxImage*4/3+4096); err != nil {
		return err
	}
	raw, err := base64.StdEncoding.DecodeString(b.Data)
	if err != nil || len(raw) == 0 {
		return httpx.Invalid("data", "console_pages_image_invalid")
	}
	if len(raw) > maxImage {
		return httpx.Invalid("data", "console_pages_image_large")
	}
	mime := http.DetectContentType(raw)
	ext, ok := imageTypes[mime]
	if !ok {
		return httpx.Invalid("data", "console_pages_image_invalid")
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(raw))
	if err != nil {
		return httpx.Invalid("data", "console_pages_image_invalid")
	}
	if cfg.Width < minSide || cfg.Height < minSide || cfg.Width > maxSide || cfg.Height > maxSide {
		return httpx.Invalid("data", "console_pages_image_size")
	}
	sum := sha256.Sum256(raw)
	digest := hex.EncodeToString(sum[:8])
	ctx, provider := r.Context(), operator.ProviderOf(r)
	var out catalog.ConsolePromotion
	err = s.change(ctx, func(tx *store.Tx) error {
		cur, err := catalog.ConsolePromotionOf(ctx, tx, provider, id)
		if err != nil {
			return err
		}
		imgID, err := store.InsertID(ctx, tx, `INSERT INTO catalog_images (provider_id, mime, digest, width, height, data, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, provider, mime, digest, cfg.Width, cfg.Height, raw, s.staff.Now())
		if err != nil {
			return err
		}
		next := cur
		next.Image = imagePrefix + strconv.FormatInt(imgID, 10) + "-" + digest + "." + ext
		if _, err := catalog.ConsoleSavePromotion(ctx, tx, provider, next); err != nil {
			return err
		}
		if err := dropUpload(ctx, tx, provider, cur.Image); err != nil {
			return err
		}
		if out, err = catalog.ConsolePromotionOf(ctx, tx, provider, id); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "pages.promotion.image", "promotion", id,
			map[string]string{"image": cur.Image}, map[string]string{"image": out.Image})
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// DELETE /promotions/{id}/image: back to the generated picture.
func (s *Section) handlePromotionImageDrop(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	ctx, provider := r.Context(), operator.ProviderOf(r)
	var out catalog.ConsolePromotion
	err = s.change(ctx, func(tx *store.Tx) error {
		cur, err := catalog.ConsolePromotionOf(ctx, tx, provider, id)
		if err != nil {
			return err
		}
		next := cur
		next.Image = ""
		if _, err := catalog.ConsoleSavePromotion(ctx, tx, provider, next); err != nil {
			return err
		}
		if err := dropUpload(ctx, tx, provider, cur.Image); err != nil {
			return err
		}
		if out, err = catalog.ConsolePromotionOf(ctx, tx, provider, id); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "pages.promotion.image", "promotion", id,
			map[string]string{"image": cur.Image}, map[string]string{"image": ""})
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// dropUpload deletes the stored picture an address names, if it is an
// upload of the operator's.
func dropUpload(ctx context.Context, tx *store.Tx, provider int64, addr string) error {
	name, ok := strings.CutPrefix(addr, imagePrefix)
	if !ok {
		return nil
	}
	idText, _, _ := strings.Cut(name, "-")
	id, err := strconv.ParseInt(idText, 10, 64)
	if err != nil || id <= 0 {
		return nil
	}
	_, err = tx.Exec(ctx, "DELETE FROM catalog_images WHERE id = ? AND provider_id = ?", id, provider)
	return err
}

// decodeLarge reads a JSON body of up to limit bytes (an upload is larger
// than the API's usual bodies).
func decodeLarge(r *http.Request, dst any, limit int64) error {
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, limit))
	if err := dec.Decode(dst); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return httpx.New(http.StatusRequestEntityTooLarge, httpx.TypeValidation, "console_pages_image_large")
		}
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return httpx.Invalid(te.Field, "error_wrong_type")
		}
		return httpx.BadRequest("error_bad_body")
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return httpx.BadRequest("error_bad_body")
	}
	return nil
}
