package settings

import (
	"net/url"
	"strings"
)

// The analytics settings: the counter of the tracking image (the viewer's
// pages request it on playback, adding fts and evtp) and a Sentry-compatible
// DSN (https://<key>@<host>/<project id>) the pages report their errors to.
// Both are read by every viewer's browser, so only https addresses (http on
// a local test host) without spaces are taken.

const maxAnalyticsURL = 500

func validateAnalytics(s *Settings, bad fieldErrors) {
	s.CounterURL = strings.TrimSpace(s.CounterURL)
	if s.CounterURL != "" {
		if u, ok := analyticsURL(s.CounterURL); !ok || u.Fragment != "" {
			bad.add("counter_url", "console_settings_counter_url_invalid")
		}
	}
	s.SentryDSN = strings.TrimSpace(s.SentryDSN)
	if s.SentryDSN != "" && !sentryDSN(s.SentryDSN) {
		bad.add("sentry_dsn", "console_settings_sentry_dsn_invalid")
	}
}

// webURL parses an absolute https URL (http on localhost or 127.0.0.1).
func analyticsURL(raw string) (*url.URL, bool) {
	if len(raw) > maxAnalyticsURL || strings.ContainsAny(raw, " \t\r\n\"'<>") {
		return nil, false
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return nil, false
	}
	switch u.Scheme {
	case "https":
	case "http":
		if h := u.Hostname(); h != "localhost" && h != "127.0.0.1" {
			return nil, false
		}
	default:
		return nil, false
	}
	return u, true
}

// sentryDSN: a DSN names its public key as the user and the project as the
// last path segment, a number.
func sentryDSN(raw string) bool {
	u, ok := analyticsURL(raw)
	if !ok || u.User == nil || u.User.Username() == "" || u.RawQuery != "" || u.Fragment != "" {
		return false
	}
	project := u.Path[strings.LastIndex(u.Path, "/")+1:]
	if project == "" {
		return false
	}
	for _, c := range project {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
