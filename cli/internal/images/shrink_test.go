package images

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/disintegration/imaging"
)

func TestHalveAveragesEachBlock(t *testing.T) {
	for _, ratio := range []image.YCbCrSubsampleRatio{
		image.YCbCrSubsampleRatio420, image.YCbCrSubsampleRatio422, image.YCbCrSubsampleRatio444, image.YCbCrSubsampleRatio440,
	} {
		src := image.NewYCbCr(image.Rect(0, 0, 6, 5), ratio) // odd height: the last row is dropped
		for i := range src.Y {
			src.Y[i] = uint8(i * 7)
		}
		for i := range src.Cb {
			src.Cb[i], src.Cr[i] = uint8(i*11), uint8(255-i*5)
		}
		out, ok := halve(src)
		if !ok {
			t.Fatalf("%v: not halved", ratio)
		}
		if b := out.Bounds(); b.Dx() != 3 || b.Dy() != 2 {
			t.Fatalf("%v: halved to %v, want 3x2", ratio, b)
		}
		for oy := range 2 {
			for ox := range 3 {
				var sy, scb, scr int
				for _, d := range [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
					c := src.YCbCrAt(2*ox+d[0], 2*oy+d[1])
					sy, scb, scr = sy+int(c.Y), scb+int(c.Cb), scr+int(c.Cr)
				}
				want := color.YCbCr{uint8((sy + 2) / 4), uint8((scb + 2) / 4), uint8((scr + 2) / 4)}
				if got := out.YCbCrAt(ox, oy); got != want {
					t.Errorf("%v: pixel (%d,%d) = %v, want the block average %v", ratio, ox, oy, got, want)
				}
			}
		}
	}
	if _, ok := halve(image.NewNRGBA(image.Rect(0, 0, 8, 8))); ok {
		t.Error("an NRGBA image was halved; only YCbCr is")
	}
}

// Halving before Lanczos gives what Lanczos alone gives, to within what no
// eye sees.
func TestHalvingLooksLikeLanczosAlone(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	src := image.NewYCbCr(image.Rect(0, 0, 1600, 1200), image.YCbCrSubsampleRatio420)
	for y := range 1200 {
		for x := range 1600 {
			// Smooth shapes plus grain, like a photo.
			v := 128 + 60*math.Sin(float64(x)/37)*math.Cos(float64(y)/23) + rng.NormFloat64()*6
			src.Y[y*src.YStride+x] = uint8(max(0, min(255, v)))
		}
	}
	for i := range src.Cb {
		src.Cb[i], src.Cr[i] = uint8(100+i%40), uint8(150-i%30)
	}
	half, _ := halve(src)
	got := imaging.Resize(half, 600, 450, imaging.Lanczos)
	want := imaging.Resize(src, 600, 450, imaging.Lanczos)
	if p := psnr(got, want); p < 40 {
		t.Errorf("halved then Lanczos differs from Lanczos alone: PSNR %.1f dB, want ≥ 40", p)
	}
}

func psnr(a, b *image.NRGBA) float64 {
	var sum float64
	for i := range a.Pix {
		if i%4 == 3 {
			continue
		}
		d := float64(a.Pix[i]) - float64(b.Pix[i])
		sum += d * d
	}
	mse := sum / float64(len(a.Pix)*3/4)
	return 10 * math.Log10(255*255/mse)
}
