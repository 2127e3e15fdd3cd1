package media

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"

	"efir/internal/store"
)

// minSecret is the shortest signing secret accepted (256 bits).
const minSecret = 32

// secretSetting is the settings row holding the generated secret.
const secretSetting = "media_secret"

// LoadSecret returns the media signing secret: the configured one
// (EFIR_MEDIA_SECRET), or a random one created once in the settings table,
// so every copy of efir sharing the database signs and checks alike.
func LoadSecret(ctx context.Context, db *store.DB, configured string) ([]byte, error) {
	if configured != "" {
		if len(configured) < minSecret {
			return nil, fmt.Errorf("EFIR_MEDIA_SECRET: want at least %d bytes, got %d", minSecret, len(configured))
		}
		return []byte(configured), nil
	}
	var b [minSecret]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, err
	}
	// Two copies starting together both insert; the first wins and both
	// read back the winner.
	if _, err := db.Exec(ctx, "INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
		secretSetting, hex.EncodeToString(b[:])); err != nil {
		return nil, fmt.Errorf("media secret: %w", err)
	}
	var v string
	if err := store.Get(ctx, db, "SELECT value FROM settings WHERE name = ?", []any{secretSetting}, &v); err != nil {
		return nil, fmt.Errorf("media secret: %w", err)
	}
	secret, err := hex.DecodeString(v)
	if err != nil || len(secret) < minSecret {
		return nil, fmt.Errorf("media secret: the %s setting is not %d hex bytes", secretSetting, minSecret)
	}
	return secret, nil
}
