package media

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// writeFMP4Asset adds an asset whose video track has an init segment.
func writeFMP4Asset(t *testing.T, root string) {
	t.Helper()
	f := assetFile{Name: "frag", Label: "frag", Segments: []float64{2, 2},
		Video: []videoTrack{{Name: "720p", Bandwidth: 900000, Resolution: "1280x720", Codecs: "avc1.64001f", FrameRate: 25,
			Init: "v/init.mp4", Files: "v/%d.m4s"}},
		Audio: []audioTrack{{Name: "ru", Language: "ru", Label: "ru", Default: true, Codecs: "mp4a.40.2",
			Init: "a/init.mp4", Files: "a/%d.m4s"}},
	}
	for _, rel := range []string{"v/init.mp4", "v/0.m4s", "v/1.m4s", "a/init.mp4", "a/0.m4s", "a/1.m4s"} {
		p := filepath.Join(root, "frag", rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("frag/"+rel), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	raw, _ := json.Marshal(f)
	if err := os.WriteFile(filepath.Join(root, "frag", "asset.json"), raw, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestSegmentAgreesWithServe: Segment vouches for exactly the requests the
// handler answers with a file, and names that very file; everything else
// (playlists, refusals, unknown names) is left to the handler.
func TestSegmentAgreesWithServe(t *testing.T) {
	c := &clock{t: epoch}
	root := t.TempDir()
	writeAsset(t, root, "loop", []float64{2, 2.5, 1.5, 2})
	writeFMP4Asset(t, root)
	o, err := NewOrigin(OriginConfig{Dir: root, Secret: testSecret, Now: c.Now, TTL: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	o.Register(mux)
	h := http.Handler(mux)
	loop := base(o.Sign(Grant{Kind: KindLive, Asset: "loop", Epoch: epoch.Unix() - 100}))
	frag := base(o.Sign(Grant{Kind: KindVOD, Asset: "frag"}))
	expired := base(o.Sign(Grant{Kind: KindVOD, Asset: "loop", Expires: epoch.Unix()}))
	unknown := base(o.Sign(Grant{Kind: KindVOD, Asset: "nope"}))
	tampered := strings.Replace(loop, "/media/A", "/media/B", 1)
	targets := []string{
		loop + "video-720p/0.ts", loop + "audio-ru/3.aac", loop + "subs-en/1.vtt",
		frag + "video-720p/init.mp4", frag + "audio-ru/init.mp4", frag + "video-720p/1.m4s", frag + "audio-ru/0.m4s",
		loop + "master.m3u8", loop + "video-720p.m3u8", frag + "audio-ru.m3u8",
		loop + "video-720p/4.ts", loop + "video-720p/init.mp4", loop + "video-720p/0.aac", loop + "video-480p/0.ts",
		frag + "video-720p/2.m4s", frag + "video-720p/00.m4s", frag + "video-720p/0.ts",
		expired + "video-720p/0.ts", unknown + "video-720p/0.ts", tampered + "video-720p/0.ts",
		"/media/" + "video-720p/0.ts", "/media/x", "/v2/media/x/video-720p/0.ts", loop + "video-720p/0.ts/",
	}
	served := 0
	for _, target := range targets {
		f, ok := o.Segment(target, c.t)
		w := get(h, target)
		file := w.Code == 200 && !strings.Contains(w.Header().Get("Content-Type"), "mpegurl")
		if ok != file {
			t.Fatalf("%s: Segment %v, handler %d %s", target, ok, w.Code, w.Header().Get("Content-Type"))
		}
		if !ok {
			continue
		}
		served++
		body, err := os.ReadFile(f.Path)
		if err != nil || string(body) != w.Body.String() || f.ContentType != w.Header().Get("Content-Type") {
			t.Fatalf("%s: Segment names %s (%s, %v), handler sent %q", target, f.Path, f.ContentType, err, w.Body)
		}
	}
	if served != 7 {
		t.Fatalf("%d files served", served)
	}
	// Expiry is checked on every call, cached grant or not.
	if _, ok := o.Segment(loop+"video-720p/0.ts", epoch.Add(2*time.Hour)); ok {
		t.Fatal("an expired grant was vouched for")
	}
}

// TestGrantCacheIsBounded: the cache of checked tokens starts over when
// full, and a forged token is never cached.
func TestGrantCacheIsBounded(t *testing.T) {
	var c grantCache
	for i := range maxCachedGrants + 10 {
		tok := encodeToken(Grant{Kind: KindVOD, Asset: "a", UserID: int64(i), Expires: 1}, testSecret)
		if _, err := c.decode(tok, testSecret); err != nil {
			t.Fatal(err)
		}
		if n := c.n.Load(); n > maxCachedGrants {
			t.Fatalf("%d cached", n)
		}
	}
	forged := encodeToken(Grant{Kind: KindVOD, Asset: "a"}, []byte(strings.Repeat("x", 32)))
	for range 2 {
		if _, err := c.decode(forged, testSecret); err == nil {
			t.Fatal("a forged token was accepted")
		}
	}
	if _, ok := c.m.Load(forged); ok {
		t.Fatal("a forged token was cached")
	}
}

func BenchmarkSegment(b *testing.B) {
	root := b.TempDir()
	writeAsset(b, root, "loop", []float64{2, 2})
	o, err := NewOrigin(OriginConfig{Dir: root, Secret: testSecret})
	if err != nil {
		b.Fatal(err)
	}
	target := fmt.Sprintf("%svideo-720p/1.ts", base(o.Sign(Grant{Kind: KindVOD, Asset: "loop"})))
	now := time.Now()
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := o.Segment(target, now); !ok {
			b.Fatal(target)
		}
	}
}
