package main

import (
	"math"
	"math/rand/v2"
	"path"
	"strings"
)

// drawEdu makes calm higher-education compositions: printed documents on a
// desk, a classroom board, or a workshop wall of sticky notes.
func drawEdu(c *canvas, p palette, r *rand.Rand, j job) {
	name := strings.ToLower(path.Base(j.rel))
	has := func(words ...string) bool {
		for _, w := range words {
			if strings.Contains(name, w) {
				return true
			}
		}
		return false
	}
	switch {
	case has("wall", "journey", "sticky", "map", "community"):
		stickyWall(c, p, r)
	case has("board", "session", "class", "lecture", "workshop", "present"):
		board(c, p, r)
	case has("memo", "brief", "doc", "letter"):
		documents(c, p, r, 1)
	case j.kind == kindCover:
		documents(c, p, r, 0)
	default:
		switch r.IntN(4) {
		case 0:
			board(c, p, r)
		case 1:
			stickyWall(c, p, r)
		default:
			documents(c, p, r, r.IntN(3))
		}
	}
}

// desk is a soft, warm surface for documents to lie on.
func desk(c *canvas, p palette, r *rand.Rand) {
	top := mix(p.paper, p.acc[pick(r, 0, 1, 3)], rangeF(r, 0.16, 0.26)).sat(0.8)
	bot := top.lighten(-0.05)
	H := float64(c.h)
	c.fillRows(0, 0, c.w, c.h, func(y int) rgb { return mix(top, bot, float64(y)/H) })
	c.mottle(r, 4, 0.02)
}

// documents lays printed matter on a desk: 0 an open spread, 1 a fanned
// stack of single pages, 2 a single title page.
func documents(c *canvas, p palette, r *rand.Rand, layout int) {
	desk(c, p, r)
	W, H := float64(c.w), float64(c.h)
	if layout == 0 && H > W*1.05 {
		layout = 2 // an open spread is too wide for a portrait frame
	}
	page := mix(p.paper, rgb{1, 1, 1}, 0.7)
	switch layout {
	case 0:
		pw := math.Min(W*0.42, H*0.78/1.3)
		ph := pw * 1.3
		x, y := W/2-pw, H/2-ph/2
		c.rotate(W/2, H/2, rangeF(r, -2.5, 2.5))
		c.shadow(x, y+pw*0.02, 2*pw, ph, 2, pw*0.05, p.ink, 0.28)
		c.rect(x, y, 2*pw, ph, 2, page, 1)
		kinds := []int{0, 1, 2, 3, 4}
		r.Shuffle(len(kinds), func(i, j int) { kinds[i], kinds[j] = kinds[j], kinds[i] })
		pageContent(c, p, r, x, y, pw, ph, kinds[0])
		pageContent(c, p, r, x+pw, y, pw, ph, kinds[1])
		// the fold
		g := W / 2
		c.shade(x+pw*0.8, y, x+pw*1.2, y+ph, func(px, py float64) float64 {
			return math.Exp(-sq((px-g)/(pw*0.05))) * 0.8
		}, p.ink, 0.22)
		c.unrotate()
	case 1:
		pw := math.Min(W*0.8/1.84, H*0.78/1.3)
		ph := pw * 1.3
		n := 3
		for i := range n {
			t := float64(i) - float64(n-1)/2
			cx := W/2 + t*pw*0.42
			cy := H/2 + math.Abs(t)*pw*0.03
			c.rotate(cx, cy, t*rangeF(r, 3.5, 6)+rangeF(r, -1, 1))
			x, y := cx-pw/2, cy-ph/2
			c.shadow(x, y+pw*0.015, pw, ph, 2, pw*0.04, p.ink, 0.24)
			c.rect(x, y, pw, ph, 2, page, 1)
			pageContent(c, p, r, x, y, pw, ph, (i+r.IntN(2))%5)
		}
		c.unrotate()
	default:
		pw := math.Min(W*0.72, H*0.82/1.3)
		ph := pw * 1.3
		x, y := W/2-pw/2, H/2-ph/2
		c.rotate(W/2, H/2, rangeF(r, -3, 3))
		c.shadow(x, y+pw*0.02, pw, ph, 2, pw*0.05, p.ink, 0.28)
		c.rect(x, y, pw, ph, 2, page, 1)
		pageContent(c, p, r, x, y, pw, ph, pick(r, 1, 1, 2, 3, 4))
		c.unrotate()
	}
}

// pageContent sets one printed page in local coordinates: 0 two text
// columns, 1 a cover with a colour block, 2 a picture page, 3 a chart page,
// 4 colour swatches.
func pageContent(c *canvas, p palette, r *rand.Rand, x, y, w, h float64, kind int) {
	m := w * 0.1
	lh := math.Max(2, w*0.0085) // text bar height
	lead := lh * 2.3
	iw := w - 2*m
	textCol := func(x, y, w float64, n int) float64 {
		for i := range n {
			lw := w * rangeF(r, 0.88, 1)
			if (i+1)%6 == 0 || i == n-1 {
				lw = w * rangeF(r, 0.3, 0.7)
			}
			c.rect(x, y, lw, lh, lh/2, p.ink, 0.32)
			y += lead
			if (i+1)%6 == 0 {
				y += lead * 0.6
			}
		}
		return y
	}
	heading := func(x, y, w float64) float64 {
		c.rect(x, y, w, lh*3, lh*1.5, p.ink, 0.85)
		return y + lh*6
	}
	folio := func() {
		c.rect(x+m, y+h-m*0.6, w*0.05, lh*0.9, lh*0.45, p.ink, 0.3)
	}
	switch kind {
	case 0:
		yy := heading(x+m, y+m*1.2, iw*0.7)
		c.rect(x+m, yy, iw*0.9, lh*1.5, lh*0.75, p.ink, 0.45)
		yy += lh * 5
		cw := (iw - m*0.5) / 2
		n := int((y + h - m*1.3 - yy) / lead * 0.83)
		textCol(x+m, yy, cw, n)
		textCol(x+m+cw+m*0.5, yy, cw, n-3)
		folio()
	case 1:
		bh := h * rangeF(r, 0.5, 0.62)
		col := p.acc[r.IntN(2)]
		c.rect(x, y, w, bh, 0, col, 1)
		cx, cy, R := x+w*rangeF(r, 0.55, 0.75), y+bh*rangeF(r, 0.35, 0.6), w*rangeF(r, 0.2, 0.3)
		c.paint(x, y, x+w, y+bh, func(px, py float64) float64 {
			return max(length(px-cx, py-cy)-R, sdBox(px, py, x+w/2, y+bh/2, w/2, bh/2, 0))
		}, p.acc[2], 1, 0)
		c.paint(x, y, x+w, y+bh, func(px, py float64) float64 {
			return max(math.Abs(length(px-cx+R*0.6, py-cy-R*0.5)-R*1.2)-w*0.012, sdBox(px, py, x+w/2, y+bh/2, w/2, bh/2, 0))
		}, p.paper, 0.8, 0)
		yy := y + bh + m*0.8
		c.rect(x+m, yy, iw*0.75, lh*4, lh*2, p.ink, 0.88)
		c.rect(x+m, yy+lh*6, iw*0.5, lh*4, lh*2, p.ink, 0.88)
		c.rect(x+m, yy+lh*14, iw*0.45, lh*1.4, lh*0.7, p.ink, 0.45)
		c.circle(x+w-m-lh*3, y+h-m*0.9, lh*3, col, 1)
	case 2:
		ph := h * 0.5
		picture(c, p, r, x+m, y+m, iw, ph)
		c.rect(x+m, y+m+ph+lh*3, iw*0.35, lh*1.2, lh*0.6, p.ink, 0.4)
		yy := heading(x+m, y+m+ph+lh*8, iw*0.6)
		textCol(x+m, yy, iw, int((y+h-m*1.3-yy)/lead*0.83))
		folio()
	case 3:
		yy := heading(x+m, y+m*1.2, iw*0.55)
		// three key figures
		fw := iw / 3
		for i := range 3 {
			fx := x + m + float64(i)*fw
			c.rect(fx, yy, fw*0.6, lh*5, lh*1.2, p.acc[i%3], 1)
			c.rect(fx, yy+lh*7, fw*0.75, lh, lh/2, p.ink, 0.35)
			c.rect(fx, yy+lh*9.3, fw*0.5, lh, lh/2, p.ink, 0.35)
		}
		yy += lh * 15
		chH := h * 0.3
		base := yy + chH
		n := 6
		bw := iw / float64(n) * 0.55
		for i := range n {
			bx := x + m + float64(i)*iw/float64(n) + iw/float64(n)*0.2
			bh := chH * rangeF(r, 0.3, 1)
			c.rect(bx, base-bh, bw, bh, 0, p.acc[0], 1)
		}
		c.rect(x+m, base, iw, math.Max(1, lh*0.3), 0, p.ink, 0.6)
		textCol(x+m, base+lh*4, iw, int((y+h-m*1.3-base-lh*4)/lead*0.85))
		folio()
	default:
		yy := heading(x+m, y+m*1.2, iw*0.5)
		cols := []rgb{p.acc[0], p.acc[1], p.acc[2], p.acc[3], p.ink, mix(p.paper, p.ink, 0.12)}
		sw := (iw - 2*m*0.4) / 3
		for i, col := range cols {
			sx := x + m + float64(i%3)*(sw+m*0.4)
			sy := yy + float64(i/3)*(sw*1.05+lh*8)
			c.rect(sx, sy, sw, sw*1.05, 0, col, 1)
			c.rect(sx, sy+sw*1.05+lh*2, sw*0.6, lh*1.2, lh*0.6, p.ink, 0.6)
			c.rect(sx, sy+sw*1.05+lh*4.2, sw*0.8, lh, lh/2, p.ink, 0.3)
		}
		yy += 2*(sw*1.05+lh*8) + lh*2
		c.rect(x+m, yy, iw*0.42, lh*7, lh*1.5, p.ink, 0.9)
		textCol(x+m, yy+lh*11, iw, max(0, int((y+h-m*1.3-yy-lh*11)/lead*0.85)))
		folio()
	}
}

// picture is a flat, rotation-safe landscape vignette inside a box: every
// shape is intersected with the box's distance field.
func picture(c *canvas, p palette, r *rand.Rand, x, y, w, h float64) {
	bx, by, hw, hh := x+w/2, y+h/2, w/2, h/2
	box := func(px, py float64) float64 { return sdBox(px, py, bx, by, hw, hh, 0) }
	c.rect(x, y, w, h, 0, mix(p.skyLow, p.skyTop, 0.3), 1)
	sx, sy, sr := x+w*rangeF(r, 0.25, 0.75), y+h*rangeF(r, 0.3, 0.45), h*0.1
	c.circle(sx, sy, sr, p.sun, 1)
	for i, f := range []float64{0.55, 0.8} {
		cx := x + w*rangeF(r, 0.1, 0.9)
		R := w * rangeF(r, 0.5, 0.8)
		cy := y + h*f + R*0.92
		col := mix(p.land, mix(p.skyLow, p.skyTop, 0.3), 0.55-0.45*float64(i))
		c.paint(x, y, x+w, y+h, func(px, py float64) float64 {
			return max(length(px-cx, py-cy)-R, box(px, py))
		}, col, 1, 0)
	}
}

// board is a classroom chalkboard with a few calm diagrams.
func board(c *canvas, p palette, r *rand.Rand) {
	W, H := float64(c.w), float64(c.h)
	wall := mix(p.paper, p.acc[2], 0.18)
	c.fillRows(0, 0, c.w, c.h, func(y int) rgb { return mix(wall, wall.lighten(-0.06), float64(y)/H) })
	short := math.Min(W, H)
	m := short * 0.09
	fr := short * 0.018
	bx, by, bw, bh := m, m*0.9, W-2*m, H-2*m
	green := mix(hex("#26352F"), p.acc[0], 0.2)
	frame := mix(p.paper, p.acc[2], 0.45).lighten(-0.12)
	c.shadow(bx-fr, by-fr+fr*0.6, bw+2*fr, bh+2*fr, fr*0.5, fr*1.5, p.ink, 0.3)
	c.rect(bx-fr, by-fr, bw+2*fr, bh+2*fr, fr*0.5, frame, 1)
	c.rect(bx, by, bw, bh, 0, green, 1)
	// faint erased smears
	for range 3 {
		c.shadow(bx+bw*rangeF(r, 0, 0.7), by+bh*rangeF(r, 0.1, 0.8), bw*rangeF(r, 0.2, 0.4), bh*0.08, bh*0.04, bh*0.08, rgb{1, 1, 1}, 0.04)
	}
	// chalk tray with two pieces of chalk
	c.rect(bx-fr*1.5, by+bh+fr, bw+3*fr, fr*0.9, fr*0.3, frame.lighten(-0.05), 1)
	c.rect(bx+bw*0.7, by+bh+fr*0.45, fr*3, fr*0.6, fr*0.3, p.paper, 1)
	c.rect(bx+bw*0.76, by+bh+fr*0.45, fr*2.2, fr*0.6, fr*0.3, mix(p.paper, p.acc[1], 0.5), 1)

	chalk := mix(p.paper, rgb{1, 1, 1}, 0.4)
	t := math.Max(2, short*0.004)
	ca := 0.78
	// title
	c.rect(bx+bw*0.06, by+bh*0.1, bw*0.3, t*2.4, t*1.2, chalk, ca)
	c.line(bx+bw*0.06, by+bh*0.1+t*5, bx+bw*0.36, by+bh*0.1+t*4, t, chalk, ca*0.7)

	switch r.IntN(3) {
	case 0: // five-stage process, joined by arrows
		n := 5
		cy := by + bh*0.48
		R := math.Min(bw/float64(n)*0.3, bh*0.12)
		for i := range n {
			cx := bx + bw*(0.12+0.76*float64(i)/float64(n-1))
			c.ring(cx, cy, R, t, chalk, ca)
			c.rect(cx-R*0.5, cy+R*1.5, R, t*1.4, t*0.7, chalk, ca*0.7)
			if i < n-1 {
				ax0 := cx + R*1.35
				ax1 := bx + bw*(0.12+0.76*float64(i+1)/float64(n-1)) - R*1.35
				c.line(ax0, cy, ax1, cy, t, chalk, ca)
				c.line(ax1-R*0.3, cy-R*0.22, ax1, cy, t, chalk, ca)
				c.line(ax1-R*0.3, cy+R*0.22, ax1, cy, t, chalk, ca)
			}
		}
		c.circle(bx+bw*(0.12+0.76*float64(r.IntN(n))/float64(n-1)), cy, R*0.35, mix(chalk, p.acc[1], 0.6), 0.8)
	case 1: // three overlapping circles
		cx, cy := bx+bw*0.32, by+bh*0.55
		R := math.Min(bw, bh) * 0.2
		for i := range 3 {
			a := -math.Pi/2 + float64(i)*2*math.Pi/3
			c.ring(cx+math.Cos(a)*R*0.6, cy+math.Sin(a)*R*0.6, R, t, chalk, ca)
		}
		c.circle(cx, cy, R*0.12, mix(chalk, p.acc[1], 0.6), 0.85)
		for i := range 5 {
			yy := by + bh*(0.32+0.1*float64(i))
			c.circle(bx+bw*0.62, yy+t, t*1.2, chalk, ca)
			c.rect(bx+bw*0.65, yy, bw*rangeF(r, 0.15, 0.28), t*2, t, chalk, ca*0.75)
		}
	default: // axes and a rising curve
		ox, oy := bx+bw*0.1, by+bh*0.85
		gw, gh := bw*0.5, bh*0.58
		c.line(ox, oy, ox+gw, oy, t, chalk, ca)
		c.line(ox, oy, ox, oy-gh, t, chalk, ca)
		var pts [][2]float64
		for i := 0; i <= 40; i++ {
			u := float64(i) / 40
			pts = append(pts, [2]float64{ox + gw*0.05 + gw*0.9*u, oy - gh*(0.1+0.8*smoothstep(0, 1, u)) + math.Sin(u*9)*gh*0.03})
		}
		c.polyline(pts, t*1.2, mix(chalk, p.acc[1], 0.5), 0.9)
		for i := range 6 {
			yy := by + bh*(0.3+0.09*float64(i))
			c.rect(bx+bw*0.66, yy, bw*rangeF(r, 0.12, 0.26), t*2, t, chalk, ca*0.75)
		}
	}
}

// stickyWall is a workshop wall: rows of sticky notes and a marker curve.
func stickyWall(c *canvas, p palette, r *rand.Rand) {
	W, H := float64(c.w), float64(c.h)
	wall := mix(p.paper, rgb{1, 1, 1}, 0.3)
	c.fillRows(0, 0, c.w, c.h, func(y int) rgb { return mix(wall, wall.lighten(-0.05), float64(y)/H) })
	c.mottle(r, 4, 0.015)
	short := math.Min(W, H)
	m := short * 0.08
	rows := 3 + r.IntN(2)
	note := math.Min((H-2*m)/float64(rows)*0.72, short*0.16)
	cols := int((W - 2*m - note*1.6) / (note * 1.3))
	tints := []rgb{mix(p.acc[1], rgb{1, 1, 1}, 0.35), mix(p.acc[2], rgb{1, 1, 1}, 0.35), mix(p.acc[3], rgb{1, 1, 1}, 0.4)}
	lh := math.Max(2, note*0.05)
	for row := range rows {
		y := m + (H-2*m)*float64(row)/float64(rows) + ((H-2*m)/float64(rows)-note)/2
		// row label on the left
		c.rect(m, y+note*0.35, note*1.1, lh*1.6, lh*0.8, p.ink, 0.7)
		c.rect(m, y+note*0.35+lh*3.5, note*0.8, lh*1.2, lh*0.6, p.ink, 0.35)
		tint := tints[row%len(tints)]
		for k := range cols {
			if r.Float64() < 0.18 {
				continue
			}
			x := m + note*1.6 + float64(k)*note*1.3 + rangeF(r, -0.06, 0.06)*note
			yy := y + rangeF(r, -0.06, 0.06)*note
			c.rotate(x+note/2, yy+note/2, rangeF(r, -4, 4))
			c.shadow(x, yy+note*0.03, note, note, 1, note*0.05, p.ink, 0.2)
			c.rect(x, yy, note, note, 1, tint, 1)
			c.rect(x, yy, note, note*0.08, 0, tint.lighten(-0.04), 1)
			for l := range 2 + r.IntN(2) {
				c.rect(x+note*0.12, yy+note*(0.28+0.18*float64(l)), note*rangeF(r, 0.45, 0.75), lh, lh/2, p.ink, 0.55)
			}
			c.unrotate()
		}
	}
	// a marker line across the top row
	var pts [][2]float64
	base := m * 0.55
	for i := 0; i <= 60; i++ {
		u := float64(i) / 60
		pts = append(pts, [2]float64{m + note*1.6 + (W-2*m-note*1.6)*u, base + m*0.25*math.Sin(u*7+1.3)})
	}
	c.polyline(pts, math.Max(2, short*0.004), p.acc[0], 0.85)
}
