package artwork

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"unicode"
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

const fontFamily = `Inter,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif`

// Draw renders the subject as an SVG document.
func Draw(s Subject) []byte {
	box, ok := boxes[s.Kind]
	if !ok {
		box = boxes[Cover]
	}
	rng := seedOf(s.Kind, s.ID)
	p := paletteFor(s.Genre, rng).vary(rng)
	if c, ok := colorPalette(s.Color); ok {
		p = c
	}
	if s.Kind == News && s.Genre == "" {
		p = genrePalettes[[]string{"news", "documentary", "educational", "music", "drama"}[rng.IntN(5)]]
	}
	w, h := box[0], box[1]
	var b strings.Builder
	b.Grow(3000)
	// The default "meet" keeps the whole picture (and its title) in any
	// box; the background reaches past the view box so a box of another
	// shape shows more background, never an empty band.
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" role="img"`, w, h)
	if s.Title != "" {
		fmt.Fprintf(&b, ` aria-label="%s"`, escape(s.Title))
	}
	b.WriteString(">")
	angle := rng.IntN(4)
	x2, y2 := w*[4]int{10, 0, 10, 4}[angle]/10, h*[4]int{10, 10, 3, 10}[angle]/10
	fmt.Fprintf(&b, `<defs><linearGradient id="g" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="%d" y2="%d">`+
		`<stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient>`, x2, y2, p.a, p.b)
	fmt.Fprintf(&b, `<radialGradient id="r"><stop offset="0" stop-color="%s" stop-opacity=".85"/>`+
		`<stop offset=".45" stop-color="%s" stop-opacity=".25"/><stop offset="1" stop-color="%s" stop-opacity="0"/></radialGradient>`,
		p.accent, p.accent, p.accent)
	// the scrim under text: from the bottom (posters, covers) or the left (wide pictures)
	switch s.Kind {
	case Promo, Background:
		fmt.Fprintf(&b, `<linearGradient id="s" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="%d" y2="0">`+
			`<stop offset="0" stop-color="#000" stop-opacity=".78"/><stop offset=".55" stop-color="#000" stop-opacity=".1"/>`+
			`<stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>`, w)
	default:
		fmt.Fprintf(&b, `<linearGradient id="s" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2="%d">`+
			`<stop offset=".3" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".85"/>`+
			`</linearGradient>`, h)
	}
	b.WriteString(`</defs>`)
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="url(#g)"/>`, -w, -h, 3*w, 3*h)
	switch s.Kind {
	case Person:
		drawPerson(&b, rng, p, s.Title)
	default:
		fx0 := 0
		if s.Kind == Promo || s.Kind == Background {
			// the motif's focus sits right: the client writes over the left
			fx0 = w * 9 / 20
		}
		drawMotif(&b, rng, p, s.Genre, w, h, fx0, w)
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="url(#s)"/>`, -w, -h, 3*w, 3*h)
		switch s.Kind {
		case Poster:
			drawTitle(&b, p, s, 32, h-46, w-64, 3, 30, 66, true)
		case Cover, News:
			drawTitle(&b, p, s, 32, h-30, w*7/10, 2, 24, 44, false)
		}
	}
	b.WriteString(`</svg>`)
	return []byte(b.String())
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
func drawMotif(b *strings.Builder, rng *rand.Rand, p palette, genre string, w, h, fx0, fx1 int) {
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
		fmt.Fprintf(b, `<circle cx="%d" cy="%d" r="%d" fill="url(#r)"/><circle cx="%d" cy="%d" r="%d" fill="%s" fill-opacity=".9"/>`,
			cx, cy, r*2, cx, cy, r/2, p.accent)
		for k := 0; k < 2; k++ {
			base := h * (56 + 12*k) / 100
			fmt.Fprintf(b, `<path d="M%d %d Q%d %d %d %d T%d %d V%d H%d Z" fill="%s" fill-opacity="%s"/>`,
				-w, base, w*f(20, 40)/100, base-h*f(6, 14)/100, w/2, base, 2*w, base-h*f(-4, 6)/100, 2*h, -w,
				p.b, [2]string{".55", ".85"}[k])
		}
	case 1: // rings
		cx, cy := fx(55, 95), h*f(10, 40)/100
		for i := 0; i < 6; i++ {
			fmt.Fprintf(b, `<circle cx="%d" cy="%d" r="%d" fill="none" stroke="%s" stroke-opacity="%.2f" stroke-width="%d"/>`,
				cx, cy, fw*(10+13*i)/100, p.accent, 0.55-0.08*float64(i), max(2, fw/90))
		}
		fmt.Fprintf(b, `<circle cx="%d" cy="%d" r="%d" fill="url(#r)"/>`, cx, cy, fw/4)
	case 2: // mountain ridges under a moon
		fmt.Fprintf(b, `<circle cx="%d" cy="%d" r="%d" fill="%s" fill-opacity=".8"/>`, fx(20, 80), h*f(12, 24)/100,
			min(fw, h)*f(6, 10)/100, p.accent)
		for k := 0; k < 3; k++ {
			base := h * (45 + 13*k) / 100
			var d strings.Builder
			fmt.Fprintf(&d, "M%d %d", -w, base)
			for i := 0; i <= 6; i++ {
				fmt.Fprintf(&d, "L%d %d", w*i/6-w/12*(i%2), base-h*f(0, 16)/100)
			}
			fmt.Fprintf(&d, "L%d %dV%dH%dZ", 2*w, base, 2*h, -w)
			fmt.Fprintf(b, `<path d="%s" fill="%s" fill-opacity="%s"/>`, d.String(), p.b, [3]string{".45", ".7", ".95"}[k])
		}
	case 3: // diagonal bands
		fmt.Fprintf(b, `<g transform="rotate(%d %d %d)" fill="%s">`, []int{-30, -22, 24, 32}[rng.IntN(4)], w/2, h/2, p.accent)
		for pos := -w / 2; pos < w*3/2; {
			bw := w * f(6, 20) / 100
			fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill-opacity="%.2f"/>`, pos, -2*h, bw, h*5, 0.06+rng.Float64()*0.2)
			pos += bw + w*f(8, 22)/100
		}
		b.WriteString(`</g>`)
	case 4: // soft lights
		for i := 0; i < 9; i++ {
			color := p.accent
			if i%4 == 3 {
				color = "#fff"
			}
			fmt.Fprintf(b, `<circle cx="%d" cy="%d" r="%d" fill="%s" fill-opacity="%.2f"/>`, fx(0, 100), h*f(0, 70)/100,
				min(fw, h*3/2)*f(3, 20)/100, color, 0.07+rng.Float64()*0.25)
		}
		fmt.Fprintf(b, `<circle cx="%d" cy="%d" r="%d" fill="url(#r)"/>`, fx(30, 70), h*f(20, 45)/100, min(fw, h*3/2)*2/5)
	case 5: // a lit doorway with a figure
		bottom := h * 70 / 100
		if h > w {
			bottom = h * 56 / 100 // tall posters keep the doorway above the title
		}
		dw := min(fw*f(30, 42)/100, (bottom-h/6)*2/3)
		dx, dy := fx(30, 70)-dw/2, h*f(16, 26)/100
		fmt.Fprintf(b, `<ellipse cx="%d" cy="%d" rx="%d" ry="%d" fill="url(#r)"/>`, dx+dw/2, (dy+bottom)/2, dw*3/2, (bottom-dy)*3/4)
		fmt.Fprintf(b, `<path d="M%d %dV%dA%d %d 0 0 1 %d %dV%dZ" fill="%s" fill-opacity=".9"/>`,
			dx, bottom, dy+dw/2, dw/2, dw/2, dx+dw, dy+dw/2, bottom, p.accent)
		cx, fh := dx+dw/2, (bottom-dy)*2/5
		fmt.Fprintf(b, `<circle cx="%d" cy="%d" r="%d" fill="%s"/><path d="M%d %dQ%d %d %d %dZ" fill="%s"/>`,
			cx, bottom-fh+fh/8, fh/8, p.b, cx-fh/4, bottom, cx, bottom-fh*5/4, cx+fh/4, bottom, p.b)
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" fill-opacity=".9"/>`, -w, bottom, 3*w, 2*h, p.b)
	default: // a horizon grid under a low sun
		hy, cx := h*55/100, fx(40, 60)
		fmt.Fprintf(b, `<circle cx="%d" cy="%d" r="%d" fill="url(#r)"/><circle cx="%d" cy="%d" r="%d" fill="%s" fill-opacity=".85"/>`,
			cx, hy, min(fw, h*3/2)/2, cx, hy, min(fw, h*3/2)/5, p.accent)
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/><g stroke="%s" stroke-opacity=".45" stroke-width="%d">`,
			-w, hy, 3*w, 2*h, p.b, p.accent, max(1, w/200))
		for i := -6; i <= 6; i++ {
			fmt.Fprintf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d"/>`, cx+i*fw/16, hy, cx+i*fw/3, h)
		}
		for k, step := 0, h/40; k < 5; k, step = k+1, step*2 {
			fmt.Fprintf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d"/>`, -w, hy+step, 2*w, hy+step)
		}
		b.WriteString(`</g>`)
	}
}

// drawPerson paints an abstract portrait: a head and shoulders and the
// initials.
func drawPerson(b *strings.Builder, rng *rand.Rand, p palette, name string) {
	for i := 0; i < 4; i++ {
		fmt.Fprintf(b, `<circle cx="%d" cy="%d" r="%d" fill="%s" fill-opacity=".12"/>`, rng.IntN(300), rng.IntN(260), 20+rng.IntN(60), p.accent)
	}
	fmt.Fprintf(b, `<circle cx="150" cy="150" r="112" fill="url(#r)" opacity=".5"/>`+
		`<path d="M28 400C34 300 86 262 150 262S266 300 272 400Z" fill="#fff" fill-opacity=".16"/>`+
		`<circle cx="150" cy="158" r="70" fill="#fff" fill-opacity=".16"/>`+
		`<text x="150" y="178" text-anchor="middle" font-family="%s" font-size="56" font-weight="700" fill="#fff" letter-spacing="2">%s</text>`,
		fontFamily, escape(initials(name)))
	fmt.Fprintf(b, `<rect x="126" y="214" width="48" height="4" rx="2" fill="%s"/>`, p.accent)
}

// initials: the first letters of the first and the last word.
func initials(name string) string {
	words := strings.Fields(name)
	var out []rune
	for i, w := range words {
		if i != 0 && i != len(words)-1 {
			continue
		}
		for _, r := range w {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				out = append(out, unicode.ToUpper(r))
				break
			}
		}
	}
	return string(out)
}

// drawTitle sets the label and the title, bottom-left, wrapped to width in
// at most maxLines lines, in the largest size from hi down to lo that fits.
func drawTitle(b *strings.Builder, p palette, s Subject, x, bottom, width, maxLines, lo, hi int, upper bool) {
	title := strings.TrimSpace(s.Title)
	if upper {
		title = strings.ToUpper(title)
	}
	size, lines := fitTitle(title, width, maxLines, lo, hi)
	lh := size * 108 / 100
	top := bottom - (len(lines)-1)*lh
	if len(lines) > 0 {
		fmt.Fprintf(b, `<text x="%d" y="%d" font-family="%s" font-size="%d" font-weight="800" fill="#fff">`, x, top, fontFamily, size)
		for i, l := range lines {
			if i == 0 {
				fmt.Fprintf(b, `<tspan x="%d">%s</tspan>`, x, escape(l))
			} else {
				fmt.Fprintf(b, `<tspan x="%d" dy="%d">%s</tspan>`, x, lh, escape(l))
			}
		}
		b.WriteString(`</text>`)
	}
	ly := top - size - 10
	if s.Label != "" {
		ls := max(14, hi*3/10)
		fmt.Fprintf(b, `<text x="%d" y="%d" font-family="%s" font-size="%d" font-weight="600" fill="%s" letter-spacing="1.5">%s</text>`,
			x, ly, fontFamily, ls, p.accent, escape(strings.ToUpper(clip(s.Label, width*10/(ls*7)))))
		ly -= ls + 12
	}
	fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="5" rx="2" fill="%s"/>`, x, ly, hi*2/3, p.accent)
}

// fitTitle wraps title in the largest size that fits width in maxLines
// lines; when even the smallest does not, the last line ends with "…".
func fitTitle(title string, width, maxLines, lo, hi int) (int, []string) {
	if title == "" {
		return lo, nil
	}
	// The largest size without a short orphan line ("СЕРИАЛ / А"), else
	// the largest that fits at all.
	fallback, fallbackSize := []string(nil), 0
	for size := hi; size >= lo; size -= 2 {
		lines, ok := wrap(title, float64(width)/float64(size), maxLines, false)
		if !ok || (len(lines) > 2 && size > hi*5/6) {
			continue // three lines in the largest type would crowd the picture
		}
		if !hasOrphan(lines) {
			return size, lines
		}
		if fallback == nil {
			fallback, fallbackSize = lines, size
		}
	}
	if fallback != nil {
		return fallbackSize, fallback
	}
	lines, _ := wrap(title, float64(width)/float64(lo), maxLines, true)
	if len(lines) > maxLines {
		lines = lines[:maxLines]
		last := []rune(lines[maxLines-1])
		for textWidth(string(last)+"…") > float64(width)/float64(lo) && len(last) > 1 {
			last = last[:len(last)-1]
		}
		lines[maxLines-1] = strings.TrimSpace(string(last)) + "…"
	}
	for i, l := range lines {
		// a single word too long for the line is cut
		if r := []rune(l); textWidth(l) > float64(width)/float64(lo) {
			for len(r) > 1 && textWidth(string(r)+"…") > float64(width)/float64(lo) {
				r = r[:len(r)-1]
			}
			lines[i] = string(r) + "…"
		}
	}
	return lo, lines
}

func hasOrphan(lines []string) bool {
	if len(lines) < 2 {
		return false
	}
	for _, l := range lines {
		if utf8.RuneCountInString(l) <= 2 {
			return true
		}
	}
	return false
}

// wrap breaks s into lines of at most width (in em), at spaces and after
// hyphens; ok is false when it takes more than maxLines lines or a piece is
// wider than a line (loose puts such a piece on a line of its own).
func wrap(s string, width float64, maxLines int, loose bool) ([]string, bool) {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		parts := strings.SplitAfter(word, "-")
		for i, part := range parts {
			if part == "" {
				continue
			}
			if textWidth(part) > width && !loose {
				return nil, false
			}
			sep := " "
			if i > 0 {
				sep = "" // the rest of a hyphenated word
			}
			switch {
			case line == "":
				line = part
			case textWidth(line+sep+part) <= width:
				line += sep + part
			default:
				lines = append(lines, line)
				line = part
			}
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines, len(lines) <= maxLines
}

// textWidth estimates the width of bold sans text in em.
func textWidth(s string) float64 {
	w := 0.0
	for _, r := range s {
		switch {
		case r == ' ':
			w += 0.28
		case strings.ContainsRune("ШЩЖМЮФЫWMШщжмюфыwm", r):
			w += 0.95
		case strings.ContainsRune(".,:;!'|iIlj1«»()-–—", r):
			w += 0.34
		case unicode.IsUpper(r):
			w += 0.74
		case unicode.IsDigit(r):
			w += 0.6
		default:
			w += 0.6
		}
	}
	return w
}

// clip shortens s to n runes with an ellipsis.
func clip(s string, n int) string {
	if n < 2 || utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

// escape makes text safe inside SVG text and attributes: the five XML
// specials are escaped and characters XML does not allow are dropped.
func escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		case '\'':
			b.WriteString("&#39;")
		default:
			if r == '\t' || r == '\n' || r == '\r' {
				b.WriteByte(' ')
				continue
			}
			if r < 0x20 || r == 0xFFFE || r == 0xFFFF || (r >= 0xD800 && r <= 0xDFFF) || r == utf8.RuneError {
				continue
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}
