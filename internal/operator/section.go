package operator

import (
	"context"
	"net/http"

	"efir/internal/httpx"
	"efir/internal/store"
)

// A console section (packets, channels, catalogue, pages, ...) lives in its
// own package under internal/operator and reaches the console through these:
// the permission guard, the operator the session works on, the audit log and
// the sealing of secrets. internal/app mounts each section beside Register.

// Guard is the handler of a section's call: a live session whose role has p
// (and the CSRF token on a change), else 401 or 403.
func (s *Service) Guard(p Permission, next httpx.Handler) http.Handler {
	return s.allowed(p, next)
}

// ProviderOf is the operator the request's console session works on (only
// inside a Guard).
func ProviderOf(r *http.Request) int64 { return sessionFrom(r.Context()).ProviderID }

// Audit writes the audit entry of a change made by the request's staff
// member. Pass the change's own transaction as q, so that a change is never
// without its entry; before and after are the object (any JSON value, nil
// for none).
func (s *Service) Audit(ctx context.Context, q store.Querier, r *http.Request, action, objectType string,
	objectID, before, after any) error {
	return record(ctx, q, s.change(r, action, objectType, objectID, before, after))
}

// Seal encrypts a secret kept at rest (gateway credentials, callback
// secrets); Open reads it back. Sealed values are only ever read by Efir.
func (s *Service) Seal(plain string) (string, error) { return s.seal.seal(plain) }

// Open is the secret Seal sealed.
func (s *Service) Open(sealed string) (string, error) { return s.seal.open(sealed) }

// DB is the store the console works on.
func (s *Service) DB() *store.DB { return s.db }

// Now is the console's clock.
func (s *Service) Now() int64 { return s.now().Unix() }
