package main

import (
	"math"
	"math/rand/v2"
	"path"
	"strings"
)

// ui draws flat interface screens. Layouts are written in design units for a
// 1440-unit-wide desktop (or 390-unit-wide phone) screen and scaled by s to
// the pixel box at (x, y).
type ui struct {
	c    *canvas
	p    palette
	r    *rand.Rand
	x, y float64
	s    float64
	dw   float64 // design width
	dh   float64 // design height

	bg, surface, border, ink, primary, soft, white rgb
	acc                                            [4]rgb
}

func newUI(c *canvas, p palette, r *rand.Rand, x, y, w, h, designWidth float64) *ui {
	s := w / designWidth
	white := rgb{1, 1, 1}
	u := &ui{c: c, p: p, r: r, x: x, y: y, s: s, dw: designWidth, dh: h / s, acc: p.acc, white: white}
	u.bg = mix(p.paper, white, 0.35)
	u.surface = mix(p.paper, white, 0.88)
	u.border = mix(u.bg, p.ink, 0.1)
	u.ink = p.ink
	u.primary = p.acc[0]
	u.soft = mix(u.surface, u.primary, 0.12)
	return u
}

func (u *ui) X(v float64) float64 { return u.x + v*u.s }
func (u *ui) Y(v float64) float64 { return u.y + v*u.s }

func (u *ui) rect(x, y, w, h, r float64, col rgb, a float64) {
	u.c.rect(u.X(x), u.Y(y), w*u.s, h*u.s, r*u.s, col, a)
}

func (u *ui) outline(x, y, w, h, r, t float64, col rgb, a float64) {
	u.c.frame(u.X(x), u.Y(y), w*u.s, h*u.s, r*u.s, math.Max(1, t*u.s), col, a)
}

func (u *ui) dot(cx, cy, r float64, col rgb, a float64) {
	u.c.circle(u.X(cx), u.Y(cy), r*u.s, col, a)
}

func (u *ui) ring(cx, cy, r, t float64, col rgb, a float64) {
	u.c.ring(u.X(cx), u.Y(cy), r*u.s, math.Max(1, t*u.s), col, a)
}

func (u *ui) line(x0, y0, x1, y1, t float64, col rgb, a float64) {
	u.c.line(u.X(x0), u.Y(y0), u.X(x1), u.Y(y1), math.Max(1, t*u.s), col, a)
}

// bar is a line of greeked text: a rounded bar of height h.
func (u *ui) bar(x, y, w, h float64, col rgb, a float64) { u.rect(x, y, w, h, h/2, col, a) }

// text is greeked body copy: n lines of width w, the last one shorter.
// It returns the y below the paragraph.
func (u *ui) text(x, y, w float64, n int, h, lead float64, a float64) float64 {
	for i := range n {
		lw := w * rangeF(u.r, 0.86, 1)
		if i == n-1 && n > 1 {
			lw = w * rangeF(u.r, 0.35, 0.7)
		}
		u.bar(x, y, lw, h, u.ink, a)
		y += lead
	}
	return y
}

// centredText is like text but each line is centred on cx.
func (u *ui) centredText(cx, y, w float64, n int, h, lead, a float64) float64 {
	for i := range n {
		lw := w * rangeF(u.r, 0.85, 1)
		if i == n-1 && n > 1 {
			lw = w * rangeF(u.r, 0.45, 0.7)
		}
		u.bar(cx-lw/2, y, lw, h, u.ink, a)
		y += lead
	}
	return y
}

func (u *ui) card(x, y, w, h, r float64) {
	u.rect(x, y, w, h, r, u.surface, 1)
	u.outline(x, y, w, h, r, 1.2, u.border, 1)
}

func (u *ui) button(x, y, w, h float64, filled bool) {
	if filled {
		u.rect(x, y, w, h, h/2, u.primary, 1)
		u.bar(x+w/2-w*0.28, y+h/2-h*0.11, w*0.56, h*0.22, u.white, 0.95)
		return
	}
	u.outline(x, y, w, h, h/2, 1.5, mix(u.border, u.ink, 0.25), 1)
	u.bar(x+w/2-w*0.28, y+h/2-h*0.11, w*0.56, h*0.22, u.ink, 0.6)
}

// icon is a tinted disc with a small glyph.
func (u *ui) icon(cx, cy, r float64, col rgb, glyph int) {
	u.dot(cx, cy, r, mix(u.surface, col, 0.22), 1)
	switch glyph % 4 {
	case 0:
		u.dot(cx, cy, r*0.32, col, 1)
	case 1:
		u.rect(cx-r*0.32, cy-r*0.32, r*0.64, r*0.64, r*0.12, col, 1)
	case 2:
		u.ring(cx, cy, r*0.32, r*0.14, col, 1)
	default:
		u.rect(cx-r*0.38, cy-r*0.08, r*0.76, r*0.16, r*0.08, col, 1)
		u.rect(cx-r*0.08, cy-r*0.38, r*0.16, r*0.76, r*0.08, col, 1)
	}
}

func (u *ui) check(cx, cy, r float64, col rgb) {
	u.dot(cx, cy, r, col, 1)
	t := r * 0.2
	u.c.polyline([][2]float64{{u.X(cx - r*0.42), u.Y(cy)}, {u.X(cx - r*0.1), u.Y(cy + r*0.32)}, {u.X(cx + r*0.45), u.Y(cy - r*0.3)}}, t*u.s, u.white, 1)
}

// nav is the site's top bar.
func (u *ui) nav(h float64) {
	u.rect(0, 0, u.dw, h, 0, u.surface, 1)
	u.rect(0, h-1, u.dw, 1, 0, u.border, 1)
	m := u.dw * 0.055
	u.dot(m+14, h/2, 14, u.primary, 1)
	u.bar(m+38, h/2-6, 120, 12, u.ink, 0.85)
	if u.dw < 600 {
		for i := range 3 {
			u.rect(u.dw-m-24, h/2-8+float64(i)*7, 24, 2.5, 1.2, u.ink, 0.7)
		}
		return
	}
	x := u.dw*0.5 - 170
	for i := range 4 {
		w := rangeF(u.r, 56, 84)
		a := 0.45
		if i == 1 {
			a = 0.8
		}
		u.bar(x, h/2-5, w, 10, u.ink, a)
		x += w + 36
	}
	u.button(u.dw-m-150, h/2-20, 150, 40, true)
}

// illustration is a flat picture block: sky tint, a disc, two soft hills.
func (u *ui) illustration(x, y, w, h, r float64, col rgb) {
	u.rect(x, y, w, h, r, mix(u.surface, col, 0.28), 1)
	u.c.clip(u.X(x), u.Y(y), w*u.s, h*u.s)
	u.dot(x+w*rangeF(u.r, 0.6, 0.8), y+h*0.32, math.Min(w, h)*0.12, mix(u.surface, u.acc[1], 0.75), 1)
	u.dot(x+w*0.25, y+h*1.25, h*0.75, mix(u.surface, col, 0.55), 1)
	u.dot(x+w*0.85, y+h*1.45, h*0.85, mix(u.surface, col, 0.8), 1)
	u.c.unclip()
	u.cornerMask(x, y, w, h, r, u.surface)
}

// cornerMask paints bg outside a rounded box (within its bounds), restoring
// rounded corners after clipped drawing.
func (u *ui) cornerMask(x, y, w, h, r float64, bg rgb) {
	X, Y, W, H, R := u.X(x), u.Y(y), w*u.s, h*u.s, r*u.s
	cx, cy := X+W/2, Y+H/2
	for _, q := range [4][2]float64{{X, Y}, {X + W - R, Y}, {X, Y + H - R}, {X + W - R, Y + H - R}} {
		u.c.clip(q[0], q[1], R, R)
		u.c.paint(q[0], q[1], q[0]+R, q[1]+R, func(px, py float64) float64 {
			return -sdBox(px, py, cx, cy, W/2, H/2, R)
		}, bg, 1, 0)
	}
	u.c.unclip()
}

func (u *ui) title(x, y float64, w float64) float64 {
	u.bar(x, y, w, 30, u.ink, 0.9)
	return y + 52
}

// screenVariant picks a screen from a file name's keywords, falling back to
// its position among the project's screenshots.
func screenVariant(rel string, index int) int {
	name := strings.ToLower(path.Base(rel))
	keys := []string{"start|welcome|intro|landing|home", "menu|nav", "concept|overview|grid|cards", "question|quiz|survey|step",
		"result|score|chart|report", "guid|detail|article", "resource|list|link", "dash|admin|analytic", "form|login|sign|setting"}
	for i, k := range keys {
		for _, w := range strings.Split(k, "|") {
			if strings.Contains(name, w) {
				return i
			}
		}
	}
	return index % len(keys)
}

// drawScreen paints desktop screen v into the pixel box (x, y, w, h).
func drawScreen(c *canvas, p palette, r *rand.Rand, x, y, w, h float64, v int) {
	u := newUI(c, p, r, x, y, w, h, 1440)
	c.clip(x, y, w, h)
	defer c.unclip()
	u.rect(0, 0, u.dw, u.dh+1, 0, u.bg, 1)
	switch v % 9 {
	case 0:
		u.screenStart()
	case 1:
		u.screenMenu()
	case 2:
		u.screenConcepts()
	case 3:
		u.screenQuestion()
	case 4:
		u.screenResults()
	case 5:
		u.screenGuidance()
	case 6:
		u.screenResources()
	case 7:
		u.screenDashboard()
	default:
		u.screenForm()
	}
}

func (u *ui) screenStart() {
	u.nav(72)
	cx := u.dw / 2
	u.rect(cx-110, 170, 220, 32, 16, u.soft, 1)
	u.bar(cx-70, 181, 140, 10, u.primary, 0.9)
	u.bar(cx-390, 236, 780, 40, u.ink, 0.9)
	u.bar(cx-280, 292, 560, 40, u.ink, 0.9)
	u.centredText(cx, 376, 640, 3, 13, 28, 0.4)
	u.ring(cx-170, 484, 10, 2.5, u.ink, 0.5)
	u.bar(cx-150, 479, 130, 10, u.ink, 0.45)
	u.ring(cx+20, 484, 10, 2.5, u.ink, 0.5)
	u.bar(cx+40, 479, 140, 10, u.ink, 0.45)
	u.button(cx-150, 540, 300, 60, true)
	u.bar(cx-90, 630, 180, 10, u.primary, 0.7)
	// five concepts, joined
	y := 760.0
	u.line(cx-320, y, cx+320, y, 3, u.border, 1)
	for i := range 5 {
		px := cx - 320 + float64(i)*160
		u.dot(px, y, 36, u.surface, 1)
		u.ring(px, y, 36, 2, u.border, 1)
		u.icon(px, y, 26, u.acc[i%4], i)
	}
}

func (u *ui) status(x, y float64, k int) {
	cols := []rgb{u.acc[2], u.primary, u.ink}
	w := []float64{104, 118, 112}[k]
	a := []float64{0.22, 0.14, 0.07}[k]
	u.rect(x-w, y, w, 28, 14, mix(u.surface, cols[k], 1), a)
	u.dot(x-w+16, y+14, 4.5, cols[k], 0.9)
	u.bar(x-w+28, y+9, w-44, 10, cols[k], 0.7)
}

func (u *ui) screenMenu() {
	u.nav(72)
	m := 120.0
	y := u.title(m, 128, 420)
	u.text(m, y, 640, 2, 12, 26, 0.4)
	// overall progress
	u.bar(u.dw-m-320, 132, 150, 11, u.ink, 0.55)
	u.rect(u.dw-m-320, 160, 320, 10, 5, u.border, 1)
	u.rect(u.dw-m-320, 160, 320*0.4, 10, 5, u.primary, 1)

	cw := (u.dw - 2*m - 2*24) / 3
	ch := 236.0
	states := []int{0, 0, 1, 2, 2}
	for i := range 6 {
		x := m + float64(i%3)*(cw+24)
		yy := 270 + float64(i/3)*(ch+24)
		if i == 5 {
			u.rect(x, yy, cw, ch, 16, mix(u.bg, u.ink, 0.035), 1)
			u.rect(x+cw/2-14, yy+ch/2-30, 28, 24, 5, u.ink, 0.25)
			u.ring(x+cw/2, yy+ch/2-32, 9, 3, u.ink, 0.25)
			u.bar(x+cw/2-80, yy+ch/2+14, 160, 11, u.ink, 0.3)
			continue
		}
		u.card(x, yy, cw, ch, 16)
		u.icon(x+52, yy+52, 28, u.acc[i%4], i)
		u.status(x+cw-24, yy+38, states[i])
		u.bar(x+28, yy+104, rangeF(u.r, 180, 250), 18, u.ink, 0.85)
		u.text(x+28, yy+140, cw-56, 2, 10, 22, 0.35)
		f := []float64{1, 0.5, 0}[states[i]]
		u.rect(x+28, yy+ch-36, cw-56, 8, 4, u.border, 1)
		if f > 0 {
			u.rect(x+28, yy+ch-36, (cw-56)*f, 8, 4, u.acc[i%4], 1)
		}
	}
}

func (u *ui) screenConcepts() {
	u.nav(72)
	m := 80.0
	y := u.title(m, 124, 460)
	u.text(m, y, 700, 1, 12, 26, 0.4)
	gap := 20.0
	cw := (u.dw - 2*m - 4*gap) / 5
	for i := range 5 {
		x := m + float64(i)*(cw+gap)
		yy := 240.0
		col := u.acc[i%4]
		u.card(x, yy, cw, 560, 16)
		u.rect(x, yy, cw, 150, 16, mix(u.surface, col, 0.18), 1)
		u.rect(x, yy+134, cw, 16, 0, mix(u.surface, col, 0.18), 1)
		u.icon(x+44, yy+48, 24, col, i)
		u.bar(x+20, yy+92, cw*rangeF(u.r, 0.55, 0.8), 16, u.ink, 0.85)
		u.bar(x+20, yy+118, cw*0.4, 10, u.ink, 0.35)
		for k := range 3 {
			ry := yy + 178 + float64(k)*124
			u.dot(x+30, ry+10, 10, col, 0.9)
			u.bar(x+52, ry+4, cw*rangeF(u.r, 0.45, 0.65), 12, u.ink, 0.75)
			u.text(x+20, ry+34, cw-40, 3, 9, 19, 0.3)
			if k < 2 {
				u.rect(x+20, ry+108, cw-40, 1.2, 0, u.border, 1)
			}
		}
	}
}

func (u *ui) screenQuestion() {
	u.nav(72)
	x0, x1 := 300.0, u.dw-300
	u.bar(x0, 112, 150, 11, u.ink, 0.55)
	u.bar(x1-50, 112, 50, 11, u.ink, 0.55)
	u.rect(x0, 136, x1-x0, 10, 5, u.border, 1)
	u.rect(x0, 136, (x1-x0)*0.42, 10, 5, u.primary, 1)
	for i := 1; i < 5; i++ {
		u.dot(x0+(x1-x0)*float64(i)/5, 141, 3, u.surface, 1)
	}
	cx, cw := x0, x1-x0
	y := 186.0
	u.card(cx, y, cw, 630, 20)
	u.bar(cx+48, y+48, 150, 11, u.acc[1], 0.9)
	u.bar(cx+48, y+80, cw*0.78, 28, u.ink, 0.88)
	u.bar(cx+48, y+122, cw*0.5, 28, u.ink, 0.88)
	for i := range 4 {
		oy := y + 190 + float64(i)*74
		ox, ow := cx+48, cw-96
		if i == 1 {
			u.rect(ox, oy, ow, 60, 12, u.soft, 1)
			u.outline(ox, oy, ow, 60, 12, 2, u.primary, 1)
			u.dot(ox+32, oy+30, 12, u.primary, 1)
			u.dot(ox+32, oy+30, 4.5, u.white, 1)
		} else {
			u.outline(ox, oy, ow, 60, 12, 1.5, u.border, 1)
			u.ring(ox+32, oy+30, 11, 2, mix(u.border, u.ink, 0.3), 1)
		}
		u.bar(ox+60, oy+24, ow*rangeF(u.r, 0.3, 0.6), 12, u.ink, 0.7)
	}
	u.icon(cx+60, y+498, 12, u.ink, 3)
	u.bar(cx+82, y+492, 180, 11, u.ink, 0.5)
	u.button(cx+48, y+540, 130, 48, false)
	u.button(cx+cw-48-170, y+540, 170, 48, true)
}

func (u *ui) screenResults() {
	u.nav(72)
	m := 120.0
	y := u.title(m, 124, 380)
	u.text(m, y, 620, 1, 12, 26, 0.4)
	cx, cy, cw, ch := m, 240.0, 760.0, 560.0
	u.card(cx, cy, cw, ch, 18)
	u.bar(cx+36, cy+36, 220, 16, u.ink, 0.85)
	base := cy + ch - 80
	top := cy + 110
	for i := range 5 {
		gy := top + float64(i)*(base-top)/4
		u.rect(cx+36, gy, cw-72, 1.2, 0, u.border, 1)
	}
	vals := []float64{0.82, 0.64, 0.91, 0.38, 0.7}
	u.r.Shuffle(len(vals), func(i, j int) { vals[i], vals[j] = vals[j], vals[i] })
	slot := (cw - 72) / 5
	for i, v := range vals {
		bx := cx + 36 + float64(i)*slot + slot*0.25
		bw := slot * 0.5
		bh := (base - top) * v
		col := u.primary
		if v < 0.5 {
			col = u.acc[3]
		}
		u.rect(bx, base-bh, bw, bh, 10, col, 1)
		u.rect(bx, base-10, bw, 10, 0, col, 1)
		u.bar(bx+bw*0.2, base-bh-26, bw*0.6, 11, u.ink, 0.6)
		u.bar(bx-4, base+22, bw+8, 10, u.ink, 0.45)
	}
	// summary
	sx, sw := cx+cw+24, u.dw-m-(cx+cw+24)
	u.card(sx, cy, sw, ch, 18)
	u.bar(sx+32, cy+36, 140, 16, u.ink, 0.85)
	yy := cy + 86
	for i := range 3 {
		u.check(sx+44, yy+10, 12, u.acc[2])
		u.text(sx+68, yy+4, sw-110, 2, 10, 20, 0.4)
		yy += 64
		_ = i
	}
	u.rect(sx+32, yy, sw-64, 1.2, 0, u.border, 1)
	yy += 26
	for range 2 {
		u.dot(sx+44, yy+10, 12, u.acc[3], 1)
		u.rect(sx+42.5, yy+3, 3, 9, 1.5, u.white, 1)
		u.dot(sx+44, yy+16, 1.8, u.white, 1)
		u.text(sx+68, yy+4, sw-110, 2, 10, 20, 0.4)
		yy += 64
	}
	u.button(sx+32, cy+ch-76, sw-64, 48, false)
}

func (u *ui) screenGuidance() {
	u.nav(72)
	u.rect(0, 72, 300, u.dh, 0, u.surface, 1)
	u.rect(299, 72, 1.2, u.dh, 0, u.border, 1)
	u.bar(32, 112, 120, 11, u.ink, 0.45)
	for i := range 5 {
		y := 144 + float64(i)*54
		if i == 1 {
			u.rect(20, y, 260, 44, 10, u.soft, 1)
			u.rect(20, y+10, 4, 24, 2, u.primary, 1)
		}
		u.dot(48, y+22, 6, u.acc[i%4], 1)
		u.bar(66, y+17, rangeF(u.r, 110, 170), 10, u.ink, 0.7)
	}
	x := 380.0
	w := u.dw - x - 140
	u.bar(x, 112, 200, 10, u.ink, 0.35)
	u.bar(x, 144, 460, 34, u.ink, 0.9)
	u.rect(x, 200, 150, 28, 14, mix(u.surface, u.acc[3], 0.25), 1)
	u.bar(x+18, 209, 114, 10, u.acc[3], 0.8)
	u.text(x, 252, w*0.8, 2, 12, 26, 0.4)
	y := 330.0
	for i := range 4 {
		u.dot(x+20, y+20, 20, u.primary, 1)
		u.bar(x+14, y+15, 12, 10, u.white, 0.95)
		u.bar(x+60, y+10, rangeF(u.r, 280, 460), 16, u.ink, 0.85)
		u.text(x+60, y+42, w-60, 2, 10, 21, 0.35)
		y += 100
		if i < 3 {
			u.rect(x+60, y-20, w-60, 1.2, 0, u.border, 1)
		}
	}
	u.rect(x, y+4, w, 92, 14, mix(u.surface, u.acc[2], 0.18), 1)
	u.icon(x+44, y+50, 20, u.acc[2], 1)
	u.text(x+80, y+32, w-120, 2, 10, 22, 0.45)
}

func (u *ui) screenResources() {
	u.nav(72)
	m := 120.0
	u.title(m, 124, 360)
	u.rect(m, 190, 520, 52, 12, u.surface, 1)
	u.outline(m, 190, 520, 52, 12, 1.5, u.border, 1)
	u.ring(m+28, 214, 9, 2.5, u.ink, 0.45)
	u.line(m+35, 221, m+41, 227, 2.5, u.ink, 0.45)
	u.bar(m+52, 211, 180, 10, u.ink, 0.3)
	x := m + 548
	for i := range 5 {
		w := rangeF(u.r, 90, 130)
		if i == 0 {
			u.rect(x, 199, w, 36, 18, u.primary, 1)
			u.bar(x+18, 212, w-36, 10, u.white, 0.95)
		} else {
			u.outline(x, 199, w, 36, 18, 1.5, u.border, 1)
			u.bar(x+18, 212, w-36, 10, u.ink, 0.55)
		}
		x += w + 12
	}
	gw := (u.dw - 2*m - 24) / 2
	for g := range 4 {
		gx := m + float64(g%2)*(gw+24)
		gy := 276 + float64(g/2)*290
		u.card(gx, gy, gw, 270, 16)
		u.dot(gx+36, gy+38, 7, u.acc[g%4], 1)
		u.bar(gx+54, gy+31, rangeF(u.r, 150, 230), 14, u.ink, 0.85)
		for k := range 3 {
			ry := gy + 76 + float64(k)*62
			u.rect(gx+28, ry, 44, 44, 10, mix(u.surface, u.acc[g%4], 0.2), 1)
			u.rect(gx+42, ry+12, 16, 20, 3, u.acc[g%4], 0.8)
			u.bar(gx+88, ry+8, rangeF(u.r, 180, 300), 12, u.ink, 0.75)
			u.bar(gx+88, ry+28, rangeF(u.r, 120, 200), 9, u.primary, 0.5)
			ax := gx + gw - 48
			u.line(ax, ry+30, ax+14, ry+16, 2.5, u.ink, 0.45)
			u.line(ax+5, ry+16, ax+14, ry+16, 2.5, u.ink, 0.45)
			u.line(ax+14, ry+16, ax+14, ry+25, 2.5, u.ink, 0.45)
			if k < 2 {
				u.rect(gx+28, ry+53, gw-56, 1.2, 0, u.border, 1)
			}
		}
	}
}

func (u *ui) screenDashboard() {
	side := 232.0
	u.rect(0, 0, side, u.dh+1, 0, u.ink, 1)
	u.dot(40, 44, 14, u.acc[1], 1)
	u.bar(64, 38, 100, 12, u.surface, 0.85)
	for i := range 6 {
		y := 110 + float64(i)*48
		if i == 0 {
			u.rect(16, y-12, side-32, 40, 10, u.surface, 0.1)
		}
		u.rect(36, y, 16, 16, 4, u.surface, 0.5)
		u.bar(64, y+3, rangeF(u.r, 70, 120), 10, u.surface, 0.55)
	}
	x0 := side + 40
	w := u.dw - x0 - 40
	u.bar(x0, 40, 260, 24, u.ink, 0.88)
	u.rect(u.dw-40-260, 32, 200, 40, 20, u.surface, 1)
	u.outline(u.dw-40-260, 32, 200, 40, 20, 1.2, u.border, 1)
	u.dot(u.dw-40-20, 52, 20, u.acc[2], 1)
	kw := (w - 3*20) / 4
	for i := range 4 {
		kx := x0 + float64(i)*(kw+20)
		u.card(kx, 104, kw, 130, 14)
		u.bar(kx+24, 128, 100, 10, u.ink, 0.45)
		u.bar(kx+24, 156, rangeF(u.r, 90, 130), 28, u.ink, 0.88)
		pts := make([][2]float64, 8)
		for k := range pts {
			pts[k] = [2]float64{u.X(kx + kw - 120 + float64(k)*13), u.Y(200 - 30*u.r.Float64())}
		}
		u.c.polyline(pts, 2.5*u.s, u.acc[i%4], 1)
	}
	cw := w*0.66 - 10
	u.card(x0, 258, cw, 380, 14)
	u.bar(x0+28, 284, 180, 14, u.ink, 0.85)
	base, top := 600.0, 340.0
	for k := range 4 {
		u.rect(x0+28, top+float64(k)*(base-top)/3, cw-56, 1.2, 0, u.border, 1)
	}
	n := 24
	hs := make([]float64, 0)
	var pts [][2]float64
	v := 0.5
	for k := 0; k <= n; k++ {
		v = clamp01(v + rangeF(u.r, -0.15, 0.17))
		px := x0 + 28 + (cw-56)*float64(k)/float64(n)
		pts = append(pts, [2]float64{u.X(px), u.Y(base - (base-top)*(0.15+0.75*v))})
	}
	// area under the line
	X0 := int(math.Round(pts[0][0]))
	X1 := int(math.Round(pts[n][0]))
	for i := 0; i < (X1-X0)*heightsSS; i++ {
		xx := float64(X0) + (float64(i)+0.5)/heightsSS
		k := int((xx - pts[0][0]) / (pts[n][0] - pts[0][0]) * float64(n))
		k = min(max(k, 0), n-1)
		t := (xx - pts[k][0]) / (pts[k+1][0] - pts[k][0])
		hs = append(hs, lerp(pts[k][1], pts[k+1][1], t))
	}
	u.c.fillHeights(X0, hs, func(int) rgb { return u.primary }, int(u.Y(base)), 0.12)
	u.c.polyline(pts, 3*u.s, u.primary, 1)
	dx := x0 + cw + 20
	dw := w - cw - 20
	u.card(dx, 258, dw, 380, 14)
	u.bar(dx+28, 284, 120, 14, u.ink, 0.85)
	ccx, ccy, rr := dx+dw/2, 450.0, 95.0
	a := -math.Pi / 2
	for i, f := range []float64{0.42, 0.28, 0.18, 0.12} {
		b := a + f*2*math.Pi
		u.c.arc(u.X(ccx), u.Y(ccy), rr*u.s, a+0.09, b-0.09, 26*u.s, u.acc[i], 1)
		a = b
	}
	u.bar(ccx-40, ccy-12, 80, 24, u.ink, 0.85)
	u.card(x0, 662, w, 300, 14)
	for k := range 5 {
		y := 700 + float64(k)*52
		u.dot(x0+44, y+10, 14, u.acc[k%4], 0.3)
		u.bar(x0+72, y+4, 200, 12, u.ink, 0.7)
		u.bar(x0+w*0.45, y+4, 120, 12, u.ink, 0.4)
		u.rect(x0+w*0.7, y, 90, 24, 12, mix(u.surface, u.acc[(k+2)%4], 0.25), 1)
		u.bar(x0+w-120, y+4, 70, 12, u.ink, 0.5)
	}
}

func (u *ui) screenForm() {
	pw := u.dw * 0.42
	u.rect(0, 0, pw, u.dh+1, 0, u.primary, 1)
	u.dot(pw*0.8, u.dh*0.25, 150, u.acc[1], 0.9)
	u.dot(pw*0.2, u.dh*0.95, 220, mix(u.primary, u.white, 0.15), 1)
	u.dot(80, 60, 14, u.surface, 1)
	u.bar(104, 54, 110, 12, u.surface, 0.9)
	u.bar(80, u.dh*0.5, pw*0.62, 36, u.surface, 0.95)
	u.bar(80, u.dh*0.5+56, pw*0.45, 36, u.surface, 0.95)
	u.bar(80, u.dh*0.5+130, pw*0.55, 11, u.surface, 0.6)
	u.bar(80, u.dh*0.5+156, pw*0.4, 11, u.surface, 0.6)
	x := pw + (u.dw-pw)/2 - 230
	w := 460.0
	y := u.dh/2 - 300
	u.bar(x, y, 260, 30, u.ink, 0.9)
	u.bar(x, y+50, 340, 11, u.ink, 0.4)
	y += 110
	for i := range 4 {
		u.bar(x, y, rangeF(u.r, 90, 150), 10, u.ink, 0.6)
		u.rect(x, y+22, w, 50, 10, u.surface, 1)
		col := u.border
		if i == 1 {
			col = u.primary
		}
		u.outline(x, y+22, w, 50, 10, 1.5, col, 1)
		if i == 0 || i == 1 {
			u.bar(x+18, y+42, rangeF(u.r, 120, 220), 10, u.ink, 0.65)
		}
		y += 96
	}
	u.rect(x, y, 20, 20, 5, u.primary, 1)
	u.bar(x+34, y+5, 240, 10, u.ink, 0.5)
	u.button(x, y+52, w, 54, true)
}

// drawPhone paints a phone with a simple mobile screen, its outer box at
// (x, y, w, h) in pixels.
func drawPhone(c *canvas, p palette, r *rand.Rand, x, y, w, h float64, v int) {
	c.shadow(x, y+w*0.04, w, h, w*0.14, w*0.08, p.ink, 0.22)
	c.rect(x, y, w, h, w*0.14, p.ink, 1)
	b := w * 0.035
	sx, sy, sw, sh := x+b, y+b, w-2*b, h-2*b
	c.rect(sx, sy, sw, sh, w*0.11, mix(p.paper, rgb{1, 1, 1}, 0.35), 1)
	u := newUI(c, p, r, sx, sy, sw, sh, 390)
	c.clip(sx, sy, sw, sh)
	u.bar(28, 18, 40, 11, u.ink, 0.8)
	u.rect(390-28-34, 18, 34, 12, 4, u.ink, 0.7)
	u.rect(390/2-55, 12, 110, 30, 15, u.ink, 1) // camera island
	u.bar(24, 72, 150, 22, u.ink, 0.88)
	u.dot(390-44, 82, 18, u.acc[1], 1)
	y0 := 116.0
	if v%3 == 2 {
		u.card(20, y0, 350, 250, 18)
		a := -math.Pi / 2
		for i, f := range []float64{0.46, 0.3, 0.24} {
			b := a + f*2*math.Pi
			c.arc(u.X(110), u.Y(y0+125), 62*u.s, a+0.1, b-0.1, 18*u.s, u.acc[i], 1)
			a = b
		}
		for i := range 3 {
			ly := y0 + 70 + float64(i)*44
			u.dot(206, ly+6, 6, u.acc[i], 1)
			u.bar(222, ly, rangeF(r, 70, 110), 12, u.ink, 0.7)
			u.bar(222, ly+20, 50, 8, u.ink, 0.35)
		}
		y0 += 270
	} else if v%2 == 0 {
		u.illustration(20, y0, 350, 200, 18, u.primary)
		u.bar(20, y0+220, 220, 16, u.ink, 0.85)
		u.text(20, y0+250, 330, 2, 10, 20, 0.4)
		y0 += 310
	} else {
		u.rect(20, y0, 350, 44, 22, u.surface, 1)
		u.outline(20, y0, 350, 44, 22, 1.2, u.border, 1)
		u.bar(48, y0+17, 140, 10, u.ink, 0.3)
		y0 += 64
		for i := range 2 {
			cx := 20 + float64(i)*180
			u.card(cx, y0, 170, 150, 16)
			u.icon(cx+36, y0+36, 20, u.acc[i+1], i)
			u.bar(cx+18, y0+80, 100, 14, u.ink, 0.8)
			u.bar(cx+18, y0+104, 120, 9, u.ink, 0.35)
		}
		y0 += 172
	}
	for i := range 5 {
		ry := y0 + float64(i)*72
		u.card(20, ry, 350, 60, 14)
		u.icon(52, ry+30, 18, u.acc[i%4], i)
		u.bar(82, ry+18, rangeF(r, 120, 190), 12, u.ink, 0.75)
		u.bar(82, ry+36, rangeF(r, 80, 140), 9, u.ink, 0.35)
		u.line(340, ry+24, 346, ry+30, 2.2, u.ink, 0.4)
		u.line(346, ry+30, 340, ry+36, 2.2, u.ink, 0.4)
	}
	th := 84.0
	u.rect(0, u.dh-th, 390, th, 0, u.surface, 1)
	u.rect(0, u.dh-th, 390, 1.2, 0, u.border, 1)
	for i := range 4 {
		cx := 390 * (float64(i) + 0.5) / 4
		col, a := u.ink, 0.35
		if i == 0 {
			col, a = u.primary, 1
		}
		u.rect(cx-11, u.dh-th+20, 22, 22, 6, col, a)
		u.bar(cx-18, u.dh-th+50, 36, 8, col, a)
	}
	u.bar(390/2-65, u.dh-14, 130, 5, u.ink, 0.8)
	c.unclip()
}

// drawBrowser paints a browser window at (x, y, w, h) showing screen v.
func drawBrowser(c *canvas, p palette, r *rand.Rand, x, y, w, h float64, v int) {
	rad := w * 0.012
	c.shadow(x, y+w*0.012, w, h, rad, w*0.03, p.ink, 0.18)
	bar := w * 0.034
	c.rect(x, y, w, h, rad, mix(p.paper, p.ink, 0.07), 1)
	for i, col := range []rgb{p.acc[3], p.acc[1], p.acc[2]} {
		c.circle(x+bar*0.7+float64(i)*bar*0.55, y+bar/2, bar*0.16, mix(col, p.paper, 0.2), 1)
	}
	c.rect(x+w*0.3, y+bar*0.22, w*0.4, bar*0.56, bar*0.28, mix(p.paper, rgb{1, 1, 1}, 0.6), 1)
	c.rect(x+w*0.3+bar*0.5, y+bar*0.45, w*0.12, bar*0.1, bar*0.05, p.ink, 0.3)
	drawScreen(c, p, r, x, y+bar, w, h-bar, v)
	// square top edge of the content, rounded bottom corners
	u := newUI(c, p, r, 0, 0, float64(c.w), float64(c.h), float64(c.w))
	u.cornerMaskBottom(x, y+bar, w, h-bar, rad)
}

// cornerMaskBottom rounds the two bottom corners of a box by repainting the
// background behind them from the pixels just outside.
func (u *ui) cornerMaskBottom(x, y, w, h, r float64) {
	// Nothing to do for boxes that bleed off the canvas.
	if y+h >= float64(u.c.h) {
		return
	}
	c := u.c
	cx, cy := x+w/2, y+h/2
	for _, q := range [2][2]float64{{x, y + h - r}, {x + w - r, y + h - r}} {
		c.clip(q[0], q[1], r, r)
		// sample the background just below the corner
		bx := min(max(int(q[0]+r/2), 0), c.w-1)
		by := min(int(y+h+r), c.h-1)
		i := (by*c.w + bx) * 3
		bg := rgb{float64(c.pix[i]), float64(c.pix[i+1]), float64(c.pix[i+2])}
		c.paint(q[0], q[1], q[0]+r, q[1]+r, func(px, py float64) float64 { return -sdBox(px, py, cx, cy, w/2, h/2, r) }, bg, 1, 0)
	}
	c.unclip()
}
