package artwork

import (
	"bytes"
	"image"
	"image/jpeg"
	"math"
	"strings"
	"testing"
)

func decodeJPEG(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := jpeg.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not a JPEG: %v", err)
	}
	return img
}

// luma of one pixel, 0..255.
func luma(img image.Image, x, y int) float64 {
	r, g, b, _ := img.At(x, y).RGBA()
	return (0.299*float64(r) + 0.587*float64(g) + 0.114*float64(b)) / 257
}

// stddev of the luma over r.
func stddev(img image.Image, r image.Rectangle) float64 {
	var sum, sq, n float64
	for y := r.Min.Y; y < r.Max.Y; y += 2 {
		for x := r.Min.X; x < r.Max.X; x += 2 {
			l := luma(img, x, y)
			sum, sq, n = sum+l, sq+l*l, n+1
		}
	}
	m := sum / n
	return math.Sqrt(sq/n - m*m)
}

// diff is the mean absolute luma difference of a and b over r.
func diff(a, b image.Image, r image.Rectangle) float64 {
	var d, n float64
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			d, n = d+math.Abs(luma(a, x, y)-luma(b, x, y)), n+1
		}
	}
	return d / n
}

func TestJPEGEveryKind(t *testing.T) {
	genres := []string{"", "drama", "comedy", "scifi", "horror", "cartoon", "science-fiction", "unknown", "news", "war"}
	for kind := range boxes {
		size := pixelSizes[kind]
		for id := int64(1); id <= 12; id++ {
			s := Subject{Kind: kind, ID: id, Title: longTitles[int(id)%len(longTitles)], Label: "2019 · Фантастика",
				Genre: genres[int(id)%len(genres)]}
			if id%5 == 0 {
				s.Color = "#d62f3b"
			}
			b := DrawJPEG(s)
			img := decodeJPEG(t, b)
			if got := img.Bounds().Size(); got != (image.Point{size[0], size[1]}) {
				t.Fatalf("%s %d: %v, want %v", kind, id, got, size)
			}
			// a picture, not a flat colour
			if sd := stddev(img, img.Bounds()); sd < 4 {
				t.Errorf("%s %d: luma spread %.1f, looks flat", kind, id, sd)
			}
			if len(b) > 200<<10 {
				t.Errorf("%s %d: %d bytes", kind, id, len(b))
			}
			if !bytes.Equal(b, DrawJPEG(s)) {
				t.Fatalf("%s %d: two drawings differ", kind, id)
			}
		}
	}
	a, b := DrawJPEG(Subject{Kind: Poster, ID: 1, Title: "Х"}), DrawJPEG(Subject{Kind: Poster, ID: 2, Title: "Х"})
	if bytes.Equal(a, b) {
		t.Error("two ids drew the same poster")
	}
}

// The title is really set: the picture with it differs from the one
// without it where the title goes, and only a little elsewhere.
func TestJPEGTitleDrawn(t *testing.T) {
	for _, c := range []struct {
		kind  string
		title string
		area  image.Rectangle // where the title goes
		clear image.Rectangle // where it does not
	}{
		{Poster, "Последний трамвай", image.Rect(32, 420, 368, 560), image.Rect(0, 0, 400, 200)},
		{Cover, "Дело о скрипаче", image.Rect(32, 250, 448, 335), image.Rect(0, 0, 640, 120)},
		{News, "Новость дня", image.Rect(32, 250, 448, 335), image.Rect(0, 0, 640, 120)},
		{Person, "Анна Ли", image.Rect(110, 125, 190, 180), image.Rect(0, 300, 300, 400)},
	} {
		with := decodeJPEG(t, DrawJPEG(Subject{Kind: c.kind, ID: 9, Title: c.title}))
		without := decodeJPEG(t, DrawJPEG(Subject{Kind: c.kind, ID: 9}))
		if d := diff(with, without, c.area); d < 8 {
			t.Errorf("%s: the title area changed by %.1f: no text drawn?", c.kind, d)
		}
		if d := diff(with, without, c.clear); d > 1 {
			t.Errorf("%s: away from the title the picture changed by %.1f", c.kind, d)
		}
	}
}

// Raster lines are measured with the real font: none is wider than the
// title box, and a long title still ends with "…" inside it.
func TestRasterTitleFits(t *testing.T) {
	c := &rasterCanvas{k: 1}
	for _, title := range longTitles {
		up := strings.ToUpper(title)
		size, lines := fitTitle(up, 336, 3, 30, 66, func(s string) float64 { return c.measure(s, 800) })
		if len(lines) > 3 {
			t.Errorf("%q: %d lines", title, len(lines))
		}
		for _, l := range lines {
			if w := c.measure(l, 800) * float64(size); w > 336.5 {
				t.Errorf("%q: line %q is %.0f wide, the box 336", title, l, w)
			}
		}
	}
	if got := fitLabel(c, strings.Repeat("Фантастика ", 6), 336, 19); !strings.HasSuffix(got, "…") ||
		c.measure(got, 600)*19+1.5*float64(len([]rune(got))) > 336 {
		t.Errorf("label %q", got)
	}
}

// Letters the fonts lack are left out; the picture is still drawn.
func TestRasterMissingGlyphs(t *testing.T) {
	for _, title := range []string{"ქართული ფილმი", "Əli və Vəli", "日本語のタイトル", "😀🎬", "\x00\uFFFE"} {
		for _, kind := range []string{Poster, Cover, Person} {
			img := decodeJPEG(t, DrawJPEG(Subject{Kind: kind, ID: 3, Title: title, Label: title}))
			if img.Bounds().Dx() != pixelSizes[kind][0] {
				t.Errorf("%s %q: %v", kind, title, img.Bounds())
			}
		}
	}
	if w := boldFace().em('ა'); w != -1 {
		t.Errorf("a Georgian letter in Go Bold: %v", w)
	}
}

// Every pixel of a drawn picture is opaque and premultiplied right.
func TestRasterPixels(t *testing.T) {
	for kind := range boxes {
		img := rasterize(Subject{Kind: kind, ID: 4, Title: "Матрица снов", Label: "2020"})
		for i := 0; i < len(img.Pix); i += 4 {
			p := img.Pix[i : i+4]
			if p[3] != 255 {
				t.Fatalf("%s: pixel %d alpha %d", kind, i/4, p[3])
			}
		}
	}
}

func TestArc(t *testing.T) {
	// a half circle over the top, from the left end to the right end
	var o outline
	o.reset()
	o.path(new(path).M(0, 100).A(50, true, 100, 100).Z(), 1)
	if o.min[1] > 50.5 || o.min[1] < 49 || o.max[1] != 100 || o.min[0] != 0 || o.max[0] != 100 {
		t.Errorf("arc bounds %v %v", o.min, o.max)
	}
}
