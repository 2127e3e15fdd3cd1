package artwork

import (
	"image"
	"math"
)

// Compositing works in 16.16 fixed point: a colour table entry is a
// premultiplied channel times 65536 and its opacity is 0..65536, so a pixel
// is a few integer multiplications (no float, no division, no interface
// call per pixel).
const one = 1 << 16

// lutSize: steps of a gradient's colour table.
const lutSize = 1024

// bayer is a 4x4 ordered dither as rounding offsets (parts of 65536): dark
// gradients over a whole poster would otherwise show bands, more so after
// JPEG. The same offset for all four channels keeps colour <= alpha.
var bayer = func() (d [4][4]uint32) {
	m := [4][4]uint32{{0, 8, 2, 10}, {12, 4, 14, 6}, {3, 11, 1, 9}, {15, 7, 13, 5}}
	for y := range m {
		for x := range m[y] {
			d[y][x] = (2*m[y][x] + 1) * one / 32
		}
	}
	return d
}()

// lutEntry: r, g, b, a premultiplied times 65536 (0..255*65536), and the
// opacity (0..65536).
type lutEntry struct {
	c [4]uint32
	a uint32
}

// lut is the gradient at lutSize steps of its offset, times opacity.
func (g gradient) lut(opacity float64) *[lutSize]lutEntry {
	var t [lutSize]lutEntry
	stops := g.stops
	if len(stops) == 0 {
		return &t
	}
	rgb := make([][3]uint8, len(stops))
	for i, s := range stops {
		rgb[i] = parseHex(s.color)
	}
	for i := range t {
		off := float64(i) / (lutSize - 1)
		// colour and opacity run between the stops on each side; before
		// the first and after the last they stay (pad)
		j := 0
		for j < len(stops) && stops[j].offset <= off {
			j++
		}
		lo, hi := max(j-1, 0), min(j, len(stops)-1)
		f := 0.0
		if d := stops[hi].offset - stops[lo].offset; lo != hi && d > 0 {
			f = (off - stops[lo].offset) / d
		}
		a := math.Max(0, math.Min(1, (stops[lo].opacity+(stops[hi].opacity-stops[lo].opacity)*f)*opacity))
		a16 := uint32(math.Round(a * one))
		for ch := 0; ch < 3; ch++ {
			v := float64(rgb[lo][ch]) + (float64(rgb[hi][ch])-float64(rgb[lo][ch]))*f
			t[i].c[ch] = min(uint32(math.Round(v*float64(a16))), 255*a16)
		}
		// exactly 255 * opacity: colour + backdrop * (1 - opacity) stays
		// within 8 bits
		t[i].c[3], t[i].a = 255*a16, a16
	}
	return &t
}

// shadeInto composites gradient g over r of dst, through the coverage mask
// (the shape, laid over r; nil: all of r). A linear gradient is in view-box
// units; a radial one fills box (pixels), the bounds of the shape it paints.
func (c *rasterCanvas) shadeInto(dst *image.RGBA, r image.Rectangle, g gradient, box [4]float64, opacity float64, mask *image.Alpha) {
	lut := g.lut(opacity)
	idx := make([]int32, r.Dx()) // a row's table indices
	// the offset at pixel centres: t0 + x*tx + y*ty for a linear gradient,
	// the distance from the centre in radii for a radial one
	var t0, tx, ty float64
	var cx, cy, irx, iry float64
	if g.radial {
		cx, cy = (box[0]+box[2])/2, (box[1]+box[3])/2
		irx, iry = 2/math.Max(box[2]-box[0], 1e-9), 2/math.Max(box[3]-box[1], 1e-9)
	} else {
		x1, y1 := float64(g.x1)*c.k, float64(g.y1)*c.k
		dx, dy := float64(g.x2)*c.k-x1, float64(g.y2)*c.k-y1
		l2 := dx*dx + dy*dy
		if l2 == 0 {
			l2 = 1
		}
		tx, ty = dx/l2, dy/l2
		t0 = -(x1*tx + y1*ty)
	}
	const top = lutSize - 1
	index := func(t float64) int32 {
		switch v := t*top + 0.5; {
		case v <= 0:
			return 0
		case v >= top:
			return top
		default:
			return int32(v)
		}
	}
	w := r.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		py := float64(y) + 0.5
		switch {
		case g.radial:
			uy := (py - cy) * iry
			for x := range idx {
				ux := (float64(r.Min.X+x) + 0.5 - cx) * irx
				idx[x] = index(math.Sqrt(ux*ux + uy*uy))
			}
		case tx == 0: // vertical: one colour a row
			i := index(t0 + py*ty)
			for x := range idx {
				idx[x] = i
			}
		default:
			rowT := t0 + py*ty + (float64(r.Min.X)+0.5)*tx
			for x := range idx {
				idx[x] = index(rowT + float64(x)*tx)
			}
		}
		row := dst.Pix[dst.PixOffset(r.Min.X, y):][: 4*w : 4*w]
		var cov []uint8
		if mask != nil {
			cov = mask.Pix[(y-r.Min.Y)*mask.Stride:][:w:w]
		}
		dith := &bayer[y&3]
		for x, i := range idx {
			e := &lut[i&top]
			if e.a == 0 {
				continue
			}
			p := (*[4]uint8)(row[4*x:])
			d := dith[x&3]
			if cov == nil || cov[x] == 255 {
				if e.a == one {
					p[0], p[1], p[2], p[3] = uint8((e.c[0]+d)>>16), uint8((e.c[1]+d)>>16), uint8((e.c[2]+d)>>16), 255
				} else {
					inv := one - e.a
					p[0] = uint8((e.c[0] + uint32(p[0])*inv + d) >> 16)
					p[1] = uint8((e.c[1] + uint32(p[1])*inv + d) >> 16)
					p[2] = uint8((e.c[2] + uint32(p[2])*inv + d) >> 16)
					p[3] = uint8((e.c[3] + uint32(p[3])*inv + d) >> 16)
				}
				continue
			}
			m := uint32(cov[x])
			if m == 0 {
				continue
			}
			// 255*257 = 65535: the coverage as a 16-bit fraction
			m *= 257
			a := scale16(e.a, m)
			col := [4]uint32{min(scale16(e.c[0], m), 255*a), min(scale16(e.c[1], m), 255*a),
				min(scale16(e.c[2], m), 255*a), 255 * a}
			blend(p, &col, one-a, d)
		}
	}
}

// fillSolid composites a premultiplied colour (0..255 a channel, alpha
// 0..65536) over r of dst through the coverage mask.
func fillSolid(dst *image.RGBA, r image.Rectangle, rgb [3]uint8, alpha uint32, mask *image.Alpha) {
	// the colour at each of the 256 coverages
	var tab [256]struct {
		col [4]uint32
		inv uint32
	}
	for m := range tab {
		a := (alpha*uint32(m)*257 + one/2) >> 16
		tab[m].col = [4]uint32{uint32(rgb[0]) * a, uint32(rgb[1]) * a, uint32(rgb[2]) * a, 255 * a}
		tab[m].inv = one - a
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := dst.Pix[dst.PixOffset(r.Min.X, y):]
		cov := mask.Pix[(y-r.Min.Y)*mask.Stride : (y-r.Min.Y)*mask.Stride+r.Dx()]
		for x, m := range cov {
			if m == 0 {
				continue
			}
			t := &tab[m]
			blend((*[4]uint8)(row[4*x:]), &t.col, t.inv, one/2)
		}
	}
}

// blend: p = col + p*inv, rounded by d (16.16).
func blend(p *[4]uint8, col *[4]uint32, inv, d uint32) {
	p[0] = uint8((col[0] + uint32(p[0])*inv + d) >> 16)
	p[1] = uint8((col[1] + uint32(p[1])*inv + d) >> 16)
	p[2] = uint8((col[2] + uint32(p[2])*inv + d) >> 16)
	p[3] = uint8((col[3] + uint32(p[3])*inv + d) >> 16)
}

// scale16 multiplies by a 16-bit fraction (m of 65535).
func scale16(v, m uint32) uint32 { return uint32((uint64(v)*uint64(m) + 32767) / 65535) }
