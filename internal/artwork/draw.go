package artwork

import (
	"math/rand/v2"
	"strings"
	"unicode/utf8"
)

// Subject is what one picture shows.
type Subject struct {
	Kind  string
	ID    int64
	Title string // set in type on posters, covers and news; a person's name (initials)
	Label string // the small line over the title: "2019 · Фантастика", "Сезон 2 · Серия 3"
	Genre string // genre slug: the palette and the motif
	Color string // an operator's #rrggbb (promotions); wins over the genre
}

// Sizes of the pictures' view boxes: every kind keeps its aspect ratio and
// scales to any width (posters 2:3, covers and backgrounds 16:9, persons
// 3:4, promotion banners 8:3).
var boxes = map[string][2]int{
	Poster: {400, 600}, Cover: {640, 360}, Background: {1600, 900}, Person: {300, 400}, Promo: {1920, 720},
	News: {640, 360},
}

// Valid tells whether kind is a kind of picture this package draws.
func Valid(kind string) bool { _, ok := boxes[kind]; return ok }

func boxOf(kind string) [2]int {
	if box, ok := boxes[kind]; ok {
		return box
	}
	return boxes[Cover]
}

// Draw renders the subject as an SVG document.
func Draw(s Subject) []byte {
	if s.Kind == Title {
		return drawGraphicTitle(s)
	}
	var c svgCanvas
	drawScene(&c, s)
	return c.bytes()
}

// drawScene describes the subject's picture on c: the same subject always
// makes the same calls, whatever the canvas.
func drawScene(c canvas, s Subject) {
	box := boxOf(s.Kind)
	rng := seedOf(s.Kind, s.ID)
	p := subjectPalette(s, rng)
	w, h := box[0], box[1]
	angle := rng.IntN(4)
	bg := gradient{id: "g", x2: w * [4]int{10, 0, 10, 4}[angle] / 10, y2: h * [4]int{10, 10, 3, 10}[angle] / 10,
		stops: []stop{stopAt(0, p.a), stopAt(1, p.b)}}
	glow := gradient{id: "r", radial: true,
		stops: []stop{stopA(0, p.accent, .85), stopA(.45, p.accent, .25), stopA(1, p.accent, 0)}}
	// the scrim under text: from the bottom (posters, covers) or the left (wide pictures)
	scrim := gradient{id: "s", y2: h, stops: []stop{stopA(.3, "#000", 0), stopA(1, "#000", .85)}}
	if s.Kind == Promo || s.Kind == Background {
		scrim = gradient{id: "s", x2: w, stops: []stop{stopA(0, "#000", .78), stopA(.55, "#000", .1), stopA(1, "#000", 0)}}
	}
	c.begin(w, h, s.Title, bg, glow, scrim)
	c.rect(-w, -h, 3*w, 3*h, 0, shade("g"))
	switch s.Kind {
	case Person:
		drawPerson(c, rng, p, s.Title)
	default:
		fx0 := 0
		if s.Kind == Promo || s.Kind == Background {
			// the motif's focus sits right: the client writes over the left
			fx0 = w * 9 / 20
		}
		drawMotif(c, rng, p, s.Genre, w, h, fx0, w)
		c.rect(-w, -h, 3*w, 3*h, 0, shade("s"))
		switch s.Kind {
		case Poster:
			drawTitle(c, p, s, 32, h-46, w-64, 3, 30, 66, true)
		case Cover, News:
			drawTitle(c, p, s, 32, h-30, w*7/10, 2, 24, 44, false)
		}
	}
	c.end()
}

// subjectPalette is the picture's palette, drawn from rng (seedOf the
// subject) as the scene's first use of it: the graphic title of a promotion
// takes the tint of its banner's palette this way.
func subjectPalette(s Subject, rng *rand.Rand) palette {
	p := paletteFor(s.Genre, rng).vary(rng)
	if col, ok := colorPalette(s.Color); ok {
		p = col
	}
	if s.Kind == News && s.Genre == "" {
		p = genrePalettes[[]string{"news", "documentary", "educational", "music", "drama"}[rng.IntN(5)]]
	}
	return p
}

// motifs per genre family; others take any.
var genreMotifs = map[string][]int{
	"scifi": {1, 4, 6}, "fantasy": {5, 4, 2}, "horror": {5, 2}, "thriller": {5, 1, 2}, "detective": {5, 3, 1},
	"crime": {3, 5}, "cartoon": {4, 0, 3}, "family": {0, 4}, "comedy": {3, 4, 0}, "romance": {0, 4},
	"adventure": {2, 0}, "drama": {0, 2, 5, 4, 1}, "war": {2, 3}, "history": {2, 5}, "action": {3, 1, 2},
	"documentary": {2, 0}, "music": {1, 4, 3}, "sport": {3, 1}, "news": {1, 3},
}

// drawMotif paints one of the shape compositions over the w x h box; its
// focal shapes (a sun, rings, a doorway) sit between fx0 and fx1, the ground
// spans the whole width.
func drawMotif(c canvas, rng *rand.Rand, p palette, genre string, w, h, fx0, fx1 int) {
	choices := genreMotifs[genre]
	if len(choices) == 0 {
		choices = []int{0, 1, 2, 3, 4, 5, 6}
	}
	f := func(lo, hi int) int { return lo + rng.IntN(hi-lo+1) }
	fw := fx1 - fx0
	fx := func(lo, hi int) int { return fx0 + fw*f(lo, hi)/100 }
	switch choices[rng.IntN(len(choices))] {
	case 0: // a sun over hills
		cx, cy, r := fx(30, 70), h*f(25, 42)/100, min(fw, h)*f(18, 28)/100
		c.circle(cx, cy, r*2, shade("r"))
		c.circle(cx, cy, r/2, solidA(p.accent, .9))
		for k := 0; k < 2; k++ {
			base := h * (56 + 12*k) / 100
			qx, qy := w*f(20, 40)/100, base-h*f(6, 14)/100
			tx, ty := 2*w, base-h*f(-4, 6)/100
			c.path(new(path).M(-w, base).Q(qx, qy, w/2, base).T(tx, ty).V(2*h).H(-w).Z(), solidA(p.b, [2]float64{.55, .85}[k]))
		}
	case 1: // rings
		cx, cy := fx(55, 95), h*f(10, 40)/100
		for i := 0; i < 6; i++ {
			c.ring(cx, cy, fw*(10+13*i)/100, max(2, fw/90), solidA(p.accent, round2(0.55-0.08*float64(i))))
		}
		c.circle(cx, cy, fw/4, shade("r"))
	case 2: // mountain ridges under a moon
		mx, my := fx(20, 80), h*f(12, 24)/100
		c.circle(mx, my, min(fw, h)*f(6, 10)/100, solidA(p.accent, .8))
		for k := 0; k < 3; k++ {
			base := h * (45 + 13*k) / 100
			d := new(path).M(-w, base)
			for i := 0; i <= 6; i++ {
				d.L(w*i/6-w/12*(i%2), base-h*f(0, 16)/100)
			}
			d.L(2*w, base).V(2 * h).H(-w).Z()
			c.path(d, solidA(p.b, [3]float64{.45, .7, .95}[k]))
		}
	case 3: // diagonal bands
		angle := []int{-30, -22, 24, 32}[rng.IntN(4)]
		var rects []band
		for pos := -w / 2; pos < w*3/2; {
			bw := w * f(6, 20) / 100
			rects = append(rects, band{pos, -2 * h, bw, h * 5, round2(0.06 + rng.Float64()*0.2)})
			pos += bw + w*f(8, 22)/100
		}
		c.bands(angle, w/2, h/2, p.accent, rects)
	case 4: // soft lights
		for i := 0; i < 9; i++ {
			color := p.accent
			if i%4 == 3 {
				color = "#fff"
			}
			cx, cy := fx(0, 100), h*f(0, 70)/100
			r := min(fw, h*3/2) * f(3, 20) / 100
			c.circle(cx, cy, r, solidA(color, round2(0.07+rng.Float64()*0.25)))
		}
		cx, cy := fx(30, 70), h*f(20, 45)/100
		c.circle(cx, cy, min(fw, h*3/2)*2/5, shade("r"))
	case 5: // a lit doorway with a figure
		bottom := h * 70 / 100
		if h > w {
			bottom = h * 56 / 100 // tall posters keep the doorway above the title
		}
		dw := min(fw*f(30, 42)/100, (bottom-h/6)*2/3)
		dx, dy := fx(30, 70)-dw/2, h*f(16, 26)/100
		c.ellipse(dx+dw/2, (dy+bottom)/2, dw*3/2, (bottom-dy)*3/4, shade("r"))
		c.path(new(path).M(dx, bottom).V(dy+dw/2).A(dw/2, true, dx+dw, dy+dw/2).V(bottom).Z(), solidA(p.accent, .9))
		cx, fh := dx+dw/2, (bottom-dy)*2/5
		c.circle(cx, bottom-fh+fh/8, fh/8, solid(p.b))
		c.path(new(path).M(cx-fh/4, bottom).Q(cx, bottom-fh*5/4, cx+fh/4, bottom).Z(), solid(p.b))
		c.rect(-w, bottom, 3*w, 2*h, 0, solidA(p.b, .9))
	default: // a horizon grid under a low sun
		hy, cx := h*55/100, fx(40, 60)
		c.circle(cx, hy, min(fw, h*3/2)/2, shade("r"))
		c.circle(cx, hy, min(fw, h*3/2)/5, solidA(p.accent, .85))
		c.rect(-w, hy, 3*w, 2*h, 0, solid(p.b))
		var segs [][4]int
		for i := -6; i <= 6; i++ {
			segs = append(segs, [4]int{cx + i*fw/16, hy, cx + i*fw/3, h})
		}
		for k, step := 0, h/40; k < 5; k, step = k+1, step*2 {
			segs = append(segs, [4]int{-w, hy + step, 2 * w, hy + step})
		}
		c.lines(max(1, w/200), solidA(p.accent, .45), segs)
	}
}

// drawPerson paints an abstract portrait: a head and shoulders and the
// initials.
func drawPerson(c canvas, rng *rand.Rand, p palette, name string) {
	for i := 0; i < 4; i++ {
		cx, cy := rng.IntN(300), rng.IntN(260)
		c.circle(cx, cy, 20+rng.IntN(60), solidA(p.accent, .12))
	}
	c.circle(150, 150, 112, shadeA("r", .5))
	c.path(new(path).M(28, 400).C(34, 300, 86, 262, 150, 262).S(266, 300, 272, 400).Z(), solidA("#fff", .16))
	c.circle(150, 158, 70, solidA("#fff", .16))
	c.text(text{x: 150, y: 178, middle: true, size: 56, weight: 700, color: "#fff", spacing: 2, lines: []string{initials(name)}})
	c.rect(126, 214, 48, 4, 2, solid(p.accent))
}

// drawTitle sets the label and the title, bottom-left, wrapped to width in
// at most maxLines lines, in the largest size from hi down to lo that fits.
func drawTitle(c canvas, p palette, s Subject, x, bottom, width, maxLines, lo, hi int, upper bool) {
	title := strings.TrimSpace(s.Title)
	if upper {
		title = strings.ToUpper(title)
	}
	size, lines := fitTitle(title, width, maxLines, lo, hi, func(t string) float64 { return c.measure(t, 800) })
	lh := size * 108 / 100
	top := bottom - (len(lines)-1)*lh
	if len(lines) > 0 {
		c.text(text{x: x, y: top, size: size, weight: 800, color: "#fff", lines: lines, lh: lh})
	}
	ly := top - size - 10
	if s.Label != "" {
		ls := max(14, hi*3/10)
		c.text(text{x: x, y: ly, size: ls, weight: 600, color: p.accent, spacing: labelSpacing,
			lines: []string{fitLabel(c, s.Label, width, ls)}})
		ly -= ls + 12
	}
	c.rect(x, ly, hi*2/3, 5, 2, solid(p.accent))
}

const labelSpacing = 1.5

// fitLabel is the label in capitals, cut with "…" to fit width at size ls.
func fitLabel(c canvas, label string, width, ls int) string {
	upper := strings.ToUpper(label)
	n := width * 10 / (ls * 7) // about .7 em a letter
	out := clip(upper, n)
	for n > 2 {
		runes := utf8.RuneCountInString(out)
		if c.measure(out, 600)*float64(ls)+labelSpacing*float64(runes) <= float64(width) {
			break
		}
		n = min(n, runes) - 1
		out = clip(upper, n)
	}
	return out
}
