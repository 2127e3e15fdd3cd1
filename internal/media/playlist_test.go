package media

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// The "loop" asset: segments of 2, 2.5, 1.5 and 2 s, one cycle of 8 s.
var (
	loopDur = []time.Duration{2000 * time.Millisecond, 2500 * time.Millisecond, 1500 * time.Millisecond, 2000 * time.Millisecond}
	loopOff = []time.Duration{0, 2000 * time.Millisecond, 4500 * time.Millisecond, 6000 * time.Millisecond}
	epoch   = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
)

// segStart is where segment n of the loop starts on the wall clock.
func segStart(n int64) time.Time {
	return epoch.Add(time.Duration(n/4)*8*time.Second + loopOff[n%4])
}

func fetchPlaylist(t *testing.T, c *clock, g Grant, track string) playlist {
	t.Helper()
	o, h := newTestOrigin(t, c)
	w := get(h, base(o.Sign(g))+track+".m3u8")
	if w.Code != 200 {
		t.Fatalf("%s: %d %s", track, w.Code, w.Body)
	}
	return parsePlaylist(t, w.Body.String())
}

// checkEntries checks what holds in every dated playlist: numbers follow the
// wall clock, each PDT is the previous one plus its duration, a
// DISCONTINUITY stands exactly before each new cycle, and the discontinuity
// sequence of every segment is its cycle.
func checkEntries(t *testing.T, p playlist, ext string) {
	t.Helper()
	if got := p.tags["#EXT-X-TARGETDURATION"]; got != "3" {
		t.Fatalf("TARGETDURATION %s, want 3 (ceil 2.5)", got)
	}
	dseq := p.int(t, "#EXT-X-DISCONTINUITY-SEQUENCE")
	for i, e := range p.entries {
		if want := segStart(e.seq); !e.pdt.Equal(want) {
			t.Fatalf("seq %d: PDT %v, want %v", e.seq, e.pdt, want)
		}
		if e.dur != loopDur[e.seq%4] {
			t.Fatalf("seq %d: EXTINF %v", e.seq, e.dur)
		}
		if want := fmt.Sprintf("%d.%s", e.seq%4, ext); !strings.HasSuffix(e.uri, "/"+want) || strings.Contains(e.uri, "://") || strings.HasPrefix(e.uri, "/") {
			t.Fatalf("seq %d: URI %q, want relative .../%s", e.seq, e.uri, want)
		}
		if i > 0 {
			prev := p.entries[i-1]
			if !e.pdt.Equal(prev.pdt.Add(prev.dur)) {
				t.Fatalf("seq %d: PDT %v is not the previous PDT %v + %v", e.seq, e.pdt, prev.pdt, prev.dur)
			}
			if e.discontinuity != (e.seq%4 == 0) {
				t.Fatalf("seq %d: discontinuity %v at file index %d", e.seq, e.discontinuity, e.seq%4)
			}
		} else if e.discontinuity {
			t.Fatalf("the first listed segment carries its own DISCONTINUITY")
		}
		if e.discontinuity {
			dseq++
		}
		if dseq != e.seq/4 {
			t.Fatalf("seq %d: discontinuity sequence %d, want its cycle %d", e.seq, dseq, e.seq/4)
		}
	}
}

func TestLivePlaylistFollowsTheWallClock(t *testing.T) {
	c := &clock{t: epoch.Add(500 * time.Millisecond)}
	o, h := newTestOrigin(t, c)
	g := Grant{Kind: KindLive, Asset: "loop", Epoch: epoch.Unix(), UserID: 1, DeviceID: 2, Expires: epoch.Add(100 * 24 * time.Hour).Unix()}
	prefix := base(o.Sign(g))
	lastSeq, lastSeen := int64(-1), time.Time{}
	pdtOf := map[int64]time.Time{}
	wraps := 0
	for step := 0; step < 400; step++ {
		c.t = c.t.Add(time.Duration(300+step%7*211) * time.Millisecond)
		for _, track := range []string{"video-720p", "audio-ru", "subs-en"} {
			w := get(h, prefix+track+".m3u8")
			if w.Code != 200 || w.Header().Get("Cache-Control") != "no-cache" ||
				w.Header().Get("Content-Type") != "application/vnd.apple.mpegurl" {
				t.Fatalf("%s: %d %v", track, w.Code, w.Header())
			}
			p := parsePlaylist(t, w.Body.String())
			checkEntries(t, p, map[string]string{"video-720p": "ts", "audio-ru": "aac", "subs-en": "vtt"}[track])
			if p.ended || p.tags["#EXT-X-PLAYLIST-TYPE"] != "" {
				t.Fatalf("live playlist with ENDLIST or a type:\n%s", w.Body)
			}
			if len(p.entries) == 0 {
				if c.t.Sub(epoch) >= 2*time.Second {
					t.Fatalf("no segment at %v after the epoch", c.t.Sub(epoch))
				}
				continue
			}
			last := p.entries[len(p.entries)-1]
			if end := last.pdt.Add(last.dur); end.After(c.t) || !segStart(last.seq+1).Add(loopDur[(last.seq+1)%4]).After(c.t) {
				t.Fatalf("at %v the window ends with seq %d (ends %v): not the last complete segment", c.t, last.seq, end)
			}
			if want := min(last.seq+1, liveWindow); int64(len(p.entries)) != want {
				t.Fatalf("window of %d segments, want %d", len(p.entries), want)
			}
			for _, e := range p.entries {
				if prev, ok := pdtOf[e.seq]; ok && !prev.Equal(e.pdt) {
					t.Fatalf("seq %d changed its PDT between playlists: %v then %v", e.seq, prev, e.pdt)
				}
				pdtOf[e.seq] = e.pdt
				if e.discontinuity && track == "video-720p" {
					wraps++
				}
			}
			if track != "video-720p" {
				continue
			}
			if last.seq < lastSeq {
				t.Fatalf("sequence went back from %d to %d", lastSeq, last.seq)
			}
			if c.t.Sub(lastSeen) >= 2500*time.Millisecond && last.seq <= lastSeq && lastSeq >= 0 {
				t.Fatalf("%v passed and the last segment is still %d", c.t.Sub(lastSeen), last.seq)
			}
			if last.seq > lastSeq {
				lastSeq, lastSeen = last.seq, c.t
			}
		}
	}
	if lastSeq < 4*20 || wraps == 0 {
		t.Fatalf("the walk reached only seq %d with %d wraps", lastSeq, wraps)
	}
}

func TestLiveBeforeTheEpochIsEmpty(t *testing.T) {
	c := &clock{t: epoch.Add(-time.Hour)}
	p := fetchPlaylist(t, c, Grant{Kind: KindLive, Asset: "loop", Epoch: epoch.Unix(), Expires: epoch.Add(time.Hour).Unix()}, "video-720p")
	if len(p.entries) != 0 || p.int(t, "#EXT-X-MEDIA-SEQUENCE") != 0 {
		t.Fatalf("before the epoch: %+v", p)
	}
}

func TestArchivePlaylists(t *testing.T) {
	// Start 3 s into cycle 100: inside segment 1 (2..4.5 s); 20 s long.
	start := epoch.Add(800*time.Second + 3*time.Second)
	end := start.Add(20 * time.Second)
	g := Grant{Kind: KindArchive, Asset: "loop", Epoch: epoch.Unix(), Start: start.Unix(), Duration: 20, Expires: end.Add(48 * time.Hour).Unix()}

	t.Run("finished range is VOD from the segment holding Start to the one holding the end", func(t *testing.T) {
		c := &clock{t: end.Add(time.Hour)}
		for _, track := range []string{"video-720p", "audio-ru", "subs-en"} {
			p := fetchPlaylist(t, c, g, track)
			checkEntries(t, p, map[string]string{"video-720p": "ts", "audio-ru": "aac", "subs-en": "vtt"}[track])
			if !p.ended || p.tags["#EXT-X-PLAYLIST-TYPE"] != "VOD" {
				t.Fatalf("want VOD with ENDLIST: %+v", p.tags)
			}
			first, last := p.entries[0], p.entries[len(p.entries)-1]
			if first.seq != 401 || first.pdt.After(start) || !first.pdt.Add(first.dur).After(start) {
				t.Fatalf("first segment %d at %v does not hold the start %v", first.seq, first.pdt, start)
			}
			if !last.pdt.Before(end) || last.pdt.Add(last.dur).Before(end) {
				t.Fatalf("last segment %d at %v+%v does not hold the end %v", last.seq, last.pdt, last.dur, end)
			}
			if p.int(t, "#EXT-X-MEDIA-SEQUENCE") != 401 || p.int(t, "#EXT-X-DISCONTINUITY-SEQUENCE") != 100 {
				t.Fatalf("sequence tags %+v", p.tags)
			}
		}
	})

	t.Run("range reaching past now is an EVENT growing up to now", func(t *testing.T) {
		c := &clock{t: start.Add(7 * time.Second)}
		var prev playlist
		for c.t.Before(end.Add(5 * time.Second)) {
			p := fetchPlaylist(t, c, g, "video-720p")
			checkEntries(t, p, "ts")
			last := p.entries[len(p.entries)-1]
			if last.pdt.Add(last.dur).After(c.t) {
				t.Fatalf("EVENT lists segment %d before it is complete at %v", last.seq, c.t)
			}
			if p.ended {
				if p.tags["#EXT-X-PLAYLIST-TYPE"] != "VOD" || last.pdt.Add(last.dur).Before(end) {
					t.Fatalf("ended early at %v: %+v", c.t, p.tags)
				}
			} else if p.tags["#EXT-X-PLAYLIST-TYPE"] != "EVENT" {
				t.Fatalf("open range at %v: type %q", c.t, p.tags["#EXT-X-PLAYLIST-TYPE"])
			}
			// An EVENT playlist only appends.
			if len(prev.entries) > 0 && !slices.Equal(p.entries[:len(prev.entries)], prev.entries) {
				t.Fatalf("EVENT playlist changed its past segments")
			}
			prev = p
			c.t = c.t.Add(900 * time.Millisecond)
		}
		if !prev.ended {
			t.Fatal("the range never ended")
		}
	})

	t.Run("open end is an EVENT up to now", func(t *testing.T) {
		open := g
		open.Duration = 0
		c := &clock{t: start.Add(3 * time.Hour)}
		p := fetchPlaylist(t, c, open, "video-720p")
		checkEntries(t, p, "ts")
		last := p.entries[len(p.entries)-1]
		if p.ended || p.tags["#EXT-X-PLAYLIST-TYPE"] != "EVENT" || c.t.Sub(last.pdt.Add(last.dur)) > 2500*time.Millisecond {
			t.Fatalf("open archive: %+v, last at %v for now %v", p.tags, last.pdt, c.t)
		}
	})

	t.Run("a start in the future lists nothing yet", func(t *testing.T) {
		c := &clock{t: start.Add(-time.Minute)}
		p := fetchPlaylist(t, c, g, "video-720p")
		if len(p.entries) != 0 || p.ended || p.tags["#EXT-X-PLAYLIST-TYPE"] != "EVENT" {
			t.Fatalf("future archive: %+v", p)
		}
	})
}

func TestVODPlaylistIsTheAssetOnce(t *testing.T) {
	c := &clock{t: epoch}
	p := fetchPlaylist(t, c, Grant{Kind: KindVOD, Asset: "loop", Expires: epoch.Add(time.Hour).Unix()}, "video-720p")
	if !p.ended || p.tags["#EXT-X-PLAYLIST-TYPE"] != "VOD" || len(p.entries) != 4 || p.int(t, "#EXT-X-MEDIA-SEQUENCE") != 0 {
		t.Fatalf("VOD: %+v", p)
	}
	for i, e := range p.entries {
		if e.uri != fmt.Sprintf("video-720p/%d.ts", i) || e.dur != loopDur[i] || e.discontinuity || !e.pdt.IsZero() {
			t.Fatalf("VOD entry %d: %+v", i, e)
		}
	}
}

func TestMasterPlaylist(t *testing.T) {
	c := &clock{t: epoch}
	o, h := newTestOrigin(t, c)
	w := get(h, o.Sign(Grant{Kind: KindLive, Asset: "fix", Epoch: epoch.Unix() - 100}))
	if w.Code != 200 || w.Header().Get("Cache-Control") != "no-cache" {
		t.Fatalf("%d %v", w.Code, w.Header())
	}
	want := `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Русский",LANGUAGE="ru",DEFAULT=YES,AUTOSELECT=YES,URI="audio-ru.m3u8"
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,URI="audio-en.m3u8"
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Русский",LANGUAGE="ru",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="subs-ru.m3u8"
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="subs-en.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=80000,RESOLUTION=160x90,CODECS="avc1.42c00b,mp4a.40.2",FRAME-RATE=25.000,AUDIO="aud",SUBTITLES="subs"
video-90p.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=150000,RESOLUTION=320x180,CODECS="avc1.42c00d,mp4a.40.2",FRAME-RATE=25.000,AUDIO="aud",SUBTITLES="subs"
video-180p.m3u8
`
	if got := w.Body.String(); got != want {
		t.Fatalf("master:\n%s\nwant:\n%s", got, want)
	}
	// Every playlist the master names answers, and so does every segment
	// those list: the fixture is complete.
	prefix := base(o.Sign(Grant{Kind: KindVOD, Asset: "fix"}))
	for _, line := range strings.Split(want, "\n") {
		uri := line
		if _, u, ok := strings.Cut(line, `URI="`); ok {
			uri = strings.TrimSuffix(u, `"`)
		}
		if !strings.HasSuffix(uri, ".m3u8") {
			continue
		}
		pw := get(h, prefix+uri)
		p := parsePlaylist(t, pw.Body.String())
		if len(p.entries) != 3 {
			t.Fatalf("%s: %d entries", uri, len(p.entries))
		}
		for _, e := range p.entries {
			if sw := get(h, prefix+e.uri); sw.Code != 200 || sw.Body.Len() == 0 {
				t.Fatalf("%s: %d", e.uri, sw.Code)
			}
		}
	}
}
