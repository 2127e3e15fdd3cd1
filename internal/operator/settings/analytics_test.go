package settings

import "testing"

func TestAnalyticsSettings(t *testing.T) {
	for _, c := range []struct {
		counter, dsn string
		bad          []string
	}{
		{"", "", nil},
		{" https://counter.example/c?site=7 ", "https://abc123@o1.ingest.sentry.io/4500", nil},
		{"http://localhost:8081/c", "http://key@127.0.0.1:9000/1", nil},
		{"http://counter.example/c", "", []string{"counter_url"}},
		{"javascript:alert(1)", "", []string{"counter_url"}},
		{"https://counter.example/a b", "", []string{"counter_url"}},
		{"https://counter.example/c#x", "", []string{"counter_url"}},
		{"", "https://o1.ingest.sentry.io/4500", []string{"sentry_dsn"}},
		{"", "https://key@o1.ingest.sentry.io/project", []string{"sentry_dsn"}},
		{"", "https://key@o1.ingest.sentry.io/", []string{"sentry_dsn"}},
		{"", "ftp://key@host/1", []string{"sentry_dsn"}},
	} {
		s := Settings{CounterURL: c.counter, SentryDSN: c.dsn}
		bad := fieldErrors{}
		validateAnalytics(&s, bad)
		if len(bad) != len(c.bad) {
			t.Errorf("%q %q: %v, want %v", c.counter, c.dsn, bad, c.bad)
		}
		for _, f := range c.bad {
			if bad[f] == "" {
				t.Errorf("%q %q: no error of %s", c.counter, c.dsn, f)
			}
		}
	}
}
