package media

import (
	"image/jpeg"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Every demo asset has its sprite sheet: the loop's picture every 10 s at
// the spec's 196x110, enough of them to cover the loop, in a JPEG of the
// sheet's size.
func TestEveryDemoAssetHasThumbnails(t *testing.T) {
	root := filepath.Join("..", "..", "media", "demo")
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		a, err := loadAsset(filepath.Join(root, e.Name()))
		if err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		seen++
		th := a.file.Thumbnails
		if a.thumbs == "" || th == nil {
			t.Fatalf("%s has no thumbnails", e.Name())
		}
		if th.Interval != 10 || th.Width != 196 || th.Height != 110 {
			t.Fatalf("%s: every %d s at %dx%d, want every 10 s at 196x110", e.Name(), th.Interval, th.Width, th.Height)
		}
		f, err := os.Open(a.thumbs)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := jpeg.DecodeConfig(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		rows := (th.Count + th.Columns - 1) / th.Columns
		if cfg.Width != th.Columns*th.Width || cfg.Height != rows*th.Height {
			t.Fatalf("%s: sheet %dx%d, want %dx%d", e.Name(), cfg.Width, cfg.Height, th.Columns*th.Width, rows*th.Height)
		}
	}
	if seen == 0 {
		t.Fatal("no demo assets found")
	}
}

// withThumbnails gives the test asset "loop" (8 s) a sheet of a picture
// every 2 s, 2 across.
func withThumbnails(t *testing.T, o *Origin) *asset {
	t.Helper()
	a := o.assets["loop"]
	p := filepath.Join(a.dir, "thumbs.jpg")
	if err := os.WriteFile(p, []byte("jpeg"), 0o644); err != nil {
		t.Fatal(err)
	}
	a.file.Thumbnails = &thumbnailSheet{File: "thumbs.jpg", Interval: 2, Width: 196, Height: 110, Columns: 2, Count: 4}
	var err error
	if a.thumbs, err = a.checkThumbnails(); err != nil {
		t.Fatal(err)
	}
	return a
}

// A VOD's index has a cue per interval pointing at the tiles in order; an
// archive's starts at the picture of its first segment's moment of the loop;
// a live stream has no thumbnails, and its token reads no index or sheet.
func TestThumbnailIndex(t *testing.T) {
	c := &clock{t: time.Unix(1_800_000_000, 0)}
	o, h := newTestOrigin(t, c)
	withThumbnails(t, o)
	exp := c.t.Unix() + 3600

	vod := Grant{Kind: KindVOD, Asset: "loop", Expires: exp}
	url, times := o.Thumbnails(vod)
	if want := []int64{0, 2, 4, 6}; !equalInts(times, want) {
		t.Fatalf("VOD seek points %v, want %v", times, want)
	}
	res := get(h, url)
	if res.Code != http.StatusOK || res.Header().Get("Content-Type") != "text/vtt; charset=utf-8" {
		t.Fatalf("index: %d %q", res.Code, res.Header().Get("Content-Type"))
	}
	want := "WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nthumbs.jpg#xywh=0,0,196,110\n" +
		"\n00:00:02.000 --> 00:00:04.000\nthumbs.jpg#xywh=196,0,196,110\n" +
		"\n00:00:04.000 --> 00:00:06.000\nthumbs.jpg#xywh=0,110,196,110\n" +
		"\n00:00:06.000 --> 00:00:08.000\nthumbs.jpg#xywh=196,110,196,110\n"
	if got := res.Body.String(); got != want {
		t.Fatalf("VOD index:\n%s\nwant:\n%s", got, want)
	}
	sprite := get(h, strings.TrimSuffix(url, thumbsIndex)+thumbsSprite)
	if sprite.Code != http.StatusOK || sprite.Header().Get("Content-Type") != "image/jpeg" || sprite.Body.String() != "jpeg" {
		t.Fatalf("sprite: %d %q", sprite.Code, sprite.Header().Get("Content-Type"))
	}

	// An archive of 5 s from the loop's 5 s: its playlist holds the segments
	// at 4.5 s (1.5 s long) and 6 s, then the next cycle's first, so player
	// time 0 is loop time 4.5 and the pictures are those of 4, 6 and then the
	// next cycle's 0 s, the last cue ending with the playlist at 5.5 s.
	epoch := c.t.Unix() - 3600
	arch := Grant{Kind: KindArchive, Asset: "loop", Epoch: epoch, Start: epoch + 8*100 + 5, Duration: 5, Expires: exp}
	url, times = o.Thumbnails(arch)
	if want := []int64{0, 2, 4}; !equalInts(times, want) {
		t.Fatalf("archive seek points %v, want %v", times, want)
	}
	got := get(h, url).Body.String()
	wantArch := "WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nthumbs.jpg#xywh=0,110,196,110\n" +
		"\n00:00:02.000 --> 00:00:04.000\nthumbs.jpg#xywh=196,110,196,110\n" +
		"\n00:00:04.000 --> 00:00:05.500\nthumbs.jpg#xywh=0,0,196,110\n"
	if got != wantArch {
		t.Fatalf("archive index:\n%s\nwant:\n%s", got, wantArch)
	}

	// A grant without an expiry gets Sign's: the index and the playlist share one token.
	open := Grant{Kind: KindVOD, Asset: "loop"}
	if url, _ := o.Thumbnails(open); url != strings.TrimSuffix(o.Sign(open), "master.m3u8")+thumbsIndex {
		t.Fatalf("index %q is not beside the playlist %q", url, o.Sign(open))
	} else if res := get(h, url); res.Code != http.StatusOK {
		t.Fatalf("index of a grant signed with the default expiry: %d", res.Code)
	}

	live := Grant{Kind: KindLive, Asset: "loop", Epoch: epoch, Expires: exp}
	if url, times := o.Thumbnails(live); url != "" || times != nil {
		t.Fatalf("a live stream has thumbnails: %q %v", url, times)
	}
	master := o.Sign(live)
	for _, f := range []string{thumbsIndex, thumbsSprite} {
		if res := get(h, strings.TrimSuffix(master, "master.m3u8")+f); res.Code != http.StatusNotFound {
			t.Fatalf("live %s: %d, want 404", f, res.Code)
		}
	}
	// An expired token reads nothing.
	c.t = time.Unix(exp, 0)
	if res := get(h, url); res.Code != http.StatusForbidden {
		t.Fatalf("expired index: %d, want 403", res.Code)
	}
	// An asset without a sheet has none.
	if url, _ := o.Thumbnails(Grant{Kind: KindVOD, Asset: "fix", Expires: exp + 3600}); url != "" {
		t.Fatalf("the fixture without a sheet has thumbnails: %q", url)
	}
}

// A sheet that does not cover the loop, or leaves the asset, is refused.
func TestThumbnailSheetChecks(t *testing.T) {
	c := &clock{t: time.Unix(1_800_000_000, 0)}
	o, _ := newTestOrigin(t, c)
	a := withThumbnails(t, o)
	for _, bad := range []thumbnailSheet{
		{File: "thumbs.jpg", Interval: 2, Width: 196, Height: 110, Columns: 2, Count: 3},
		{File: "../thumbs.jpg", Interval: 2, Width: 196, Height: 110, Columns: 2, Count: 4},
		{File: "thumbs.png", Interval: 2, Width: 196, Height: 110, Columns: 2, Count: 4},
		{File: "thumbs.jpg", Interval: 0, Width: 196, Height: 110, Columns: 2, Count: 4},
		{File: "missing.jpg", Interval: 2, Width: 196, Height: 110, Columns: 2, Count: 4},
	} {
		a.file.Thumbnails = &bad
		if _, err := a.checkThumbnails(); err == nil {
			t.Fatalf("sheet %+v accepted", bad)
		}
	}
}

func equalInts(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
