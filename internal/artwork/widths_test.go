package artwork

import (
	"bytes"
	"image"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Every ladder climbs, holds its kind's default width, stays within 1920
// pixels and gives whole heights at the kind's aspect ratio.
func TestLadders(t *testing.T) {
	for kind := range boxes {
		steps, def := ladders[kind], pixelSizes[kind]
		if len(steps) == 0 {
			t.Fatalf("%s: no ladder", kind)
		}
		for i := 1; i < len(steps); i++ {
			if steps[i] <= steps[i-1] {
				t.Errorf("%s: ladder %v does not climb", kind, steps)
			}
		}
		if !slices.Contains(steps, def[0]) {
			t.Errorf("%s: ladder %v lacks the default width %d", kind, steps, def[0])
		}
		if top := steps[len(steps)-1]; top > 1920 {
			t.Errorf("%s: top step %d", kind, top)
		}
		box := boxOf(kind)
		for _, w := range steps {
			if w*box[1]%box[0] != 0 {
				t.Errorf("%s: %d wide is %d/%d tall", kind, w, w*box[1], box[0])
			}
		}
		if got := sizeAt(kind, 0); got != def {
			t.Errorf("%s: default size %v, want %v", kind, got, def)
		}
	}
}

func TestParseWidth(t *testing.T) {
	for _, c := range []struct {
		kind, w string
		want    int
		ok      bool
	}{
		{Poster, "564", 600, true}, {Poster, "600", 600, true}, {Poster, "601", 846, true},
		{Poster, "1", 300, true}, {Poster, "0", 300, true}, {Poster, "0400", 400, true},
		{Poster, "5000", 846, true}, {Poster, "99999999999999999999999999", 846, true},
		{Cover, "996", 1024, true}, {Cover, "332", 352, true}, {Background, "3840", 1920, true},
		{Promo, "1080", 1536, true}, {Person, "336", 480, true}, {News, "2160", 1920, true},
		{"unknown", "700", 1024, true},
		{Poster, "", 0, false}, {Poster, "-1", 0, false}, {Poster, "+300", 0, false}, {Poster, "3e2", 0, false},
		{Poster, " 300", 0, false}, {Poster, "300px", 0, false}, {Poster, "abc", 0, false}, {Poster, "1.5", 0, false},
		{Poster, "٣٠٠", 0, false},
	} {
		got, ok := parseWidth(c.kind, c.w)
		if got != c.want || ok != c.ok {
			t.Errorf("parseWidth(%s, %q) = %d, %v; want %d, %v", c.kind, c.w, got, ok, c.want, c.ok)
		}
	}
}

// FuzzParseWidth: any w either is refused or lands on a step of the ladder.
func FuzzParseWidth(f *testing.F) {
	for _, s := range []string{"", "0", "564", "846", "847", "-1", "1e3", "99999999999999999999", "\x00", "300 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		w, ok := parseWidth(Poster, s)
		digits := s != "" && strings.Trim(s, "0123456789") == ""
		if ok != digits {
			t.Fatalf("%q: ok %v", s, ok)
		}
		if ok && !slices.Contains(ladders[Poster], w) {
			t.Fatalf("%q: %d is not a step", s, w)
		}
		if n, err := strconv.Atoi(s); ok && err == nil && n <= 846 && w < n {
			t.Fatalf("%q: snapped down to %d", s, w)
		}
	})
}

// Every step of every ladder draws a JPEG of its size, the same bytes each
// time, and a different picture from the default's (the memo and the ETag
// tell the widths apart by their bytes).
func TestJPEGWidths(t *testing.T) {
	for kind, steps := range ladders {
		s := Subject{Kind: kind, ID: 7, Title: "Последний трамвай", Label: "2019 · Драма", Genre: "drama"}
		def := DrawJPEG(s)
		for _, w := range steps {
			b := DrawJPEGAt(s, w)
			img := decodeJPEG(t, b)
			size := sizeAt(kind, w)
			if got := img.Bounds().Size(); got != (image.Point{size[0], size[1]}) || size[0] != w {
				t.Fatalf("%s at %d: %v, want %v", kind, w, got, size)
			}
			if sd := stddev(img, img.Bounds()); sd < 4 {
				t.Errorf("%s at %d: luma spread %.1f, looks flat", kind, w, sd)
			}
			if len(b) > 600<<10 {
				t.Errorf("%s at %d: %d bytes", kind, w, len(b))
			}
			if (w == pixelSizes[kind][0]) != bytes.Equal(b, def) {
				t.Errorf("%s at %d: same bytes as the default: %v", kind, w, bytes.Equal(b, def))
			}
		}
		top := steps[len(steps)-1]
		if !bytes.Equal(DrawJPEGAt(s, top), DrawJPEGAt(s, top)) {
			t.Errorf("%s at %d: two drawings differ", kind, top)
		}
	}
}

func TestSrcset(t *testing.T) {
	got := Srcset(URL(Poster, 12))
	want := "/v2/artwork/poster/12.jpg?w=300 300w, /v2/artwork/poster/12.jpg 400w, " +
		"/v2/artwork/poster/12.jpg?w=600 600w, /v2/artwork/poster/12.jpg?w=846 846w"
	if got != want {
		t.Errorf("poster srcset\n got %s\nwant %s", got, want)
	}
	// the same strings as web/src/shared/lib/artworkSrcset.test.ts
	got = Srcset(URL(Promo, 3))
	want = "/v2/artwork/promo/3.jpg?w=480 480w, /v2/artwork/promo/3.jpg?w=768 768w, " +
		"/v2/artwork/promo/3.jpg 1536w, /v2/artwork/promo/3.jpg?w=1920 1920w"
	if got != want {
		t.Errorf("promo srcset\n got %s\nwant %s", got, want)
	}
	for kind := range boxes {
		if n := strings.Count(Srcset(URL(kind, 3)), "w, ") + 1; n != len(ladders[kind]) {
			t.Errorf("%s: %d candidates", kind, n)
		}
	}
	for _, src := range []string{
		"", "https://cdn.example/poster.jpg", "/v2/artwork/poster/12.svg", "/v2/artwork/poster/12.jpg?w=600",
		"/v2/artwork/gif/12.jpg", "/v2/artwork/poster/012.jpg", "/v2/artwork/poster/0.jpg", "/v2/artwork/poster/.jpg",
		"/v2/artwork/poster/a/12.jpg", "http://efir.test/v2/artwork/poster/12.jpg", "/v2/artwork/.jpg",
	} {
		if got := Srcset(src); got != "" {
			t.Errorf("%q: srcset %q", src, got)
		}
	}
}

// FuzzSrcset: only an address URL gives has a srcset, and every candidate
// is that address.
func FuzzSrcset(f *testing.F) {
	for _, s := range []string{"/v2/artwork/poster/12.jpg", "/v2/artwork/promo/1.jpg", "/v2/artwork//.jpg", "/v2/artwork/poster/-1.jpg"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		set := Srcset(src)
		if set == "" {
			return
		}
		kind, id, ok := parseURL(src)
		if !ok || URL(kind, id) != src {
			t.Fatalf("%q has a srcset but is not an address URL gives", src)
		}
		for _, c := range strings.Split(set, ", ") {
			if !strings.HasPrefix(c, src) {
				t.Fatalf("%q: candidate %q", src, c)
			}
		}
	})
}

// The web client's srcset (web/src/shared/lib/artworkSrcset.ts) lists the
// same steps and default widths: a step the server does not draw would be
// drawn at another width, and the browser would lay out a wrong density.
func TestLaddersMatchWebClient(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "web", "src", "shared", "lib", "artworkSrcset.ts"))
	if err != nil {
		t.Skipf("no web client here: %v", err)
	}
	re := regexp.MustCompile(`(?m)^\s*(\w+): \{ widths: \[([\d, ]+)\], base: (\d+) \},?$`)
	found := map[string]bool{}
	for _, m := range re.FindAllStringSubmatch(string(src), -1) {
		kind := m[1]
		var steps []int
		for _, s := range strings.Split(m[2], ",") {
			n, _ := strconv.Atoi(strings.TrimSpace(s))
			steps = append(steps, n)
		}
		base, _ := strconv.Atoi(m[3])
		if !slices.Equal(steps, ladders[kind]) || base != pixelSizes[kind][0] {
			t.Errorf("%s: web %v base %d, server %v base %d", kind, steps, base, ladders[kind], pixelSizes[kind][0])
		}
		found[kind] = true
	}
	for kind := range ladders {
		if !found[kind] {
			t.Errorf("%s: not in artworkSrcset.ts", kind)
		}
	}
}
