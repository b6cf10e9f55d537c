package pipeline

import (
	"archive/zip"
	"bytes"
	"context"
	"image"
	_ "image/jpeg"
	_ "image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/content/contenttest"
	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/images"
	"portfolio/cli/internal/metastrip/metatest"
	"portfolio/cli/internal/tsgen"
)

// A private project's ZIP: its entries by the photos' names, stored whole;
// made again only when a photo changed; written whole or not at all; and
// removed once no project asks for it.
func TestDownloadZIP(t *testing.T) {
	dir := t.TempDir()
	src := func(name, body string) string {
		p := filepath.Join(dir, "src", name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	d := download{Path: filepath.Join(dir, "public", "private", "alpha", "alpha-originals.zip")}
	d.Entries = []zipEntry{
		{"IMG_1.jpg", src("IMG_1.jpg", "one")},
		{"IMG_1-2.jpg", src("more/IMG_1.jpg", "other one")},
		{"IMG_2.png", src("IMG_2.png", "two")},
	}

	wrote, err := d.make()
	if err != nil || !wrote {
		t.Fatalf("first make: wrote %v, %v", wrote, err)
	}
	want := map[string]string{"IMG_1.jpg": "one", "IMG_1-2.jpg": "other one", "IMG_2.png": "two"}
	r, err := zip.OpenReader(d.Path)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.File) != len(want) {
		t.Errorf("%d entries, want %d", len(r.File), len(want))
	}
	for _, f := range r.File {
		rc, _ := f.Open()
		body, _ := io.ReadAll(rc)
		rc.Close()
		if want[f.Name] != string(body) || f.Method != zip.Store {
			t.Errorf("%s: %q (method %d), want %q stored", f.Name, body, f.Method, want[f.Name])
		}
	}
	r.Close()
	if wrote, _ := d.make(); wrote {
		t.Error("made again with nothing changed")
	}
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(d.Entries[2].Source, later, later); err != nil {
		t.Fatal(err)
	}
	if wrote, _ := d.make(); !wrote {
		t.Error("not made again after a photo changed")
	}
	if tmp, _ := filepath.Glob(filepath.Join(filepath.Dir(d.Path), ".download-*")); len(tmp) > 0 {
		t.Errorf("temporary files left: %v", tmp)
	}
	// A source gone: an error, and the last ZIP left as it was.
	before, _ := os.ReadFile(d.Path)
	if err := os.Remove(d.Entries[0].Source); err != nil {
		t.Fatal(err)
	}
	if _, err := d.make(); err == nil {
		t.Error("a missing photo made no error")
	}
	if after, _ := os.ReadFile(d.Path); string(after) != string(before) {
		t.Error("a failed make changed the ZIP")
	}
	// No project asks for it any more: removed.
	if err := removeOldDownloads(filepath.Join(dir, "public"), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(d.Path); !os.IsNotExist(err) {
		t.Errorf("an unwanted ZIP is still there: %v", err)
	}
}

// clientProject writes a content folder with one private project,
// "client", whose project.yaml gets extra (its downloads…) and whose
// gallery holds photos; makes its web variants; and returns the loaded
// content, the public folder and the downloads the build would make.
func clientProject(t *testing.T, extra string, photos map[string][]byte) (*content.Content, string, []download) {
	t.Helper()
	dir := t.TempDir()
	contentDir := filepath.Join(dir, "content")
	project := strings.Replace(contenttest.Project("Client"), "featured: true\n", "access: private\n"+extra, 1) + "  - type: gallery\n"
	files := map[string][]byte{
		"site.yaml":                    []byte(contenttest.Site),
		"projects/client/project.yaml": []byte(project),
		"projects/client/cover.jpg":    imagetest.JPEG(64, 48),
	}
	for name, data := range photos {
		files["projects/client/gallery/"+name] = data
	}
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
	return c, publicDir, downloads(c, assets, publicDir)
}

// unzip writes each entry of the ZIP at path into dir, and returns their
// paths by name.
func unzip(t *testing.T, path, dir string) map[string]string {
	t.Helper()
	r, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	out := map[string]string{}
	for _, f := range r.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		out[f.Name] = filepath.Join(dir, f.Name)
		if err := os.WriteFile(out[f.Name], data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// downloads: originals, read by exiftool: each photo in the ZIP and on
// its own at /private/<slug>/download/<file> has lost its GPS position,
// serial numbers and maker notes and kept the owner's Artist, Copyright,
// XMP creator and rights; its pixels are the gallery file's (decision
// 0099). A Canon photo from Debian's mate-backgrounds (serials in its
// maker notes) and made JPEG and PNG files, each given GPS, serials and
// rights by exiftool.
func TestOriginalsDownloadsAreCleaned(t *testing.T) {
	metatest.Exiftool(t)
	photos := map[string][]byte{"made.jpg": metatest.JPEG(96, 64), "made.png": metatest.PNG(96, 64)}
	if storm, err := os.ReadFile("/usr/share/backgrounds/mate/nature/Storm.jpg"); err == nil {
		photos["Storm.jpg"] = storm
	}
	tmp := t.TempDir()
	for name, data := range photos {
		p := filepath.Join(tmp, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		metatest.WriteOwnerAndSecrets(t, p)
		photos[name], _ = os.ReadFile(p)
	}
	_, publicDir, ds := clientProject(t, "downloads: originals\n", photos)
	if len(ds) != 1 {
		t.Fatalf("%d downloads, want 1", len(ds))
	}
	d := ds[0]
	if _, err := d.make(); err != nil {
		t.Fatal(err)
	}
	if _, err := d.makePhotos(true); err != nil {
		t.Fatal(err)
	}
	entries := unzip(t, d.Path, t.TempDir())
	if len(entries) != len(photos) {
		t.Errorf("%d ZIP entries, want %d", len(entries), len(photos))
	}
	for name, src := range photos {
		own := filepath.Join(publicDir, "private", "client", "download", name)
		for _, got := range []string{entries[name], own} {
			t.Run(strings.TrimPrefix(got, publicDir), func(t *testing.T) {
				metatest.CheckOriginal(t, got)
				data, err := os.ReadFile(got)
				if err != nil {
					t.Fatal(err)
				}
				a, _, err1 := image.Decode(bytes.NewReader(src))
				b, _, err2 := image.Decode(bytes.NewReader(data))
				if err1 != nil || err2 != nil || !samePixels(a, b) {
					t.Errorf("the pixels are not the gallery file's (%v, %v)", err1, err2)
				}
			})
		}
	}
}

// samePixels says whether two images have the same size and pixels.
func samePixels(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				return false
			}
		}
	}
	return true
}

// downloads: web: each photo's own file is its widest fallback variant,
// byte for byte, named like the photo with the variant's extension; the
// files go once no project asks for them (decision 0099).
func TestWebPhotoDownloads(t *testing.T) {
	_, publicDir, ds := clientProject(t, "downloads: web\n", map[string][]byte{"a.jpg": imagetest.JPEG(96, 64), "b.png": imagetest.PNG(96, 64)})
	if len(ds) != 1 {
		t.Fatalf("%d downloads, want 1", len(ds))
	}
	d := ds[0]
	if _, err := d.make(); err != nil {
		t.Fatal(err)
	}
	if n, err := d.makePhotos(true); err != nil || n != 2 {
		t.Fatalf("wrote %d photo files (%v), want 2", n, err)
	}
	dir := filepath.Join(publicDir, "private", "client", "download")
	names := map[string]bool{}
	for _, e := range d.Entries {
		names[e.Name] = true
		got, err := os.ReadFile(filepath.Join(dir, e.Name))
		want, _ := os.ReadFile(e.Source)
		if err != nil || !bytes.Equal(got, want) || !strings.HasPrefix(e.Source, filepath.Join(publicDir, "img")) {
			t.Errorf("%s: not its variant %s byte for byte (%v)", e.Name, e.Source, err)
		}
	}
	if !names["a.jpg"] || len(names) != 2 {
		t.Errorf("names %v, want a.jpg and b's with its variant's extension", names)
	}
	if n, _ := d.makePhotos(false); n != 0 {
		t.Errorf("made %d photo files again with nothing changed", n)
	}
	if err := removeOldDownloads(publicDir, nil); err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("photo files left once no project asks for them: %v", left)
	}
}
