package images

import (
	"errors"
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"
	"testing"

	"github.com/disintegration/imaging"

	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/images/manifest"
)

func TestAVIFPays(t *testing.T) {
	v := func(typ string, width int, bytes int64) encoded {
		return encoded{Variant: manifest.Variant{Type: typ, Width: width, Bytes: bytes}}
	}
	tests := []struct {
		name     string
		variants []encoded
		want     bool
	}{
		{"smaller by far at every width", []encoded{v(manifest.WebP, 480, 1000), v(manifest.AVIF, 480, 500), v(manifest.WebP, 800, 3000), v(manifest.AVIF, 800, 1500)}, true},
		{"exactly 10% smaller", []encoded{v(manifest.WebP, 480, 1000), v(manifest.AVIF, 480, 900)}, true},
		{"9.9% smaller", []encoded{v(manifest.WebP, 480, 1000), v(manifest.AVIF, 480, 901)}, false},
		{"larger", []encoded{v(manifest.WebP, 480, 1000), v(manifest.AVIF, 480, 1200)}, false},
		// A photo: AVIF's fixed cost loses at the smallest width, the
		// large ones save a quarter: 6600 against 8200 bytes in all.
		{"a little larger at the smallest width", []encoded{v(manifest.WebP, 480, 1000), v(manifest.AVIF, 480, 1050), v(manifest.WebP, 1600, 7200), v(manifest.AVIF, 1600, 5550)}, true},
		{"exactly 10% larger at one width", []encoded{v(manifest.WebP, 480, 1000), v(manifest.AVIF, 480, 1100), v(manifest.WebP, 1600, 9000), v(manifest.AVIF, 1600, 5000)}, true},
		// A visitor who loads that width would pay much more.
		{"more than 10% larger at one width", []encoded{v(manifest.WebP, 480, 1000), v(manifest.AVIF, 480, 1101), v(manifest.WebP, 1600, 9000), v(manifest.AVIF, 1600, 5000)}, false},
		{"not 10% smaller in all", []encoded{v(manifest.WebP, 480, 1000), v(manifest.AVIF, 480, 700), v(manifest.WebP, 1600, 9000), v(manifest.AVIF, 1600, 8400)}, false},
		{"no WebP of its width", []encoded{v(manifest.WebP, 480, 1000), v(manifest.AVIF, 800, 100)}, false},
		{"no AVIF made", []encoded{v(manifest.WebP, 480, 1000), v(manifest.JPEG, 480, 2000)}, false},
		// A photo page's tile: AV1's fixed cost is most of a 160-px file
		// (a quarter more than WebP over the sample), yet a third of 480 px.
		{"a thumbnail's width is not weighed", []encoded{v(manifest.WebP, 160, 1000), v(manifest.AVIF, 160, 1500), v(manifest.WebP, 480, 1000), v(manifest.AVIF, 480, 800)}, true},
		{"nor does it make the others pay", []encoded{v(manifest.WebP, 160, 1000), v(manifest.AVIF, 160, 100), v(manifest.WebP, 480, 1000), v(manifest.AVIF, 480, 950)}, false},
		{"the fallback does not count", []encoded{v(manifest.WebP, 480, 1000), v(manifest.JPEG, 480, 500), v(manifest.AVIF, 480, 800)}, true},
	}
	for _, tt := range tests {
		if got := avifPays(tt.variants); got != tt.want {
			t.Errorf("%s: avifPays = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestAVIFQualityMatchesLibavif(t *testing.T) {
	// libavif 1.x's own mapping of its quality to AV1's quantizer.
	for _, tt := range []struct{ quality, quantizer int }{{100, 0}, {0, 63}, {60, 25}, {70, 19}, {50, 32}, {-5, 63}, {120, 0}} {
		if got := avifQuantizer(tt.quality); got != tt.quantizer {
			t.Errorf("avifQuantizer(%d) = %d, want %d", tt.quality, got, tt.quantizer)
		}
	}
	if got := avifQuality(DefaultQuality); got != DefaultQuality-avifQualityOffset {
		t.Errorf("avifQuality(%d) = %d", DefaultQuality, got)
	}
	if got := avifQuality(5); got != 1 {
		t.Errorf("avifQuality(5) = %d, want the lowest, 1", got)
	}
}

// needAVIF skips a test on a build without an AVIF encoder (no cgo, or no
// libavif): TestNoAVIFEncoder covers that build.
func needAVIF(t *testing.T) {
	t.Helper()
	if _, err := AVIFEncoder(); err != nil {
		t.Skipf("%v (install libavif-dev)", err)
	}
}

func TestAVIFVariants(t *testing.T) {
	needAVIF(t)
	f := newFixture(t)
	f.opts.Widths = []int{240, 480}
	f.add("photo.jpg", imagetest.EncodeJPEG(grainy(480, 360)))
	// 12 px: AVIF's boxes alone weigh more than the whole WebP.
	f.add("icon.png", imagetest.PNG(12, 12))
	res := f.run()
	if len(res.Failures) > 0 {
		t.Fatalf("failures: %v", res.Failures)
	}

	photo := res.Manifest.Images["projects/p/photo.jpg"]
	widths := func(typ string) []int {
		var out []int
		for _, v := range photo.Variants {
			if v.Type == typ {
				out = append(out, v.Width)
			}
		}
		return out
	}
	if got, want := widths(manifest.AVIF), widths(manifest.WebP); len(got) == 0 || !slices.Equal(got, want) {
		t.Fatalf("photo: AVIF widths %v, want WebP's %v", got, want)
	}
	// The JPEG of each width, to compare with: Go decodes it as browsers
	// do (golang.org/x/image/webp reads WebP's limited-range colours as
	// full-range ones, a few levels off).
	jpegs := map[int]image.Image{}
	for _, v := range photo.Variants {
		if v.Type == manifest.JPEG {
			jpegs[v.Width] = decodeVariant(t, v, f.read(v))
		}
	}
	for _, v := range photo.Variants {
		if v.Type != manifest.AVIF {
			continue
		}
		if got := v.File; got != photo.Key+"-"+strconv.Itoa(v.Width)+".avif" {
			t.Errorf("AVIF variant named %s", got)
		}
		data := f.read(v)
		if string(data[4:12]) != "ftypavif" {
			t.Errorf("%s does not start as an AVIF file: % x", v.File, data[:min(len(data), 16)])
		}
		img := decodeVariant(t, v, data)
		// It shows what the JPEG of its width shows: the same colours in
		// each region (the encoders smooth the grain each their own way).
		if d := meanDifference(regions(img), regions(jpegs[v.Width])); d > 2 {
			t.Errorf("%s differs from the JPEG of its width by %.1f levels on average", v.File, d)
		}
	}

	icon := res.Manifest.Images["projects/p/icon.png"]
	if slices.ContainsFunc(icon.Variants, func(v manifest.Variant) bool { return v.Type == manifest.AVIF }) {
		t.Errorf("icon: AVIF kept although larger than WebP: %+v", icon.Variants)
	}
	if s := res.Summary; s.WebPOnly != 1 || s.NoAVIF != "" {
		t.Errorf("summary counts %d images kept WebP only (NoAVIF %q), want 1", s.WebPOnly, s.NoAVIF)
	}
	// A run that reuses everything counts them the same.
	if s := f.run().Summary; s.Reused != 2 || s.WebPOnly != 1 {
		t.Errorf("second run: %d reused, %d kept WebP only; want 2 and 1", s.Reused, s.WebPOnly)
	}
}

func TestAVIFKeepsAlphaExactly(t *testing.T) {
	needAVIF(t)
	// A logo: a disc, its edge soft, on transparency.
	img := image.NewNRGBA(image.Rect(0, 0, 96, 64))
	for y := range 64 {
		for x := range 96 {
			d := float64((x-48)*(x-48)+(y-32)*(y-32)) / (28 * 28)
			a := uint8(255)
			switch {
			case d > 1.2:
				a = 0
			case d > 1:
				a = uint8(255 * (1.2 - d) / 0.2)
			}
			img.SetNRGBA(x, y, color.NRGBA{uint8(2 * x), 90, uint8(3 * y), a})
		}
	}
	data, err := EncodeAVIF(img, DefaultQuality)
	if err != nil {
		t.Fatal(err)
	}
	got, err := avifCodec.decode(data)
	if err != nil {
		t.Fatal(err)
	}
	for i := 3; i < len(img.Pix); i += 4 {
		if got.Pix[i] != img.Pix[i] {
			t.Fatalf("alpha at pixel %d is %d, want %d: a transparent image's alpha must be kept exactly (its placeholder is clipped to where it is 255)", i/4, got.Pix[i], img.Pix[i])
		}
	}
	// Two encodes of the same pixels give the same bytes: a variant's name
	// stands for its bytes.
	again, err := EncodeAVIF(img, DefaultQuality)
	if err != nil {
		t.Fatal(err)
	}
	if string(again) != string(data) {
		t.Error("two encodes of the same image differ")
	}
}

func TestNoAVIFEncoder(t *testing.T) {
	with := newFixture(t)
	with.add("photo.jpg", imagetest.JPEG(640, 480))
	withAVIF := with.run().Manifest.Images["projects/p/photo.jpg"]

	saved := avifCodec
	t.Cleanup(func() { avifCodec = saved })
	avifCodec = noAVIF{errors.New("built without libavif")}
	if _, err := EncodeAVIF(image.NewNRGBA(image.Rect(0, 0, 8, 8)), DefaultQuality); !errors.Is(err, ErrNoAVIF) {
		t.Errorf("EncodeAVIF without an encoder: %v, want ErrNoAVIF", err)
	}
	f := newFixture(t)
	f.add("photo.jpg", imagetest.JPEG(640, 480))
	res := f.run()
	img := res.Manifest.Images["projects/p/photo.jpg"]
	if slices.ContainsFunc(img.Variants, func(v manifest.Variant) bool { return v.Type == manifest.AVIF }) {
		t.Errorf("AVIF variants made without an encoder: %+v", img.Variants)
	}
	if s := res.Summary; s.NoAVIF != "built without libavif" || s.WebPOnly != 0 {
		t.Errorf("summary: NoAVIF %q, WebPOnly %d; want the reason, and no image counted as not paying", s.NoAVIF, s.WebPOnly)
	}
	// The same photo made by a build with AVIF has another name, so an
	// image made without AVIF is made again once the encoder is there.
	if _, err := saved.open(); err == nil && img.Key == withAVIF.Key {
		t.Errorf("the key %s is the same with and without an AVIF encoder", img.Key)
	}
}

// regions is img's average colour in each cell of a 16×12 grid.
func regions(img image.Image) *image.NRGBA {
	return imaging.Resize(img, 16, 12, imaging.Box)
}

// meanDifference is the mean absolute difference of two same-sized images'
// colour channels, in 8-bit levels.
func meanDifference(a, b image.Image) float64 {
	var sum, n float64
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			ar, ag, ab, _ := a.At(x, y).RGBA()
			br, bg, bb, _ := b.At(x, y).RGBA()
			for _, d := range [][2]uint32{{ar, br}, {ag, bg}, {ab, bb}} {
				sum += math.Abs(float64(d[0]>>8) - float64(d[1]>>8))
				n++
			}
		}
	}
	return sum / n
}

// grainy is a w×h photo-like image: soft waves of colour under fine grain,
// where AVIF makes smaller files than WebP at the same look.
func grainy(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	seed := uint32(1)
	for y := range h {
		for x := range w {
			seed = seed*1664525 + 1013904223
			grain := (float64(seed>>24)/255 - 0.5) * 16
			c := func(v float64) uint8 { return uint8(min(max(v+grain, 0), 255)) }
			fx, fy := float64(x)*640/float64(w), float64(y)*480/float64(h)
			img.SetNRGBA(x, y, color.NRGBA{c(128 + 90*math.Sin(fx/40)), c(128 + 90*math.Cos(fy/30)), c(128 + 60*math.Sin((fx+fy)/50)), 255})
		}
	}
	return img
}
