package operator

import (
	"context"
	"database/sql"
	"encoding/base64"
	"errors"
	"net/http"
	"strings"
	"time"

	"efir/internal/commerce/sbpqr"
	"efir/internal/httpx"
	"efir/internal/identity"
	"efir/internal/provider"
	"efir/internal/store"
)

// loginAnswer is every sign-in step's answer.
type loginAnswer struct {
	Status        string       `json:"status"`
	Challenge     string       `json:"challenge,omitempty"`
	Session       *sessionView `json:"session,omitempty"`
	RecoveryCodes []string     `json:"recovery_codes,omitempty"`
}

// dummyHash is checked against when the e-mail is unknown, so that a wrong
// e-mail takes as long as a wrong password.
var dummyHash = func() string {
	h, _ := identity.HashPassword("efir: no such staff member")
	return h
}()

func normalEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// takeAttempt counts one password or code try of the client's address.
func (s *Service) takeAttempt(r *http.Request) error {
	if s.attempts == nil {
		return nil
	}
	wait, err := s.attempts.Take(r.Context(), httpx.ClientIP(r).String(), s.now())
	if err != nil {
		return err
	}
	if wait > 0 {
		return httpx.RateLimited(int(wait.Seconds()) + 1)
	}
	return nil
}

func (s *Service) handleLogin(w http.ResponseWriter, r *http.Request) error {
	var b struct {
		Email    string `json:"email"`
		Password string `json:"password"`
	}
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	email := normalEmail(b.Email)
	if email == "" || len(email) > 254 {
		return httpx.Invalid("email", "operator_email_invalid")
	}
	if b.Password == "" || len(b.Password) > 200 {
		return httpx.Invalid("password", "operator_password_required")
	}
	if err := s.takeAttempt(r); err != nil {
		return err
	}
	ctx := r.Context()
	m, err := memberByEmail(ctx, s.db, email)
	if errors.Is(err, sql.ErrNoRows) {
		_, _ = identity.CheckPassword(dummyHash, b.Password)
		return badCredentials()
	}
	if err != nil {
		return err
	}
	if err := s.locked(m); err != nil {
		return err
	}
	hash := m.PasswordHash
	if hash == "" || m.DisabledAt > 0 {
		hash = dummyHash
	}
	ok, err := identity.CheckPassword(hash, b.Password)
	if err != nil {
		return err
	}
	if !ok || hash == dummyHash {
		if err := s.failed(ctx, m); err != nil {
			return err
		}
		return badCredentials()
	}
	return s.afterPassword(ctx, w, r, m)
}

// afterPassword: the second factor next, or the session.
func (s *Service) afterPassword(ctx context.Context, w http.ResponseWriter, r *http.Request, m member) error {
	switch {
	case m.TOTPEnabled:
		challenge, err := s.newChallenge(ctx, r, m)
		if err != nil {
			return err
		}
		httpx.OK(w, loginAnswer{Status: "totp_required", Challenge: challenge})
	case m.secondFactorRequired():
		challenge, err := s.newChallenge(ctx, r, m)
		if err != nil {
			return err
		}
		httpx.OK(w, loginAnswer{Status: "totp_setup_required", Challenge: challenge})
	default:
		sess, err := s.startSession(ctx, w, r, m)
		if err != nil {
			return err
		}
		v := s.sessionView(sess)
		httpx.OK(w, loginAnswer{Status: "ok", Session: &v})
	}
	return nil
}

func badCredentials() error {
	return httpx.New(http.StatusUnauthorized, httpx.TypeAuthenticationFailed, "operator_bad_credentials")
}

// locked answers 429 while m's account is locked.
func (s *Service) locked(m member) error {
	if wait := m.LockedUntil - s.now().Unix(); wait > 0 {
		return httpx.RateLimited(int(wait))
	}
	return nil
}

// failed counts a wrong password or code; the fifth in a row locks the
// account for a while.
func (s *Service) failed(ctx context.Context, m member) error {
	now := s.now()
	_, err := s.db.Exec(ctx, `UPDATE staff SET locked_until = CASE WHEN failed_logins + 1 >= ? THEN ? ELSE locked_until END,
		failed_logins = CASE WHEN failed_logins + 1 >= ? THEN 0 ELSE failed_logins + 1 END WHERE id = ?`,
		maxFailedLogins, now.Add(lockFor).Unix(), maxFailedLogins, m.ID)
	return err
}

// newChallenge remembers that m's password was right, for the second step.
func (s *Service) newChallenge(ctx context.Context, r *http.Request, m member) (string, error) {
	token, hash, err := newToken()
	if err != nil {
		return "", err
	}
	now := s.now().Unix()
	_, err = s.db.Exec(ctx, `INSERT INTO staff_sessions (token_hash, staff_id, kind, ip, user_agent, created_at,
		last_seen_at, expires_at) VALUES (?, ?, 'challenge', ?, ?, ?, ?, ?)`, hash, m.ID, httpx.ClientIP(r).String(),
		truncate(r.UserAgent(), 300), now, now, now+int64(challengeTTL.Seconds()))
	return token, err
}

// challenge is a half-done sign-in.
type challenge struct {
	ID          int64
	PendingTOTP string
	Member      member
}

// loadChallenge finds a live challenge (401 when there is none).
func (s *Service) loadChallenge(ctx context.Context, token string) (challenge, error) {
	var c challenge
	var staffID, expires int64
	err := s.db.QueryRow(ctx, `SELECT id, staff_id, pending_totp, expires_at FROM staff_sessions
		WHERE token_hash = ? AND kind = 'challenge'`, tokenHash(token)).Scan(&c.ID, &staffID, &c.PendingTOTP, &expires)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && expires <= s.now().Unix()) {
		return c, httpx.New(http.StatusUnauthorized, httpx.TypeAuthenticationFailed, "operator_challenge_expired")
	}
	if err != nil {
		return c, err
	}
	if c.Member, err = memberByID(ctx, s.db, staffID); err != nil {
		return c, err
	}
	if c.Member.DisabledAt > 0 {
		return c, badCredentials()
	}
	return c, nil
}

func (s *Service) handleTOTP(w http.ResponseWriter, r *http.Request) error {
	var b struct {
		Challenge string `json:"challenge"`
		Code      string `json:"code"`
	}
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	if b.Code == "" || len(b.Code) > 32 {
		return httpx.Invalid("code", "operator_code_required")
	}
	if err := s.takeAttempt(r); err != nil {
		return err
	}
	ctx := r.Context()
	c, err := s.loadChallenge(ctx, b.Challenge)
	if err != nil {
		return err
	}
	if err := s.locked(c.Member); err != nil {
		return err
	}
	if !c.Member.TOTPEnabled {
		return httpx.Forbidden("operator_totp_not_enrolled")
	}
	ok, err := s.useCode(ctx, c.Member, b.Code)
	if err != nil {
		return err
	}
	if !ok {
		if err := s.failed(ctx, c.Member); err != nil {
			return err
		}
		return httpx.New(http.StatusUnauthorized, httpx.TypeAuthenticationFailed, "operator_bad_code")
	}
	if _, err := s.db.Exec(ctx, "DELETE FROM staff_sessions WHERE id = ?", c.ID); err != nil {
		return err
	}
	sess, err := s.startSession(ctx, w, r, c.Member)
	if err != nil {
		return err
	}
	v := s.sessionView(sess)
	httpx.OK(w, loginAnswer{Status: "ok", Session: &v})
	return nil
}

// useCode accepts an authenticator's code (once: its step must be later than
// the last accepted one) or an unused recovery code.
func (s *Service) useCode(ctx context.Context, m member, code string) (bool, error) {
	code = strings.TrimSpace(code)
	if len(code) == totpDigits {
		secret, err := s.seal.open(m.TOTPSecret)
		if err != nil {
			return false, err
		}
		step := checkTOTP(secret, code, s.now(), m.TOTPLastStep)
		if step == 0 {
			return false, nil
		}
		// Two requests with one code: only the first moves the step.
		res, err := s.db.Exec(ctx, "UPDATE staff SET totp_last_step = ? WHERE id = ? AND totp_last_step < ?", step, m.ID, step)
		if err != nil {
			return false, err
		}
		n, err := res.RowsAffected()
		return n == 1, err
	}
	res, err := s.db.Exec(ctx, "UPDATE staff_recovery_codes SET used_at = ? WHERE staff_id = ? AND code_hash = ? AND used_at = 0",
		s.now().Unix(), m.ID, tokenHash(normalRecoveryCode(code)))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func normalRecoveryCode(c string) string {
	return strings.ToLower(strings.NewReplacer("-", "", " ", "").Replace(strings.TrimSpace(c)))
}

// enrolment is where an authenticator is being enrolled: a challenge (a
// sign-in that requires one) or a signed-in session.
type enrolment struct {
	rowID   int64
	pending string
	member  member
	// signed in (not a challenge)
	session *session
}

func (s *Service) enrolmentOf(r *http.Request, challengeToken string) (enrolment, error) {
	ctx := r.Context()
	if challengeToken != "" {
		c, err := s.loadChallenge(ctx, challengeToken)
		if err != nil {
			return enrolment{}, err
		}
		if c.Member.TOTPEnabled {
			// Enrolled already: the code step signs in, not a new enrolment.
			return enrolment{}, httpx.Forbidden("operator_totp_enrolled")
		}
		return enrolment{rowID: c.ID, pending: c.PendingTOTP, member: c.Member}, nil
	}
	sess, err := s.sessionOf(r)
	if err != nil {
		return enrolment{}, err
	}
	out := enrolment{rowID: sess.ID, member: sess.Member, session: sess}
	err = s.db.QueryRow(ctx, "SELECT pending_totp FROM staff_sessions WHERE id = ?", sess.ID).Scan(&out.pending)
	return out, err
}

func (s *Service) handleTOTPSetup(w http.ResponseWriter, r *http.Request) error {
	var b struct {
		Challenge string `json:"challenge"`
	}
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	e, err := s.enrolmentOf(r, b.Challenge)
	if err != nil {
		return err
	}
	secret, err := newTOTPSecret()
	if err != nil {
		return err
	}
	sealed, err := s.seal.seal(secret)
	if err != nil {
		return err
	}
	if _, err := s.db.Exec(r.Context(), "UPDATE staff_sessions SET pending_totp = ? WHERE id = ?", sealed, e.rowID); err != nil {
		return err
	}
	link := otpauthURL(s.issuer(e.member), e.member.Email, secret)
	png, err := sbpqr.PNG(link, 240)
	if err != nil {
		return err
	}
	httpx.OK(w, map[string]string{"secret": secret, "otpauth_url": link,
		"qr_png": "data:image/png;base64," + base64.StdEncoding.EncodeToString(png)})
	return nil
}

// issuer names the account in the authenticator app: the operator's name.
func (s *Service) issuer(m member) string {
	if p := s.operator(m.ProviderID.Int64); m.ProviderID.Valid && p != nil {
		return p.Name
	}
	return "Efir"
}

// operator is the platform's operator id (nil when there is none).
func (s *Service) operator(id int64) *provider.Provider {
	if s.cfg.Operators == nil {
		return nil
	}
	for _, p := range s.cfg.Operators.List() {
		if p.ID == id {
			return p
		}
	}
	return nil
}

// recoveryCodeCount one-time codes replace the authenticator when it is lost.
const recoveryCodeCount = 10

func (s *Service) handleTOTPConfirm(w http.ResponseWriter, r *http.Request) error {
	var b struct {
		Challenge string `json:"challenge"`
		Code      string `json:"code"`
	}
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	if len(strings.TrimSpace(b.Code)) != totpDigits {
		return httpx.Invalid("code", "operator_bad_code")
	}
	ctx := r.Context()
	e, err := s.enrolmentOf(r, b.Challenge)
	if err != nil {
		return err
	}
	if err := s.locked(e.member); err != nil {
		return err
	}
	if e.pending == "" {
		return httpx.Invalid("code", "operator_totp_not_started")
	}
	secret, err := s.seal.open(e.pending)
	if err != nil {
		return err
	}
	step := checkTOTP(secret, b.Code, s.now(), 0)
	if step == 0 {
		if err := s.failed(ctx, e.member); err != nil {
			return err
		}
		return httpx.Invalid("code", "operator_bad_code")
	}
	codes := make([]string, recoveryCodeCount)
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE staff SET totp_secret = ?, totp_enabled = TRUE, totp_last_step = ?,
			failed_logins = 0 WHERE id = ?`, e.pending, step, e.member.ID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "UPDATE staff_sessions SET pending_totp = '' WHERE id = ?", e.rowID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "DELETE FROM staff_recovery_codes WHERE staff_id = ?", e.member.ID); err != nil {
			return err
		}
		for i := range codes {
			token, _, err := newToken()
			if err != nil {
				return err
			}
			c := strings.ToLower(strings.NewReplacer("-", "", "_", "").Replace(token))[:10]
			codes[i] = c[:5] + "-" + c[5:]
			if _, err := tx.Exec(ctx, "INSERT INTO staff_recovery_codes (staff_id, code_hash) VALUES (?, ?)",
				e.member.ID, tokenHash(normalRecoveryCode(codes[i]))); err != nil {
				return err
			}
		}
		return record(ctx, tx, s.ownChange(r, e.member, "staff.totp_enabled"))
	})
	if err != nil {
		return err
	}
	sess := e.session
	if sess == nil {
		if _, err := s.db.Exec(ctx, "DELETE FROM staff_sessions WHERE id = ?", e.rowID); err != nil {
			return err
		}
		if sess, err = s.startSession(ctx, w, r, e.member); err != nil {
			return err
		}
	}
	sess.Member.TOTPEnabled = true
	v := s.sessionView(sess)
	httpx.OK(w, loginAnswer{Status: "ok", Session: &v, RecoveryCodes: codes})
	return nil
}

// minPassword is the shortest staff password.
const minPassword = 10

func (s *Service) handleSetupLink(w http.ResponseWriter, r *http.Request) error {
	var b struct {
		Token    string `json:"token"`
		Password string `json:"password"`
	}
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	if n := len([]rune(b.Password)); n < minPassword || len(b.Password) > 200 {
		return httpx.Invalid("password", "operator_password_short")
	}
	ctx := r.Context()
	now := s.now().Unix()
	var staffID int64
	err := s.db.QueryRow(ctx, "SELECT staff_id FROM staff_setup_links WHERE token_hash = ? AND used_at = 0 AND expires_at > ?",
		tokenHash(b.Token), now).Scan(&staffID)
	if errors.Is(err, sql.ErrNoRows) {
		return httpx.New(http.StatusNotFound, httpx.TypeNotFound, "operator_setup_link_invalid")
	}
	if err != nil {
		return err
	}
	hash, err := identity.HashPassword(b.Password)
	if err != nil {
		return err
	}
	var m member
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		res, err := tx.Exec(ctx, "UPDATE staff_setup_links SET used_at = ? WHERE token_hash = ? AND used_at = 0", now, tokenHash(b.Token))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return httpx.New(http.StatusNotFound, httpx.TypeNotFound, "operator_setup_link_invalid")
		}
		// A new password starts over: a new authenticator, no old session.
		if _, err := tx.Exec(ctx, `UPDATE staff SET password_hash = ?, totp_secret = '', totp_enabled = FALSE, totp_last_step = 0,
			failed_logins = 0, locked_until = 0 WHERE id = ?`, hash, staffID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "DELETE FROM staff_recovery_codes WHERE staff_id = ?", staffID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "DELETE FROM staff_sessions WHERE staff_id = ?", staffID); err != nil {
			return err
		}
		if m, err = memberByID(ctx, tx, staffID); err != nil {
			return err
		}
		return record(ctx, tx, s.ownChange(r, m, "staff.password_set"))
	})
	if err != nil {
		return err
	}
	httpx.OK(w, map[string]string{"email": m.Email})
	return nil
}

func (s *Service) handleLogout(w http.ResponseWriter, r *http.Request) error {
	if _, err := s.db.Exec(r.Context(), "DELETE FROM staff_sessions WHERE id = ?", sessionFrom(r.Context()).ID); err != nil {
		return err
	}
	clearCookie(w, r)
	httpx.NoContent(w)
	return nil
}

// sessionView is the console's session on the wire.
type sessionView struct {
	Staff         StaffView    `json:"staff"`
	Provider      OperatorRef  `json:"provider"`
	Permissions   []Permission `json:"permissions"`
	CSRFToken     string       `json:"csrf_token"`
	IdleExpiresAt string       `json:"idle_expires_at"`
	ExpiresAt     string       `json:"expires_at"`
}

// OperatorRef names an operator.
type OperatorRef struct {
	ID        int64  `json:"id"`
	Shortname string `json:"shortname"`
	Name      string `json:"name"`
}

func (s *Service) sessionView(sess *session) sessionView {
	ref := OperatorRef{ID: sess.ProviderID}
	for _, p := range s.operators() {
		if p.ID == sess.ProviderID {
			ref = p
		}
	}
	return sessionView{Staff: sess.Member.view(), Provider: ref, Permissions: sess.Member.Role.Permissions(),
		CSRFToken: sess.CSRF, IdleExpiresAt: stamp(sess.LastSeenAt + int64(s.cfg.IdleTTL/time.Second)),
		ExpiresAt: stamp(sess.ExpiresAt)}
}

func (s *Service) operators() []OperatorRef {
	if s.cfg.Operators == nil {
		return nil
	}
	var out []OperatorRef
	for _, p := range s.cfg.Operators.List() {
		out = append(out, OperatorRef{ID: p.ID, Shortname: p.Shortname, Name: p.Name})
	}
	return out
}

func (s *Service) handleMe(w http.ResponseWriter, r *http.Request) error {
	httpx.OK(w, s.sessionView(sessionFrom(r.Context())))
	return nil
}

func (s *Service) handleProviders(w http.ResponseWriter, r *http.Request) error {
	sess := sessionFrom(r.Context())
	out := []OperatorRef{}
	for _, p := range s.operators() {
		if sess.Member.platform() || p.ID == sess.ProviderID {
			out = append(out, p)
		}
	}
	httpx.OK(w, out)
	return nil
}

func (s *Service) handleChooseProvider(w http.ResponseWriter, r *http.Request) error {
	var b struct {
		ProviderID int64 `json:"provider_id"`
	}
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	sess := sessionFrom(r.Context())
	if !sess.Member.platform() {
		return httpx.Forbidden("operator_not_allowed")
	}
	found := false
	for _, p := range s.operators() {
		found = found || p.ID == b.ProviderID
	}
	if !found {
		return httpx.NotFound()
	}
	if _, err := s.db.Exec(r.Context(), "UPDATE staff_sessions SET provider_id = ? WHERE id = ?", b.ProviderID, sess.ID); err != nil {
		return err
	}
	sess.ProviderID = b.ProviderID
	httpx.OK(w, s.sessionView(sess))
	return nil
}
