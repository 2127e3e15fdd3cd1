package operator

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"errors"
	"net/http"
	"strings"

	"efir/internal/httpx"
)

// The console's session lives in an HttpOnly cookie; a call that changes
// something also carries the session's CSRF token in a header, which another
// site's page cannot read or send.
const (
	cookieName = "efir_staff"
	csrfHeader = "X-CSRF-Token"
	// lastSeenEvery: the idle clock is moved at most this often (seconds), so
	// reading pages does not write on every call.
	lastSeenEvery = 60
)

// session is a signed-in staff member's session.
type session struct {
	ID         int64
	Member     member
	CSRF       string
	ProviderID int64 // the operator the console works on
	CreatedAt  int64
	LastSeenAt int64
	ExpiresAt  int64
}

type sessionKey struct{}

func sessionFrom(ctx context.Context) *session {
	s, _ := ctx.Value(sessionKey{}).(*session)
	return s
}

// signedIn runs next for a live session of an active staff member; a call
// that changes something must carry the session's CSRF token.
func (s *Service) signedIn(next httpx.Handler) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		sess, err := s.sessionOf(r)
		if err != nil {
			if isUnauthorized(err) {
				clearCookie(w, r)
			}
			return err
		}
		return next(w, r.WithContext(context.WithValue(r.Context(), sessionKey{}, sess)))
	}
}

// sessionOf is the request's live session; 401 without one, 403 when a
// change comes without the session's CSRF token.
func (s *Service) sessionOf(r *http.Request) (*session, error) {
	c, err := r.Cookie(cookieName)
	if err != nil || c.Value == "" {
		return nil, httpx.Unauthorized()
	}
	sess, err := s.loadSession(r.Context(), c.Value)
	if err != nil {
		return nil, err
	}
	if sess == nil {
		return nil, httpx.Unauthorized()
	}
	if unsafeMethod(r.Method) && subtle.ConstantTimeCompare([]byte(r.Header.Get(csrfHeader)), []byte(sess.CSRF)) != 1 {
		return nil, httpx.New(http.StatusForbidden, "csrf_failed", "operator_csrf_failed")
	}
	return sess, nil
}

func isUnauthorized(err error) bool {
	var he *httpx.Error
	return errors.As(err, &he) && he.Status == http.StatusUnauthorized
}

// allowed is signedIn plus the permission p of the staff member's role.
func (s *Service) allowed(p Permission, next httpx.Handler) httpx.Handler {
	return s.signedIn(func(w http.ResponseWriter, r *http.Request) error {
		if !sessionFrom(r.Context()).Member.Role.Can(p) {
			return httpx.Forbidden("operator_not_allowed")
		}
		return next(w, r)
	})
}

func unsafeMethod(m string) bool {
	return m != http.MethodGet && m != http.MethodHead && m != http.MethodOptions
}

// loadSession finds the live session of token (nil when there is none: ended,
// idle too long, past its absolute end, or its member blocked).
func (s *Service) loadSession(ctx context.Context, token string) (*session, error) {
	var sess session
	var prov sql.NullInt64
	var staffID int64
	err := s.db.QueryRow(ctx, `SELECT id, staff_id, csrf_token, provider_id, created_at, last_seen_at, expires_at
		FROM staff_sessions WHERE token_hash = ? AND kind = 'session'`, tokenHash(token)).
		Scan(&sess.ID, &staffID, &sess.CSRF, &prov, &sess.CreatedAt, &sess.LastSeenAt, &sess.ExpiresAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	now := s.now().Unix()
	if now >= sess.ExpiresAt || now >= sess.LastSeenAt+int64(s.cfg.IdleTTL.Seconds()) {
		_, err := s.db.Exec(ctx, "DELETE FROM staff_sessions WHERE id = ?", sess.ID)
		return nil, err
	}
	if sess.Member, err = memberByID(ctx, s.db, staffID); err != nil {
		return nil, err
	}
	if sess.Member.DisabledAt > 0 {
		return nil, nil
	}
	sess.ProviderID = prov.Int64
	if sess.Member.ProviderID.Valid {
		sess.ProviderID = sess.Member.ProviderID.Int64
	}
	if now-sess.LastSeenAt >= lastSeenEvery {
		if _, err := s.db.Exec(ctx, "UPDATE staff_sessions SET last_seen_at = ? WHERE id = ?", now, sess.ID); err != nil {
			return nil, err
		}
		sess.LastSeenAt = now
	}
	return &sess, nil
}

// startSession signs m in: a new session row and its cookie.
func (s *Service) startSession(ctx context.Context, w http.ResponseWriter, r *http.Request, m member) (*session, error) {
	token, hash, err := newToken()
	if err != nil {
		return nil, err
	}
	csrf, _, err := newToken()
	if err != nil {
		return nil, err
	}
	now := s.now().Unix()
	sess := &session{Member: m, CSRF: csrf, ProviderID: m.ProviderID.Int64, CreatedAt: now, LastSeenAt: now,
		ExpiresAt: now + int64(s.cfg.SessionTTL.Seconds())}
	if m.platform() {
		// A platform administrator starts on the first operator.
		if err := s.db.QueryRow(ctx, "SELECT id FROM providers ORDER BY id LIMIT 1").Scan(&sess.ProviderID); err != nil &&
			!errors.Is(err, sql.ErrNoRows) {
			return nil, err
		}
	}
	err = s.db.QueryRow(ctx, `INSERT INTO staff_sessions (token_hash, staff_id, kind, csrf_token, provider_id, ip, user_agent,
		created_at, last_seen_at, expires_at) VALUES (?, ?, 'session', ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		hash, m.ID, csrf, sess.ProviderID, httpx.ClientIP(r).String(), truncate(r.UserAgent(), 300), now, now, sess.ExpiresAt).
		Scan(&sess.ID)
	if err != nil {
		return nil, err
	}
	if _, err := s.db.Exec(ctx, "UPDATE staff SET last_login_at = ?, failed_logins = 0, locked_until = 0 WHERE id = ?",
		now, m.ID); err != nil {
		return nil, err
	}
	sess.Member.LastLoginAt = now
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: token, Path: "/", HttpOnly: true, Secure: secure(r),
		SameSite: http.SameSiteStrictMode, MaxAge: int(s.cfg.SessionTTL.Seconds())})
	return sess, nil
}

func clearCookie(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: "", Path: "/", HttpOnly: true, Secure: secure(r),
		SameSite: http.SameSiteStrictMode, MaxAge: -1})
}

// secure: the cookie is Secure whenever the console is reached over https.
func secure(r *http.Request) bool {
	return r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https")
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
