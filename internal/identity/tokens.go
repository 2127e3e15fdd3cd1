package identity

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"efir/internal/store"
)

// reissueWindow is how long after issue an expired token may still be traded
// for a new one at POST /v2/auth/device: a viewer who comes back after a few
// days keeps the device without signing in again, a stolen old token does not
// live forever.
const reissueWindow = 30 * 24 * time.Hour

// newTokenValue makes a random token for the wire (32 bytes, base64url) and
// the hash that is stored; the token itself is never stored.
func newTokenValue() (token, hash string, err error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", "", fmt.Errorf("token entropy: %w", err)
	}
	token = base64.RawURLEncoding.EncodeToString(b[:])
	return token, hashToken(token), nil
}

// hashToken is the stored form of a token. A plain SHA-256 is enough: the
// token has 256 bits of entropy, so there is nothing to brute-force.
func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// tokenRow is a stored token with what a session needs of its user.
type tokenRow struct {
	ID         int64
	UserID     int64
	DeviceID   int64 // 0: a login token, not bound to a device yet
	ProfileID  int64 // 0: none
	IssuedAt   int64
	ExpiresAt  int64
	ProviderID int64
	IsGuest    bool
	ChildMode  bool
	PassUntil  int64 // the parental PIN pass of this token (unix seconds)
}

// findToken loads a token by its wire value, expired or not.
func (s *Service) findToken(ctx context.Context, q store.Querier, token string) (*tokenRow, error) {
	var t tokenRow
	var device, profile *int64
	var role *string
	err := store.Get(ctx, q, `SELECT t.id, t.user_id, t.device_id, t.profile_id, t.issued_at, t.expires_at,
		t.parental_pass_until, u.provider_id, u.is_guest, p.role
		FROM tokens t JOIN users u ON u.id = t.user_id
		LEFT JOIN profiles p ON p.id = t.profile_id
		WHERE t.hash = ?`, []any{hashToken(token)},
		&t.ID, &t.UserID, &device, &profile, &t.IssuedAt, &t.ExpiresAt, &t.PassUntil, &t.ProviderID, &t.IsGuest, &role)
	if err != nil {
		return nil, err
	}
	if device != nil {
		t.DeviceID = *device
	}
	if profile != nil {
		t.ProfileID = *profile
	}
	t.ChildMode = role != nil && *role == "child"
	return &t, nil
}

// issueLoginToken stores a login token of user (no device yet) and gives its
// wire value and expiry (unix seconds).
func (s *Service) issueLoginToken(ctx context.Context, q store.Querier, userID int64) (string, int64, error) {
	return s.issueToken(ctx, q, userID, 0, 0, 0)
}

// issueToken stores a new token for user (and device and profile when not
// 0), holding the PIN pass until passUntil (0: none), and gives its wire
// value and expiry (unix seconds).
func (s *Service) issueToken(ctx context.Context, q store.Querier, userID, deviceID, profileID, passUntil int64) (string, int64, error) {
	// Every sign-in path ends here: a blocked subscriber gets no token.
	if err := refuseBlocked(ctx, q, userID); err != nil {
		return "", 0, err
	}
	token, hash, err := newTokenValue()
	if err != nil {
		return "", 0, err
	}
	now := s.now()
	exp := now.Add(s.tokenTTL).Unix()
	_, err = q.Exec(ctx, `INSERT INTO tokens (hash, user_id, device_id, profile_id, issued_at, expires_at, parental_pass_until)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, hash, userID, nullID(deviceID), nullID(profileID), now.Unix(), exp, passUntil)
	if err != nil {
		return "", 0, err
	}
	return token, exp, nil
}

// revokeDeviceTokens removes every token of a device.
func revokeDeviceTokens(ctx context.Context, q store.Querier, deviceID int64) error {
	_, err := q.Exec(ctx, "DELETE FROM tokens WHERE device_id = ?", deviceID)
	return err
}

// setActiveProfile makes profileID the active profile of the caller's device:
// stored on the device (so a re-issued token keeps it) and on the current
// token (so this session sees it at once). The profiles code calls it when
// the viewer switches profile; profileID must already be checked to belong
// to the user.
func (s *Service) setActiveProfile(ctx context.Context, q store.Querier, tokenID, deviceID, profileID int64) error {
	if deviceID != 0 {
		if _, err := q.Exec(ctx, "UPDATE devices SET profile_id = ? WHERE id = ?", profileID, deviceID); err != nil {
			return err
		}
		_, err := q.Exec(ctx, "UPDATE tokens SET profile_id = ? WHERE device_id = ?", profileID, deviceID)
		return err
	}
	_, err := q.Exec(ctx, "UPDATE tokens SET profile_id = ? WHERE id = ?", profileID, tokenID)
	return err
}

// deviceProfile is the profile a device token carries: the device's active
// profile when it still exists, else the user's first profile (0 when the
// user has none).
func deviceProfile(ctx context.Context, q store.Querier, userID, deviceID int64) (int64, error) {
	var id int64
	err := store.Get(ctx, q, `SELECT p.id FROM devices d JOIN profiles p ON p.id = d.profile_id AND p.user_id = d.user_id
		WHERE d.id = ? AND d.user_id = ?`, []any{deviceID, userID}, &id)
	if err == nil {
		return id, nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return 0, err
	}
	err = store.Get(ctx, q, "SELECT id FROM profiles WHERE user_id = ? ORDER BY id LIMIT 1", []any{userID}, &id)
	if errors.Is(err, store.ErrNotFound) {
		return 0, nil
	}
	return id, err
}

// nullID stores 0 as NULL for optional references.
func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}
