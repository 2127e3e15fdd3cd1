package media

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Trick-play thumbnails: an asset's sprite sheet holds its loop's picture at
// every interval (tiles of width x height, columns across), and a stream's
// thumbs.vtt is a WebVTT index with a cue per interval of that stream (its
// player time from 0), each naming the tile of the moment the stream shows
// then: thumbs.jpg#xywh=x,y,w,h. The index and the sheet are answered under
// the stream's own signed token, like its playlists.

type thumbnailSheet struct {
	File     string `json:"file"`
	Interval int    `json:"interval"` // seconds between pictures
	Width    int    `json:"width"`
	Height   int    `json:"height"`
	Columns  int    `json:"columns"`
	Count    int    `json:"count"`
}

// maxThumbnailCues bounds an index (24 hours at 10 s); maxSeekPoints bounds
// the seek points a stream answer carries (3 hours at 10 s: a programme),
// the index going on to the stream's end.
const (
	maxThumbnailCues = 8640
	maxSeekPoints    = 1080
)

// checkThumbnails validates the sheet of a (none is fine) and answers its
// absolute file.
func (a *asset) checkThumbnails() (string, error) {
	t := a.file.Thumbnails
	if t == nil {
		return "", nil
	}
	switch {
	case t.Interval <= 0 || t.Width <= 0 || t.Height <= 0 || t.Columns <= 0 || t.Count <= 0:
		return "", errors.New("thumbnails: interval, width, height, columns and count must be positive")
	case int64(t.Count)*int64(t.Interval)*1000 < a.loopMS:
		return "", fmt.Errorf("thumbnails: %d pictures every %d s do not cover the %d ms loop", t.Count, t.Interval, a.loopMS)
	case filepath.Ext(t.File) != ".jpg" || !filepath.IsLocal(filepath.FromSlash(t.File)):
		return "", fmt.Errorf("thumbnails: file %q must be a .jpg inside the asset", t.File)
	}
	p := filepath.Join(a.dir, filepath.FromSlash(t.File))
	st, err := os.Stat(p)
	if err != nil {
		return "", fmt.Errorf("thumbnails: %w", err)
	}
	if !st.Mode().IsRegular() {
		return "", fmt.Errorf("thumbnails: %s is not a file", t.File)
	}
	return p, nil
}

// thumbnailSpan is the stretch of the loop's timeline a grant plays, as
// unix milliseconds: where its player time 0 is, and how long it runs at
// now. Live streams have none (nothing to scrub).
func (a *asset) thumbnailSpan(g Grant, now time.Time) (startMS, lengthMS int64, ok bool) {
	if g.Kind == KindLive {
		return 0, 0, false
	}
	r := a.rangeFor(g, now)
	if r.last < r.first {
		return 0, 0, false
	}
	epochMS := g.Epoch * 1000
	first, last := a.seg(epochMS, r.first), a.seg(epochMS, r.last)
	return first.startMS, last.startMS + a.durMS[last.index] - first.startMS, true
}

// thumbnailTimes answers a stream's seek points (seconds of player time at
// which its index changes picture), nil when it has no thumbnails.
func (a *asset) thumbnailTimes(g Grant, now time.Time) []int64 {
	t := a.file.Thumbnails
	_, length, ok := a.thumbnailSpan(g, now)
	if t == nil || !ok {
		return nil
	}
	step := int64(t.Interval) * 1000
	n := min((length+step-1)/step, maxSeekPoints)
	out := make([]int64, n)
	for i := range out {
		out[i] = int64(i * t.Interval)
	}
	return out
}

// thumbnailIndex is the WebVTT index of a grant at now (nil: none).
func (a *asset) thumbnailIndex(g Grant, now time.Time) []byte {
	t := a.file.Thumbnails
	start, length, ok := a.thumbnailSpan(g, now)
	if t == nil || !ok {
		return nil
	}
	step := int64(t.Interval) * 1000
	epochMS := g.Epoch * 1000
	var b strings.Builder
	b.WriteString("WEBVTT\n")
	for at, n := int64(0), 0; at < length && n < maxThumbnailCues; at, n = at+step, n+1 {
		// The picture of the loop at this moment: the tile of the interval it
		// falls in.
		within := ((start+at-epochMS)%a.loopMS + a.loopMS) % a.loopMS
		tile := int(within/step) % t.Count
		x, y := (tile%t.Columns)*t.Width, (tile/t.Columns)*t.Height
		fmt.Fprintf(&b, "\n%s --> %s\n%s#xywh=%d,%d,%d,%d\n", vttTime(at), vttTime(min(at+step, length)), thumbsSprite, x, y, t.Width, t.Height)
	}
	return []byte(b.String())
}

// vttTime formats milliseconds as WebVTT's hh:mm:ss.ttt.
func vttTime(ms int64) string {
	h, m, s := ms/3_600_000, ms/60_000%60, ms/1000%60
	return fmt.Sprintf("%02d:%02d:%02d.%03d", h, m, s, ms%1000)
}

// The file names of a stream's thumbnails, beside its playlists.
const (
	thumbsIndex  = "thumbs.vtt"
	thumbsSprite = "thumbs.jpg"
)

// Thumbnails answers the address of a stream's thumbnail index and its seek
// points in seconds, or "" and nil when the stream has none (a live stream,
// an asset without a sheet). The address holds the stream's own token.
func (o *Origin) Thumbnails(g Grant) (string, []int64) {
	a, ok := o.assets[g.Asset]
	if !ok || a.thumbs == "" {
		return "", nil
	}
	times := a.thumbnailTimes(g, o.cfg.Now())
	if len(times) == 0 {
		return "", nil
	}
	// The same token as Sign's: its playlist and its index are one grant.
	return strings.TrimSuffix(o.Sign(g), "master.m3u8") + thumbsIndex, times
}
