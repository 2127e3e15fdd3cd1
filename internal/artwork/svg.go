package artwork

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

const fontFamily = `Inter,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif`

// svgCanvas writes the picture as a small SVG document.
type svgCanvas struct{ b strings.Builder }

func (c *svgCanvas) bytes() []byte { return []byte(c.b.String()) }

func (c *svgCanvas) begin(w, h int, name string, grads ...gradient) {
	c.b.Grow(3000)
	// The default "meet" keeps the whole picture (and its title) in any
	// box; the background reaches past the view box so a box of another
	// shape shows more background, never an empty band.
	fmt.Fprintf(&c.b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" role="img"`, w, h)
	if name != "" {
		fmt.Fprintf(&c.b, ` aria-label="%s"`, escape(name))
	}
	c.b.WriteString("><defs>")
	for _, g := range grads {
		if g.radial {
			fmt.Fprintf(&c.b, `<radialGradient id="%s">`, g.id)
		} else {
			fmt.Fprintf(&c.b, `<linearGradient id="%s" gradientUnits="userSpaceOnUse" x1="%d" y1="%d" x2="%d" y2="%d">`,
				g.id, g.x1, g.y1, g.x2, g.y2)
		}
		for _, s := range g.stops {
			fmt.Fprintf(&c.b, `<stop offset="%s" stop-color="%s"`, num(s.offset), s.color)
			if s.opacity != 1 {
				fmt.Fprintf(&c.b, ` stop-opacity="%s"`, num(s.opacity))
			}
			c.b.WriteString("/>")
		}
		if g.radial {
			c.b.WriteString("</radialGradient>")
		} else {
			c.b.WriteString("</linearGradient>")
		}
	}
	c.b.WriteString("</defs>")
}

func (c *svgCanvas) end() { c.b.WriteString("</svg>") }

// paint writes the fill attributes.
func (c *svgCanvas) paint(f fill) {
	if f.grad != "" {
		fmt.Fprintf(&c.b, ` fill="url(#%s)"`, f.grad)
	} else {
		fmt.Fprintf(&c.b, ` fill="%s"`, f.color)
	}
	if f.opacity != 1 {
		fmt.Fprintf(&c.b, ` fill-opacity="%s"`, num(f.opacity))
	}
	c.b.WriteString("/>")
}

func (c *svgCanvas) rect(x, y, w, h, rx int, f fill) {
	fmt.Fprintf(&c.b, `<rect x="%d" y="%d" width="%d" height="%d"`, x, y, w, h)
	if rx > 0 {
		fmt.Fprintf(&c.b, ` rx="%d"`, rx)
	}
	c.paint(f)
}

func (c *svgCanvas) circle(cx, cy, r int, f fill) {
	fmt.Fprintf(&c.b, `<circle cx="%d" cy="%d" r="%d"`, cx, cy, r)
	c.paint(f)
}

func (c *svgCanvas) ellipse(cx, cy, rx, ry int, f fill) {
	fmt.Fprintf(&c.b, `<ellipse cx="%d" cy="%d" rx="%d" ry="%d"`, cx, cy, rx, ry)
	c.paint(f)
}

func (c *svgCanvas) path(p *path, f fill) {
	fmt.Fprintf(&c.b, `<path d="%s"`, p.d())
	c.paint(f)
}

func (c *svgCanvas) ring(cx, cy, r, width int, f fill) {
	fmt.Fprintf(&c.b, `<circle cx="%d" cy="%d" r="%d" fill="none" stroke="%s" stroke-opacity="%s" stroke-width="%d"/>`,
		cx, cy, r, f.color, num(f.opacity), width)
}

func (c *svgCanvas) lines(width int, f fill, segs [][4]int) {
	fmt.Fprintf(&c.b, `<g stroke="%s" stroke-opacity="%s" stroke-width="%d">`, f.color, num(f.opacity), width)
	for _, s := range segs {
		fmt.Fprintf(&c.b, `<line x1="%d" y1="%d" x2="%d" y2="%d"/>`, s[0], s[1], s[2], s[3])
	}
	c.b.WriteString("</g>")
}

func (c *svgCanvas) bands(angle, cx, cy int, color string, rects []band) {
	fmt.Fprintf(&c.b, `<g transform="rotate(%d %d %d)" fill="%s">`, angle, cx, cy, color)
	for _, r := range rects {
		fmt.Fprintf(&c.b, `<rect x="%d" y="%d" width="%d" height="%d" fill-opacity="%s"/>`, r.x, r.y, r.w, r.h, num(r.opacity))
	}
	c.b.WriteString("</g>")
}

func (c *svgCanvas) text(t text) {
	fmt.Fprintf(&c.b, `<text x="%d" y="%d"`, t.x, t.y)
	if t.middle {
		c.b.WriteString(` text-anchor="middle"`)
	}
	fmt.Fprintf(&c.b, ` font-family="%s" font-size="%d" font-weight="%d" fill="%s"`, fontFamily, t.size, t.weight, t.color)
	if t.spacing != 0 {
		fmt.Fprintf(&c.b, ` letter-spacing="%s"`, num(t.spacing))
	}
	c.b.WriteString(">")
	if t.lh == 0 {
		c.b.WriteString(escape(strings.Join(t.lines, " ")))
	} else {
		for i, l := range t.lines {
			if i == 0 {
				fmt.Fprintf(&c.b, `<tspan x="%d">%s</tspan>`, t.x, escape(l))
			} else {
				fmt.Fprintf(&c.b, `<tspan x="%d" dy="%d">%s</tspan>`, t.x, t.lh, escape(l))
			}
		}
	}
	c.b.WriteString("</text>")
}

// measure: the browser sets the type, with a font the server does not know;
// an estimate keeps the lines inside the box.
func (c *svgCanvas) measure(s string, _ int) float64 { return textWidth(s) }

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
