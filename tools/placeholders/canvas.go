package main

import (
	"image"
	"math"
	"math/rand/v2"
)

type blendMode int

const (
	normal blendMode = iota
	multiply
)

// canvas is a floating-point RGB raster. Shapes are drawn through signed
// distance functions: a pixel's coverage is estimated from the distance of
// its centre to the shape edge, which gives clean anti-aliasing for free.
// An optional rotation maps "local" drawing coordinates onto the canvas.
type canvas struct {
	w, h int
	pix  []float32
	mode blendMode

	rot            bool
	cx, cy, cs, sn float64

	// clip, when set, limits all shape drawing to a pixel box.
	clipOn                 bool
	clx0, cly0, clx1, cly1 int
}

// clip restricts drawing to the box (x, y, w, h) until unclip.
func (c *canvas) clip(x, y, w, h float64) {
	c.clipOn = true
	c.clx0, c.cly0 = int(math.Round(x)), int(math.Round(y))
	c.clx1, c.cly1 = int(math.Round(x+w)), int(math.Round(y+h))
}

func (c *canvas) unclip() { c.clipOn = false }

// limits intersects a pixel box with the canvas and the clip box.
func (c *canvas) limits(x0, y0, x1, y1 int) (int, int, int, int) {
	x0, y0 = max(x0, 0), max(y0, 0)
	x1, y1 = min(x1, c.w), min(y1, c.h)
	if c.clipOn {
		x0, y0 = max(x0, c.clx0), max(y0, c.cly0)
		x1, y1 = min(x1, c.clx1), min(y1, c.cly1)
	}
	return x0, y0, x1, y1
}

func newCanvas(w, h int, bg rgb) *canvas {
	c := &canvas{w: w, h: h, pix: make([]float32, w*h*3)}
	c.fill(bg)
	return c
}

func (c *canvas) fill(col rgb) {
	r, g, b := float32(col.r), float32(col.g), float32(col.b)
	for i := 0; i < len(c.pix); i += 3 {
		c.pix[i], c.pix[i+1], c.pix[i+2] = r, g, b
	}
}

// fillRows paints rows [y0, y1) with one colour per row, over columns [x0, x1).
func (c *canvas) fillRows(x0, y0, x1, y1 int, at func(y int) rgb) {
	x0, y0, x1, y1 = c.limits(x0, y0, x1, y1)
	for y := y0; y < y1; y++ {
		col := at(y)
		r, g, b := float32(col.r), float32(col.g), float32(col.b)
		for x := x0; x < x1; x++ {
			i := (y*c.w + x) * 3
			c.pix[i], c.pix[i+1], c.pix[i+2] = r, g, b
		}
	}
}

func (c *canvas) blend(i int, col rgb, a float64) {
	p := c.pix[i : i+3 : i+3]
	af := float32(a)
	r, g, b := float32(col.r), float32(col.g), float32(col.b)
	if c.mode == multiply {
		r, g, b = p[0]*r, p[1]*g, p[2]*b
	}
	p[0] += (r - p[0]) * af
	p[1] += (g - p[1]) * af
	p[2] += (b - p[2]) * af
}

// rotate makes later shapes rotate by deg degrees about (cx, cy).
func (c *canvas) rotate(cx, cy, deg float64) {
	c.rot = true
	c.cx, c.cy = cx, cy
	c.sn, c.cs = math.Sincos(deg * math.Pi / 180)
}

func (c *canvas) unrotate() { c.rot = false }

func (c *canvas) toWorld(x, y float64) (float64, float64) {
	if !c.rot {
		return x, y
	}
	dx, dy := x-c.cx, y-c.cy
	return c.cx + dx*c.cs - dy*c.sn, c.cy + dx*c.sn + dy*c.cs
}

func (c *canvas) toLocal(x, y float64) (float64, float64) {
	if !c.rot {
		return x, y
	}
	dx, dy := x-c.cx, y-c.cy
	return c.cx + dx*c.cs + dy*c.sn, c.cy - dx*c.sn + dy*c.cs
}

// paint fills the shape sdf (negative inside), whose local bounding box is
// (x0,y0)-(x1,y1). soft > 0 gives a blurred edge of that half-width.
func (c *canvas) paint(x0, y0, x1, y1 float64, sdf func(x, y float64) float64, col rgb, alpha, soft float64) {
	if alpha <= 0 {
		return
	}
	pad := soft + 1.5
	bx0, by0, bx1, by1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range [4][2]float64{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}} {
		wx, wy := c.toWorld(p[0], p[1])
		bx0, by0 = math.Min(bx0, wx), math.Min(by0, wy)
		bx1, by1 = math.Max(bx1, wx), math.Max(by1, wy)
	}
	ix0, iy0, ix1, iy1 := c.limits(int(math.Floor(bx0-pad)), int(math.Floor(by0-pad)), int(math.Ceil(bx1+pad)), int(math.Ceil(by1+pad)))
	for py := iy0; py < iy1; py++ {
		for px := ix0; px < ix1; px++ {
			lx, ly := c.toLocal(float64(px)+0.5, float64(py)+0.5)
			d := sdf(lx, ly)
			var cov float64
			if soft > 0 {
				cov = 1 - smoothstep(-soft, soft, d)
			} else {
				cov = clamp01(0.5 - d)
			}
			if cov <= 0 {
				continue
			}
			c.blend((py*c.w+px)*3, col, cov*alpha)
		}
	}
}

// shade blends col with a coverage function f (0..1) over the local box.
func (c *canvas) shade(x0, y0, x1, y1 float64, f func(x, y float64) float64, col rgb, alpha float64) {
	bx0, by0, bx1, by1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range [4][2]float64{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}} {
		wx, wy := c.toWorld(p[0], p[1])
		bx0, by0 = min(bx0, wx), min(by0, wy)
		bx1, by1 = max(bx1, wx), max(by1, wy)
	}
	ix0, iy0, ix1, iy1 := c.limits(int(math.Floor(bx0)), int(math.Floor(by0)), int(math.Ceil(bx1)), int(math.Ceil(by1)))
	for py := iy0; py < iy1; py++ {
		for px := ix0; px < ix1; px++ {
			lx, ly := c.toLocal(float64(px)+0.5, float64(py)+0.5)
			if a := f(lx, ly) * alpha; a > 0 {
				c.blend((py*c.w+px)*3, col, a)
			}
		}
	}
}

// ---- signed distance functions ----

func length(x, y float64) float64 { return math.Sqrt(x*x + y*y) }

func sdBox(px, py, cx, cy, hw, hh, r float64) float64 {
	r = min(r, hw, hh)
	qx := math.Abs(px-cx) - hw + r
	qy := math.Abs(py-cy) - hh + r
	return length(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - r
}

func sdSegment(px, py, ax, ay, bx, by float64) float64 {
	pax, pay := px-ax, py-ay
	bax, bay := bx-ax, by-ay
	l2 := bax*bax + bay*bay
	h := 0.0
	if l2 > 0 {
		h = clamp01((pax*bax + pay*bay) / l2)
	}
	return length(pax-bax*h, pay-bay*h)
}

// sector describes a circular sector centred on direction phi (radians)
// with half-aperture ap; its sines and cosines are computed once.
type sector struct{ cx, cy, s, c, ss, sc float64 }

func newSector(cx, cy, phi, ap float64) sector {
	s, c := math.Sincos(phi)
	ss, sc := math.Sincos(ap)
	return sector{cx, cy, s, c, ss, sc}
}

// local maps a point into the sector's frame, folded about its axis.
func (k sector) local(px, py float64) (float64, float64) {
	dx, dy := px-k.cx, py-k.cy
	return math.Abs(-dx*k.s + dy*k.c), dx*k.c + dy*k.s
}

// arc is the distance to a stroked arc of radius ra and half-thickness rb
// with round caps.
func (k sector) arc(px, py, ra, rb float64) float64 {
	qx, qy := k.local(px, py)
	if k.sc*qx > k.ss*qy {
		return length(qx-k.ss*ra, qy-k.sc*ra) - rb
	}
	return math.Abs(length(qx, qy)-ra) - rb
}

// pie is the distance to the filled sector of radius r.
func (k sector) pie(px, py, r float64) float64 {
	qx, qy := k.local(px, py)
	l := length(qx, qy) - r
	t := max(0, min(qx*k.ss+qy*k.sc, r))
	m := length(qx-k.ss*t, qy-k.sc*t)
	if k.sc*qx-k.ss*qy < 0 {
		m = -m
	}
	return max(l, m)
}

// ---- shapes ----

func (c *canvas) rect(x, y, w, h, r float64, col rgb, a float64) {
	if w <= 0 || h <= 0 {
		return
	}
	if r <= 0 && !c.rot {
		c.box(x, y, w, h, col, a)
		return
	}
	cx, cy, hw, hh := x+w/2, y+h/2, w/2, h/2
	c.paint(x, y, x+w, y+h, func(px, py float64) float64 { return sdBox(px, py, cx, cy, hw, hh, r) }, col, a, 0)
}

// box fills an axis-aligned rectangle with exact area coverage at its edges.
func (c *canvas) box(x, y, w, h float64, col rgb, a float64) {
	x1, y1 := x+w, y+h
	ix0, iy0, ix1, iy1 := c.limits(int(math.Floor(x)), int(math.Floor(y)), int(math.Ceil(x1)), int(math.Ceil(y1)))
	for py := iy0; py < iy1; py++ {
		fy := min(float64(py+1), y1) - max(float64(py), y)
		for px := ix0; px < ix1; px++ {
			fx := min(float64(px+1), x1) - max(float64(px), x)
			c.blend((py*c.w+px)*3, col, a*fx*fy)
		}
	}
}

// frame strokes a rounded rectangle outline of width t, inside the box.
func (c *canvas) frame(x, y, w, h, r, t float64, col rgb, a float64) {
	cx, cy, hw, hh := x+w/2, y+h/2, w/2, h/2
	c.paint(x, y, x+w, y+h, func(px, py float64) float64 {
		d := sdBox(px, py, cx, cy, hw, hh, r)
		return math.Abs(d+t/2) - t/2
	}, col, a, 0)
}

// shadow is a soft drop shadow under a rounded rectangle.
func (c *canvas) shadow(x, y, w, h, r, blur float64, col rgb, a float64) {
	cx, cy, hw, hh := x+w/2, y+h/2, w/2, h/2
	c.paint(x-blur, y-blur, x+w+blur, y+h+blur, func(px, py float64) float64 { return sdBox(px, py, cx, cy, hw, hh, r) }, col, a, blur)
}

func (c *canvas) circle(cx, cy, r float64, col rgb, a float64) {
	c.paint(cx-r, cy-r, cx+r, cy+r, func(px, py float64) float64 { return length(px-cx, py-cy) - r }, col, a, 0)
}

func (c *canvas) softCircle(cx, cy, r, soft float64, col rgb, a float64) {
	c.paint(cx-r-soft, cy-r-soft, cx+r+soft, cy+r+soft, func(px, py float64) float64 { return length(px-cx, py-cy) - r }, col, a, soft)
}

func (c *canvas) ring(cx, cy, r, t float64, col rgb, a float64) {
	c.paint(cx-r-t, cy-r-t, cx+r+t, cy+r+t, func(px, py float64) float64 { return math.Abs(length(px-cx, py-cy)-r) - t/2 }, col, a, 0)
}

func (c *canvas) line(x0, y0, x1, y1, t float64, col rgb, a float64) {
	c.paint(math.Min(x0, x1)-t, math.Min(y0, y1)-t, math.Max(x0, x1)+t, math.Max(y0, y1)+t,
		func(px, py float64) float64 { return sdSegment(px, py, x0, y0, x1, y1) - t/2 }, col, a, 0)
}

// polyline strokes connected segments with round joins.
func (c *canvas) polyline(pts [][2]float64, t float64, col rgb, a float64) {
	if len(pts) < 2 {
		return
	}
	x0, y0, x1, y1 := bounds(pts)
	c.paint(x0-t, y0-t, x1+t, y1+t, func(px, py float64) float64 {
		d := math.Inf(1)
		for i := 1; i < len(pts); i++ {
			// cheap reject on the segment's box
			ax, ay, bx, by := pts[i-1][0], pts[i-1][1], pts[i][0], pts[i][1]
			if px < math.Min(ax, bx)-d || px > math.Max(ax, bx)+d || py < math.Min(ay, by)-d || py > math.Max(ay, by)+d {
				continue
			}
			d = math.Min(d, sdSegment(px, py, ax, ay, bx, by))
		}
		return d - t/2
	}, col, a, 0)
}

// arc strokes an arc from angle a0 to a1 (radians, clockwise in image space).
func (c *canvas) arc(cx, cy, r, a0, a1, t float64, col rgb, a float64) {
	k := newSector(cx, cy, (a0+a1)/2, math.Abs(a1-a0)/2)
	c.paint(cx-r-t, cy-r-t, cx+r+t, cy+r+t, func(px, py float64) float64 { return k.arc(px, py, r, t/2) }, col, a, 0)
}

// pie fills a circle sector from angle a0 to a1.
func (c *canvas) pie(cx, cy, r, a0, a1 float64, col rgb, a float64) {
	k := newSector(cx, cy, (a0+a1)/2, math.Abs(a1-a0)/2)
	c.paint(cx-r, cy-r, cx+r, cy+r, func(px, py float64) float64 { return k.pie(px, py, r) }, col, a, 0)
}

func bounds(pts [][2]float64) (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range pts {
		x0, y0 = math.Min(x0, p[0]), math.Min(y0, p[1])
		x1, y1 = math.Max(x1, p[0]), math.Max(y1, p[1])
	}
	return
}

// glow adds a soft radial light of radius R (Gaussian falloff) in the box.
// The Gaussian is separable, so it is tabulated per row and per column.
func (c *canvas) glow(cx, cy, R float64, col rgb, strength float64, x0, y0, x1, y1 int) {
	x0, y0, x1, y1 = c.limits(x0, y0, x1, y1)
	if x1 <= x0 || y1 <= y0 {
		return
	}
	inv := 1 / (R * R)
	gx := make([]float64, x1-x0)
	for px := x0; px < x1; px++ {
		dx := float64(px) + 0.5 - cx
		gx[px-x0] = math.Exp(-dx * dx * inv)
	}
	for py := y0; py < y1; py++ {
		dy := float64(py) + 0.5 - cy
		gy := strength * math.Exp(-dy*dy*inv)
		if gy < 0.002 {
			continue
		}
		for px := x0; px < x1; px++ {
			a := gy * gx[px-x0]
			if a < 0.002 {
				continue
			}
			c.blend((py*c.w+px)*3, col, a)
		}
	}
}

// heightsSS is the number of horizontal sub-samples per pixel column used by
// fillHeights for anti-aliasing steep silhouette edges.
const heightsSS = 4

// fillHeights fills everything below a silhouette down to row yMax. hs holds
// the edge's y for each sub-column (len = columns*heightsSS) starting at
// column x0, rowCol the colour per row.
func (c *canvas) fillHeights(x0 int, hs []float64, rowCol func(y int) rgb, yMax int, alpha float64) {
	cols := len(hs) / heightsSS
	lx0, ly0, lx1, ly1 := c.limits(x0, 0, x0+cols, yMax)
	yMax = ly1
	if yMax <= 0 || lx1 <= lx0 {
		return
	}
	rows := make([]rgb, yMax)
	made := make([]bool, yMax)
	at := func(y int) rgb {
		if !made[y] {
			rows[y], made[y] = rowCol(y), true
		}
		return rows[y]
	}
	for i := range cols {
		x := x0 + i
		if x < lx0 || x >= lx1 {
			continue
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		for s := range heightsSS {
			v := hs[i*heightsSS+s]
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		for y := max(int(math.Floor(lo)), ly0); y < yMax; y++ {
			cov := 1.0
			if float64(y) < hi {
				cov = 0
				for s := range heightsSS {
					cov += clamp01(float64(y) + 1 - hs[i*heightsSS+s])
				}
				cov /= heightsSS
			}
			if cov > 0 {
				c.blend((y*c.w+x)*3, at(y), cov*alpha)
			}
		}
	}
}

// mottle modulates the canvas by smooth low-frequency noise (paper tone).
func (c *canvas) mottle(r *rand.Rand, cells int, amp float64) {
	gw := cells + 2
	gh := cells*c.h/c.w + 3
	grid := make([]float64, gw*gh)
	for i := range grid {
		grid[i] = r.Float64()*2 - 1
	}
	step := float64(c.w) / float64(cells)
	for y := 0; y < c.h; y++ {
		fy := float64(y) / step
		iy := int(fy)
		ty := fy - float64(iy)
		ty = ty * ty * (3 - 2*ty)
		for x := 0; x < c.w; x++ {
			fx := float64(x) / step
			ix := int(fx)
			tx := fx - float64(ix)
			tx = tx * tx * (3 - 2*tx)
			a := lerp(grid[iy*gw+ix], grid[iy*gw+ix+1], tx)
			b := lerp(grid[(iy+1)*gw+ix], grid[(iy+1)*gw+ix+1], tx)
			f := float32(1 + amp*lerp(a, b, ty))
			i := (y*c.w + x) * 3
			c.pix[i] *= f
			c.pix[i+1] *= f
			c.pix[i+2] *= f
		}
	}
}

// meanLuma is the average lightness (approximate) inside a box.
func (c *canvas) meanLuma(x0, y0, x1, y1 int) float64 {
	x0, y0 = max(x0, 0), max(y0, 0)
	x1, y1 = min(x1, c.w), min(y1, c.h)
	sum, n := 0.0, 0
	for y := y0; y < y1; y += 2 {
		for x := x0; x < x1; x += 2 {
			i := (y*c.w + x) * 3
			sum += 0.2126*float64(c.pix[i]) + 0.7152*float64(c.pix[i+1]) + 0.0722*float64(c.pix[i+2])
			n++
		}
	}
	if n == 0 {
		return 0.5
	}
	return sum / float64(n)
}

// rgba quantises the canvas. grain adds monochrome noise of about that
// standard deviation (in 8-bit steps); dither adds ±0.5 step triangular
// noise to break up banding in gradients. Both draw from r, so output stays
// deterministic.
func (c *canvas) rgba(r *rand.Rand, grain float64, dither bool) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, c.w, c.h))
	n := c.w * c.h
	pix := c.pix[:n*3]
	out := img.Pix[:n*4]
	const u16 = 1.0 / 65536
	gs := float32(grain * math.Sqrt(6)) // the sum of two uniforms has variance 1/6
	noisy := grain > 0 || dither
	for p := range n {
		off := float32(0.5)
		if noisy {
			v := r.Uint64()
			if dither {
				off += float32(int32(v&0xffff)-int32(v>>16&0xffff)) * (u16 * 0.5)
			}
			if grain > 0 {
				off += (float32(v>>32&0xffff)+float32(v>>48))*u16*gs - gs
			}
		}
		i, o := p*3, p*4
		o4 := out[o : o+4 : o+4]
		o4[0] = quant(pix[i]*255 + off)
		o4[1] = quant(pix[i+1]*255 + off)
		o4[2] = quant(pix[i+2]*255 + off)
		o4[3] = 255
	}
	return img
}

func quant(v float32) uint8 {
	if v <= 0 {
		return 0
	}
	if v >= 255 {
		return 255
	}
	return uint8(v)
}
