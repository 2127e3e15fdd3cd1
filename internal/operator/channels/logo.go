package channels

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"regexp"
	"strconv"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
)

// maxLogo bounds an uploaded logo (the image itself, before base64).
const maxLogo = 512 << 10

// logoInput is an upload: the image in base64 and its type.
type logoInput struct {
	ContentType string `json:"content_type"`
	Data        string `json:"data"`
}

var logoTypes = map[string]bool{"image/png": true, "image/jpeg": true, "image/webp": true, "image/svg+xml": true}

// svgActive finds what makes an SVG more than a picture: scripts, event
// handlers, javascript: addresses, foreign objects.
var svgActive = regexp.MustCompile(`(?i)<script|<foreignobject|javascript:|\son[a-z]+\s*=`)

// checkLogo tells whether data is an image of the type said.
func checkLogo(ct string, data []byte) bool {
	switch ct {
	case "image/png":
		return bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n"))
	case "image/jpeg":
		return bytes.HasPrefix(data, []byte{0xff, 0xd8, 0xff})
	case "image/webp":
		return len(data) > 12 && bytes.Equal(data[:4], []byte("RIFF")) && bytes.Equal(data[8:12], []byte("WEBP"))
	case "image/svg+xml":
		return bytes.Contains(bytes.ToLower(data[:min(len(data), 4096)]), []byte("<svg")) && !svgActive.Match(data)
	}
	return false
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func (s *Section) handleLogoUpload(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	var in logoInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	if !logoTypes[in.ContentType] {
		return httpx.Invalid("content_type", "console_channels_logo_type")
	}
	data, err := base64.StdEncoding.DecodeString(in.Data)
	if err != nil || len(data) == 0 {
		return httpx.Invalid("data", "console_channels_logo_invalid")
	}
	if len(data) > maxLogo {
		return httpx.Invalid("data", "console_channels_logo_too_large")
	}
	if !checkLogo(in.ContentType, data) {
		return httpx.Invalid("data", "console_channels_logo_invalid")
	}
	sum := sha256.Sum256(data)
	version := hex.EncodeToString(sum[:6])
	ctx, provider := r.Context(), operator.ProviderOf(r)
	var out *Channel
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		before, err := channelOf(ctx, tx, provider, id)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "DELETE FROM channel_logos WHERE channel_id = ?", id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO channel_logos (channel_id, provider_id, content_type, data, version, updated_at)
			VALUES (?, ?, ?, ?, ?, ?)`, id, provider, in.ContentType, data, version, s.staff.Now()); err != nil {
			return err
		}
		logo := "/v2/channels/" + itoa(id) + "/logo?v=" + version
		if _, err := tx.Exec(ctx, "UPDATE channels SET logo_url = ? WHERE id = ? AND provider_id = ?", logo, id, provider); err != nil {
			return err
		}
		if out, err = channelOf(ctx, tx, provider, id); err != nil {
			return err
		}
		if err := s.staff.Audit(ctx, tx, r, "channel.logo_upload", "channel", id, map[string]string{"logo_url": before.LogoURL},
			map[string]any{"logo_url": out.LogoURL, "content_type": in.ContentType, "bytes": len(data)}); err != nil {
			return err
		}
		return s.changed(ctx, tx)
	})
	if err != nil {
		return err
	}
	s.invalidate()
	httpx.OK(w, out)
	return nil
}

// handleLogoDelete drops the uploaded logo: viewers see the generated one.
func (s *Section) handleLogoDelete(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	ctx, provider := r.Context(), operator.ProviderOf(r)
	var out *Channel
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		before, err := channelOf(ctx, tx, provider, id)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "DELETE FROM channel_logos WHERE channel_id = ?", id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "UPDATE channels SET logo_url = '' WHERE id = ? AND provider_id = ?", id, provider); err != nil {
			return err
		}
		if out, err = channelOf(ctx, tx, provider, id); err != nil {
			return err
		}
		if err := s.staff.Audit(ctx, tx, r, "channel.logo_delete", "channel", id, map[string]string{"logo_url": before.LogoURL},
			map[string]string{"logo_url": out.LogoURL}); err != nil {
			return err
		}
		return s.changed(ctx, tx)
	})
	if err != nil {
		return err
	}
	s.invalidate()
	httpx.OK(w, out)
	return nil
}

// handleLogo serves an uploaded logo to viewers (an <img> sends no token;
// the address carries the logo's version, so it is cached for long).
func (s *Section) handleLogo(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	var ct string
	var data []byte
	if err := store.Get(r.Context(), s.db, "SELECT content_type, data FROM channel_logos WHERE channel_id = ?", []any{id},
		&ct, &data); err != nil {
		return err
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
	_, _ = w.Write(data)
	return nil
}
