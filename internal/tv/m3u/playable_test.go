package m3u

import (
	"strings"
	"testing"
)

func TestUnplayable(t *testing.T) {
	for in, want := range map[string]string{
		"http://cdn.example/live/index.m3u8":    "",
		"https://cdn.example/live/playlist":     "",
		"HTTPS://CDN.EXAMPLE/LIVE.M3U8?token=1": "",
		" http://cdn.example/live/index.m3u8 ":  "",
		"http://cdn.example/live/manifest.mpd":  "dash",
		"https://cdn.example/a.MPD?x=1":         "dash",
		"rtmp://live.example/app/stream":        "rtmp",
		"rtmps://live.example/app/stream":       "rtmp",
		"rtmpe://live.example/app/stream":       "rtmp",
		"udp://@239.0.0.1:1234":                 "udp",
		"rtp://239.0.0.1:5000":                  "udp",
		"10.0.0.5:8080":                         "bare",
		"@239.1.1.1:5000":                       "bare",
		"stream.example:1935/live":              "bare",
		"[::1]:8080":                            "bare",
		"srt://live.example:9000":               "scheme",
		"ftp://files.example/live.m3u8":         "scheme",
		"just words":                            "scheme",
		"http://":                               "scheme",
		"":                                      "scheme",
	} {
		if got := Unplayable(in); got != want {
			t.Errorf("Unplayable(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzUnplayable: any text gets one of the known answers, and only http(s)
// addresses are ever playable.
func FuzzUnplayable(f *testing.F) {
	for _, s := range []string{"http://a/b.m3u8", "http://a/b.mpd", "rtmp://a", "udp://@1.2.3.4:5", "1.2.3.4:5", "", "::", "http://[::1]:80/x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		switch got := Unplayable(s); got {
		case "":
			l := strings.ToLower(strings.TrimSpace(s))
			if !strings.HasPrefix(l, "http://") && !strings.HasPrefix(l, "https://") {
				t.Fatalf("%q playable", s)
			}
		case "dash", "rtmp", "udp", "bare", "scheme":
		default:
			t.Fatalf("Unplayable(%q) = %q", s, got)
		}
	})
}
