package providerapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
)

// caller is the token a call came with: the operator it acts for and its
// limits.
type caller struct {
	TokenID    int64
	ProviderID int64
	Name       string
	PerSecond  int
	PerHour    int
	PerDay     int
	LastUsedAt int64
}

type callerKey struct{}

func callerOf(ctx context.Context) *caller {
	c, _ := ctx.Value(callerKey{}).(*caller)
	return c
}

// lastUsedEvery: a token's last use is moved at most this often (seconds),
// so calls do not write it every time.
const lastUsedEvery = 60

// presentedToken is the token of r: ?token= as the reference platform takes
// it, or an Authorization header (Bearer or Token).
func presentedToken(r *http.Request) string {
	if t := r.URL.Query().Get("token"); t != "" {
		return t
	}
	h := r.Header.Get("Authorization")
	for _, scheme := range []string{"Bearer ", "Token "} {
		if len(h) > len(scheme) && strings.EqualFold(h[:len(scheme)], scheme) {
			return strings.TrimSpace(h[len(scheme):])
		}
	}
	return ""
}

// authenticate finds the live token of r; 401 without one (missing,
// unknown or revoked: the answer does not say which).
func (s *Service) authenticate(r *http.Request) (*caller, error) {
	token := presentedToken(r)
	if token == "" || len(token) > 200 {
		return nil, httpx.Unauthorized()
	}
	ctx := r.Context()
	var c caller
	var revoked int64
	err := store.Get(ctx, s.db, `SELECT id, provider_id, name, per_second, per_hour, per_day, revoked_at, last_used_at
		FROM provider_api_tokens WHERE token_hash = ?`, []any{operator.APITokenHash(token)},
		&c.TokenID, &c.ProviderID, &c.Name, &c.PerSecond, &c.PerHour, &c.PerDay, &revoked, &c.LastUsedAt)
	if errors.Is(err, store.ErrNotFound) || (err == nil && revoked != 0) {
		return nil, httpx.Unauthorized()
	}
	if err != nil {
		return nil, err
	}
	if now := s.now().Unix(); now-c.LastUsedAt >= lastUsedEvery {
		if _, err := s.db.Exec(ctx, "UPDATE provider_api_tokens SET last_used_at = ? WHERE id = ?", now, c.TokenID); err != nil {
			return nil, err
		}
		c.LastUsedAt = now
	}
	return &c, nil
}

// call wraps a handler of the API: the token first, then its limits, then
// the handler; every call of a known token is logged, refused ones too.
func (s *Service) call(next httpx.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		c, err := s.authenticate(r)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		sw := &statusWriter{ResponseWriter: w}
		r = r.WithContext(context.WithValue(r.Context(), callerKey{}, c))
		err = s.limit(r.Context(), c)
		if err == nil {
			err = next(sw, r)
		}
		if err != nil {
			httpx.WriteError(sw, r, err)
		}
		if err := s.logCall(r, c, sw.status, time.Since(start)); err != nil {
			slog.ErrorContext(r.Context(), "provider API log failed", "err", err)
		}
	})
}

// audit records a change made through the API in the audit log: its actor
// is the token.
func (s *Service) audit(r *http.Request, action string, objectID, before, after any) error {
	c := callerOf(r.Context())
	return operator.RecordAPIChange(context.WithoutCancel(r.Context()), s.db, operator.APIChange{
		At: s.now().Unix(), ProviderID: c.ProviderID, TokenID: c.TokenID, TokenName: c.Name,
		IP: httpx.ClientIP(r).String(), Action: action, ObjectType: "subscriber", ObjectID: objectID,
		Before: before, After: after})
}
