package operator

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"time"

	"efir/internal/store"
)

// member is a staff row.
type member struct {
	ID           int64
	ProviderID   sql.NullInt64
	Email        string
	Name         string
	Role         Role
	PasswordHash string
	TOTPSecret   string // sealed
	TOTPEnabled  bool
	TOTPLastStep int64
	TOTPExempt   bool
	FailedLogins int
	LockedUntil  int64
	DisabledAt   int64
	CreatedAt    int64
	LastLoginAt  int64
}

const memberColumns = `id, provider_id, email, name, role, password_hash, totp_secret, totp_enabled, totp_last_step,
	totp_exempt, failed_logins, locked_until, disabled_at, created_at, last_login_at`

func scanMember(r store.Scanner) (member, error) {
	var m member
	var role string
	err := r.Scan(&m.ID, &m.ProviderID, &m.Email, &m.Name, &role, &m.PasswordHash, &m.TOTPSecret, &m.TOTPEnabled,
		&m.TOTPLastStep, &m.TOTPExempt, &m.FailedLogins, &m.LockedUntil, &m.DisabledAt, &m.CreatedAt, &m.LastLoginAt)
	m.Role = Role(role)
	return m, err
}

func memberByID(ctx context.Context, q store.Querier, id int64) (member, error) {
	return scanMember(q.QueryRow(ctx, `SELECT `+memberColumns+` FROM staff WHERE id = ?`, id))
}

func memberByEmail(ctx context.Context, q store.Querier, email string) (member, error) {
	return scanMember(q.QueryRow(ctx, `SELECT `+memberColumns+` FROM staff WHERE email = ?`, email))
}

// secondFactorRequired: owners and admins, except the demo's administrator.
func (m member) secondFactorRequired() bool { return m.Role.NeedsSecondFactor() && !m.TOTPExempt }

// platform: a platform administrator (no operator of their own).
func (m member) platform() bool { return !m.ProviderID.Valid }

// StaffView is a staff member on the wire.
type StaffView struct {
	ID           int64   `json:"id"`
	Email        string  `json:"email"`
	Name         string  `json:"name"`
	Role         Role    `json:"role"`
	ProviderID   *int64  `json:"provider_id"`
	TOTPEnabled  bool    `json:"totp_enabled"`
	TOTPRequired bool    `json:"totp_required"`
	Disabled     bool    `json:"disabled"`
	CreatedAt    string  `json:"created_at"`
	LastLoginAt  *string `json:"last_login_at"`
}

func (m member) view() StaffView {
	v := StaffView{ID: m.ID, Email: m.Email, Name: m.Name, Role: m.Role, TOTPEnabled: m.TOTPEnabled,
		TOTPRequired: m.secondFactorRequired(), Disabled: m.DisabledAt > 0, CreatedAt: stamp(m.CreatedAt)}
	if m.ProviderID.Valid {
		id := m.ProviderID.Int64
		v.ProviderID = &id
	}
	if m.LastLoginAt > 0 {
		at := stamp(m.LastLoginAt)
		v.LastLoginAt = &at
	}
	return v
}

// stamp is a unix second as RFC 3339 (created/updated stamps on the wire).
func stamp(unix int64) string { return time.Unix(unix, 0).UTC().Format(time.RFC3339) }

// newToken is a random secret for a cookie, a challenge or a link, and the
// hash that is all the database keeps of it.
func newToken() (token, hash string, err error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", "", err
	}
	token = base64.RawURLEncoding.EncodeToString(b[:])
	return token, tokenHash(token), nil
}

func tokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
