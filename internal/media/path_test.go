package media

import "testing"

func TestParseMediaPath(t *testing.T) {
	good := map[string]mediaPath{
		"master.m3u8":         {what: pathMaster},
		"video-720p.m3u8":     {what: pathPlaylist, track: "video-720p"},
		"subs-en.m3u8":        {what: pathPlaylist, track: "subs-en"},
		"audio-ru/0.aac":      {what: pathSegment, track: "audio-ru", index: 0, ext: "aac"},
		"video-720p/120.ts":   {what: pathSegment, track: "video-720p", index: 120, ext: "ts"},
		"video-720p/init.mp4": {what: pathInit, track: "video-720p"},
		"video-720p/3.m4s":    {what: pathSegment, track: "video-720p", index: 3, ext: "m4s"},
	}
	for in, want := range good {
		got, err := parseMediaPath(in)
		if err != nil || got != want {
			t.Errorf("%q: %+v %v, want %+v", in, got, err, want)
		}
	}
	for _, in := range []string{
		"", "master.m3u", "Master.m3u8", "720p.m3u8", "other-720p.m3u8", "video-.m3u8", "video-720p", "video-720p/",
		"video-720p/01.ts", "video-720p/-1.ts", "video-720p/1234567.ts", "video-720p/1.ts.ts", "video-720p/1", "video-720p/1.exe",
		"video-720p/a/1.ts", "video-../1.ts", "../video-720p/1.ts", "video-720p/init.mp4/x", "video-.hidden/1.ts",
	} {
		if p, err := parseMediaPath(in); err == nil {
			t.Errorf("%q accepted as %+v", in, p)
		}
	}
}
