package httpx

import (
	"context"
	"net/http"
	"net/netip"
)

// Session is the authenticated caller of a request, set by the identity
// package's auth middleware. DeviceID is 0 for a token issued by login that is
// not bound to a device yet: such a token may only register a device and
// authenticate it, so SessionFrom never gives it (see AccountSession).
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

// SessionFrom gives the viewer of the request: a session bound to a device,
// or nil for an anonymous caller. A login token without a device is nil here
// too, so no stream, write or per-profile read can be made with it (it has
// no profile, and it would get around the device limit): every feature reads
// its caller through this.
func SessionFrom(ctx context.Context) *Session {
	s, _ := ctx.Value(sessionKey).(*Session)
	if s == nil || s.DeviceID == 0 {
		return nil
	}
	return s
}

// AccountSession gives the session of any valid token, a login token without
// a device included. Only the device-management calls that such a token is
// for (register a device, list and free a slot, sign out) read it.
func AccountSession(ctx context.Context) *Session {
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
