package netguard

import (
	"net"
	"net/http"
	"time"
)

// Dialer is a dialer whose every connection passes the guard.
func (g *Guard) Dialer() *net.Dialer {
	return &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second, Control: g.Control}
}

// Client is an HTTP client on a copy of base (nil: http.DefaultTransport)
// whose connections pass the guard, redirects included. It uses no proxy:
// a proxy would connect to the barred address on the client's behalf.
func (g *Guard) Client(base *http.Transport) *http.Client {
	if base == nil {
		base = http.DefaultTransport.(*http.Transport)
	}
	t := base.Clone()
	t.Proxy = nil
	// every connection, TLS ones too, goes through the guarded dialer
	t.DialContext = g.Dialer().DialContext
	t.DialTLSContext = nil
	t.Dial, t.DialTLS = nil, nil
	// a custom dialer turns HTTP/2 off unless asked for again
	t.ForceAttemptHTTP2 = true
	return &http.Client{Transport: t}
}
