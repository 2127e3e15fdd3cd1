package httpx

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// ClientIPResolver finds the client address of a request. X-Forwarded-For is
// trusted only when the direct peer is one of the configured proxies; then the
// right-most address that is not itself a trusted proxy is the client.
type ClientIPResolver struct {
	Trusted []netip.Prefix
}

func (c ClientIPResolver) trusted(ip netip.Addr) bool {
	for _, p := range c.Trusted {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// Resolve gives the client address of r.
func (c ClientIPResolver) Resolve(r *http.Request) netip.Addr {
	peer := parseAddr(r.RemoteAddr)
	if !peer.IsValid() || !c.trusted(peer) {
		return peer
	}
	hops := strings.Split(r.Header.Get("X-Forwarded-For"), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		ip := parseAddr(strings.TrimSpace(hops[i]))
		if !ip.IsValid() {
			break
		}
		if !c.trusted(ip) {
			return ip
		}
		peer = ip
	}
	return peer
}

// Middleware stores the resolved client address in the request context.
func (c ClientIPResolver) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(WithClientIP(r.Context(), c.Resolve(r))))
	})
}

func parseAddr(s string) netip.Addr {
	if host, _, err := net.SplitHostPort(s); err == nil {
		s = host
	}
	ip, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Addr{}
	}
	return ip.Unmap()
}

// ParsePrefixes reads a comma-separated list of CIDRs or single addresses.
func ParsePrefixes(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if !strings.Contains(part, "/") {
			ip, err := netip.ParseAddr(part)
			if err != nil {
				return nil, err
			}
			out = append(out, netip.PrefixFrom(ip, ip.BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(part)
		if err != nil {
			return nil, err
		}
		out = append(out, p.Masked())
	}
	return out, nil
}
