package main

import (
	"math"
	"math/rand/v2"
)

// noise1 is smooth 1-D value noise over a periodic table of random values.
type noise1 []float64

func newNoise1(r *rand.Rand) noise1 {
	n := make(noise1, 256)
	for i := range n {
		n[i] = r.Float64()
	}
	return n
}

func (n noise1) at(x float64) float64 {
	f := math.Floor(x)
	i := int(f) & 255
	t := x - f
	t = t * t * (3 - 2*t)
	return lerp(n[i], n[(i+1)&255], t)
}

// fbm sums octaves of noise; the result is roughly in [0, 1].
func (n noise1) fbm(x float64, oct int, gain float64) float64 {
	sum, amp, norm := 0.0, 1.0, 0.0
	for k := range oct {
		sum += amp * n.at(x+float64(k)*37.1)
		norm += amp
		amp *= gain
		x *= 2.03
	}
	return sum / norm
}

// ridged is fbm of folded noise: sharp crests, like a mountain range.
func (n noise1) ridged(x float64, oct int, gain float64) float64 {
	sum, amp, norm := 0.0, 1.0, 0.0
	for k := range oct {
		v := 1 - math.Abs(2*n.at(x+float64(k)*53.7)-1)
		sum += amp * v * v
		norm += amp
		amp *= gain
		x *= 2.1
	}
	return sum / norm
}

// rng returns a generator seeded from the given strings.
func rng(parts ...string) *rand.Rand {
	a, b := hash64(parts...)
	return rand.New(rand.NewPCG(a, b))
}

func rangeF(r *rand.Rand, lo, hi float64) float64 { return lo + (hi-lo)*r.Float64() }

// pick returns one element of xs.
func pick[T any](r *rand.Rand, xs ...T) T { return xs[r.IntN(len(xs))] }
