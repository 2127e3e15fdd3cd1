package catalogadmin

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"image"
	_ "image/jpeg" // posters and covers come as JPEG,
	_ "image/png"  // PNG
	"net/http"
	"strconv"
	"strings"

	_ "golang.org/x/image/webp" // or WebP

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
)

// Uploaded artwork: JPEG, PNG or WebP of up to maxImage bytes, at least
// minSide pixels on each side and at most maxSide. It is kept in
// catalog_images and served at imagePrefix; the generated picture stays
// the fallback when none is uploaded (or the upload is removed).
const (
	maxImage    = 5 << 20
	minSide     = 100
	maxSide     = 8000
	imagePrefix = "/v2/catalog_images/"
)

var imageTypes = map[string]string{"image/jpeg": "jpg", "image/png": "png", "image/webp": "webp"}

// artworkColumn is the contents column of an artwork kind.
func artworkColumn(kind string) (string, bool) {
	switch kind {
	case "poster":
		return "poster_url", true
	case "cover":
		return "cover_url", true
	}
	return "", false
}

// picture is an uploaded picture, checked.
type picture struct {
	raw           []byte
	mime, ext     string
	width, height int
	digest        string
}

// readPicture reads the body {"data": base64 of the picture} and checks
// its type, size and sides.
func readPicture(r *http.Request) (picture, error) {
	var b struct {
		Data string `json:"data"`
	}
	if err := decodeLarge(r, &b, maxImage*4/3+4096); err != nil {
		return picture{}, err
	}
	raw, err := base64.StdEncoding.DecodeString(b.Data)
	if err != nil || len(raw) == 0 {
		return picture{}, httpx.Invalid("data", "console_catalog_image_invalid")
	}
	if len(raw) > maxImage {
		return picture{}, httpx.Invalid("data", "console_catalog_image_large")
	}
	mime := http.DetectContentType(raw)
	ext, ok := imageTypes[mime]
	if !ok {
		return picture{}, httpx.Invalid("data", "console_catalog_image_type")
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(raw))
	if err != nil {
		return picture{}, httpx.Invalid("data", "console_catalog_image_invalid")
	}
	if cfg.Width < minSide || cfg.Height < minSide || cfg.Width > maxSide || cfg.Height > maxSide {
		return picture{}, httpx.Invalid("data", "console_catalog_image_size")
	}
	sum := sha256.Sum256(raw)
	return picture{raw: raw, mime: mime, ext: ext, width: cfg.Width, height: cfg.Height,
		digest: hex.EncodeToString(sum[:8])}, nil
}

// keepPicture stores p as the provider's and answers its address.
func (s *Section) keepPicture(ctx context.Context, tx *store.Tx, provider int64, p picture) (string, error) {
	id, err := store.InsertID(ctx, tx, `INSERT INTO catalog_images (provider_id, mime, digest, width, height, data, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, provider, p.mime, p.digest, p.width, p.height, p.raw, s.staff.Now())
	if err != nil {
		return "", err
	}
	return imagePrefix + strconv.FormatInt(id, 10) + "-" + p.digest + "." + p.ext, nil
}

// POST /contents/{id}/artwork/{kind}: {"data": base64 of the picture}.
func (s *Section) handleUpload(w http.ResponseWriter, r *http.Request) error {
	col, ok := artworkColumn(r.PathValue("kind"))
	if !ok {
		return httpx.NotFound()
	}
	pic, err := readPicture(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	provider := operator.ProviderOf(r)
	var out contentView
	err = s.change(ctx, func(tx *store.Tx) error {
		cur, err := s.contentOf(r, tx)
		if err != nil {
			return err
		}
		old := cur.PosterURL
		if col == "cover_url" {
			old = cur.CoverURL
		}
		addr, err := s.keepPicture(ctx, tx, provider, pic)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "UPDATE contents SET "+col+" = ?, updated_at = ? WHERE id = ? AND provider_id = ?",
			addr, s.staff.Now(), cur.ID, provider); err != nil {
			return err
		}
		if err := dropImages(ctx, tx, provider, uploadedIDs(old)...); err != nil {
			return err
		}
		if out, err = loadContent(ctx, tx, provider, cur.ID); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "catalog.artwork.upload", "content", cur.ID,
			map[string]string{r.PathValue("kind"): old}, map[string]string{r.PathValue("kind"): addr})
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// DELETE /contents/{id}/artwork/{kind}: back to the generated picture.
func (s *Section) handleDropArtwork(w http.ResponseWriter, r *http.Request) error {
	col, ok := artworkColumn(r.PathValue("kind"))
	if !ok {
		return httpx.NotFound()
	}
	ctx := r.Context()
	provider := operator.ProviderOf(r)
	var out contentView
	err := s.change(ctx, func(tx *store.Tx) error {
		cur, err := s.contentOf(r, tx)
		if err != nil {
			return err
		}
		old := cur.PosterURL
		if col == "cover_url" {
			old = cur.CoverURL
		}
		if _, err := tx.Exec(ctx, "UPDATE contents SET "+col+" = '', updated_at = ? WHERE id = ? AND provider_id = ?",
			s.staff.Now(), cur.ID, provider); err != nil {
			return err
		}
		if err := dropImages(ctx, tx, provider, uploadedIDs(old)...); err != nil {
			return err
		}
		if out, err = loadContent(ctx, tx, provider, cur.ID); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "catalog.artwork.remove", "content", cur.ID,
			map[string]string{r.PathValue("kind"): old}, map[string]string{r.PathValue("kind"): ""})
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// parseImageName reads "<id>-<digest>.<ext>".
func parseImageName(name string) (int64, string, bool) {
	base, _, ok := strings.Cut(name, ".")
	if !ok {
		return 0, "", false
	}
	idText, digest, ok := strings.Cut(base, "-")
	id, err := strconv.ParseInt(idText, 10, 64)
	if !ok || err != nil || id <= 0 || len(digest) != 16 {
		return 0, "", false
	}
	return id, digest, true
}

// uploadedIDs are the catalog_images ids of addresses that name uploads.
func uploadedIDs(addrs ...string) []int64 {
	var out []int64
	for _, a := range addrs {
		if name, ok := strings.CutPrefix(a, imagePrefix); ok {
			if id, _, ok := parseImageName(name); ok {
				out = append(out, id)
			}
		}
	}
	return out
}

func dropImages(ctx context.Context, tx *store.Tx, provider int64, ids ...int64) error {
	for _, id := range ids {
		if _, err := tx.Exec(ctx, "DELETE FROM catalog_images WHERE id = ? AND provider_id = ?", id, provider); err != nil {
			return err
		}
	}
	return nil
}

// GET /v2/catalog_images/{name}: an uploaded picture. Its address holds
// its digest, so it never changes and is cached for good.
func (s *Section) handleImage(w http.ResponseWriter, r *http.Request) error {
	id, digest, ok := parseImageName(r.PathValue("name"))
	if !ok {
		return httpx.NotFound()
	}
	var mime, have string
	var data []byte
	err := store.Get(r.Context(), s.db, "SELECT mime, digest, data FROM catalog_images WHERE id = ?", []any{id}, &mime, &have, &data)
	if errors.Is(err, store.ErrNotFound) || (err == nil && have != digest) {
		return httpx.NotFound()
	}
	if err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Type", mime)
	h.Set("Content-Length", strconv.Itoa(len(data)))
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("ETag", `"`+digest+`"`)
	if r.Header.Get("If-None-Match") == `"`+digest+`"` {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(data)
	}
	return nil
}
