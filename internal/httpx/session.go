package httpx

import (
	"context"
	"net/http"
	"net/netip"
)

// Session is the authenticated caller of a request, set by the identity
// package's auth middleware. DeviceID is 0 for a token issued by login that is
// not bound to a device yet.
type Session struct {
	TokenID    int64
	UserID     int64
	DeviceID   int64
	ProfileID  int64
	ProviderID int64
	IsGuest    bool
	ChildMode  bool // the active profile is a child profile
}

type ctxKey int

const (
	sessionKey ctxKey = iota
	clientIPKey
	langKey
)

// WithLang records the viewer's language for work that outlives the request
// handler's reach (texts sent by SMS, for example).
func WithLang(ctx context.Context, lang string) context.Context {
	return context.WithValue(ctx, langKey, lang)
}

// LangOf gives the language stored by WithLang ("" when none).
func LangOf(ctx context.Context) string {
	l, _ := ctx.Value(langKey).(string)
	return l
}

// WithSession stores s in ctx.
func WithSession(ctx context.Context, s *Session) context.Context {
	return context.WithValue(ctx, sessionKey, s)
}

// SessionFrom gives the session of the request, or nil for an anonymous one.
func SessionFrom(ctx context.Context) *Session {
	s, _ := ctx.Value(sessionKey).(*Session)
	return s
}

// WithClientIP stores the client address (after trusted-proxy resolution).
func WithClientIP(ctx context.Context, ip netip.Addr) context.Context {
	return context.WithValue(ctx, clientIPKey, ip)
}

// ClientIP gives the client address set by the server middleware.
func ClientIP(r *http.Request) netip.Addr {
	ip, _ := r.Context().Value(clientIPKey).(netip.Addr)
	return ip
}
