package images

import (
	"image"
	"image/draw"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/images/manifest"
	"portfolio/cli/internal/metastrip"
	"portfolio/cli/internal/metastrip/metatest"
)

// ownerRights are a site's rights with AI training refused, of a
// typical length (the 1 kB bound holds for these: decision 0102).
var ownerRights = metastrip.Rights{
	Creator:      "Ada Lovelace",
	Copyright:    "© 2026 Ada Lovelace",
	WebStatement: "https://adalovelace.example/rights",
	Licence:      "https://creativecommons.org/licenses/by-nc-nd/4.0/",
	NoAITraining: true,
}

// Every published variant (JPEG, WebP, AVIF where made, and a transparent
// image's PNG) carries the owner's rights as XMP that exiftool reads, the
// photo's GPS position, serials and maker notes stay out, the pixels are
// those of the variant made without rights, and the rights cost at most
// 1 kB a file (decision 0102).
func TestVariantsCarryTheOwnersRights(t *testing.T) {
	metatest.Exiftool(t)
	f := newFixture(t)
	f.opts.Widths = []int{480, 800} // AVIF is judged from 480 px
	f.add("photo.jpg", photoWithSecrets(t))
	logo := image.NewNRGBA(image.Rect(0, 0, 120, 80))
	for i := range logo.Pix {
		logo.Pix[i] = uint8(i)
	}
	f.add("logo.png", imagetest.EncodePNG(logo))
	f.add("grainy.jpg", imagetest.EncodeJPEG(grainy(800, 600))) // AVIF pays for it

	plain := f.run()
	f.opts.Rights = ownerRights
	marked := f.run()
	mostAVIF := 0 // the most an AVIF grew: metastrip.AVIFItemBytes is libavif's item
	for rel, img := range marked.Manifest.Images {
		before := plain.Manifest.Images[rel]
		if img.Key == before.Key {
			t.Errorf("%s: the rights did not change the key %s", rel, img.Key)
		}
		for _, v := range img.Variants {
			i := slices.IndexFunc(before.Variants, func(b manifest.Variant) bool { return b.Type == v.Type && b.Width == v.Width })
			if i < 0 {
				t.Errorf("%s: %s has no variant without rights to compare with", rel, v.File)
				continue
			}
			b := before.Variants[i]
			added := int(v.Bytes - b.Bytes)
			t.Logf("%s %s %d px: %d bytes added", rel, v.Type, v.Width, added)
			if added <= 0 || added > 1024 || added > ownerRights.Added() {
				t.Errorf("%s: the rights added %d bytes, want 1 to 1024 and at most Added's %d", v.File, added, ownerRights.Added())
			}
			if v.Type == manifest.AVIF {
				mostAVIF = max(mostAVIF, added)
			}
			if !samePixels(decodeVariant(t, v, f.read(v)), decodeVariant(t, b, f.read(b))) {
				t.Errorf("%s: the pixels differ from %s's", v.File, b.File)
			}
			checkOwnerRights(t, filepath.Join(f.opts.OutDir, v.File))
		}
	}
	if _, err := AVIFEncoder(); err == nil && !slices.ContainsFunc(marked.Manifest.Images["projects/p/grainy.jpg"].Variants, func(v manifest.Variant) bool { return v.Type == manifest.AVIF }) {
		t.Error("no AVIF variant was made: its XMP is not tested")
	} else if err == nil && mostAVIF != ownerRights.Added() {
		t.Errorf("an AVIF grew by at most %d bytes, but metastrip.Rights.Added (what validate warns from) says %d: AVIFItemBytes is %d, libavif wrote %d",
			mostAVIF, ownerRights.Added(), metastrip.AVIFItemBytes, mostAVIF-len(ownerRights.XMP()))
	}

	// AI training allowed: no Data Mining field, the rest stays.
	f.opts.Rights.NoAITraining = false
	allowed := f.run()
	for _, v := range allowed.Manifest.Images["projects/p/photo.jpg"].Variants {
		tags := metatest.Tags(t, filepath.Join(f.opts.OutDir, v.File))
		if _, ok := tags["XMP:DataMining"]; ok || tags["XMP:Creator"] != ownerRights.Creator {
			t.Errorf("%s with AI training allowed: DataMining %v, Creator %v", v.File, tags["XMP:DataMining"], tags["XMP:Creator"])
		}
	}
}

// checkOwnerRights fails t unless exiftool reads ownerRights, with AI
// training refused, in the file, and no GPS, serial or maker note.
func checkOwnerRights(t *testing.T, file string) {
	t.Helper()
	tags := metatest.Tags(t, file)
	for tag, want := range map[string]string{
		"XMP:Creator":      ownerRights.Creator,
		"XMP:Rights":       ownerRights.Copyright,
		"XMP:WebStatement": ownerRights.WebStatement,
		"XMP:LicensorName": ownerRights.Creator,
		"XMP:LicensorURL":  ownerRights.Licence,
		"XMP:DataMining":   metastrip.DataMiningNoAITraining,
	} {
		if got, _ := tags[tag].(string); got != want {
			t.Errorf("%s: exiftool reads %s = %v, want %q", filepath.Base(file), tag, tags[tag], want)
		}
	}
	if p := metatest.Private(tags); len(p) > 0 {
		t.Errorf("%s carries %v", filepath.Base(file), p)
	}
}

// photoWithSecrets is a Debian photograph with a GPS position, serials
// and someone else's rights written in by exiftool; the test skips
// without Debian's mate-backgrounds.
func photoWithSecrets(t *testing.T) []byte {
	t.Helper()
	photo, err := os.ReadFile("/usr/share/backgrounds/mate/nature/Garden.jpg")
	if err != nil {
		t.Skip("no photo to test with (Debian's mate-backgrounds): ", err)
	}
	src := filepath.Join(t.TempDir(), "photo.jpg")
	if err := os.WriteFile(src, photo, 0o644); err != nil {
		t.Fatal(err)
	}
	metatest.WriteOwnerAndSecrets(t, src)
	withSecrets, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	return withSecrets
}

func samePixels(a, b image.Image) bool {
	na, nb := image.NewNRGBA(a.Bounds()), image.NewNRGBA(b.Bounds())
	draw.Draw(na, na.Rect, a, a.Bounds().Min, draw.Src)
	draw.Draw(nb, nb.Rect, b, b.Bounds().Min, draw.Src)
	return na.Rect == nb.Rect && slices.Equal(na.Pix, nb.Pix)
}

// With delivery: netlify the one published original of each image carries
// the rights too, its private metadata removed as before: the Image CDN
// makes the widths from it (decision 0102).
func TestPublishedOriginalsCarryTheOwnersRights(t *testing.T) {
	metatest.Exiftool(t)
	f := newFixture(t)
	f.opts.Delivery = content.DeliveryNetlify
	f.add("photo.jpg", photoWithSecrets(t))
	f.add("logo.png", imagetest.EncodePNG(image.NewNRGBA(image.Rect(0, 0, 120, 80))))

	plain := f.run()
	f.opts.Rights = ownerRights
	marked := f.run()
	for rel, img := range marked.Manifest.Images {
		if img.Key == plain.Manifest.Images[rel].Key {
			t.Errorf("%s: the rights did not change the key %s", rel, img.Key)
		}
		v := img.Variants[0]
		added := v.Bytes - plain.Manifest.Images[rel].Variants[0].Bytes
		t.Logf("%s %s original: %d bytes added", rel, v.Type, added)
		if added <= 0 || added > 1024 {
			t.Errorf("%s: the rights added %d bytes, want 1 to 1024", v.File, added)
		}
		checkOwnerRights(t, filepath.Join(f.opts.OutDir, v.File))
	}
}
