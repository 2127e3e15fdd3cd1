package artwork

import "math"

// outline is a shape in pixels as moves, lines and Bézier curves, ready for
// the rasterizer; min and max bound every point (control points too).
type outline struct {
	segs     []oseg
	min, max [2]float64
	open     bool
	start    [2]float64
	pen      [2]float64
}

// oseg: op M, L, Q (p[0] control, p[1] end) or C (p[0], p[1] controls,
// p[2] end).
type oseg struct {
	op byte
	p  [3][2]float64
}

func (o *outline) reset() {
	o.segs = o.segs[:0]
	o.min = [2]float64{math.Inf(1), math.Inf(1)}
	o.max = [2]float64{math.Inf(-1), math.Inf(-1)}
	o.open = false
}

func (o *outline) grow(pts ...[2]float64) {
	for _, p := range pts {
		o.min = [2]float64{min(o.min[0], p[0]), min(o.min[1], p[1])}
		o.max = [2]float64{max(o.max[0], p[0]), max(o.max[1], p[1])}
	}
}

func (o *outline) moveTo(x, y float64) {
	o.close()
	p := [2]float64{x, y}
	o.segs = append(o.segs, oseg{op: 'M', p: [3][2]float64{p}})
	o.grow(p)
	o.open, o.start, o.pen = true, p, p
}

func (o *outline) lineTo(x, y float64) {
	p := [2]float64{x, y}
	o.segs = append(o.segs, oseg{op: 'L', p: [3][2]float64{p}})
	o.grow(p)
	o.pen = p
}

func (o *outline) quadTo(cx, cy, x, y float64) {
	c, p := [2]float64{cx, cy}, [2]float64{x, y}
	o.segs = append(o.segs, oseg{op: 'Q', p: [3][2]float64{c, p}})
	o.grow(c, p)
	o.pen = p
}

func (o *outline) cubeTo(c1x, c1y, c2x, c2y, x, y float64) {
	c1, c2, p := [2]float64{c1x, c1y}, [2]float64{c2x, c2y}, [2]float64{x, y}
	o.segs = append(o.segs, oseg{op: 'C', p: [3][2]float64{c1, c2, p}})
	o.grow(c1, c2, p)
	o.pen = p
}

// close ends the current subpath with a line back to its start: the
// rasterizer fills closed outlines only.
func (o *outline) close() {
	if o.open && o.pen != o.start {
		o.lineTo(o.start[0], o.start[1])
	}
	o.open = false
}

func (o *outline) polygon(pts [][2]float64) {
	o.moveTo(pts[0][0], pts[0][1])
	for _, p := range pts[1:] {
		o.lineTo(p[0], p[1])
	}
	o.close()
}

// kappa places the control points of a quarter circle's cubic.
const kappa = 0.5522847498

// ellipse adds an ellipse as four cubics, clockwise on screen (or the other
// way round: a hole in a shape drawn clockwise).
func (o *outline) ellipse(cx, cy, rx, ry float64, reverse bool) {
	kx, ky := rx*kappa, ry*kappa
	if reverse {
		ky = -ky
		ry = -ry
	}
	o.moveTo(cx+rx, cy)
	o.cubeTo(cx+rx, cy+ky, cx+kx, cy+ry, cx, cy+ry)
	o.cubeTo(cx-kx, cy+ry, cx-rx, cy+ky, cx-rx, cy)
	o.cubeTo(cx-rx, cy-ky, cx-kx, cy-ry, cx, cy-ry)
	o.cubeTo(cx+kx, cy-ry, cx+rx, cy-ky, cx+rx, cy)
	o.close()
}

// path adds an SVG path scaled by k.
func (o *outline) path(p *path, k float64) {
	var cur, ctrl [2]float64 // the pen; the last curve's second control point
	var last byte
	at := func(a []int, i int) [2]float64 { return [2]float64{float64(a[i]) * k, float64(a[i+1]) * k} }
	// reflect mirrors the previous control point for T and S, which
	// continue a curve of their own kind smoothly.
	reflect := func(kinds string) [2]float64 {
		for i := 0; i < len(kinds); i++ {
			if last == kinds[i] {
				return [2]float64{2*cur[0] - ctrl[0], 2*cur[1] - ctrl[1]}
			}
		}
		return cur
	}
	for _, op := range p.ops {
		a := op.args
		switch op.cmd {
		case 'M':
			cur = at(a, 0)
			o.moveTo(cur[0], cur[1])
		case 'L':
			cur = at(a, 0)
			o.lineTo(cur[0], cur[1])
		case 'H':
			cur[0] = float64(a[0]) * k
			o.lineTo(cur[0], cur[1])
		case 'V':
			cur[1] = float64(a[0]) * k
			o.lineTo(cur[0], cur[1])
		case 'Q', 'T':
			var c1 [2]float64
			if op.cmd == 'Q' {
				c1, cur = at(a, 0), at(a, 2)
			} else {
				c1, cur = reflect("QT"), at(a, 0)
			}
			o.quadTo(c1[0], c1[1], cur[0], cur[1])
			ctrl = c1
		case 'C', 'S':
			var c1, c2 [2]float64
			if op.cmd == 'C' {
				c1, c2, cur = at(a, 0), at(a, 2), at(a, 4)
			} else {
				c1, c2, cur = reflect("CS"), at(a, 0), at(a, 2)
			}
			o.cubeTo(c1[0], c1[1], c2[0], c2[1], cur[0], cur[1])
			ctrl = c2
		case 'A':
			end := at(a, 5)
			o.arc(cur, end, float64(a[0])*k, float64(a[1])*k, a[3] != 0, a[4] != 0)
			cur = end
		case 'Z':
			o.close()
			cur = o.start
		}
		last = op.cmd
	}
	o.close()
}

// arc adds an elliptical arc without rotation from p0 to p1 as cubics (the
// endpoint-to-centre conversion of SVG's implementation notes, F.6.5).
func (o *outline) arc(p0, p1 [2]float64, rx, ry float64, large, sweep bool) {
	rx, ry = math.Abs(rx), math.Abs(ry)
	if rx == 0 || ry == 0 || p0 == p1 {
		o.lineTo(p1[0], p1[1])
		return
	}
	x1, y1 := (p0[0]-p1[0])/2, (p0[1]-p1[1])/2
	if l := x1*x1/(rx*rx) + y1*y1/(ry*ry); l > 1 {
		rx, ry = rx*math.Sqrt(l), ry*math.Sqrt(l)
	}
	num := rx*rx*ry*ry - rx*rx*y1*y1 - ry*ry*x1*x1
	den := rx*rx*y1*y1 + ry*ry*x1*x1
	coef := math.Sqrt(math.Max(0, num/den))
	if large == sweep {
		coef = -coef
	}
	cxp, cyp := coef*rx*y1/ry, -coef*ry*x1/rx
	cx, cy := cxp+(p0[0]+p1[0])/2, cyp+(p0[1]+p1[1])/2
	ux, uy := (x1-cxp)/rx, (y1-cyp)/ry
	vx, vy := (-x1-cxp)/rx, (-y1-cyp)/ry
	theta := math.Atan2(uy, ux)
	delta := math.Atan2(ux*vy-uy*vx, ux*vx+uy*vy)
	if sweep && delta < 0 {
		delta += 2 * math.Pi
	} else if !sweep && delta > 0 {
		delta -= 2 * math.Pi
	}
	n := int(math.Ceil(math.Abs(delta) / (math.Pi / 2)))
	step := delta / float64(n)
	t := 4.0 / 3 * math.Tan(step/4)
	for i := 0; i < n; i++ {
		a0, a1 := theta+step*float64(i), theta+step*float64(i+1)
		s0, c0 := math.Sincos(a0)
		s1, c1 := math.Sincos(a1)
		ex, ey := cx+rx*c1, cy+ry*s1
		if i == n-1 {
			ex, ey = p1[0], p1[1]
		}
		o.cubeTo(cx+rx*(c0-t*s0), cy+ry*(s0+t*c0), cx+rx*(c1+t*s1), cy+ry*(s1-t*c1), ex, ey)
	}
}
