package artwork

import (
	"bytes"
	"image"
	"image/draw"
	"math"
	"runtime"
	"strconv"
	"sync"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/vector"
)

// pixelSizes of the JPEG pictures at their default widths (the addresses
// without ?w=; widths.go has the other steps). Posters, covers, portraits and news
// match their view boxes (about two device pixels a CSS pixel in a row's
// tile); the wide backdrops are drawn at 4/5 of theirs: they carry no
// text, their shapes are soft, and stretched over a 1920 px wide screen
// they look the same, for two thirds of the pixels.
var pixelSizes = map[string][2]int{
	Poster: {400, 600}, Cover: {640, 360}, Person: {300, 400}, News: {640, 360},
	Background: {1280, 720}, Promo: {1536, 576},
}

// rasterize draws the subject into pixels of its own, at its default size.
func rasterize(s Subject) *image.RGBA {
	var c rasterCanvas
	c.draw(s, 0)
	return c.img
}

// canvases keep the scratch memory of drawing (a megabyte or more a
// picture) for the next one.
var canvases = sync.Pool{New: func() any { return new(rasterCanvas) }}

// drawing is a turn to draw a raster picture: at most one per CPU at a
// time. A canvas holds up to tens of megabytes (a 1920 px backdrop: 8 MB of
// pixels, as much again in the rasterizer), so a burst of cold requests
// must not each take one; more at once would not finish sooner anyway.
var drawing = make(chan struct{}, runtime.NumCPU())

// draw draws s width pixels wide (0: the kind's default size); the scene
// is in view-box units, so every width shows the same picture.
func (c *rasterCanvas) draw(s Subject, width int) {
	c.size = sizeAt(s.Kind, width)
	drawScene(c, s)
}

// rasterCanvas draws into an RGBA image: shapes are filled anti-aliased by
// vector.Rasterizer, gradients are computed straight into the pixels.
type rasterCanvas struct {
	size  [2]int
	img   *image.RGBA
	k     float64 // pixels per view-box unit
	grads map[string]gradient
	z     vector.Rasterizer
	o     outline
	mask  image.Alpha // a shape's coverage, reused between shapes
	buf   sfnt.Buffer
	out   bytes.Buffer // the encoded picture, reused between pictures
}

func (c *rasterCanvas) begin(w, _ int, _ string, grads ...gradient) {
	if c.img == nil || c.img.Rect.Max != (image.Point{c.size[0], c.size[1]}) {
		c.img = image.NewRGBA(image.Rect(0, 0, c.size[0], c.size[1]))
	} else {
		clear(c.img.Pix)
	}
	c.k = float64(c.size[0]) / float64(w)
	c.grads = map[string]gradient{}
	for _, g := range grads {
		c.grads[g.id] = g
	}
}

func (c *rasterCanvas) end() {}

func (c *rasterCanvas) rect(x, y, w, h, rx int, f fill) {
	k := c.k
	x0, y0, x1, y1 := float64(x)*k, float64(y)*k, float64(x+w)*k, float64(y+h)*k
	b := c.img.Bounds()
	if f.grad != "" && x0 <= 0 && y0 <= 0 && x1 >= float64(b.Max.X) && y1 >= float64(b.Max.Y) {
		// a backdrop over the whole picture: no edge to smooth
		c.shadeInto(c.img, b, c.grads[f.grad], [4]float64{x0, y0, x1, y1}, f.opacity, nil)
		return
	}
	c.o.reset()
	if rx == 0 {
		// far edges are cut to the picture: nothing outside shows
		x0, y0 = max(x0, -1), max(y0, -1)
		x1, y1 = min(x1, float64(b.Max.X+1)), min(y1, float64(b.Max.Y+1))
		c.o.polygon([][2]float64{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}})
	} else {
		r := float64(rx) * k
		c.o.moveTo(x0+r, y0)
		c.o.lineTo(x1-r, y0)
		c.o.quadTo(x1, y0, x1, y0+r)
		c.o.lineTo(x1, y1-r)
		c.o.quadTo(x1, y1, x1-r, y1)
		c.o.lineTo(x0+r, y1)
		c.o.quadTo(x0, y1, x0, y1-r)
		c.o.lineTo(x0, y0+r)
		c.o.quadTo(x0, y0, x0+r, y0)
		c.o.close()
	}
	c.fillOutline(f, [4]float64{x0, y0, x1, y1})
}

func (c *rasterCanvas) circle(cx, cy, r int, f fill) { c.ellipse(cx, cy, r, r, f) }

func (c *rasterCanvas) ellipse(cx, cy, rx, ry int, f fill) {
	k := c.k
	x, y, a, b := float64(cx)*k, float64(cy)*k, float64(rx)*k, float64(ry)*k
	c.o.reset()
	c.o.ellipse(x, y, a, b, false)
	c.fillOutline(f, [4]float64{x - a, y - b, x + a, y + b})
}

func (c *rasterCanvas) ring(cx, cy, r, width int, f fill) {
	k := c.k
	x, y, rr, hw := float64(cx)*k, float64(cy)*k, float64(r)*k, float64(width)*k/2
	c.o.reset()
	c.o.ellipse(x, y, rr+hw, rr+hw, false)
	if rr > hw {
		c.o.ellipse(x, y, rr-hw, rr-hw, true) // the hole: the other way round
	}
	c.fillOutline(f, [4]float64{x - rr - hw, y - rr - hw, x + rr + hw, y + rr + hw})
}

func (c *rasterCanvas) lines(width int, f fill, segs [][4]int) {
	hw := float64(width) * c.k / 2
	for _, s := range segs {
		x1, y1, x2, y2 := float64(s[0])*c.k, float64(s[1])*c.k, float64(s[2])*c.k, float64(s[3])*c.k
		l := math.Hypot(x2-x1, y2-y1)
		if l == 0 {
			continue
		}
		nx, ny := -(y2-y1)/l*hw, (x2-x1)/l*hw
		c.o.reset()
		c.o.polygon([][2]float64{{x1 + nx, y1 + ny}, {x2 + nx, y2 + ny}, {x2 - nx, y2 - ny}, {x1 - nx, y1 - ny}})
		// each line on its own, as in SVG: crossings are brighter
		c.fillOutline(f, [4]float64{})
	}
}

func (c *rasterCanvas) bands(angle, cx, cy int, color string, rects []band) {
	sin, cos := math.Sincos(float64(angle) * math.Pi / 180)
	ox, oy := float64(cx), float64(cy)
	turn := func(x, y int) [2]float64 {
		dx, dy := float64(x)-ox, float64(y)-oy
		return [2]float64{(ox + dx*cos - dy*sin) * c.k, (oy + dx*sin + dy*cos) * c.k}
	}
	for _, r := range rects {
		c.o.reset()
		c.o.polygon([][2]float64{turn(r.x, r.y), turn(r.x+r.w, r.y), turn(r.x+r.w, r.y+r.h), turn(r.x, r.y+r.h)})
		c.fillOutline(solidA(color, r.opacity), [4]float64{})
	}
}

func (c *rasterCanvas) path(p *path, f fill) {
	c.o.reset()
	c.o.path(p, c.k)
	c.fillOutline(f, [4]float64{})
}

// fillOutline fills the outline built in c.o; box is the shape's bounds in
// pixels, which a radial gradient is fitted to (zero: the outline's).
func (c *rasterCanvas) fillOutline(f fill, box [4]float64) {
	o := &c.o
	if len(o.segs) == 0 {
		return
	}
	r := image.Rect(int(math.Floor(o.min[0])), int(math.Floor(o.min[1])), int(math.Ceil(o.max[0])), int(math.Ceil(o.max[1])))
	r = r.Intersect(c.img.Bounds())
	if r.Empty() {
		return
	}
	if box == ([4]float64{}) {
		box = [4]float64{o.min[0], o.min[1], o.max[0], o.max[1]}
	}
	c.z.Reset(r.Dx(), r.Dy())
	ox, oy := float64(r.Min.X), float64(r.Min.Y)
	pt := func(p [2]float64) (float32, float32) { return float32(p[0] - ox), float32(p[1] - oy) }
	for _, s := range o.segs {
		ax, ay := pt(s.p[0])
		switch s.op {
		case 'M':
			c.z.MoveTo(ax, ay)
		case 'L':
			c.z.LineTo(ax, ay)
		case 'Q':
			bx, by := pt(s.p[1])
			c.z.QuadTo(ax, ay, bx, by)
		case 'C':
			bx, by := pt(s.p[1])
			cx, cy := pt(s.p[2])
			c.z.CubeTo(ax, ay, bx, by, cx, cy)
		}
	}
	// the shape's coverage into a mask (the rasterizer's SIMD path), then
	// one composite of the colour or the gradient through it
	n := r.Dx() * r.Dy()
	if cap(c.mask.Pix) < n {
		c.mask.Pix = make([]uint8, n)
	}
	c.mask.Pix, c.mask.Stride, c.mask.Rect = c.mask.Pix[:n], r.Dx(), image.Rect(0, 0, r.Dx(), r.Dy())
	c.z.DrawOp = draw.Src
	c.z.Draw(&c.mask, c.mask.Rect, image.Opaque, image.Point{})
	if f.grad != "" {
		c.shadeInto(c.img, r, c.grads[f.grad], box, f.opacity, &c.mask)
		return
	}
	fillSolid(c.img, r, parseHex(f.color), uint32(math.Round(math.Max(0, math.Min(1, f.opacity))*one)), &c.mask)
}

// parseHex reads #rgb and #rrggbb; anything else is black.
func parseHex(hex string) [3]uint8 {
	if len(hex) == 4 && hex[0] == '#' {
		hex = "#" + hex[1:2] + hex[1:2] + hex[2:3] + hex[2:3] + hex[3:4] + hex[3:4]
	}
	n, err := strconv.ParseUint(hex[min(1, len(hex)):], 16, 32)
	if len(hex) != 7 || hex[0] != '#' || err != nil {
		return [3]uint8{}
	}
	return [3]uint8{uint8(n >> 16), uint8(n >> 8), uint8(n)}
}
