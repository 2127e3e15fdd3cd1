package m3u

import (
	"net"
	"net/url"
	"regexp"
	"strings"
)

// bareHostPort is an address without a scheme: host:port, multicast
// "@group:port", optionally with a path.
var bareHostPort = regexp.MustCompile(`^@?[A-Za-z0-9.\-\[\]:]+:\d{1,5}(/.*)?$`)

// Unplayable is "" for a stream address viewers can play (HLS over HTTP),
// else why not: "dash" (a .mpd manifest), "rtmp", "udp" (udp:// or rtp://
// multicast), "bare" (host:port without a scheme) or "scheme" (anything
// else). Browsers and the apps get HLS only, so the others are kept as
// sources but never handed out.
func Unplayable(raw string) string {
	s := strings.TrimSpace(raw)
	lower := strings.ToLower(s)
	switch {
	case strings.HasPrefix(lower, "rtmp://"), strings.HasPrefix(lower, "rtmps://"), strings.HasPrefix(lower, "rtmpe://"):
		return "rtmp"
	case strings.HasPrefix(lower, "udp://"), strings.HasPrefix(lower, "rtp://"):
		return "udp"
	case strings.HasPrefix(lower, "http://"), strings.HasPrefix(lower, "https://"):
		u, err := url.Parse(s)
		if err != nil || u.Host == "" {
			return "scheme"
		}
		if strings.HasSuffix(strings.ToLower(u.Path), ".mpd") {
			return "dash"
		}
		return ""
	case strings.Contains(lower, "://"):
		return "scheme"
	case bareHostPort.MatchString(s):
		return "bare"
	}
	if host, _, err := net.SplitHostPort(s); err == nil && host != "" {
		return "bare"
	}
	return "scheme"
}
