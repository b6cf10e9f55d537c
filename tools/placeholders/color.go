package main

import (
	"math"
	"strconv"
)

// rgb is a colour in gamma-encoded sRGB, each channel in [0, 1].
type rgb struct{ r, g, b float64 }

// hex parses "#RRGGBB". It panics on malformed input: all colours are
// compile-time constants in the palette table.
func hex(s string) rgb {
	if len(s) != 7 || s[0] != '#' {
		panic("bad colour " + s)
	}
	v, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil {
		panic("bad colour " + s)
	}
	return rgb{float64(v>>16&0xff) / 255, float64(v>>8&0xff) / 255, float64(v&0xff) / 255}
}

func toLinear(c float64) float64 {
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

func fromLinear(c float64) float64 {
	if c <= 0.0031308 {
		return clamp01(c * 12.92)
	}
	return clamp01(1.055*math.Pow(c, 1/2.4) - 0.055)
}

// oklab is a colour in the OKLab space: perceptually even mixing.
type oklab struct{ l, a, b float64 }

func (c rgb) lab() oklab {
	r, g, b := toLinear(c.r), toLinear(c.g), toLinear(c.b)
	l := math.Cbrt(0.4122214708*r + 0.5363325363*g + 0.0514459929*b)
	m := math.Cbrt(0.2119034982*r + 0.6806995451*g + 0.1073969566*b)
	s := math.Cbrt(0.0883024619*r + 0.2817188376*g + 0.6299787005*b)
	return oklab{
		0.2104542553*l + 0.7936177850*m - 0.0040720468*s,
		1.9779984951*l - 2.4285922050*m + 0.4505937099*s,
		0.0259040371*l + 0.7827717662*m - 0.8086757660*s,
	}
}

func (o oklab) rgb() rgb {
	l := o.l + 0.3963377774*o.a + 0.2158037573*o.b
	m := o.l - 0.1055613458*o.a - 0.0638541728*o.b
	s := o.l - 0.0894841775*o.a - 1.2914855480*o.b
	l, m, s = l*l*l, m*m*m, s*s*s
	return rgb{
		fromLinear(4.0767416621*l - 3.3077115913*m + 0.2309699292*s),
		fromLinear(-1.2684380046*l + 2.6097574011*m - 0.3413193965*s),
		fromLinear(-0.0041960863*l - 0.7034186147*m + 1.7076147010*s),
	}
}

// mix interpolates two colours in OKLab; t=0 gives a, t=1 gives b.
func mix(a, b rgb, t float64) rgb {
	if t <= 0 {
		return a
	}
	if t >= 1 {
		return b
	}
	x, y := a.lab(), b.lab()
	return oklab{x.l + (y.l-x.l)*t, x.a + (y.a-x.a)*t, x.b + (y.b-x.b)*t}.rgb()
}

// lighten shifts OKLab lightness by d (about -1..1).
func (c rgb) lighten(d float64) rgb {
	o := c.lab()
	o.l = clamp01(o.l + d)
	return o.rgb()
}

// sat scales chroma by f.
func (c rgb) sat(f float64) rgb {
	o := c.lab()
	o.a *= f
	o.b *= f
	return o.rgb()
}

// hue rotates the OKLCh hue by deg degrees.
func (c rgb) hue(deg float64) rgb {
	o := c.lab()
	s, co := math.Sincos(deg * math.Pi / 180)
	o.a, o.b = o.a*co-o.b*s, o.a*s+o.b*co
	return o.rgb()
}

func clamp01(x float64) float64 {
	if x < 0 {
		return 0
	}
	if x > 1 {
		return 1
	}
	return x
}

func lerp(a, b, t float64) float64 { return a + (b-a)*t }

func smoothstep(e0, e1, x float64) float64 {
	t := clamp01((x - e0) / (e1 - e0))
	return t * t * (3 - 2*t)
}
