package images

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"maps"
	"os"
	"testing"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/golden"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/images/manifest"
	"portfolio/cli/internal/importimage"
)

// A watermarked source's variants carry the mark where it is drawn and
// match the unmarked variants elsewhere; the source file is left as it
// was; the text is part of the key (decision 0093).
func TestWatermarkedVariants(t *testing.T) {
	f := newFixture(t)
	photo := imagetest.EncodeJPEG(imagetest.Marked(640, 480))
	plain := f.add("plain.jpg", photo)
	proof := f.add("proof.jpg", photo)
	f.sources[1].Watermark = "PROOF · Studio"
	res := f.run()

	a, b := res.Manifest.Images[plain.Rel], res.Manifest.Images[proof.Rel]
	if a.Key == b.Key {
		t.Fatalf("the watermarked image has the plain one's key %s", a.Key)
	}
	if got, err := os.ReadFile(proof.Path); err != nil || !bytes.Equal(got, photo) {
		t.Fatalf("the source file changed (%v)", err)
	}

	// The mark's area: where drawing it changes a flat grey picture of
	// the largest variant's size.
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
	grey := image.NewNRGBA(image.Rect(0, 0, vb.Width, vb.Height))
	for i := range grey.Pix {
		grey.Pix[i] = 128
	}
	share, err := drawWatermark(grey, "PROOF · Studio")
	if err != nil {
		t.Fatal(err)
	}
	if share < 0.05 || share > 0.5 {
		t.Errorf("the mark touches %.0f%% of the picture, want between 5%% and 50%%", 100*share)
	}
	inMark := func(x, y int) bool { return grey.NRGBAAt(x, y) != color.NRGBA{128, 128, 128, 128} }
	// No crop escapes it: every square a seventh of the shorter side
	// wide, wherever it is cut, holds part of the mark.
	side := min(vb.Width, vb.Height) / 7
	for top := 0; top+side <= vb.Height; top += 2 {
		for left := 0; left+side <= vb.Width; left += 2 {
			marked := false
			for y := top; y < top+side && !marked; y++ {
				for x := left; x < left+side && !marked; x++ {
					marked = inMark(x, y)
				}
			}
			if !marked {
				t.Fatalf("the %d px square at (%d, %d) has no mark: cropped to it, the proof would be clean", side, left, top)
			}
		}
	}

	ia, ib := decodeVariant(t, va, f.read(va)), decodeVariant(t, vb, f.read(vb))
	var inside, outside, nIn, nOut float64
	corners := [4]int{} // marked pixels that differ, per quarter of the picture
	for y := range vb.Height {
		for x := range vb.Width {
			d := diff(ia.At(x, y), ib.At(x, y))
			if inMark(x, y) {
				inside, nIn = inside+d, nIn+1
				if d > 20 {
					corners[2*(2*y/vb.Height)+2*x/vb.Width]++
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
	for i, n := range corners {
		if n == 0 {
			t.Errorf("quarter %d of the picture has no mark: cropped to it, the proof would be clean", i)
		}
	}
	// The centre is marked: one copy is centred on it.
	cx, cy := vb.Width/2, vb.Height/2
	found := false
	for y := cy - 10; y <= cy+10 && !found; y++ {
		for x := cx - 10; x <= cx+10 && !found; x++ {
			found = inMark(x, y)
		}
	}
	if !found {
		t.Error("no mark within 10 px of the centre")
	}

	// Another text is another key: its variants are made again.
	f.sources[1].Watermark = "PROOF 2"
	if res := f.run(); res.Summary.Made != 1 || res.Manifest.Images[proof.Rel].Key == b.Key {
		t.Errorf("new text: %d made, key %s (was %s); want the proof made again under a new key",
			res.Summary.Made, res.Manifest.Images[proof.Rel].Key, b.Key)
	}
}

// diff is the mean absolute difference of two colours' RGB channels, 0–255.
func diff(a, b color.Color) float64 {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	abs := func(x, y uint32) float64 {
		if x > y {
			return float64(x-y) / 257
		}
		return float64(y-x) / 257
	}
	return (abs(ar, br) + abs(ag, bg) + abs(ab, bb)) / 3
}

// Only a private project's images are marked: a public project's
// watermark line is a validate error and is never drawn.
func TestSourcesWatermarkPrivateOnly(t *testing.T) {
	project := func(slug, access string) *content.Project {
		return &content.Project{
			ProjectData: content.ProjectData{Access: access, Watermark: "PROOF"},
			Slug:        slug, Dir: "/c/projects/" + slug,
			Images: map[string]imagecheck.Info{"gallery/1.jpg": {Width: 10, Height: 10}},
		}
	}
	c := &content.Content{Projects: []*content.Project{project("client", content.AccessPrivate), project("open", "public")}}
	got := map[string]string{}
	for _, s := range Sources(c) {
		got[s.Rel] = s.Watermark
	}
	want := map[string]string{"projects/client/gallery/1.jpg": "PROOF", "projects/open/gallery/1.jpg": ""}
	if !maps.Equal(got, want) {
		t.Errorf("watermarks %v, want %v", got, want)
	}
}

// With images.delivery: netlify a watermarked image still gets variants
// with the mark, never its original for the Image CDN.
// The same with an image for the mark (decision 0093, "Image watermark").
func TestWatermarkWithNetlifyDelivery(t *testing.T) {
	t.Run("text", func(t *testing.T) { watermarkWithNetlifyDelivery(t, func(s *Source) { s.Watermark = "PROOF" }) })
	t.Run("image", func(t *testing.T) {
		watermarkWithNetlifyDelivery(t, func(s *Source) { s.WatermarkImage = testMark(90, 30, color.NRGBA{0, 0, 0, 255}) })
	})
}

func watermarkWithNetlifyDelivery(t *testing.T, mark func(*Source)) {
	f := newFixture(t)
	f.opts.Delivery = content.DeliveryNetlify
	photo := imagetest.EncodeJPEG(imagetest.Marked(640, 480))
	plain := f.add("plain.jpg", photo)
	proof := f.add("proof.jpg", photo)
	mark(&f.sources[1])
	res := f.run()
	if a := res.Manifest.Images[plain.Rel]; !a.CDN() {
		t.Errorf("the unmarked image is not an Image CDN original: %+v", a.Asset)
	}
	b := res.Manifest.Images[proof.Rel]
	if b.CDN() || len(b.Variants) < 2 {
		t.Fatalf("the watermarked image is published as an original: %+v", b.Asset)
	}
	for _, v := range b.Variants {
		if bytes.Equal(f.read(v), photo) {
			t.Errorf("%s is the original's bytes", v.File)
		}
	}
}

// BenchmarkWatermark is the cost of drawing the mark into one largest
// variant (3:2, importimage.WidestShown wide), and the share of its
// pixels the mark touches (decision 0093):
//
//	go test ./cli/internal/images -run '^$' -bench Watermark -benchtime 20x
func BenchmarkWatermark(b *testing.B) {
	w := importimage.WidestShown
	img := image.NewNRGBA(image.Rect(0, 0, w, w*2/3))
	for i := range img.Pix {
		img.Pix[i] = 128
	}
	var share float64
	for b.Loop() {
		var err error
		if share, err = drawWatermark(img, "PROOF · Studio Name"); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(100*share, "%covered")
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/variant")
}

// docImage is docs/images/watermark-proof.png: a made-up scene (light sky,
// dark ground: the mark must read on both) at 960×640, marked as a
// private project's variant is. The test holds the picture in the docs
// to the drawing; -update draws it again.
const docImage = "../../../docs/images/watermark-proof.png"

func TestWatermarkDocImage(t *testing.T) {
	img := docScene()
	if _, err := drawWatermark(img, "PROOF · Mara Lind"); err != nil {
		t.Fatal(err)
	}
	checkDocImage(t, docImage, img)
}

// docImageMark is docs/images/watermark-image-proof.png: the same scene
// marked with a made-up logo (a ring and a bar, on transparency), as
// `watermarkImage` marks it (decision 0093, "Image watermark").
const docImageMark = "../../../docs/images/watermark-image-proof.png"

func TestWatermarkImageDocImage(t *testing.T) {
	logo := image.NewNRGBA(image.Rect(0, 0, 240, 80))
	for y := range 80 {
		for x := range 240 {
			dx, dy := x-40, y-40
			ring := dx*dx+dy*dy <= 36*36 && dx*dx+dy*dy >= 24*24
			bar := x >= 92 && x < 232 && y >= 28 && y < 52
			if ring || bar {
				logo.SetNRGBA(x, y, color.NRGBA{255, 255, 255, 255})
			}
		}
	}
	mark, err := decodeMark(imagetest.EncodePNG(logo))
	if err != nil {
		t.Fatal(err)
	}
	img := docScene()
	drawMarkImage(img, mark)
	checkDocImage(t, docImageMark, img)
}

// docScene is a made-up scene at 960×640: light sky, dark ground (a mark
// must read on both) and a sun.
func docScene() *image.NRGBA {
	w, h := 960, 640
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.NRGBA{uint8(150 + 90*y/h), uint8(190 + 50*y/h), 240, 255} // sky
			if y > h*3/5 {
				c = color.NRGBA{uint8(40 + 30*x/w), uint8(60 + 20*y/h), 35, 255} // field
			}
			if dx, dy := x-w*7/10, y-h/4; dx*dx+dy*dy < 60*60 {
				c = color.NRGBA{255, 236, 170, 255} // sun
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

// checkDocImage holds the picture at docImage (a path) to img; -update
// writes it.
func checkDocImage(t *testing.T, docImage string, img *image.NRGBA) {
	t.Helper()
	differ := func(data []byte) string {
		doc, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			return err.Error()
		}
		if doc.Bounds() != img.Bounds() {
			return fmt.Sprintf("the picture is %v, the drawing %v", doc.Bounds(), img.Bounds())
		}
		w, h := img.Bounds().Dx(), img.Bounds().Dy()
		var sum float64
		for y := range h {
			for x := range w {
				sum += diff(doc.At(x, y), img.At(x, y))
			}
		}
		// Floating point may round a pixel differently on another machine.
		if mean := sum / float64(w*h); mean > 0.5 {
			return fmt.Sprintf("the picture differs from the drawing by %.2f per pixel", mean)
		}
		return ""
	}
	golden.FileFunc(t, docImage, differ, func() ([]byte, error) {
		var b bytes.Buffer
		err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&b, img)
		return b.Bytes(), err
	})
}
