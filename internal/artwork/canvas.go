package artwork

import (
	"strconv"
	"strings"
)

// canvas is what a picture is drawn on. The scene (draw.go) describes a
// picture once; the SVG writer and the raster canvas both follow that
// description, so the two outputs show the same picture. Coordinates are in
// the kind's view box.
type canvas interface {
	// begin starts a w x h picture named name (its title, "" for none) and
	// defines the gradients fills refer to by id.
	begin(w, h int, name string, grads ...gradient)
	rect(x, y, w, h, rx int, f fill)
	circle(cx, cy, r int, f fill)
	ellipse(cx, cy, rx, ry int, f fill)
	path(p *path, f fill)
	// ring is a circle's outline, width wide.
	ring(cx, cy, r, width int, f fill)
	// lines are straight strokes sharing one colour and width.
	lines(width int, f fill, segs [][4]int)
	// bands are rectangles of one colour turned by angle degrees about
	// (cx, cy), each with its own opacity.
	bands(angle, cx, cy int, color string, rects []band)
	text(t text)
	// measure is the width of s in em, set in weight.
	measure(s string, weight int) float64
	end()
}

// gradient is a linear gradient in view-box units (userSpaceOnUse) or a
// radial one fitted to the shape it fills (the SVG default,
// objectBoundingBox).
type gradient struct {
	id             string
	radial         bool
	x1, y1, x2, y2 int // linear only
	stops          []stop
}

type stop struct {
	offset  float64
	color   string
	opacity float64
}

// fill is a solid colour or a gradient (grad is its id), with an opacity.
type fill struct {
	color   string
	grad    string
	opacity float64
}

func solid(color string) fill                            { return fill{color: color, opacity: 1} }
func solidA(color string, opacity float64) fill          { return fill{color: color, opacity: opacity} }
func shade(grad string) fill                             { return fill{grad: grad, opacity: 1} }
func shadeA(grad string, opacity float64) fill           { return fill{grad: grad, opacity: opacity} }
func stopAt(offset float64, color string) stop           { return stop{offset, color, 1} }
func stopA(offset float64, color string, a float64) stop { return stop{offset, color, a} }

type band struct {
	x, y, w, h int
	opacity    float64
}

// text is one line (label, initials) or several lines lh apart (a title,
// set as tspans); y is the first line's baseline.
type text struct {
	x, y    int
	size    int
	weight  int
	color   string
	spacing float64 // letter-spacing
	middle  bool    // anchored at its middle, not its start
	lines   []string
	lh      int
}

// path is an SVG path made of the commands the scene uses (absolute
// coordinates): M L H V Q T C S A Z.
type path struct{ ops []pathOp }

type pathOp struct {
	cmd  byte
	args []int
}

func (p *path) add(cmd byte, args ...int) *path {
	p.ops = append(p.ops, pathOp{cmd, args})
	return p
}

func (p *path) M(x, y int) *path                 { return p.add('M', x, y) }
func (p *path) L(x, y int) *path                 { return p.add('L', x, y) }
func (p *path) H(x int) *path                    { return p.add('H', x) }
func (p *path) V(y int) *path                    { return p.add('V', y) }
func (p *path) Q(x1, y1, x, y int) *path         { return p.add('Q', x1, y1, x, y) }
func (p *path) T(x, y int) *path                 { return p.add('T', x, y) }
func (p *path) C(x1, y1, x2, y2, x, y int) *path { return p.add('C', x1, y1, x2, y2, x, y) }
func (p *path) S(x2, y2, x, y int) *path         { return p.add('S', x2, y2, x, y) }
func (p *path) Z() *path                         { return p.add('Z') }

// A is a circular arc of radius r to (x, y); sweep picks the clockwise one.
func (p *path) A(r int, sweep bool, x, y int) *path {
	s := 0
	if sweep {
		s = 1
	}
	return p.add('A', r, r, 0, 0, s, x, y)
}

// d is the path's data attribute.
func (p *path) d() string {
	var b strings.Builder
	for _, op := range p.ops {
		b.WriteByte(op.cmd)
		for i, a := range op.args {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(a))
		}
	}
	return b.String()
}

// num writes an opacity or an offset the short way: 0, 1, .45.
func num(f float64) string {
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if strings.HasPrefix(s, "0.") {
		return s[1:]
	}
	return s
}

// round2 keeps two decimals: random opacities print short and both outputs
// use the same value.
func round2(f float64) float64 { return float64(int(f*100+0.5)) / 100 }
