package media

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

var testSecret = []byte("0123456789abcdef0123456789abcdef")

// clock is a settable test clock.
type clock struct{ t time.Time }

func (c *clock) Now() time.Time { return c.t }

// writeAsset builds an asset directory in code: one video rendition, one
// audio and one subtitle track with the given segment durations, each file
// holding its own path (so a test can see which one was served).
func writeAsset(t testing.TB, root, name string, durations []float64) {
	t.Helper()
	f := assetFile{
		Name: name, Label: name, Segments: durations,
		Video:     []videoTrack{{Name: "720p", Bandwidth: 900000, Resolution: "1280x720", Codecs: "avc1.64001f", FrameRate: 25, Files: "v720/%03d.ts"}},
		Audio:     []audioTrack{{Name: "ru", Language: "ru", Label: "Русский", Default: true, Codecs: "mp4a.40.2", Files: "a_ru/%03d.aac"}},
		Subtitles: []subtitleTrack{{Name: "en", Language: "en", Label: "English", Files: "s_en/%03d.vtt"}},
	}
	dir := filepath.Join(root, name)
	for _, pat := range []string{"v720/%03d.ts", "a_ru/%03d.aac", "s_en/%03d.vtt"} {
		for i := range durations {
			p := filepath.Join(dir, fmt.Sprintf(pat, i))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(name+"/"+fmt.Sprintf(pat, i)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	raw, _ := json.Marshal(f)
	if err := os.WriteFile(filepath.Join(dir, "asset.json"), raw, 0o644); err != nil {
		t.Fatal(err)
	}
}

// newTestOrigin serves the code-built asset "loop" (durations 2, 2.5, 1.5,
// 2: one cycle of 8 s) and the ffmpeg fixture "fix" from testdata.
func newTestOrigin(t testing.TB, c *clock) (*Origin, http.Handler) {
	t.Helper()
	root := t.TempDir()
	writeAsset(t, root, "loop", []float64{2, 2.5, 1.5, 2})
	if err := os.CopyFS(filepath.Join(root, "fix"), os.DirFS("testdata/fix")); err != nil {
		t.Fatal(err)
	}
	o, err := NewOrigin(OriginConfig{Dir: root, Secret: testSecret, Now: c.Now, TTL: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	o.Register(mux)
	return o, mux
}

func get(h http.Handler, target string, hdr ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodGet, target, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		r.Header.Set(hdr[i], hdr[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// base is the token prefix of a signed master URL: "/media/<token>/".
func base(master string) string { return strings.TrimSuffix(master, "master.m3u8") }

// entry is one segment of a parsed media playlist.
type entry struct {
	seq           int64
	pdt           time.Time
	dur           time.Duration
	uri           string
	discontinuity bool
}

type playlist struct {
	tags    map[string]string // header tags by name (value after ':')
	entries []entry
	ended   bool
}

// parsePlaylist reads a media playlist the way a player does, failing on
// anything unexpected.
func parsePlaylist(t *testing.T, body string) playlist {
	t.Helper()
	p := playlist{tags: map[string]string{}}
	sc := bufio.NewScanner(strings.NewReader(body))
	if !sc.Scan() || sc.Text() != "#EXTM3U" {
		t.Fatalf("no #EXTM3U:\n%s", body)
	}
	var cur entry
	seq := int64(-1)
	for sc.Scan() {
		line := sc.Text()
		name, val, _ := strings.Cut(line, ":")
		switch {
		case line == "#EXT-X-DISCONTINUITY":
			cur.discontinuity = true
		case line == "#EXT-X-ENDLIST":
			p.ended = true
		case name == "#EXT-X-PROGRAM-DATE-TIME":
			ts, err := time.Parse("2006-01-02T15:04:05.000Z", val)
			if err != nil {
				t.Fatalf("PDT %q: %v", val, err)
			}
			cur.pdt = ts
		case name == "#EXTINF":
			d, err := strconv.ParseFloat(strings.TrimSuffix(val, ","), 64)
			if err != nil {
				t.Fatalf("EXTINF %q: %v", val, err)
			}
			cur.dur = time.Duration(d*1000) * time.Millisecond
		case strings.HasPrefix(line, "#"):
			p.tags[name] = val
		case line != "":
			if seq < 0 {
				seq, _ = strconv.ParseInt(p.tags["#EXT-X-MEDIA-SEQUENCE"], 10, 64)
			}
			cur.seq, cur.uri = seq, line
			p.entries = append(p.entries, cur)
			cur = entry{}
			seq++
		}
	}
	return p
}

func (p playlist) int(t *testing.T, tag string) int64 {
	t.Helper()
	v, err := strconv.ParseInt(p.tags[tag], 10, 64)
	if err != nil {
		t.Fatalf("%s = %q", tag, p.tags[tag])
	}
	return v
}
