package media

import (
	"sort"
	"time"
)

// A loop asset plays on the wall clock: cycle c starts at Epoch + c*loop, and
// segment i of cycle c has the absolute number n = c*N + i. That number is the
// EXT-X-MEDIA-SEQUENCE, so it only grows with time, and every track of the
// asset shares it (the durations are the same for every track).

// liveWindow is how many segments a live playlist lists.
const liveWindow = 6

// maxArchive bounds an archive playlist (an open end or a very long range),
// so a playlist never grows past ~40k entries.
const maxArchive = 24 * time.Hour

// segment is one entry of a media playlist.
type segment struct {
	n       int64 // absolute sequence number
	cycle   int64
	index   int   // file index within the asset
	startMS int64 // unix milliseconds
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// seg returns segment n of the loop started at epochMS.
func (a *asset) seg(epochMS, n int64) segment {
	N := int64(len(a.durMS))
	c := floorDiv(n, N)
	i := int(n - c*N)
	return segment{n: n, cycle: c, index: i, startMS: epochMS + c*a.loopMS + a.offMS[i]}
}

// at returns the number of the segment playing at unix millisecond t.
func (a *asset) at(epochMS, t int64) int64 {
	c := floorDiv(t-epochMS, a.loopMS)
	within := t - epochMS - c*a.loopMS
	i := sort.Search(len(a.offMS), func(k int) bool { return a.offMS[k] > within }) - 1
	return c*int64(len(a.durMS)) + int64(i)
}

// published is the last segment complete at now: a segment appears in a
// playlist only once its end has passed on the wall clock.
func (a *asset) published(epochMS, nowMS int64) int64 { return a.at(epochMS, nowMS) - 1 }

// playlistRange is what a media playlist of a grant lists at now.
type playlistRange struct {
	first, last int64 // inclusive; last < first means no segment yet
	kind        string
	ended       bool // EXT-X-ENDLIST
	typ         string
	dated       bool // EXT-X-PROGRAM-DATE-TIME on every segment
}

func (a *asset) rangeFor(g Grant, now time.Time) playlistRange {
	epochMS, nowMS := g.Epoch*1000, now.UnixMilli()
	switch g.Kind {
	case KindVOD:
		return playlistRange{first: 0, last: int64(len(a.durMS)) - 1, kind: g.Kind, ended: true, typ: "VOD"}
	case KindArchive:
		startMS := g.Start * 1000
		span := time.Duration(g.Duration) * time.Second
		if g.Duration <= 0 || span > maxArchive {
			span = maxArchive
		}
		first := max(a.at(epochMS, startMS), 0)
		last := a.at(epochMS, startMS+span.Milliseconds()-1)
		if pub := a.published(epochMS, nowMS); last > pub {
			// Still being recorded: an EVENT playlist growing up to now.
			return playlistRange{first: first, last: pub, kind: g.Kind, typ: "EVENT", dated: true}
		}
		return playlistRange{first: first, last: last, kind: g.Kind, ended: true, typ: "VOD", dated: true}
	default: // live
		last := a.published(epochMS, nowMS)
		return playlistRange{first: max(last-liveWindow+1, 0), last: last, kind: g.Kind, dated: true}
	}
}
