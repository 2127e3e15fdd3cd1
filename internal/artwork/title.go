package artwork

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/image/font/sfnt"
)

// Title is a promotion's graphic title: its name set as a logo over the
// promo-bg banner (spec row item graphic_title), on a transparent ground.
// It is an SVG only: JPEG has no transparency.
const Title = "title"

// Sizes of the graphic title, in points (CSS pixels at x1). titleMaxW x
// titleMaxH is the client slider's largest logo (PromoSlider.module.css
// .logo), so the title is drawn at the size it is shown; the type is as
// large as fits it, with its shadow, in at most titleLines lines, from
// titleHi down to titleLo.
const (
	titleMaxW  = 420
	titleMaxH  = 140
	titleLines = 2
	titleLo    = 30
	titleHi    = 60
	// titleTrack: capitals set a little apart read as a logo, not a headline.
	titleTrack = 0.02 // em
	titleLead  = 0.92 // line height in em: capitals, set close like a logo
)

// TitleURL is the address of promotion id's graphic title.
func TitleURL(promotionID int64) string {
	return "/v2/artwork/" + Title + "/" + strconv.FormatInt(promotionID, 10) + ".svg"
}

// TitleSize is the size in points of the graphic title drawn for title (its
// view box): what an operator stores as graphic_title_width and _height.
// 0 x 0 when nothing can be drawn.
func TitleSize(title string) (w, h int) {
	t := layoutTitle(title)
	return t.box[2], t.box[3]
}

// titleArt is a laid-out graphic title: one outline per line, in points,
// the first line's baseline at y = 0, and the view box (x, y, w, h) around
// them with room for the shadow.
type titleArt struct {
	size  float64
	lines []outline
	box   [4]int
}

func layoutTitle(title string) titleArt {
	fc := boldFace()
	text := strings.ToUpper(strings.Join(strings.Fields(title), " "))
	measure := func(s string) float64 { return fc.width(s) + titleTrack*float64(utf8.RuneCountInString(s)) }
	// the shadow's room on the right (titleHi's, as at most) and a point of rounding
	room := 2*titleBlur(titleHi) + 4
	size, lines := fitTitle(text, titleMaxW-int(math.Ceil(room)), titleLines, titleLo, titleHi, measure)
	t := titleArt{size: float64(size)}
	lo, hi := [2]float64{math.Inf(1), math.Inf(1)}, [2]float64{math.Inf(-1), math.Inf(-1)}
	var buf sfnt.Buffer
	for i, line := range lines {
		var o outline
		o.reset()
		fc.setLine(&o, &buf, line, 0, float64(i)*t.size*titleLead, t.size, titleTrack*t.size)
		if len(o.segs) == 0 {
			continue // no letter the font has
		}
		t.lines = append(t.lines, o)
		lo = [2]float64{min(lo[0], o.min[0]), min(lo[1], o.min[1])}
		hi = [2]float64{max(hi[0], o.max[0]), max(hi[1], o.max[1])}
	}
	if len(t.lines) == 0 {
		return t
	}
	// The shadow falls down and spreads: room for it right and below; on the
	// left only a little, so the letters line up with the banner's text.
	blur := titleBlur(t.size)
	padL, padT, padR, padB := 2.0, 2*blur, 2*blur, 2*blur+titleDrop(t.size)
	x0, y0 := math.Floor(lo[0]-padL), math.Floor(lo[1]-padT)
	t.box = [4]int{int(x0), int(y0), int(math.Ceil(hi[0]+padR) - x0), int(math.Ceil(hi[1]+padB) - y0)}
	return t
}

// titleBlur and titleDrop are the shadow's softness and fall at a type size.
func titleBlur(size float64) float64 { return math.Round(size*0.08*10) / 10 }
func titleDrop(size float64) float64 { return math.Round(size*0.05*10) / 10 }

// drawGraphicTitle writes the title's letters as paths (the embedded font's
// outlines: it looks the same everywhere and needs no font), each line
// filled from white down to a light tint of the banner's colour, over a
// soft shadow that keeps it legible on a light picture.
func drawGraphicTitle(s Subject) []byte {
	t := layoutTitle(s.Title)
	if len(t.lines) == 0 {
		t.box = [4]int{0, 0, 1, 1}
	}
	// The banner's palette (its picture is kind Promo, same id): the tint
	// belongs to the picture the title lies on.
	tint := lightTint(subjectPalette(Subject{Kind: Promo, ID: s.ID, Genre: s.Genre, Color: s.Color}, seedOf(Promo, s.ID)).a)
	var b strings.Builder
	b.Grow(8192)
	x, y, w, h := t.box[0], t.box[1], t.box[2], t.box[3]
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="%d %d %d %d" width="%d" height="%d" role="img"`, x, y, w, h, w, h)
	if name := strings.TrimSpace(s.Title); name != "" {
		fmt.Fprintf(&b, ` aria-label="%s"`, escape(name))
	}
	// objectBoundingBox: each line gets the whole gradient, like a logo's
	// letters, rather than one gradient split between the lines.
	fmt.Fprintf(&b, `><defs><linearGradient id="f" x1="0" y1="0" x2="0" y2="1"><stop offset=".3" stop-color="#fff"/>`+
		`<stop offset="1" stop-color="%s"/></linearGradient>`, tint)
	fmt.Fprintf(&b, `<filter id="d" filterUnits="userSpaceOnUse" x="%d" y="%d" width="%d" height="%d" color-interpolation-filters="sRGB">`+
		`<feGaussianBlur in="SourceAlpha" stdDeviation="%s"/><feOffset dy="%s"/>`+
		`<feComponentTransfer><feFuncA type="linear" slope=".6"/></feComponentTransfer>`+
		`<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter></defs>`,
		x, y, w, h, num(titleBlur(t.size)), num(titleDrop(t.size)))
	if len(t.lines) > 0 {
		b.WriteString(`<g filter="url(#d)" fill="url(#f)">`)
		for i := range t.lines {
			b.WriteString(`<path d="`)
			writePathData(&b, &t.lines[i])
			b.WriteString(`"/>`)
		}
		b.WriteString(`</g>`)
	}
	b.WriteString(`</svg>`)
	return []byte(b.String())
}

// writePathData writes o as SVG path data, to a tenth of a point.
func writePathData(b *strings.Builder, o *outline) {
	var buf []byte
	pt := func(p [2]float64) {
		buf = strconv.AppendFloat(buf, math.Round(p[0]*10)/10, 'f', -1, 64)
		buf = append(buf, ' ')
		buf = strconv.AppendFloat(buf, math.Round(p[1]*10)/10, 'f', -1, 64)
	}
	for i, s := range o.segs {
		if s.op == 'M' && i > 0 {
			buf = append(buf, 'Z')
		}
		buf = append(buf, s.op)
		n := 1
		switch s.op {
		case 'Q':
			n = 2
		case 'C':
			n = 3
		}
		for k := 0; k < n; k++ {
			if k > 0 {
				buf = append(buf, ' ')
			}
			pt(s.p[k])
		}
	}
	if len(o.segs) > 0 {
		buf = append(buf, 'Z')
	}
	b.Write(buf)
}

// lightTint is a pale, still recognisable version of colour hex (#rrggbb).
func lightTint(hex string) string {
	n, err := strconv.ParseUint(strings.TrimPrefix(hex, "#"), 16, 32)
	if len(hex) != 7 || err != nil {
		return "#dde3f0"
	}
	h, s, _ := toHSL(float64(n>>16&0xff)/255, float64(n>>8&0xff)/255, float64(n&0xff)/255)
	return hslHex(h, math.Min(0.85, math.Max(0.45, s)), 0.82)
}
