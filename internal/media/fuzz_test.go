package media

import (
	"strings"
	"testing"
)

// FuzzDecodeToken: no input panics, and whatever is accepted is exactly a
// token this secret signed (re-encoding it gives the same string).
func FuzzDecodeToken(f *testing.F) {
	for _, g := range []Grant{
		{Kind: KindLive, Asset: "ch01", Epoch: 1700000000, UserID: 1, DeviceID: 2, Expires: 1800000000},
		{Kind: KindArchive, Asset: "ch-02_x", Epoch: -5, Start: 1764000000, Duration: 3600, Expires: 1},
		{Kind: KindVOD, Asset: "a"},
	} {
		f.Add(encodeToken(g, testSecret))
	}
	for _, s := range []string{"", ".", "..", "a.b", "AQ.AQ", "AQAEY2gwMQ." + strings.Repeat("A", 43), strings.Repeat("_", 700)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, tok string) {
		g, err := decodeToken(tok, testSecret)
		if err != nil {
			return
		}
		if again := encodeToken(g, testSecret); again != tok {
			t.Fatalf("accepted %q, which re-encodes as %q", tok, again)
		}
	})
}

// FuzzParsePayload: the payload reader never panics and accepts only what
// the writer produces.
func FuzzParsePayload(f *testing.F) {
	f.Add(Grant{Kind: KindLive, Asset: "ch01", Expires: 99}.payload())
	f.Add([]byte{1, 0, 0})
	f.Add([]byte{1, 9, 200, 'a'})
	f.Fuzz(func(t *testing.T, p []byte) {
		g, err := parsePayload(p)
		if err != nil {
			return
		}
		if string(g.payload()) != string(p) {
			t.Fatalf("payload %x read as %+v, which writes as %x", p, g, g.payload())
		}
	})
}

// FuzzParseMediaPath: the segment path parser never panics, and what it
// accepts names a track id and an index, never a path that could leave the
// asset.
func FuzzParseMediaPath(f *testing.F) {
	for _, s := range []string{
		"master.m3u8", "video-720p.m3u8", "audio-ru.m3u8", "subs-en.m3u8", "video-720p/0.ts", "video-720p/123.ts",
		"audio-ru/7.aac", "subs-en/2.vtt", "video-720p/init.mp4", "video-720p/01.ts", "../asset.json",
		"video-../0.ts", "video-720p/../../x.ts", "video-720p/9999999.ts", "video-720p/1.exe", "/", "", "video-a/1.m4s",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := parseMediaPath(s)
		if err != nil {
			return
		}
		if strings.ContainsAny(p.track, "/\\") || strings.HasPrefix(p.ext, ".") {
			t.Fatalf("%q gave track %q ext %q", s, p.track, p.ext)
		}
		if p.index < 0 || p.index > 999999 {
			t.Fatalf("%q gave index %d", s, p.index)
		}
		if p.what != pathMaster && !validTrackID(p.track) {
			t.Fatalf("%q gave an invalid track %q", s, p.track)
		}
	})
}
