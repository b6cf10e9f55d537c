package main

import (
	"math"
	"math/rand/v2"
	"strings"
)

type mood int

const (
	golden mood = iota
	day
	dusk
	night
)

// drawScene paints a calm, photo-like landscape into the box (X, Y, W, H):
// a sky gradient, an optional sun or moon with its glow, a few soft cloud
// streaks and 2-4 silhouette layers that fade into the haze with distance.
func drawScene(c *canvas, p palette, r *rand.Rand, X, Y, W, H int, m mood, urban bool) {
	fx, fy, fw, fh := float64(X), float64(Y), float64(W), float64(H)
	short := math.Min(fw, fh)

	hj := rangeF(r, -8, 8)
	top, low, land, sun := p.skyTop.hue(hj), p.skyLow.hue(hj), p.land.hue(hj), p.sun
	white := rgb{1, 1, 1}
	switch m {
	case day:
		top = top.lighten(0.14).sat(0.75)
		low = mix(low, p.paper, 0.55)
		sun = mix(sun, white, 0.6)
	case dusk:
		top = top.lighten(-0.06)
		low = mix(low, sun, 0.2).sat(1.1)
	case night:
		top = top.lighten(-0.25).sat(0.6)
		low = mix(p.skyTop, p.skyLow, 0.3).lighten(-0.17).sat(0.7)
		land = land.lighten(-0.04)
		sun = mix(p.paper, p.sun, 0.3)
	}

	hzFrac := rangeF(r, 0.52, 0.64)
	if fh > fw {
		hzFrac += 0.06
	}
	hz := fy + fh*hzFrac

	// Sky.
	c.fillRows(X, Y, X+W, Y+H, func(y int) rgb {
		t := clamp01((float64(y) - fy) / (hz - fy))
		return mix(top, low, math.Pow(t, 1.4))
	})

	// Silhouette layers, far to near. They are shaped first (from their
	// own generator) so the sun can be placed clear of the ridges.
	lr := rand.New(rand.NewPCG(r.Uint64(), r.Uint64()))
	type layer struct {
		hs    []float64
		color func(y int) rgb
	}
	var ls []layer
	n := 2 + lr.IntN(3)
	haze := mix(low, top, 0.25)
	fogMax := rangeF(lr, 0.7, 0.85)
	if m == night {
		fogMax = 0.5
	}
	for i := range n {
		t := float64(i) / float64(n-1)
		yb := lerp(hz-fh*0.03, fy+fh*0.87, math.Pow(t, 1.25))
		amp := fh * lerp(0.085, 0.045, t) * rangeF(lr, 0.7, 1.2)
		var kind string
		switch {
		case i == 0:
			kind = pick(lr, "mountains", "mountains", "mountains", "hills", "hills")
		case i < n-1:
			kind = pick(lr, "hills", "hills", "hills", "pines", "mountains")
		default:
			kind = pick(lr, "hills", "hills", "hills", "pines", "pines", "pines")
			if urban && lr.Float64() < 0.35 {
				kind = "skyline"
			}
		}
		fog := math.Pow(1-t, 1.15) * fogMax
		col := mix(land, haze, fog)
		mist := col
		if i < n-1 {
			mist = mix(col, haze, 0.3*(1-t)+0.08)
		}
		ls = append(ls, layer{silhouette(lr, kind, W, fw, fh, yb, amp, t), func(y int) rgb {
			return mix(col, mist, smoothstep(yb-amp, yb+fh*0.18, float64(y)))
		}})
	}
	// ridge is the highest silhouette point (smallest y) over [x0, x1].
	ridge := func(x0, x1 float64) float64 {
		y := math.Inf(1)
		i0 := max(int((x0-fx)*heightsSS), 0)
		i1 := min(int((x1-fx)*heightsSS)+1, W*heightsSS)
		for _, l := range ls {
			for i := i0; i < i1; i++ {
				y = min(y, l.hs[i])
			}
		}
		return y
	}

	// Sun or moon, with its light.
	showSun := m == night || r.Float64() < 0.8
	sx := fx + fw*rangeF(r, 0.2, 0.8)
	var sy, sr float64
	switch m {
	case golden:
		sy, sr = hz-fh*rangeF(r, 0.05, 0.16), short*rangeF(r, 0.035, 0.06)
	case day:
		sy, sr = fy+fh*rangeF(r, 0.12, 0.3), short*rangeF(r, 0.03, 0.045)
	case dusk:
		sy, sr = hz-fh*rangeF(r, 0.0, 0.04), short*rangeF(r, 0.05, 0.075)
	case night:
		sy, sr = fy+fh*rangeF(r, 0.14, 0.32), short*rangeF(r, 0.025, 0.04)
	}
	// Keep the disc clear of the ridges, or (at dusk) set it half behind one.
	top0 := ridge(sx-sr, sx+sr)
	if m == dusk {
		sy = top0 + sr*0.15
	} else {
		sy = min(sy, top0-sr*1.6)
	}
	if showSun {
		str := map[mood]float64{golden: 0.55, day: 0.25, dusk: 0.6, night: 0.12}[m]
		R := math.Max(fw, fh) * map[mood]float64{golden: 0.4, day: 0.3, dusk: 0.5, night: 0.12}[m]
		c.glow(sx, sy, R, sun, str, X, Y, X+W, Y+H)
	}
	if m == night {
		n := 30 + r.IntN(50)
		for range n {
			x := fx + fw*r.Float64()
			y := fy + (hz-fy)*0.75*r.Float64()*r.Float64()*1.3
			c.circle(x, y, rangeF(r, 0.6, 1.5)*short/1400, mix(sun, white, 0.5), rangeF(r, 0.25, 0.8))
		}
	}

	// Cloud streaks: long, very soft, low contrast.
	for range r.IntN(4) {
		cw := fw * rangeF(r, 0.12, 0.3)
		ch := fh * rangeF(r, 0.008, 0.016)
		cx := fx + fw*rangeF(r, 0, 1)
		cy := fy + (hz-fy)*rangeF(r, 0.2, 0.85)
		col := mix(low, white, 0.5)
		if m == golden || m == dusk {
			col = mix(low, sun, 0.5)
		}
		if m == night {
			col = mix(top, low, 0.6)
		}
		a := rangeF(r, 0.2, 0.4)
		for k := range 3 + r.IntN(3) {
			ex := cx + cw*rangeF(r, -0.8, 0.8)
			ey := cy + ch*rangeF(r, -1, 1)
			rx := cw * rangeF(r, 0.4, 0.8)
			ry := ch * rangeF(r, 0.6, 1.2)
			if k == 0 {
				ex, rx = cx, cw
			}
			c.paint(ex-rx*3, ey-ry*3, ex+rx*3, ey+ry*3, func(px, py float64) float64 {
				return (length((px-ex)/rx, (py-ey)/ry) - 1) * ry
			}, col, a, ry*2)
		}
	}

	if showSun {
		if m == night {
			cx, cy := sx, sy
			ox := sr * rangeF(r, 0.3, 0.5)
			c.paint(sx-sr, sy-sr, sx+sr, sy+sr, func(px, py float64) float64 {
				d1 := math.Hypot(px-cx, py-cy) - sr
				d2 := math.Hypot(px-cx-ox, py-cy+ox*0.4) - sr
				return math.Max(d1, -d2)
			}, sun, 0.92, 0)
		} else {
			c.softCircle(sx, sy, sr, 1.2, mix(sun, white, 0.35), 0.96)
		}
	}

	// Silhouette layers, far to near, prepared above.
	for _, l := range ls {
		c.fillHeights(X, l.hs, l.color, Y+H, 1)
	}
}

// urban reports whether a project's landscapes may end in a city or campus
// skyline.
func urban(slug string) bool {
	for _, w := range []string{"unc", "college", "campus", "city", "urban", "university", "sports"} {
		if strings.Contains(slug, w) {
			return true
		}
	}
	return false
}

// sceneMood deals the times of day to a project's photographs from a
// shuffled cycle, so a gallery gets a balanced mix; covers are always lit.
func sceneMood(j job) mood {
	if j.kind == kindCover || j.kind == kindHero {
		return pick(rng("mood", j.slug), golden, golden, day)
	}
	cycle := []mood{golden, day, dusk, golden, night, day, dusk}
	r := rng("moods", j.slug)
	r.Shuffle(len(cycle), func(a, b int) { cycle[a], cycle[b] = cycle[b], cycle[a] })
	k := j.index
	if j.kind != kindGallery {
		h, _ := hash64("mood", j.slug, j.rel)
		k = int(h % uint64(len(cycle)))
	}
	return cycle[k%len(cycle)]
}

// silhouette returns edge heights (canvas y) for each sub-column of width W.
func silhouette(r *rand.Rand, kind string, W int, fw, fh, yb, amp, depth float64) []float64 {
	ns := newNoise1(r)
	nsub := W * heightsSS
	hs := make([]float64, nsub)
	u := func(i int) float64 { return (float64(i) + 0.5) / float64(nsub) }

	smooth := func(a float64) []float64 {
		f1, f2 := rangeF(r, 0.4, 1.2), rangeF(r, 1.5, 3)
		p1, p2 := r.Float64()*2*math.Pi, r.Float64()*2*math.Pi
		fs := rangeF(r, 3, 6)
		v := make([]float64, nsub)
		for i := range v {
			x := u(i)
			v[i] = 0.6*math.Sin(2*math.Pi*f1*x+p1) + 0.25*math.Sin(2*math.Pi*f2*x+p2) + 0.5*(ns.fbm(x*fs, 4, 0.45)-0.5)
		}
		normalize(v)
		for i := range v {
			v[i] = yb + a - 2*a*v[i]
		}
		return v
	}

	switch kind {
	case "mountains":
		fs := rangeF(r, 2.5, 4.5)
		off := r.Float64() * 100
		env := rangeF(r, 0.3, 0.8)
		for i := range hs {
			x := u(i)
			hs[i] = 0.8*ns.ridged(x*fs+off, 2, 0.45) + 0.22*ns.fbm(x*fs*4+off, 4, 0.5) + 0.3*math.Sin(math.Pi*(x*0.9+env))
		}
		normalize(hs)
		a := amp * 1.5
		for i := range hs {
			hs[i] = yb + a - 2*a*hs[i]
		}
	case "hills":
		copy(hs, smooth(amp))
	case "pines":
		ground := smooth(amp * 0.45)
		copy(hs, ground)
		th := fh * lerp(0.035, 0.09, depth)
		for x := -th; x < fw+th; {
			h := th * rangeF(r, 0.75, 1.05)
			hw := h * rangeF(r, 0.14, 0.2)
			if r.Float64() > 0.1 {
				i0 := max(int((x-hw)*heightsSS), 0)
				i1 := min(int((x+hw)*heightsSS)+1, nsub)
				for i := i0; i < i1; i++ {
					sx := (float64(i) + 0.5) / heightsSS
					k := 1 - math.Abs(sx-x)/hw
					if k <= 0 {
						continue
					}
					hs[i] = min(hs[i], ground[i]-h*math.Pow(k, 1.2))
				}
			}
			x += hw * rangeF(r, 0.9, 1.9)
		}
	case "skyline":
		copy(hs, smooth(amp*0.25))
		centre := rangeF(r, 0.3, 0.7)
		for x := 0.0; x < fw; {
			bw := fw * rangeF(r, 0.02, 0.055)
			uu := x / fw
			bh := fh * rangeF(r, 0.04, 0.12) * (0.5 + 0.9*math.Exp(-sq((uu-centre)/0.18)))
			step := 0.0
			if r.Float64() < 0.3 {
				step = bh * rangeF(r, 0.1, 0.25)
			}
			spire := r.Float64() < 0.08
			i0 := max(int(x*heightsSS), 0)
			i1 := min(int((x+bw)*heightsSS), nsub)
			for i := i0; i < i1; i++ {
				sx := (float64(i)+0.5)/heightsSS - x
				top := yb - bh
				if sx < bw*0.2 || sx > bw*0.8 {
					top += step
				}
				if spire && math.Abs(sx-bw/2) < math.Max(1.5, bw*0.03) {
					top -= bh * 0.35
				}
				hs[i] = math.Min(hs[i], top)
			}
			x += bw
			if r.Float64() < 0.3 {
				x += fw * rangeF(r, 0.004, 0.01)
			}
		}
	}
	return hs
}

func normalize(v []float64) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, x := range v {
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	if hi-lo < 1e-9 {
		for i := range v {
			v[i] = 0.5
		}
		return
	}
	for i := range v {
		v[i] = (v[i] - lo) / (hi - lo)
	}
}

func sq(x float64) float64 { return x * x }

// pickWeighted returns an index chosen with the given integer weights.
func pickWeighted(r *rand.Rand, w ...int) int {
	total := 0
	for _, x := range w {
		total += x
	}
	k := r.IntN(total)
	for i, x := range w {
		if k < x {
			return i
		}
		k -= x
	}
	return len(w) - 1
}
