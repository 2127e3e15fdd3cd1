package artwork

import (
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// face is one of the embedded Go fonts (Latin, Cyrillic, Greek) with its
// advance widths remembered per rune. The Go fonts have no kerning, so a
// line's width is the sum of its letters'.
type face struct {
	f      *sfnt.Font
	upem   float64
	widths sync.Map // rune -> float64 em; -1: no glyph
}

func parseFace(ttf []byte) *face {
	f, err := opentype.Parse(ttf)
	if err != nil {
		panic(err) // the fonts are compiled in
	}
	return &face{f: f, upem: float64(f.UnitsPerEm())}
}

var (
	boldFace   = sync.OnceValue(func() *face { return parseFace(gobold.TTF) })
	mediumFace = sync.OnceValue(func() *face { return parseFace(gomedium.TTF) })
)

// faceFor: titles and initials (700, 800) in Go Bold, the label (600) in Go
// Medium.
func faceFor(weight int) *face {
	if weight >= 700 {
		return boldFace()
	}
	return mediumFace()
}

// em is the advance of r in em, -1 when the font has no glyph for it (the
// letter is left out: a box would look broken, a crash is worse).
func (fc *face) em(r rune) float64 {
	if v, ok := fc.widths.Load(r); ok {
		return v.(float64)
	}
	var b sfnt.Buffer
	w := -1.0
	if x, err := fc.f.GlyphIndex(&b, r); err == nil && x != 0 {
		// at ppem = units per em the advance comes in font units
		if adv, err := fc.f.GlyphAdvance(&b, x, fixed.Int26_6(fc.upem*64), font.HintingNone); err == nil {
			w = float64(adv) / 64 / fc.upem
		}
	}
	if r < 0x3000 { // titles' scripts and punctuation; the memo stays small whatever the titles
		fc.widths.Store(r, w)
	}
	return w
}

func (fc *face) width(s string) float64 {
	w := 0.0
	for _, r := range s {
		w += max(0, fc.em(r))
	}
	return w
}

func (c *rasterCanvas) measure(s string, weight int) float64 { return faceFor(weight).width(s) }

// text sets each line's glyph outlines into one shape and fills it.
func (c *rasterCanvas) text(t text) {
	fc := faceFor(t.weight)
	size := float64(t.size) * c.k
	spacing := t.spacing * c.k
	for i, line := range t.lines {
		x, y := float64(t.x)*c.k, float64(t.y+i*t.lh)*c.k
		if t.middle {
			x -= fc.lineWidth(line, size, spacing) / 2
		}
		c.o.reset()
		fc.setLine(&c.o, &c.buf, line, x, y, size, spacing)
		c.fillOutline(solid(t.color), [4]float64{})
	}
}

// lineWidth is the advance of line set at size with spacing after each
// letter the font has.
func (fc *face) lineWidth(line string, size, spacing float64) float64 {
	n := 0
	for _, r := range line {
		if fc.em(r) >= 0 {
			n++
		}
	}
	return fc.width(line)*size + spacing*float64(n)
}

// setLine adds the glyph outlines of line, set at size from the dot (x, y),
// to o: the raster canvas fills them, the graphic title writes them as SVG
// paths, so both show the embedded font's letters whatever fonts a viewer has.
func (fc *face) setLine(o *outline, buf *sfnt.Buffer, line string, x, y, size, spacing float64) {
	ppem := fixed.Int26_6(math.Round(size * 64))
	for _, r := range line {
		adv := fc.em(r)
		if adv < 0 {
			continue
		}
		if gi, err := fc.f.GlyphIndex(buf, r); err == nil {
			if segs, err := fc.f.LoadGlyph(buf, gi, ppem, nil); err == nil {
				addGlyph(o, segs, x, y)
			}
		}
		x += adv*size + spacing
	}
}

// addGlyph adds a glyph's outline (26.6 pixels, y down, from the dot) at
// the dot (x, y).
func addGlyph(o *outline, segs sfnt.Segments, x, y float64) {
	pt := func(p fixed.Point26_6) (float64, float64) { return x + float64(p.X)/64, y + float64(p.Y)/64 }
	for _, s := range segs {
		ax, ay := pt(s.Args[0])
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			o.moveTo(ax, ay)
		case sfnt.SegmentOpLineTo:
			o.lineTo(ax, ay)
		case sfnt.SegmentOpQuadTo:
			bx, by := pt(s.Args[1])
			o.quadTo(ax, ay, bx, by)
		case sfnt.SegmentOpCubeTo:
			bx, by := pt(s.Args[1])
			cx, cy := pt(s.Args[2])
			o.cubeTo(ax, ay, bx, by, cx, cy)
		}
	}
	o.close()
}
