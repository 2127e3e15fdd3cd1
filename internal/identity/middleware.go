package identity

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"path"
	"strings"

	"efir/internal/httpx"
	"efir/internal/store"
)

// maxTokenLen bounds what we hash and look up; real tokens are 43 characters.
const maxTokenLen = 256

type presentedKey struct{}

// presented is the token a request carried, kept in the context whether or
// not it was valid: the require wrappers tell "no token" from "a stale token", and
// POST /v2/auth/device may trade an expired token for a new one.
type presented struct {
	token string
	valid bool
}

func presentedToken(ctx context.Context) *presented {
	p, _ := ctx.Value(presentedKey{}).(*presented)
	return p
}

// tokenFromRequest reads the access token: Authorization "Token <t>" or
// "Bearer <t>" first, then the access_token query parameter. It gives "" when
// there is none or it cannot be a token of ours.
func tokenFromRequest(r *http.Request) string {
	if t := parseAuthorization(r.Header.Get("Authorization")); t != "" {
		return t
	}
	return cleanToken(r.URL.Query().Get("access_token"))
}

// pageToken reads the session cookie the web client keeps (accessToken) on
// a request for a page of the client, so that the served page can be drawn
// for its viewer (a child profile's first screen has a child's rows). API
// calls never take it: they carry their token themselves, and a cookie
// would let another site's form act for the viewer. Static files are the
// same for everybody: they cost no token look-up.
func pageToken(r *http.Request) string {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return ""
	}
	if !isPagePath(r.URL.Path) {
		return ""
	}
	c, err := r.Cookie("accessToken")
	if err != nil {
		return ""
	}
	v, err := url.QueryUnescape(c.Value)
	if err != nil {
		return ""
	}
	return cleanToken(v)
}

// staticExt are the extensions of the client's files and the site's fixed
// files (favicon, robots.txt, manifest); a page's address has none of them.
var staticExt = map[string]bool{
	".js": true, ".mjs": true, ".css": true, ".map": true, ".json": true, ".txt": true, ".xml": true,
	".webmanifest": true, ".ico": true, ".png": true, ".jpg": true, ".jpeg": true, ".gif": true,
	".webp": true, ".avif": true, ".svg": true, ".woff": true, ".woff2": true, ".ttf": true, ".wasm": true,
}

// isPagePath: p may be a page of the client rather than the API, media or
// a static file.
func isPagePath(p string) bool {
	for _, prefix := range []string{"/v2/", "/media/", "/assets/", "/locales/"} {
		if strings.HasPrefix(p, prefix) {
			return false
		}
	}
	return !staticExt[strings.ToLower(path.Ext(p))]
}

// parseAuthorization reads "Token <t>" or "Bearer <t>" (scheme case-insensitive).
func parseAuthorization(h string) string {
	scheme, rest, ok := strings.Cut(strings.TrimSpace(h), " ")
	if !ok {
		return ""
	}
	if !strings.EqualFold(scheme, "Token") && !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return cleanToken(rest)
}

// cleanToken keeps only values that may be tokens: printable ASCII without
// spaces, of a sane length.
func cleanToken(t string) string {
	t = strings.TrimSpace(t)
	if t == "" || len(t) > maxTokenLen {
		return ""
	}
	for i := 0; i < len(t); i++ {
		if c := t[i]; c <= ' ' || c >= 0x7f {
			return ""
		}
	}
	return t
}

// Middleware authenticates the request's token. A valid token puts an
// httpx.Session in the context. A token that is unknown or expired lets the
// request through anonymously (public calls keep working with a stale token)
// but is remembered, so that protected calls answer 401 authentication_failed.
func (s *Service) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The provider API's Bearer tokens are the operator's, never a
		// viewer's: they are not looked up here.
		if strings.HasPrefix(r.URL.Path, "/provider-api/") {
			next.ServeHTTP(w, r)
			return
		}
		token := tokenFromRequest(r)
		if token == "" {
			token = pageToken(r)
		}
		if token == "" {
			next.ServeHTTP(w, r)
			return
		}
		ctx := r.Context()
		p := &presented{token: token}
		t, err := s.findToken(ctx, s.db, token)
		switch {
		case err == nil && t.ExpiresAt > s.now().Unix():
			p.valid = true
			ctx = httpx.WithSession(ctx, &httpx.Session{
				TokenID: t.ID, UserID: t.UserID, DeviceID: t.DeviceID, ProfileID: t.ProfileID,
				ProviderID: t.ProviderID, IsGuest: t.IsGuest, ChildMode: t.ChildMode,
			})
		case err != nil && !errors.Is(err, store.ErrNotFound):
			// The store failed: the caller is treated as having a bad token
			// (protected calls answer 401, the client re-authenticates).
			slog.ErrorContext(ctx, "token lookup failed", "err", err)
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(ctx, presentedKey{}, p)))
	})
}

// requireAccount lets only requests with a valid token through, a login
// token without a device included (the device-management calls it is for);
// otherwise 401 authentication_failed. Their handlers read the caller with
// httpx.AccountSession.
func (s *Service) requireAccount(h httpx.Handler) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		if httpx.AccountSession(r.Context()) == nil {
			return httpx.Unauthorized()
		}
		return h(w, r)
	}
}

// requireDevice lets only device-bound tokens through: a login token may only
// register a device and authenticate it. Otherwise 401.
func (s *Service) requireDevice(h httpx.Handler) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		if httpx.SessionFrom(r.Context()) == nil {
			return httpx.Unauthorized()
		}
		return h(w, r)
	}
}
