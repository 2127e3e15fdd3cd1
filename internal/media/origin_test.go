package media

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

func errorType(t *testing.T, w *httptest.ResponseRecorder) string {
	t.Helper()
	var body struct {
		Error struct {
			Type    string `json:"type"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || body.Error.Message == "" {
		t.Fatalf("not the error shape: %d %q", w.Code, w.Body)
	}
	if w.Header().Get("Access-Control-Allow-Origin") != "*" {
		t.Fatalf("error without CORS: %v", w.Header())
	}
	return body.Error.Type
}

func TestTamperedTokensAreRefused(t *testing.T) {
	c := &clock{t: epoch}
	o, h := newTestOrigin(t, c)
	g := Grant{Kind: KindArchive, Asset: "loop", Epoch: epoch.Unix() - 10, Start: epoch.Unix() - 3600, Duration: 600, UserID: 7, DeviceID: 9}
	master := o.Sign(g)
	if w := get(h, master); w.Code != 200 {
		t.Fatalf("signed URL: %d %s", w.Code, w.Body)
	}
	tok := strings.Split(master, "/")[2]

	t.Run("every field changed", func(t *testing.T) {
		other := []func(*Grant){
			func(g *Grant) { g.Kind = KindLive },
			func(g *Grant) { g.Kind = KindVOD },
			func(g *Grant) { g.Asset = "fix" },
			func(g *Grant) { g.Epoch++ },
			func(g *Grant) { g.Start-- },
			func(g *Grant) { g.Duration = 0 },
			func(g *Grant) { g.UserID = 8 },
			func(g *Grant) { g.DeviceID = 10 },
			func(g *Grant) { g.Expires += 3600 },
		}
		real, err := decodeToken(tok, testSecret)
		if err != nil {
			t.Fatal(err)
		}
		_, sig, _ := strings.Cut(tok, ".")
		for i, change := range other {
			forged := real
			change(&forged)
			// The payload of another grant with this grant's signature.
			ft := b64.EncodeToString(forged.payload()) + "." + sig
			if w := get(h, "/media/"+ft+"/master.m3u8"); w.Code != 403 || errorType(t, w) != "permission_denied" {
				t.Fatalf("change %d: %d %s", i, w.Code, w.Body)
			}
		}
	})

	t.Run("every character flipped", func(t *testing.T) {
		for i := range tok {
			if tok[i] == '.' {
				continue
			}
			b := []byte(tok)
			b[i] = map[bool]byte{true: 'B', false: 'A'}[b[i] == 'A']
			w := get(h, "/media/"+string(b)+"/master.m3u8")
			if w.Code != 403 {
				// Flipping the last base64 character may only change
				// padding bits; then the bytes, and the answer, are the same.
				if w.Code == 200 && i == len(tok)-1 {
					continue
				}
				t.Fatalf("char %d: %d", i, w.Code)
			}
		}
	})

	t.Run("another secret", func(t *testing.T) {
		o2, err := NewOrigin(OriginConfig{Dir: o.cfg.Dir, Secret: []byte(strings.Repeat("x", 32)), Now: c.Now})
		if err != nil {
			t.Fatal(err)
		}
		if w := get(h, o2.Sign(g)); w.Code != 403 {
			t.Fatalf("%d", w.Code)
		}
	})

	t.Run("garbage", func(t *testing.T) {
		for _, tok := range []string{"x", "a.b", "..x", tok + "x", "." + tok, strings.Repeat("A", 600) + ".AA"} {
			if w := get(h, "/media/"+tok+"/master.m3u8"); w.Code != 403 {
				t.Fatalf("%q: %d", tok, w.Code)
			}
		}
	})
}

func TestExpiry(t *testing.T) {
	c := &clock{t: epoch}
	o, h := newTestOrigin(t, c)
	master := o.Sign(Grant{Kind: KindLive, Asset: "loop", Epoch: epoch.Unix() - 100}) // TTL 1h
	c.t = epoch.Add(time.Hour - time.Second)
	if w := get(h, master); w.Code != 200 {
		t.Fatalf("before expiry: %d", w.Code)
	}
	c.t = epoch.Add(time.Hour)
	w := get(h, master, "Accept-Language", "ru")
	if w.Code != 403 || errorType(t, w) != "permission_denied" || !strings.Contains(w.Body.String(), "истёк") {
		t.Fatalf("expired: %d %s", w.Code, w.Body)
	}
	if w := get(h, base(master)+"video-720p/0.ts"); w.Code != 403 {
		t.Fatalf("expired segment: %d", w.Code)
	}
	explicit := o.Sign(Grant{Kind: KindVOD, Asset: "loop", Expires: epoch.Add(2 * time.Hour).Unix()})
	if w := get(h, explicit); w.Code != 200 {
		t.Fatalf("explicit expiry: %d", w.Code)
	}
}

func TestSegmentsAndHeaders(t *testing.T) {
	c := &clock{t: epoch}
	o, h := newTestOrigin(t, c)
	p := base(o.Sign(Grant{Kind: KindLive, Asset: "fix", Epoch: epoch.Unix() - 100}))
	cases := []struct{ path, ctype string }{
		{"video-90p/0.ts", "video/mp2t"},
		{"video-180p/2.ts", "video/mp2t"},
		{"audio-en/1.ts", "video/mp2t"},
		{"subs-ru/2.vtt", "text/vtt; charset=utf-8"},
	}
	for _, tc := range cases {
		w := get(h, p+tc.path)
		if w.Code != 200 || w.Header().Get("Content-Type") != tc.ctype ||
			w.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" ||
			w.Header().Get("Access-Control-Allow-Origin") != "*" || w.Header().Get("Last-Modified") == "" {
			t.Fatalf("%s: %d %v", tc.path, w.Code, w.Header())
		}
	}
	aac := base(o.Sign(Grant{Kind: KindVOD, Asset: "loop"}))
	if w := get(h, aac+"audio-ru/3.aac"); w.Code != 200 || w.Header().Get("Content-Type") != "audio/aac" || w.Body.String() != "loop/a_ru/003.aac" {
		t.Fatalf("aac: %d %v %q", w.Code, w.Header(), w.Body)
	}

	full, _ := os.ReadFile("testdata/fix/90p/001.ts")
	w := get(h, p+"video-90p/1.ts", "Range", "bytes=188-375")
	if w.Code != 206 || w.Body.String() != string(full[188:376]) || w.Header().Get("Content-Range") == "" {
		t.Fatalf("range: %d %v", w.Code, w.Header())
	}
	r := httptest.NewRequest(http.MethodHead, p+"video-90p/1.ts", nil)
	hw := httptest.NewRecorder()
	h.ServeHTTP(hw, r)
	if hw.Code != 200 || hw.Body.Len() != 0 || hw.Header().Get("Content-Length") != "" && hw.Header().Get("Content-Length") != strconv.Itoa(len(full)) {
		t.Fatalf("HEAD: %d %v", hw.Code, hw.Header())
	}
	lm := get(h, p+"video-90p/1.ts").Header().Get("Last-Modified")
	if w := get(h, p+"video-90p/1.ts", "If-Modified-Since", lm); w.Code != 304 {
		t.Fatalf("conditional: %d", w.Code)
	}
}

func TestUnknownAndTraversal(t *testing.T) {
	c := &clock{t: epoch}
	o, h := newTestOrigin(t, c)
	p := base(o.Sign(Grant{Kind: KindLive, Asset: "fix", Epoch: epoch.Unix() - 100}))
	notFound := []string{
		"video-1080p.m3u8", "video-90p/3.ts", "video-90p/0.vtt", "video-90p/00.ts", "video-90p/-1.ts",
		"video-90p/1.ts/x", "video-90p/init.mp4", "subs-de.m3u8", "asset.json", "90p/000.ts", "master.m3u8x",
		"video-90p/%2e%2e%2fasset.json", "video-90p/..%2F..%2Fasset.json",
		"video-90p/1e3.ts", "video-90p/+1.ts", "video-90p/1.TS", "",
	}
	for _, f := range notFound {
		w := get(h, p+f)
		if w.Code != 404 || errorType(t, w) != "not_found" {
			t.Fatalf("%q: %d %.200q", f, w.Code, w.Body)
		}
	}
	// An encoded slash is still a slash inside the origin's own namespace.
	if w := get(h, p+"video-90p%2F0.ts"); w.Code != 200 || w.Body.String() != get(h, p+"video-90p/0.ts").Body.String() {
		t.Fatalf("encoded slash: %d", w.Code)
	}
	// Dot segments never reach the handler in one piece: the mux cleans
	// them away (redirecting outside /media/<token>/), and whatever is
	// left is not a track path.
	for _, f := range []string{"../../etc/passwd", "video-90p/../../../../etc/passwd", "%2e%2e/%2e%2e/etc/passwd", "./asset.json"} {
		w := get(h, p+f)
		if w.Code == 200 || strings.Contains(w.Body.String(), "root:") {
			t.Fatalf("%q: %d %.200q", f, w.Code, w.Body)
		}
	}
	unknown := o.Sign(Grant{Kind: KindLive, Asset: "nope", Epoch: epoch.Unix()})
	if w := get(h, unknown); w.Code != 404 || errorType(t, w) != "not_found" {
		t.Fatalf("unknown asset: %d", w.Code)
	}
	if got := o.Assets(); strings.Join(got, ",") != "fix,loop" {
		t.Fatalf("assets %v", got)
	}
	if d, ok := o.LoopLength("loop"); !ok || d != 8*time.Second {
		t.Fatalf("loop length %v %v", d, ok)
	}
	if _, ok := o.LoopLength("nope"); ok {
		t.Fatal("unknown asset has a loop length")
	}
}
