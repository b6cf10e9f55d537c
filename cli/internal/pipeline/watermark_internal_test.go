package pipeline

import (
	"archive/zip"
	"bytes"
	"context"
	"image"
	"io"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/content/contenttest"
	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/images"
	"portfolio/cli/internal/tsgen"
)

// A watermarked private project with downloads: originals: the variants
// the client is shown carry the mark, the ZIP and the photo's own download
// hold the gallery's file byte for byte (decisions 0093, 0099; it carries
// no metadata to clean). Where the mark is drawn: TestWatermarkedVariants.
//
// The same with an image for the mark (decision 0093, "Image watermark").
func TestWatermarkLeavesOriginalsAlone(t *testing.T) {
	t.Run("text", func(t *testing.T) { watermarkLeavesOriginalsAlone(t, "watermark: PROOF\n", nil) })
	t.Run("image", func(t *testing.T) {
		logo := image.NewNRGBA(image.Rect(0, 0, 90, 30))
		for i := range logo.Pix {
			logo.Pix[i] = 255 // opaque white
		}
		watermarkLeavesOriginalsAlone(t, "watermarkImage: brand/mark.png\n", map[string][]byte{"projects/client/brand/mark.png": imagetest.EncodePNG(logo)})
	})
}

func watermarkLeavesOriginalsAlone(t *testing.T, mark string, extra map[string][]byte) {
	dir := t.TempDir()
	contentDir := filepath.Join(dir, "content")
	photo := imagetest.EncodeJPEG(imagetest.Marked(640, 480))
	project := strings.Replace(contenttest.Project("Client"), "featured: true\n",
		"access: private\ndownloads: originals\n"+mark, 1) + "  - type: gallery\n"
	files := map[string][]byte{
		"site.yaml":                     []byte(contenttest.Site),
		"projects/client/project.yaml":  []byte(project),
		"projects/client/cover.jpg":     photo,
		"projects/client/gallery/1.jpg": photo,
	}
	maps.Copy(files, extra)
	for name, data := range files {
		p := filepath.Join(contentDir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c, diags, err := content.Load(contentDir, content.Options{})
	if err != nil || diags.Errors() != 0 {
		t.Fatalf("loading: %v\n%v", err, diags)
	}
	publicDir := filepath.Join(dir, "public")
	res, err := images.Run(context.Background(), images.Sources(c), images.Options{
		Widths: []int{200, 400}, Quality: 80, Workers: 1,
		OutDir: filepath.Join(publicDir, content.ImagesFolder), CacheDir: filepath.Join(dir, "cache"),
	})
	if err != nil || len(res.Failures) != 0 {
		t.Fatalf("images: %v %v", err, res.Failures)
	}
	assets := tsgen.Assets{}
	for key, img := range res.Manifest.Images {
		assets[key] = img.Asset
	}
	ds := downloads(c, assets, publicDir)
	if len(ds) != 1 {
		t.Fatalf("%d downloads, want 1", len(ds))
	}
	if _, err := ds[0].make(); err != nil {
		t.Fatal(err)
	}
	r, err := zip.OpenReader(ds[0].Path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if len(r.File) != 1 {
		t.Fatalf("%d entries, want 1", len(r.File))
	}
	rc, _ := r.File[0].Open()
	got, _ := io.ReadAll(rc)
	rc.Close()
	if !bytes.Equal(got, photo) {
		t.Errorf("the ZIP's %s is not the gallery's file (%d bytes, want %d)", r.File[0].Name, len(got), len(photo))
	}
	// The photo's own download too (decision 0099).
	if _, err := ds[0].makePhotos(true); err != nil {
		t.Fatal(err)
	}
	if own, err := os.ReadFile(filepath.Join(publicDir, "private", "client", "download", "1.jpg")); err != nil || !bytes.Equal(own, photo) {
		t.Errorf("the photo's own download is not the gallery's file (%d bytes, want %d; %v)", len(own), len(photo), err)
	}

	// The variants shown are marked: the same photo made without the
	// watermark gives other files.
	marked := res.Manifest.Images["projects/client/gallery/1.jpg"]
	plain, err := images.Run(context.Background(), []images.Source{{Rel: "plain", Path: filepath.Join(contentDir, "projects/client/gallery/1.jpg"), Info: c.Projects[0].Images["gallery/1.jpg"]}}, images.Options{
		Widths: []int{200, 400}, Quality: 80, Workers: 1,
		OutDir: filepath.Join(dir, "plain"), CacheDir: filepath.Join(dir, "plain-cache"),
	})
	if err != nil {
		t.Fatal(err)
	}
	p := plain.Manifest.Images["plain"]
	if len(p.Variants) != len(marked.Variants) {
		t.Fatalf("%d marked variants, %d plain", len(marked.Variants), len(p.Variants))
	}
	for i, v := range marked.Variants {
		a, _ := os.ReadFile(filepath.Join(publicDir, content.ImagesFolder, v.File))
		b, _ := os.ReadFile(filepath.Join(dir, "plain", p.Variants[i].File))
		if bytes.Equal(a, b) {
			t.Errorf("%s is the unmarked variant", v.File)
		}
	}
}
