package settings

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // logo formats
	_ "image/png"
	"io"
	"net/http"
	"strconv"
	"strings"

	_ "golang.org/x/image/webp"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/provider"
	"efir/internal/store"
)

// The look of the viewer's pages: colours and messenger links
// (GET /v2/platform/brand) and the uploaded logo.

// Logo limits: a logo is a small picture shown in the header.
const (
	maxLogoBytes = 512 << 10
	maxLogoSide  = 4096
)

// logoTypes are the accepted formats and their address suffix. SVG is left
// out: it may carry script.
var logoTypes = map[string]string{"png": "image/png", "jpeg": "image/jpeg", "webp": "image/webp"}

const logoPrefix = "/v2/platform/logos/"

func logoURL(providerID, version int64, mime string) string {
	ext := "png"
	for e, t := range logoTypes {
		if t == mime {
			ext = e
		}
	}
	return fmt.Sprintf("%s%d-%d.%s", logoPrefix, providerID, version, ext)
}

// Brand is GET /v2/platform/brand: the colours of the request's operator
// ("" keeps the built-in one) and its support's messenger links.
type Brand struct {
	AccentColor string      `json:"accent_color"`
	ButtonColor string      `json:"button_color"`
	Messengers  []Messenger `json:"messengers"`
}

// viewerProvider is the operator a viewer's call is about: the one named by
// ?provider= (id or shortname, as the network info's links carry it), else
// the request's.
func (m *Module) viewerProvider(r *http.Request) (*provider.Provider, error) {
	if ref := r.URL.Query().Get("provider"); ref != "" {
		if id, err := strconv.ParseInt(ref, 10, 64); err == nil {
			return m.providers.ByID(r.Context(), id)
		}
		if len(ref) > 64 {
			return nil, store.ErrNotFound
		}
		return m.providers.ByShortname(r.Context(), ref)
	}
	if p := provider.FromContext(r.Context()); p != nil {
		return p, nil
	}
	if p := m.providers.Default(); p != nil {
		return p, nil
	}
	return nil, store.ErrNotFound
}

func (m *Module) handleBrand(w http.ResponseWriter, r *http.Request) error {
	p, err := m.viewerProvider(r)
	if err != nil {
		return httpx.NotFound()
	}
	b, err := loadBrand(r.Context(), m.db, p.ID)
	if err != nil {
		return err
	}
	// The operator depends on the client's network: no shared cache. A
	// change shows within a minute.
	w.Header().Set("Cache-Control", "private, max-age=60")
	httpx.OK(w, Brand{AccentColor: b.AccentColor, ButtonColor: b.ButtonColor, Messengers: b.Messengers})
	return nil
}

// handleLogo serves an uploaded logo. Its address names the upload, so it
// never changes and is cached for long.
func (m *Module) handleLogo(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("file")
	id, version, mime, ok := uploadName(name)
	if !ok {
		return httpx.NotFound()
	}
	var data []byte
	err := store.Get(r.Context(), m.db, `SELECT logo FROM operator_brand WHERE provider_id = ? AND logo_version = ? AND logo_type = ?`,
		[]any{id, version, mime}, &data)
	if errors.Is(err, store.ErrNotFound) || err == nil && len(data) == 0 {
		return httpx.NotFound()
	}
	if err != nil {
		return err
	}
	serveUpload(w, mime, data)
	return nil
}

// logoChange is the logo in the audit log.
type logoChange struct {
	LogoURL string `json:"logo_url"`
}

// handleLogoUpload takes the picture of the body (PNG, JPEG or WebP, at
// most 512 KB and 4096 px a side) as the operator's logo.
func (m *Module) handleLogoUpload(w http.ResponseWriter, r *http.Request) error {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxLogoBytes))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return httpx.New(http.StatusRequestEntityTooLarge, httpx.TypeValidation, "console_settings_logo_too_large").
				WithDetail("logo", "console_settings_logo_too_large")
		}
		return httpx.BadRequest("error_bad_body")
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	mime, ok := logoTypes[format]
	if err != nil || !ok {
		return httpx.Invalid("logo", "console_settings_logo_invalid")
	}
	if cfg.Width < 1 || cfg.Height < 1 || cfg.Width > maxLogoSide || cfg.Height > maxLogoSide {
		return httpx.Invalid("logo", "console_settings_logo_size")
	}
	out, err := m.changeLogo(r, func(ctx context.Context, tx *store.Tx, id, version int64) (string, error) {
		_, err := tx.Exec(ctx, `INSERT INTO operator_brand (provider_id, logo_type, logo, logo_version, updated_at)
			VALUES (?, ?, ?, ?, ?) ON CONFLICT (provider_id) DO UPDATE SET logo_type = excluded.logo_type,
			logo = excluded.logo, logo_version = excluded.logo_version, updated_at = excluded.updated_at`,
			id, mime, data, version, m.staff.Now())
		return logoURL(id, version, mime), err
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// handleLogoDelete goes back to the built-in logo.
func (m *Module) handleLogoDelete(w http.ResponseWriter, r *http.Request) error {
	out, err := m.changeLogo(r, func(ctx context.Context, tx *store.Tx, id, version int64) (string, error) {
		_, err := tx.Exec(ctx, `UPDATE operator_brand SET logo_type = '', logo = NULL, updated_at = ? WHERE provider_id = ?`,
			m.staff.Now(), id)
		return "", err
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// changeLogo runs write (which stores or drops the picture and answers its
// address) and points the operator's logo at the new address, audited.
func (m *Module) changeLogo(r *http.Request, write func(ctx context.Context, tx *store.Tx, id, version int64) (string, error)) (Settings, error) {
	ctx := r.Context()
	id := operator.ProviderOf(r)
	var out Settings
	err := m.db.Tx(ctx, func(tx *store.Tx) error {
		p, err := provider.LockStored(ctx, tx, id)
		if err != nil {
			return err
		}
		b, err := loadBrand(ctx, tx, id)
		if err != nil {
			return err
		}
		before := logoChange{LogoURL: view(p, b).LogoURL}
		address, err := write(ctx, tx, id, b.LogoVersion+1)
		if err != nil {
			return err
		}
		if p.LandingLogo == "" || p.LandingLogo == p.LogoURL || strings.HasPrefix(p.LandingLogo, logoPrefix) {
			p.LandingLogo = address
		}
		p.LogoURL = address
		if err := provider.Save(ctx, tx, p); err != nil {
			return err
		}
		if b, err = loadBrand(ctx, tx, id); err != nil {
			return err
		}
		out = view(p, b)
		return m.staff.Audit(ctx, tx, r, "settings.logo", "provider", id, before, logoChange{LogoURL: out.LogoURL})
	})
	if err != nil {
		return out, err
	}
	return out, m.providers.Reload(ctx)
}

// uploadName reads the name of an uploaded picture, "{a}-{b}.{ext}" (an
// operator and an upload id, or an operator and a version), with the type
// its extension names.
func uploadName(name string) (a, b int64, mime string, ok bool) {
	dot := strings.LastIndexByte(name, '.')
	if dot < 0 {
		return 0, 0, "", false
	}
	if mime, ok = logoTypes[name[dot+1:]]; !ok {
		return 0, 0, "", false
	}
	aText, bText, ok := strings.Cut(name[:dot], "-")
	a, err1 := strconv.ParseInt(aText, 10, 64)
	b, err2 := strconv.ParseInt(bText, 10, 64)
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, "", false
	}
	return a, b, mime, true
}

// serveUpload answers an uploaded picture. Its address names the upload,
// so it never changes and is cached for long.
func serveUpload(w http.ResponseWriter, mime string, data []byte) {
	w.Header().Set("Content-Type", mime)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	_, _ = w.Write(data)
}
