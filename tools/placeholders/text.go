package main

import (
	"image"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// labelFont is parsed once; opentype.Font is safe for concurrent use and each
// image gets its own Face.
var labelFont = mustParse(gomedium.TTF)

func mustParse(ttf []byte) *opentype.Font {
	f, err := opentype.Parse(ttf)
	if err != nil {
		panic(err)
	}
	return f
}

func newFace(px float64) font.Face {
	face, err := opentype.NewFace(labelFont, &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic(err)
	}
	return face
}

// textWidth measures s with extra letter spacing (in pixels) between glyphs.
func textWidth(face font.Face, s string, track float64) float64 {
	w := 0.0
	n := 0
	for _, r := range s {
		adv, _ := face.GlyphAdvance(r)
		w += float64(adv) / 64
		n++
	}
	if n > 1 {
		w += track * float64(n-1)
	}
	return w
}

// text draws s with its baseline starting at (x, y), glyph by glyph so that
// letter spacing can be opened up a little.
func (c *canvas) text(face font.Face, s string, x, y, track float64, col rgb, a float64) {
	for _, r := range s {
		dot := fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(y * 64))}
		dr, mask, mp, adv, ok := face.Glyph(dot, r)
		if ok {
			c.mask(dr, mask, mp, col, a)
		}
		x += float64(adv)/64 + track
	}
}

func (c *canvas) mask(dr image.Rectangle, mask image.Image, mp image.Point, col rgb, a float64) {
	dr = dr.Intersect(image.Rect(0, 0, c.w, c.h))
	for y := dr.Min.Y; y < dr.Max.Y; y++ {
		for x := dr.Min.X; x < dr.Max.X; x++ {
			_, _, _, ma := mask.At(mp.X+x-dr.Min.X, mp.Y+y-dr.Min.Y).RGBA()
			if ma == 0 {
				continue
			}
			c.blend((y*c.w+x)*3, col, a*float64(ma)/0xffff)
		}
	}
}

// label sets a small, quiet caption in the bottom-right corner, in a light or
// dark tone depending on what lies underneath.
func (c *canvas) label(s string, light, dark rgb) {
	if s == "" {
		return
	}
	short := float64(min(c.w, c.h))
	long := float64(max(c.w, c.h))
	size := math.Round(long * 0.0125)
	face := newFace(size)
	defer face.Close()
	track := size * 0.08
	w := textWidth(face, s, track)
	m := math.Round(short * 0.04)
	x := float64(c.w) - m - w
	y := float64(c.h) - m
	l := c.meanLuma(int(x), int(y-size), int(x+w)+1, int(y)+1)
	col, a := dark, 0.62
	if l < 0.55 {
		col, a = light, 0.78
	}
	c.text(face, s, x, y, track, col, a)
}
