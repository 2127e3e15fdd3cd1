package media

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// assetFile is asset.json, written by scripts/gen-demo-media.sh (or by an
// operator packaging their own loop channel).
type assetFile struct {
	Name      string          `json:"name"`
	Label     string          `json:"label"`
	Segments  []float64       `json:"segments"`
	Video     []videoTrack    `json:"video"`
	Audio     []audioTrack    `json:"audio"`
	Subtitles []subtitleTrack `json:"subtitles"`
	// Thumbnails: the trick-play sprite sheet (thumbnails.go); optional.
	Thumbnails *thumbnailSheet `json:"thumbnails,omitempty"`
}

type videoTrack struct {
	Name       string  `json:"name"`
	Bandwidth  int     `json:"bandwidth"`
	Resolution string  `json:"resolution"`
	Codecs     string  `json:"codecs"`
	FrameRate  float64 `json:"frame_rate"`
	Init       string  `json:"init"`
	Files      string  `json:"files"`
}

type audioTrack struct {
	Name     string `json:"name"`
	Language string `json:"language"`
	Label    string `json:"label"`
	Default  bool   `json:"default"`
	Codecs   string `json:"codecs"`
	Init     string `json:"init"`
	Files    string `json:"files"`
}

type subtitleTrack struct {
	Name     string `json:"name"`
	Language string `json:"language"`
	Label    string `json:"label"`
	Default  bool   `json:"default"`
	Files    string `json:"files"`
}

// track is one playlist of an asset: a video rendition, an audio language or
// a subtitle language. Its id ("video-720p", "audio-ru", "subs-en") names the
// playlist (<id>.m3u8) and the segment folder (<id>/<index>.<ext>) in URLs, so
// a URL never carries a file path of the disk.
type track struct {
	id    string
	files string   // printf pattern of the segment index, relative to the asset dir
	init  string   // fMP4 init segment relative to the asset dir, "" for MPEG-TS
	ext   string   // segment file extension without the dot: ts, aac, m4s, mp4, vtt
	paths []string // absolute file of each segment, computed once at load
	// initPath and ctype are computed once at load too: every segment
	// request needs them.
	initPath string // absolute file of init, "" when none
	ctype    string // mime()
}

// mime is the Content-Type of the track's segments: fMP4 audio is audio/mp4,
// the rest follows the extension.
func (t track) mime() string {
	if strings.HasPrefix(t.id, "audio-") && (t.ext == "m4s" || t.ext == "mp4") {
		return "audio/mp4"
	}
	return contentType(t.ext)
}

// asset is a loaded, validated asset directory.
type asset struct {
	name   string
	dir    string
	file   assetFile
	durMS  []int64 // segment durations in milliseconds (integers keep PDT arithmetic exact)
	offMS  []int64 // start of each segment within the cycle
	loopMS int64   // one cycle
	target int     // EXT-X-TARGETDURATION: ceil of the longest segment
	tracks map[string]track
	master []byte // the master playlist: it does not change with time
	thumbs string // absolute file of the thumbnail sprite sheet, "" when none
}

var filesVerb = regexp.MustCompile(`%0?[0-9]*d`)

// validAssetName: a letter or digit, then up to 63 letters, digits, '-', '_'.
// validTrackName: the same with '.' too, up to 32 in all. Plain loops, not
// regular expressions: both run on every media request.
func validAssetName(s string) bool { return validName(s, 64, "-_") }
func validTrackName(s string) bool { return validName(s, 32, "-_.") }

func validName(s string, maxLen int, extra string) bool {
	if s == "" || len(s) > maxLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		alnum := c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !alnum && (i == 0 || strings.IndexByte(extra, c) < 0) {
			return false
		}
	}
	return true
}

// loadAsset reads dir/asset.json and checks that every track has a file for
// every segment, so a request never meets a missing file of a known track.
func loadAsset(dir string) (*asset, error) {
	name := filepath.Base(dir)
	if !validAssetName(name) {
		return nil, fmt.Errorf("asset directory name %q: want letters, digits, - and _", name)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "asset.json"))
	if err != nil {
		return nil, err
	}
	var f assetFile
	if err := json.Unmarshal(raw, &f); err != nil {
		return nil, fmt.Errorf("%s/asset.json: %w", name, err)
	}
	a := &asset{name: name, dir: dir, file: f, tracks: map[string]track{}}
	if err := a.index(); err != nil {
		return nil, fmt.Errorf("%s/asset.json: %w", name, err)
	}
	a.master = a.masterPlaylist()
	if a.thumbs, err = a.checkThumbnails(); err != nil {
		return nil, fmt.Errorf("%s/asset.json: %w", name, err)
	}
	for id, t := range a.tracks {
		t.paths = make([]string, len(a.durMS))
		for i := range t.paths {
			t.paths[i] = filepath.Join(dir, filepath.FromSlash(a.segmentFile(t, i)))
		}
		if t.init != "" {
			t.initPath = filepath.Join(dir, filepath.FromSlash(t.init))
		}
		t.ctype = t.mime()
		a.tracks[id] = t
		for _, rel := range a.trackFiles(t) {
			st, err := os.Stat(filepath.Join(dir, filepath.FromSlash(rel)))
			if err != nil {
				return nil, fmt.Errorf("asset %s track %s: %w", name, t.id, err)
			}
			if !st.Mode().IsRegular() {
				return nil, fmt.Errorf("asset %s track %s: %s is not a file", name, t.id, rel)
			}
		}
	}
	return a, nil
}

// index validates the parsed file and computes the timeline.
func (a *asset) index() error {
	f := a.file
	if len(f.Segments) == 0 {
		return errors.New("no segments")
	}
	if len(f.Video) == 0 {
		return errors.New("no video rendition")
	}
	var maxMS int64
	a.durMS = make([]int64, len(f.Segments))
	a.offMS = make([]int64, len(f.Segments))
	for i, d := range f.Segments {
		if !(d > 0 && d <= 60) {
			return fmt.Errorf("segment %d: duration %v out of (0, 60] seconds", i, d)
		}
		ms := int64(math.Round(d * 1000))
		a.durMS[i], a.offMS[i] = ms, a.loopMS
		a.loopMS += ms
		maxMS = max(maxMS, ms)
	}
	a.target = int((maxMS + 999) / 1000)
	add := func(kind, name, files, init string) error {
		if !validTrackName(name) {
			return fmt.Errorf("%s track name %q: want letters, digits, '.', '-', '_'", kind, name)
		}
		t := track{id: kind + "-" + name, files: files, init: init}
		if _, dup := a.tracks[t.id]; dup {
			return fmt.Errorf("%s track %q appears twice", kind, name)
		}
		if len(filesVerb.FindAllString(files, -1)) != 1 || strings.Count(files, "%") != 1 {
			return fmt.Errorf("%s track %q: files %q must hold exactly one %%d verb", kind, name, files)
		}
		for _, rel := range []string{files, init} {
			if rel != "" && !filepath.IsLocal(filepath.FromSlash(rel)) {
				return fmt.Errorf("%s track %q: %q leaves the asset directory", kind, name, rel)
			}
		}
		t.ext = strings.TrimPrefix(path.Ext(files), ".")
		if contentType(t.ext) == "" {
			return fmt.Errorf("%s track %q: unknown segment type %q", kind, name, t.ext)
		}
		if init != "" && path.Ext(init) != ".mp4" {
			return fmt.Errorf("%s track %q: init segment %q must be .mp4", kind, name, init)
		}
		a.tracks[t.id] = t
		return nil
	}
	for _, v := range f.Video {
		if v.Bandwidth <= 0 {
			return fmt.Errorf("video track %q: bandwidth must be positive", v.Name)
		}
		if err := add("video", v.Name, v.Files, v.Init); err != nil {
			return err
		}
	}
	for _, s := range f.Audio {
		if err := add("audio", s.Name, s.Files, s.Init); err != nil {
			return err
		}
	}
	for _, s := range f.Subtitles {
		if err := add("subs", s.Name, s.Files, ""); err != nil {
			return err
		}
		if t := a.tracks["subs-"+s.Name]; t.ext != "vtt" {
			return fmt.Errorf("subtitle track %q: segments must be .vtt", s.Name)
		}
	}
	return nil
}

// trackFiles lists every file of a track, relative to the asset dir.
func (a *asset) trackFiles(t track) []string {
	out := make([]string, 0, len(a.durMS)+1)
	if t.init != "" {
		out = append(out, t.init)
	}
	for i := range a.durMS {
		out = append(out, a.segmentFile(t, i))
	}
	return out
}

func (a *asset) segmentFile(t track, i int) string { return fmt.Sprintf(t.files, i) }

// contentType is the MIME type of a segment extension, "" when not served.
func contentType(ext string) string {
	switch ext {
	case "ts":
		return "video/mp2t"
	case "aac":
		return "audio/aac"
	case "m4s", "mp4":
		return "video/mp4"
	case "vtt":
		return "text/vtt; charset=utf-8"
	}
	return ""
}
