package media

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Playlists are written with relative URIs only, so the token prefix of the
// request path carries over to every playlist and segment the player fetches.

// masterPlaylist lists the video renditions by ascending bandwidth (hls.js
// starts at the first listed one: the lightest gives the fastest first frame
// when zapping, and its bandwidth estimate moves up within a few segments),
// with the audio and subtitle languages as alternative renditions.
func (a *asset) masterPlaylist() []byte {
	var b strings.Builder
	b.WriteString("#EXTM3U\n#EXT-X-VERSION:")
	b.WriteString(strconv.Itoa(a.version()))
	b.WriteString("\n#EXT-X-INDEPENDENT-SEGMENTS\n")
	f := a.file
	audioCodec := ""
	defAudio := slices.IndexFunc(f.Audio, func(t audioTrack) bool { return t.Default })
	if defAudio < 0 {
		defAudio = 0 // a group needs exactly one default for players to start with sound
	}
	for i, t := range f.Audio {
		fmt.Fprintf(&b, "#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"aud\",NAME=%s,LANGUAGE=%s,DEFAULT=%s,AUTOSELECT=YES,URI=\"audio-%s.m3u8\"\n",
			quoted(cmp.Or(t.Label, t.Name)), quoted(cmp.Or(t.Language, t.Name)), yesNo(i == defAudio), t.Name)
		if i == defAudio {
			audioCodec = t.Codecs
		}
	}
	defSubs := slices.IndexFunc(f.Subtitles, func(t subtitleTrack) bool { return t.Default })
	for i, t := range f.Subtitles {
		fmt.Fprintf(&b, "#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"subs\",NAME=%s,LANGUAGE=%s,DEFAULT=%s,AUTOSELECT=YES,FORCED=NO,URI=\"subs-%s.m3u8\"\n",
			quoted(cmp.Or(t.Label, t.Name)), quoted(cmp.Or(t.Language, t.Name)), yesNo(i == defSubs), t.Name)
	}
	video := slices.Clone(f.Video)
	slices.SortStableFunc(video, func(x, y videoTrack) int { return cmp.Compare(x.Bandwidth, y.Bandwidth) })
	for _, v := range video {
		fmt.Fprintf(&b, "#EXT-X-STREAM-INF:BANDWIDTH=%d", v.Bandwidth)
		if v.Resolution != "" {
			fmt.Fprintf(&b, ",RESOLUTION=%s", attrToken(v.Resolution))
		}
		if c := streamCodecs(v.Codecs, audioCodec); c != "" {
			fmt.Fprintf(&b, ",CODECS=%s", quoted(c))
		}
		if v.FrameRate > 0 {
			fmt.Fprintf(&b, ",FRAME-RATE=%.3f", v.FrameRate)
		}
		if len(f.Audio) > 0 {
			b.WriteString(`,AUDIO="aud"`)
		}
		if len(f.Subtitles) > 0 {
			b.WriteString(`,SUBTITLES="subs"`)
		}
		fmt.Fprintf(&b, "\nvideo-%s.m3u8\n", v.Name)
	}
	return []byte(b.String())
}

// mediaPlaylist is one track's playlist for the grant at now.
func (a *asset) mediaPlaylist(t track, g Grant, now time.Time) []byte {
	r := a.rangeFor(g, now)
	epochMS := g.Epoch * 1000
	first := a.seg(epochMS, max(r.first, 0))
	var b strings.Builder
	b.Grow(64 * int(max(r.last-r.first+1, 1)))
	fmt.Fprintf(&b, "#EXTM3U\n#EXT-X-VERSION:%d\n#EXT-X-TARGETDURATION:%d\n#EXT-X-MEDIA-SEQUENCE:%d\n", a.version(), a.target, first.n)
	// Segments of cycle c belong to discontinuity sequence c: the first
	// listed one carries no tag of its own, so the count starts at its cycle.
	fmt.Fprintf(&b, "#EXT-X-DISCONTINUITY-SEQUENCE:%d\n", first.cycle)
	if r.typ != "" {
		fmt.Fprintf(&b, "#EXT-X-PLAYLIST-TYPE:%s\n", r.typ)
	}
	if t.init != "" {
		fmt.Fprintf(&b, "#EXT-X-MAP:URI=\"%s/init.mp4\"\n", t.id)
	}
	for n := r.first; n <= r.last; n++ {
		s := a.seg(epochMS, n)
		if s.index == 0 && n != r.first {
			b.WriteString("#EXT-X-DISCONTINUITY\n")
		}
		if r.dated {
			b.WriteString("#EXT-X-PROGRAM-DATE-TIME:")
			b.WriteString(time.UnixMilli(s.startMS).UTC().Format("2006-01-02T15:04:05.000Z"))
			b.WriteByte('\n')
		}
		b.WriteString("#EXTINF:")
		b.WriteString(strconv.FormatFloat(float64(a.durMS[s.index])/1000, 'f', 3, 64))
		fmt.Fprintf(&b, ",\n%s/%d.%s\n", t.id, s.index, t.ext)
	}
	if r.ended {
		b.WriteString("#EXT-X-ENDLIST\n")
	}
	return []byte(b.String())
}

// version is the lowest EXT-X-VERSION the playlists need: 6 for EXT-X-MAP
// (fMP4), else 3 (decimal EXTINF).
func (a *asset) version() int {
	for _, t := range a.tracks {
		if t.init != "" {
			return 6
		}
	}
	return 3
}

// streamCodecs is the CODECS of a variant: its own plus the default audio's
// when the video entry does not already name an audio codec.
func streamCodecs(video, audio string) string {
	if audio == "" || strings.Contains(video, "mp4a") || strings.Contains(video, "ac-3") || strings.Contains(video, "ec-3") {
		return video
	}
	if video == "" {
		return audio
	}
	return video + "," + audio
}

// quoted makes an HLS quoted-string: no double quote, CR or LF may appear.
func quoted(s string) string {
	return `"` + strings.Map(func(r rune) rune {
		switch r {
		case '"':
			return '\''
		case '\r', '\n':
			return ' '
		}
		return r
	}, s) + `"`
}

// attrToken keeps an unquoted attribute value to the characters it may hold.
func attrToken(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' || r == 'x' {
			return r
		}
		return -1
	}, s)
}

func yesNo(b bool) string {
	if b {
		return "YES"
	}
	return "NO"
}
