package main

import (
	"math"
	"math/rand/v2"
	"slices"
)

// paperGround fills the canvas with a warm paper tone and a faint, smooth
// mottle (low frequency, so it costs almost nothing in a JPEG).
func paperGround(c *canvas, col rgb, r *rand.Rand) {
	c.fill(col)
	c.mottle(r, 4, 0.011)
}

// drawPoster makes an editorial composition of bold geometric shapes on
// paper; comp (any int) picks one of the five compositions.
func drawPoster(c *canvas, p palette, r *rand.Rand, comp int) {
	paperGround(c, p.paper, r)
	W, H := float64(c.w), float64(c.h)
	short := math.Min(W, H)
	m := short * rangeF(r, 0.08, 0.11)
	acc := shuffled(r, p.acc[:3])
	switch comp % 5 {
	case 0:
		posterGrid(c, p, r, acc, m)
	case 1:
		posterOrbit(c, p, r, acc, m)
	case 2:
		posterBars(c, p, r, acc, m)
	case 3:
		posterArcs(c, p, r, acc, m)
	default:
		posterDiagonal(c, p, r, acc, m)
	}
	// A small greeked title block in the top-left margin.
	bh := math.Max(3, short*0.007)
	c.rect(m, m*0.5-bh*2.4, short*0.11, bh*1.6, bh*0.8, p.ink, 0.75)
	c.rect(m, m*0.5, short*0.07, bh, bh/2, p.ink, 0.35)
}

func shuffled(r *rand.Rand, xs []rgb) []rgb {
	out := append([]rgb(nil), xs...)
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// posterGrid is a Bauhaus-style tile grid: quarter and half discs, circles
// and squares in a few colours.
func posterGrid(c *canvas, p palette, r *rand.Rand, acc []rgb, m float64) {
	W, H := float64(c.w), float64(c.h)
	k := 3 + r.IntN(2)
	cell := (math.Min(W, H) - 2*m) / float64(k)
	nx, ny := int((W-2*m)/cell), int((H-2*m)/cell)
	x0 := (W - float64(nx)*cell) / 2
	y0 := (H - float64(ny)*cell) / 2
	colors := append(slices.Clone(acc), p.ink) // acc is the caller's: never written through
	for gy := range ny {
		for gx := range nx {
			x, y := x0+float64(gx)*cell, y0+float64(gy)*cell
			fg := colors[pickWeighted(r, 5, 4, 3, 1)]
			if r.Float64() < 0.3 {
				bg := colors[r.IntN(3)]
				if bg != fg {
					c.rect(x, y, cell, cell, 0, bg, 1)
				}
			}
			s := cell
			switch pickWeighted(r, 4, 3, 2, 1, 1, 2) {
			case 0: // quarter disc from a corner
				q := r.IntN(4)
				cx, cy := x+s*float64((q+1)/2%2), y+s*float64(q/2)
				a0 := float64(q) * math.Pi / 2
				c.pie(cx, cy, s, a0, a0+math.Pi/2, fg, 1)
			case 1: // half disc on a side
				q := r.IntN(4)
				cx := x + s/2 + s/2*math.Cos(float64(q)*math.Pi/2+math.Pi)
				cy := y + s/2 + s/2*math.Sin(float64(q)*math.Pi/2+math.Pi)
				a0 := float64(q)*math.Pi/2 - math.Pi/2
				c.pie(cx, cy, s/2, a0, a0+math.Pi, fg, 1)
			case 2:
				c.circle(x+s/2, y+s/2, s*0.42, fg, 1)
			case 3:
				c.ring(x+s/2, y+s/2, s*0.32, s*0.12, fg, 1)
			case 4:
				c.rect(x+s*0.2, y+s*0.2, s*0.6, s*0.6, 0, fg, 1)
			default: // empty
			}
		}
	}
}

// posterOrbit: two large overlapping discs printed like risograph inks, a
// vertical bar and a fine line.
func posterOrbit(c *canvas, p palette, r *rand.Rand, acc []rgb, m float64) {
	W, H := float64(c.w), float64(c.h)
	short := math.Min(W, H)
	R := short * rangeF(r, 0.24, 0.3)
	cx, cy := W*rangeF(r, 0.35, 0.5), H*rangeF(r, 0.38, 0.5)
	bx := W * rangeF(r, 0.58, 0.72)
	c.rect(bx, m, short*0.09, H-2*m, 0, acc[2], 1)
	c.circle(cx, cy, R, acc[0], 1)
	c.mode = multiply
	a := rangeF(r, 0, 2*math.Pi)
	c.circle(cx+math.Cos(a)*R*0.9, cy+math.Sin(a)*R*0.9, R*0.75, acc[1], 0.9)
	c.mode = normal
	c.line(m, H-m*1.6, W-m, H-m*1.6, math.Max(2, short*0.003), p.ink, 0.8)
	c.circle(W-m-short*0.05, m+short*0.05, short*0.025, p.ink, 1)
}

// posterBars: vertical stripes of varied width with a disc over them.
func posterBars(c *canvas, p palette, r *rand.Rand, acc []rgb, m float64) {
	W, H := float64(c.w), float64(c.h)
	short := math.Min(W, H)
	n := 5 + r.IntN(4)
	ws := make([]float64, n)
	sum := 0.0
	for i := range ws {
		ws[i] = rangeF(r, 0.4, 1.6)
		sum += ws[i]
	}
	x := m
	top := m + (H-2*m)*rangeF(r, 0.0, 0.25)
	for i := range ws {
		w := ws[i] / sum * (W - 2*m)
		if i%2 == 0 || r.Float64() < 0.3 {
			h := (H - m - top) * rangeF(r, 0.55, 1)
			c.rect(x, H-m-h, w, h, 0, acc[i%3], 1)
		}
		x += w
	}
	c.mode = multiply
	R := short * rangeF(r, 0.18, 0.26)
	c.circle(W*rangeF(r, 0.3, 0.7), top+R*rangeF(r, 0.2, 0.8), R, acc[r.IntN(3)], 0.85)
	c.mode = normal
}

// posterArcs: concentric bands rising from the bottom edge, like a rainbow
// or a setting sun.
func posterArcs(c *canvas, p palette, r *rand.Rand, acc []rgb, m float64) {
	W, H := float64(c.w), float64(c.h)
	cx := W / 2
	if r.Float64() < 0.5 {
		cx = m + (W-2*m)*pick(r, 0.0, 1.0)
	}
	cy := H - m
	n := 4 + r.IntN(3)
	maxR := min((W-2*m)/2, H-2*m) * 0.95
	if cx != W/2 {
		maxR = min(W-2*m, H-2*m) * 0.95
	}
	c.clip(m, m, W-2*m, H-2*m)
	defer c.unclip()
	band := maxR / float64(n+1)
	for i := range n {
		R := maxR - float64(i)*band
		col := acc[i%3]
		if i == n-1 {
			col = p.ink
			c.pie(cx, cy, R, math.Pi, 2*math.Pi, col, 1)
			break
		}
		mid, hw := R-band*0.41, band*0.41
		c.paint(cx-R, cy-R, cx+R, cy, func(px, py float64) float64 {
			return max(math.Abs(length(px-cx, py-cy)-mid)-hw, py-cy)
		}, col, 1, 0)
	}
	c.rect(m, cy, W-2*m, math.Max(2, H*0.003), 0, p.ink, 0.85)
}

// posterDiagonal: rounded bars of different length set on a diagonal.
func posterDiagonal(c *canvas, p palette, r *rand.Rand, acc []rgb, m float64) {
	W, H := float64(c.w), float64(c.h)
	short := math.Min(W, H)
	c.rotate(W/2, H/2, pick(r, -30.0, -45.0, 30.0))
	n := 5 + r.IntN(3)
	bw := short * 0.075
	gap := bw * 0.45
	total := float64(n)*bw + float64(n-1)*gap
	y := H/2 - total/2
	for i := range n {
		l := short * rangeF(r, 0.35, 0.8)
		x := W/2 - l/2 + short*rangeF(r, -0.1, 0.1)
		col := acc[i%3]
		if r.Float64() < 0.15 {
			col = p.ink
		}
		c.rect(x, y, l, bw, bw/2, col, 1)
		y += bw + gap
	}
	c.unrotate()
	c.mode = multiply
	c.circle(W*rangeF(r, 0.25, 0.75), H*rangeF(r, 0.25, 0.75), short*0.12, acc[0], 0.6)
	c.mode = normal
}

// drawLogo sets one simple geometric mark centred on a flat ground. Variant
// v picks the mark; 0 (the cover) shows three marks in a row.
func drawLogo(c *canvas, p palette, r *rand.Rand, v int) {
	W, H := float64(c.w), float64(c.h)
	short := math.Min(W, H)
	if v == 0 {
		c.fill(p.paper)
		s := math.Min(W/4.2, H*0.5) * 0.5
		for i := range 3 {
			logoMark(c, p, W/2+float64(i-1)*s*2.6, H/2, s, i, false)
		}
		return
	}
	k := (v - 1) % 5
	dark := v%2 == 0
	if dark {
		c.fill(p.acc[0])
	} else {
		c.fill(p.paper)
	}
	logoMark(c, p, W/2, H/2, short*0.2, k, dark)
}

// logoMark draws mark k of radius-like size s centred at (cx, cy).
func logoMark(c *canvas, p palette, cx, cy, s float64, k int, onDark bool) {
	fg, bg := p.acc[0], p.paper
	a1, a2 := p.acc[1], p.acc[3]
	if onDark {
		fg, bg = p.paper, p.acc[0]
	}
	switch k {
	case 0: // bars in a disc
		c.circle(cx, cy, s, fg, 1)
		bw := s * 0.22
		for i, h := range []float64{0.45, 0.75, 1.05} {
			x := cx - s*0.5 + float64(i)*bw*1.6 - bw/2 + bw*0.3
			c.rect(x, cy+s*0.5-s*h, bw, s*h, bw/2, bg, 1)
		}
	case 1: // donut of segments
		cols := []rgb{fg, a1, a2, p.acc[2]}
		a := -math.Pi / 2
		for i, f := range []float64{0.38, 0.27, 0.2, 0.15} {
			b := a + f*2*math.Pi
			c.arc(cx, cy, s*0.72, a+0.12, b-0.12, s*0.42, cols[i], 1)
			a = b
		}
	case 2: // dot matrix, growing along the diagonal
		step := s * 0.66
		for j := range 3 {
			for i := range 3 {
				rad := s * (0.12 + 0.06*float64(i+j))
				col := fg
				if i == 2 && j == 2 {
					col = a2
				}
				c.circle(cx+float64(i-1)*step, cy+float64(j-1)*step, rad, col, 1)
			}
		}
	case 3: // three nodes joined
		pts := [][2]float64{{cx - s*0.7, cy + s*0.5}, {cx, cy - s*0.75}, {cx + s*0.7, cy + s*0.5}}
		c.polyline(append(pts, pts[0]), s*0.14, fg, 1)
		for i, q := range pts {
			col := fg
			if i == 1 {
				col = a2
			}
			c.circle(q[0], q[1], s*0.26, col, 1)
		}
	default: // stepped bars forming a rising mark
		for i := range 4 {
			w := s * (0.7 + 0.35*float64(i))
			c.rect(cx-s, cy-s+float64(i)*s*0.52, w, s*0.38, s*0.19, fg, 1)
		}
		c.circle(cx+s*0.75, cy-s*0.8, s*0.2, a2, 1)
	}
}
