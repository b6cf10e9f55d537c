package main

import (
	"math"
	"math/rand/v2"
	"path"
	"strings"
)

// mockupGround is a quiet two-tone gradient with one large, soft light.
func mockupGround(c *canvas, p palette, r *rand.Rand) {
	top := mix(p.paper, p.acc[0], rangeF(r, 0.06, 0.12))
	bot := mix(p.paper, p.acc[1], rangeF(r, 0.16, 0.26))
	H := float64(c.h)
	c.fillRows(0, 0, c.w, c.h, func(y int) rgb { return mix(top, bot, smoothstep(0, H, float64(y))) })
	W := float64(c.w)
	c.glow(W*rangeF(r, 0.1, 0.9), H*rangeF(r, 0.1, 0.5), math.Max(W, H)*0.35, mix(p.paper, rgb{1, 1, 1}, 0.6), 0.5, 0, 0, c.w, c.h)
}

// drawMockup shows interface screens in device frames for web-design
// covers, heroes and images.
func drawMockup(c *canvas, p palette, r *rand.Rand, j job) {
	W, H := float64(c.w), float64(c.h)
	name := strings.ToLower(path.Base(j.rel))
	if strings.Contains(name, "wire") {
		p = wireframePalette(p)
	}
	mockupGround(c, p, r)
	// Screens and layouts rotate through the projects so that neighbouring
	// cards on the web-design page differ.
	screens := []int{7, 0, 4, 2, 5, 1, 6, 8}
	v := screens[j.ordinal%len(screens)]
	layout := j.ordinal % 4
	switch j.kind {
	case kindHero:
		v = screens[(j.ordinal+3)%len(screens)]
		layout = 1
	case kindImage, kindGallery:
		v = screens[r.IntN(len(screens))]
		layout = r.IntN(4)
	}
	if strings.Contains(name, "mobile") || strings.Contains(name, "phone") || strings.Contains(name, "app") {
		layout = 2
	}
	switch layout {
	case 0: // one large browser, bleeding off the bottom
		bw := W * 0.8
		if H > W {
			bw = W * 0.86
		}
		drawBrowser(c, p, r, (W-bw)/2, H*0.12, bw, H, v)
	case 1: // browser with a phone in front
		bw := W * 0.66
		drawBrowser(c, p, r, W*0.07, H*0.11, bw, math.Min(bw/1.6, H*0.8), v)
		pw := math.Min(H*0.36, W*0.2)
		drawPhone(c, p, r, W*0.71, H*0.2, pw, pw*2.05, r.IntN(2))
	case 2: // three phones
		n := 3
		pw := math.Min(W*0.22, H*0.7/2.05)
		gap := pw * 0.25
		x := W/2 - (float64(n)*pw+float64(n-1)*gap)/2
		for i := range n {
			y := H/2 - pw*2.05/2 + float64(i%2)*pw*0.18 - pw*0.09
			drawPhone(c, p, r, x, y, pw, pw*2.05, i)
			x += pw + gap
		}
	default: // a close crop of a large browser
		bw := W * 1.25
		drawBrowser(c, p, r, W*0.1, H*0.14, bw, H, v)
	}
}

// wireframePalette drains a palette to greys for low-fidelity wireframes.
func wireframePalette(p palette) palette {
	q := p
	grey := mix(p.paper, p.ink, 0.45)
	for i := range q.acc {
		q.acc[i] = mix(p.paper, p.ink, 0.3+0.1*float64(i)).sat(0.15)
	}
	q.acc[0] = grey.sat(0.1)
	q.paper = p.paper.sat(0.2)
	return q
}
