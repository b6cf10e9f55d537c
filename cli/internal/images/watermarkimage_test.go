package images

import (
	"image"
	"image/color"
	"testing"

	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/images/manifest"
	"portfolio/cli/internal/importimage"
)

// testMark is a logo: a w×h dark bar with a transparent margin.
func testMark(w, h int, c color.NRGBA) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := h / 8; y < h-h/8; y++ {
		for x := w / 16; x < w-w/16; x++ {
			img.SetNRGBA(x, y, c)
		}
	}
	return imagetest.EncodePNG(img)
}

// A proof marked with an image differs from the unmarked variant where
// the mark is drawn, in every quarter and at the centre, and matches it
// elsewhere; new bytes of the mark are a new key, drawn again (decision
// 0093, "Image watermark").
func TestWatermarkImageVariants(t *testing.T) {
	f := newFixture(t)
	photo := imagetest.EncodeJPEG(imagetest.Marked(640, 480))
	plain := f.add("plain.jpg", photo)
	proof := f.add("proof.jpg", photo)
	mark := testMark(160, 48, color.NRGBA{0, 0, 0, 255})
	f.sources[1].WatermarkImage = mark
	res := f.run()
	a, b := res.Manifest.Images[plain.Rel], res.Manifest.Images[proof.Rel]
	if a.Key == b.Key {
		t.Fatalf("the marked image has the plain one's key %s", a.Key)
	}
	largest := func(img manifest.Image) manifest.Variant {
		var best manifest.Variant
		for _, v := range img.Variants {
			if v.Type == manifest.JPEG && v.Width > best.Width {
				best = v
			}
		}
		return best
	}
	va, vb := largest(a), largest(b)

	// Where the mark is: where drawing it changes a flat grey picture.
	grey := image.NewNRGBA(image.Rect(0, 0, vb.Width, vb.Height))
	for i := range grey.Pix {
		grey.Pix[i] = 128
	}
	m, err := decodeMark(mark)
	if err != nil {
		t.Fatal(err)
	}
	if share := drawMarkImage(grey, m); share < 0.05 || share > 0.5 {
		t.Errorf("the mark touches %.0f%% of the picture, want between 5%% and 50%%", 100*share)
	}
	inMark := func(x, y int) bool { return grey.NRGBAAt(x, y) != color.NRGBA{128, 128, 128, 128} }
	// No crop escapes it: every square a seventh of the shorter side.
	side := min(vb.Width, vb.Height) / 7
	for top := 0; top+side <= vb.Height; top += 3 {
		for left := 0; left+side <= vb.Width; left += 3 {
			marked := false
			for y := top; y < top+side && !marked; y++ {
				for x := left; x < left+side && !marked; x++ {
					marked = inMark(x, y)
				}
			}
			if !marked {
				t.Fatalf("the %d px square at (%d, %d) has no mark", side, left, top)
			}
		}
	}

	ia, ib := decodeVariant(t, va, f.read(va)), decodeVariant(t, vb, f.read(vb))
	var inside, outside, nIn, nOut float64
	quarters := [4]int{}
	for y := range vb.Height {
		for x := range vb.Width {
			d := diff(ia.At(x, y), ib.At(x, y))
			if inMark(x, y) {
				inside, nIn = inside+d, nIn+1
				if d > 20 {
					quarters[2*(2*y/vb.Height)+2*x/vb.Width]++
				}
			} else {
				outside, nOut = outside+d, nOut+1
			}
		}
	}
	if inside/nIn < 20 {
		t.Errorf("inside the mark the variants differ by %.1f on average, want 20 or more", inside/nIn)
	}
	if outside/nOut > 3 {
		t.Errorf("outside the mark the variants differ by %.1f on average, want 3 at most", outside/nOut)
	}
	for i, n := range quarters {
		if n == 0 {
			t.Errorf("quarter %d of the picture has no mark", i)
		}
	}
	// Along the diagonal through the centre, some samples are marked.
	hits := 0
	for i := 1; i < 20; i++ {
		x, y := vb.Width*i/20, vb.Height*i/20
		if diff(ia.At(x, y), ib.At(x, y)) > 20 {
			hits++
		}
	}
	if hits < 3 {
		t.Errorf("%d of 19 samples along the diagonal are marked, want 3 or more", hits)
	}

	// The same bytes again: reused. New bytes (another colour): a new key,
	// drawn again.
	if res := f.run(); res.Summary.Made != 0 || res.Manifest.Images[proof.Rel].Key != b.Key {
		t.Errorf("same mark: %d made, key %s (was %s); want it reused", res.Summary.Made, res.Manifest.Images[proof.Rel].Key, b.Key)
	}
	f.sources[1].WatermarkImage = testMark(160, 48, color.NRGBA{255, 255, 255, 255})
	res = f.run()
	if c := res.Manifest.Images[proof.Rel]; res.Summary.Made != 1 || c.Key == b.Key {
		t.Fatalf("new mark: %d made, key %s (was %s); want the proof made again under a new key", res.Summary.Made, c.Key, b.Key)
	}
	vc := largest(res.Manifest.Images[proof.Rel])
	ic := decodeVariant(t, vc, f.read(vc))
	cx, cy := vb.Width/2, vb.Height/2
	if diff(ib.At(cx, cy), ic.At(cx, cy)) < 20 {
		t.Errorf("at the centre the white mark's proof looks like the black one's: %v, %v", ib.At(cx, cy), ic.At(cx, cy))
	}
}

// BenchmarkWatermarkImage is the cost of tiling a 240×80 logo into one
// largest variant (3:2, importimage.WidestShown wide), and the share of
// its pixels the mark touches (decision 0093, "Image watermark"):
//
//	go test ./cli/internal/images -run '^$' -bench WatermarkImage -benchtime 20x
func BenchmarkWatermarkImage(b *testing.B) {
	w := importimage.WidestShown
	img := image.NewNRGBA(image.Rect(0, 0, w, w*2/3))
	for i := range img.Pix {
		img.Pix[i] = 128
	}
	mark, err := decodeMark(testMark(240, 80, color.NRGBA{255, 255, 255, 255}))
	if err != nil {
		b.Fatal(err)
	}
	var share float64
	for b.Loop() {
		share = drawMarkImage(img, mark)
	}
	b.ReportMetric(100*share, "%covered")
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/variant")
}
