package images

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/racetest"
)

// With images.delivery: netlify the pages ask the Image CDN for AVIF
// (asset.AVIF) where the build's own rule, avifPays, would keep it:
// photographs yes, flat drawings and transparent images no (decision
// 0104). The photographs are decision 77's, where all 13 keep their
// AVIF; the drawings are the sample's, where 87 of 108 keep WebP only and
// none saves much. `go test ./cli/internal/images -run
// TestNetlifyAsksForAVIFOfPhotographs -v` prints each image's flat share.
func TestNetlifyAsksForAVIFOfPhotographs(t *testing.T) {
	racetest.Plain(t, "TestNetlifyPublishesEachOriginalOnce") // 121 images through one code path
	photos, _ := filepath.Glob("/usr/share/backgrounds/mate/nature/*.jpg")
	photos = append(photos, "/usr/share/backgrounds/mate/abstract/Elephants.jpg")
	if _, err := os.Stat(photos[len(photos)-1]); err != nil || len(photos) != 13 {
		t.Skip("no photographs to test with: apt-get install mate-backgrounds")
	}
	drawings, _ := filepath.Glob("../../../content/projects/*/*.jpg")
	gallery, _ := filepath.Glob("../../../content/projects/*/gallery/*.jpg")
	screenshots, _ := filepath.Glob("../../../content/projects/*/*/*.png")
	drawings = slices.Concat(drawings, gallery, screenshots)
	if len(drawings) < 100 {
		t.Fatalf("found %d of the sample's images, want its 108", len(drawings))
	}
	// A transparent photograph: its AVIF would carry the alpha losslessly.
	cut := image.NewNRGBA(image.Rect(0, 0, 300, 200))
	for i := range cut.Pix {
		cut.Pix[i] = uint8(i * 7919 % 251)
	}
	cut.Set(0, 0, color.NRGBA{})

	f := newFixture(t)
	f.opts.Delivery = content.DeliveryNetlify
	f.opts.Widths = DefaultWidths
	want := map[string]bool{}
	for _, p := range slices.Concat(photos, drawings) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		name, _ := filepath.Rel("/", p)
		if !filepath.IsAbs(p) {
			name = filepath.Join("sample", p)
		}
		f.add(name, data)
		if testing.Verbose() {
			t.Logf("%5.1f%% flat at 160 px: %s", 100*flatShareAt160(t, data), p)
		}
		want["projects/p/"+filepath.ToSlash(name)] = slices.Contains(photos, p)
	}
	f.add("cut.png", imagetest.EncodePNG(cut))
	want["projects/p/cut.png"] = false

	res := f.run()
	if len(res.Failures) > 0 {
		t.Fatalf("failures: %v", res.Failures)
	}
	for rel, photo := range want {
		img, ok := res.Manifest.Images[rel]
		if !ok || !img.CDN() {
			t.Fatalf("%s: not published for the Image CDN", rel)
		}
		if img.AVIF != photo {
			t.Errorf("%s: AVIF asked for = %v, want %v (a photograph: %v)", rel, img.AVIF, photo, photo)
		}
	}
}

// flatShareAt160 is the flat share (flatShare) of an image's source bytes
// at 160 px wide, the smallest width the pages ask for, decoded as the run
// decodes it (a JPEG by libjpeg, scaled, where it is installed).
func flatShareAt160(t *testing.T, data []byte) float64 {
	info, err := imagecheck.Bytes("image", data, imagecheck.DefaultMaxPixels)
	if err != nil {
		t.Fatal(err)
	}
	r := &runner{opts: Options{MaxPixels: imagecheck.DefaultMaxPixels}}
	img, err := r.decodeForPlaceholder("image", data, info, 160)
	if err != nil {
		t.Fatal(err)
	}
	return flatShare(Resize(img, info.Orientation, 160, heightFor(info.Width, info.Height, 160)))
}
