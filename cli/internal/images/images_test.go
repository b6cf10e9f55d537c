package images

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/image/webp"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/images/manifest"
)

func TestTargetWidths(t *testing.T) {
	widths := []int{480, 800, 1200, 1600, 2400}
	tests := []struct {
		source int
		want   []int
	}{
		{6000, []int{480, 800, 1200, 1600, 2400}},
		{2400, []int{480, 800, 1200, 1600, 2400}},
		{2000, []int{480, 800, 1200, 1600, 2000}},
		{1700, []int{480, 800, 1200, 1700}}, // 1600 is within 10% of 1700
		{1250, []int{480, 800, 1250}},
		{800, []int{480, 800}},
		{500, []int{500}},
		{300, []int{300}},
		{1, []int{1}},
	}
	for _, tt := range tests {
		got := targetWidths(widths, tt.source)
		if !slices.Equal(got, tt.want) {
			t.Errorf("targetWidths(%d) = %v, want %v", tt.source, got, tt.want)
		}
		if got[len(got)-1] > tt.source {
			t.Errorf("targetWidths(%d) upscales: %v", tt.source, got)
		}
	}
}

// fixture is a folder of source images and the folders a run writes to.
type fixture struct {
	t       *testing.T
	dir     string
	sources []Source
	opts    Options
}

func newFixture(t *testing.T) *fixture {
	dir := t.TempDir()
	return &fixture{t: t, dir: dir, opts: Options{
		Widths:   []int{100, 200, 400},
		Quality:  80,
		Workers:  2,
		OutDir:   filepath.Join(dir, "out"),
		CacheDir: filepath.Join(dir, "cache"),
	}}
}

// add writes an image file and lists it as a source. Its times are set in
// the past, as for any file not just saved.
func (f *fixture) add(name string, data []byte) Source {
	f.t.Helper()
	path := filepath.Join(f.dir, "src", name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		f.t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		f.t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(path, old, old); err != nil {
		f.t.Fatal(err)
	}
	info, _ := imagecheck.File(path, imagecheck.DefaultMaxPixels) // a broken file still gets a source
	s := Source{Rel: "projects/p/" + name, Path: path, Info: info}
	f.sources = append(f.sources, s)
	return s
}

func (f *fixture) run() *Result {
	f.t.Helper()
	res, err := Run(context.Background(), f.sources, f.opts)
	if err != nil {
		f.t.Fatal(err)
	}
	return res
}

func (f *fixture) read(v manifest.Variant) []byte {
	f.t.Helper()
	data, err := os.ReadFile(filepath.Join(f.opts.OutDir, v.File))
	if err != nil {
		f.t.Fatal(err)
	}
	return data
}

func decodeVariant(t *testing.T, v manifest.Variant, data []byte) image.Image {
	t.Helper()
	var img image.Image
	var err error
	switch v.Type {
	case manifest.WebP:
		img, err = webp.Decode(bytes.NewReader(data))
	case manifest.JPEG:
		img, err = jpeg.Decode(bytes.NewReader(data))
	case manifest.PNG:
		img, err = png.Decode(bytes.NewReader(data))
	case manifest.AVIF:
		img, err = avifCodec.decode(data)
	}
	if err != nil {
		t.Fatalf("%s does not decode: %v", v.File, err)
	}
	if b := img.Bounds(); b.Dx() != v.Width || b.Dy() != v.Height {
		t.Fatalf("%s is %dx%d, manifest says %dx%d", v.File, b.Dx(), b.Dy(), v.Width, v.Height)
	}
	return img
}

func TestVariantsOfEachImage(t *testing.T) {
	f := newFixture(t)
	f.add("big.jpg", imagetest.JPEG(640, 480))
	f.add("small.png", imagetest.PNG(150, 100))
	f.add("tall.jpg", imagetest.JPEG(120, 400))
	res := f.run()
	if len(res.Failures) > 0 {
		t.Fatalf("failures: %v", res.Failures)
	}
	tests := []struct {
		rel        string
		wantWidths []int
		wantSize   [2]int // largest variant
	}{
		{"projects/p/big.jpg", []int{100, 200, 400}, [2]int{400, 300}},
		{"projects/p/small.png", []int{100, 150}, [2]int{150, 100}},
		{"projects/p/tall.jpg", []int{100, 120}, [2]int{120, 400}},
	}
	for _, tt := range tests {
		img, ok := res.Manifest.Images[tt.rel]
		if !ok {
			t.Fatalf("%s is not in the manifest", tt.rel)
		}
		if img.Width != tt.wantSize[0] || img.Height != tt.wantSize[1] {
			t.Errorf("%s: size %dx%d, want %v", tt.rel, img.Width, img.Height, tt.wantSize)
		}
		for _, typ := range []string{manifest.WebP, manifest.JPEG} {
			var widths []int
			for _, v := range img.Variants {
				if v.Type == typ {
					widths = append(widths, v.Width)
					decodeVariant(t, v, f.read(v))
				}
			}
			if !slices.Equal(widths, tt.wantWidths) {
				t.Errorf("%s: %s widths %v, want %v", tt.rel, typ, widths, tt.wantWidths)
			}
		}
		if !strings.HasPrefix(img.Placeholder, "radial-gradient(") || len(img.Placeholder) > 1024 {
			t.Errorf("%s: placeholder is not gradients of at most 1 KB (%d bytes): %.80s", tt.rel, len(img.Placeholder), img.Placeholder)
		}
	}
	if s := res.Summary; s.Made != 3 || s.Reused != 0 || s.VariantsMade != 14 {
		t.Errorf("summary = %+v, want 3 images and 14 variants made", s)
	}
}

func TestOrientation6ComesOutUpright(t *testing.T) {
	f := newFixture(t)
	// Stored 160×80 with orientation 6: the camera was turned a quarter to
	// the right, so the upright image is 80×160 and the stored top-left
	// corner is its top-right.
	f.add("turned.jpg", imagetest.WithExifOrientation(imagetest.EncodeJPEG(imagetest.Marked(160, 80)), 6, binary.BigEndian))
	res := f.run()
	img := res.Manifest.Images["projects/p/turned.jpg"]
	if img.Width != 80 || img.Height != 160 {
		t.Fatalf("size %dx%d, want 80x160", img.Width, img.Height)
	}
	for _, v := range img.Variants {
		out := decodeVariant(t, v, f.read(v))
		b := out.Bounds()
		topRight := out.At(b.Max.X-b.Dx()/8, b.Dy()/8)
		topLeft := out.At(b.Dx()/8, b.Dy()/8)
		if !imagetest.IsRed(topRight) || imagetest.IsRed(topLeft) {
			t.Errorf("%s is not upright: top-right %v, top-left %v", v.File, topRight, topLeft)
		}
	}
}

func TestOutputHasNoMetadata(t *testing.T) {
	f := newFixture(t)
	f.add("exif.jpg", imagetest.WithExifOrientation(imagetest.JPEG(300, 200), 1, binary.LittleEndian))
	res := f.run()
	for _, v := range res.Manifest.Images["projects/p/exif.jpg"].Variants {
		data := f.read(v)
		for _, marker := range []string{"Exif", "EXIF", "ICC_PROFILE", "XMP", "<x:xmpmeta"} {
			if bytes.Contains(data, []byte(marker)) {
				t.Errorf("%s contains %q metadata", v.File, marker)
			}
		}
		if v.Type == manifest.JPEG && bytes.Contains(data[:min(len(data), 64)], []byte{0xFF, 0xE1}) {
			t.Errorf("%s has an APP1 segment", v.File)
		}
	}
}

func TestTransparentImageFallsBackToPNG(t *testing.T) {
	f := newFixture(t)
	img := image.NewNRGBA(image.Rect(0, 0, 120, 80))
	for i := range img.Pix {
		img.Pix[i] = uint8(i)
	}
	f.add("logo.png", imagetest.EncodePNG(img))
	f.add("opaque.png", imagetest.PNG(120, 80))
	res := f.run()
	if got := res.Manifest.Images["projects/p/logo.png"].FallbackType(); got != manifest.PNG {
		t.Errorf("transparent image falls back to %s, want PNG", got)
	}
	if got := res.Manifest.Images["projects/p/opaque.png"].FallbackType(); got != manifest.JPEG {
		t.Errorf("opaque PNG falls back to %s, want JPEG", got)
	}
}

func TestSecondRunReusesEverything(t *testing.T) {
	f := newFixture(t)
	f.add("a.jpg", imagetest.JPEG(300, 200))
	f.add("b.png", imagetest.PNG(500, 300))
	first := f.run()
	files := modTimes(t, f.opts.OutDir)

	before := decodes.Load()
	second := f.run()
	if n := decodes.Load() - before; n != 0 {
		t.Errorf("the second run decoded %d images, want none", n)
	}
	if s := second.Summary; s.Made != 0 || s.Reused != 2 || s.VariantsReused != first.Summary.VariantsMade {
		t.Errorf("second summary = %+v, want everything reused", s)
	}
	if after := modTimes(t, f.opts.OutDir); !mapsEqual(files, after) {
		t.Error("the second run rewrote variant files")
	}
	if !manifestsEqual(first.Manifest, second.Manifest) {
		t.Error("the second run's manifest differs from the first's")
	}
}

func TestCacheMisses(t *testing.T) {
	tests := []struct {
		name   string
		change func(f *fixture)
		made   int
	}{
		{"a source changes", func(f *fixture) {
			rewrite(f.t, f.sources[0].Path, imagetest.JPEG(161, 100))
		}, 1},
		{"the quality changes", func(f *fixture) { f.opts.Quality = 60 }, 2},
		{"the widths change", func(f *fixture) { f.opts.Widths = []int{100, 150} }, 2},
		{"a variant file is deleted", func(f *fixture) {
			v := f.run().Manifest.Images["projects/p/b.png"].Variants[0]
			os.Remove(filepath.Join(f.opts.OutDir, v.File))
		}, 1},
		{"a variant file is truncated", func(f *fixture) {
			v := f.run().Manifest.Images["projects/p/a.jpg"].Variants[1]
			if err := os.Truncate(filepath.Join(f.opts.OutDir, v.File), 10); err != nil {
				t.Fatal(err)
			}
		}, 1},
		{"the cache folder is deleted", func(f *fixture) { os.RemoveAll(f.opts.CacheDir) }, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.add("a.jpg", imagetest.JPEG(160, 100))
			f.add("b.png", imagetest.PNG(240, 150))
			f.run()
			tt.change(f)
			res := f.run()
			if res.Summary.Made != tt.made || res.Summary.Reused != 2-tt.made {
				t.Errorf("made %d, reused %d; want %d made", res.Summary.Made, res.Summary.Reused, tt.made)
			}
			for _, img := range res.Manifest.Images {
				for _, v := range img.Variants {
					decodeVariant(t, v, f.read(v))
				}
			}
		})
	}
}

// A source rewritten with bytes of the same size, its modification time then
// set back (as `cp -p` or a sync tool does), is not mistaken for the old one:
// the index compares the change time and inode too, as git's does.
func TestRewriteKeepingSizeAndTimeIsNoticed(t *testing.T) {
	f := newFixture(t)
	red := imagetest.EncodePNG(imagetest.Marked(200, 100))
	s := f.add("a.png", red)
	first := f.run().Manifest.Images[s.Rel]

	grey := imagetest.EncodePNG(image.NewRGBA(image.Rect(0, 0, 200, 100)))
	grey = append(grey[:len(grey):len(grey)], make([]byte, len(red)-len(grey))...) // same size: padding after IEND
	fi, _ := os.Stat(s.Path)
	rewrite(t, s.Path, grey)
	if err := os.Chtimes(s.Path, fi.ModTime(), fi.ModTime()); err != nil {
		t.Fatal(err)
	}
	second := f.run().Manifest.Images[s.Rel]
	if first.Key == second.Key {
		t.Error("a rewritten source kept its old key")
	}
}

func TestFailuresDoNotStopTheOthers(t *testing.T) {
	f := newFixture(t)
	f.add("good.jpg", imagetest.JPEG(300, 200))
	whole := imagetest.JPEG(300, 200)
	f.add("truncated.jpg", whole[:len(whole)/2])
	f.add("empty.png", nil)
	gone := f.add("gone.jpg", imagetest.JPEG(300, 200))
	os.Remove(gone.Path)
	f.add("also-good.png", imagetest.PNG(250, 100))

	res := f.run()
	var failed []string
	for _, fl := range res.Failures {
		failed = append(failed, strings.TrimPrefix(fl.Source.Rel, "projects/p/")+": "+fl.Err.Error())
	}
	want := []string{"empty.png: ", "gone.jpg: the file no longer exists", "truncated.jpg: "}
	if len(failed) != len(want) {
		t.Fatalf("failures = %q, want 3", failed)
	}
	for i := range want {
		if !strings.HasPrefix(failed[i], want[i]) {
			t.Errorf("failure %d = %q, want it to start %q", i, failed[i], want[i])
		}
	}
	if _, ok := res.Manifest.Images["projects/p/good.jpg"]; !ok {
		t.Error("good.jpg was not processed")
	}
	if _, ok := res.Manifest.Images["projects/p/also-good.png"]; !ok {
		t.Error("also-good.png was not processed")
	}
	if _, ok := res.Manifest.Images["projects/p/truncated.jpg"]; ok {
		t.Error("a failed image is in the manifest")
	}
}

func TestDecompressionBombIsRefusedUnallocated(t *testing.T) {
	f := newFixture(t)
	f.add("bomb.png", imagetest.PNGHeaderOnly(50_000, 50_000)) // 2.5 gigapixels: 10 GB decoded
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res := f.run()
	runtime.ReadMemStats(&after)
	if len(res.Failures) != 1 || !strings.Contains(res.Failures[0].Err.Error(), "too large") {
		t.Fatalf("failures = %v, want the bomb refused for its pixel count", res.Failures)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 64<<20 {
		t.Errorf("refusing the bomb allocated %d MB", grew>>20)
	}
}

func TestCancelledRunKeepsWholeFilesAndNextRunCompletes(t *testing.T) {
	f := newFixture(t)
	for _, name := range []string{"1.jpg", "2.jpg", "3.jpg", "4.jpg", "5.jpg", "6.jpg"} {
		f.add(name, imagetest.JPEG(500+len(f.sources), 300))
	}
	ctx, cancel := context.WithCancel(context.Background())
	opts := f.opts
	opts.Workers = 1
	opts.OnEvent = func(Event) { cancel() } // stop after the first image
	res, err := Run(ctx, f.sources, opts)
	if err == nil {
		t.Fatal("a cancelled run returned no error")
	}
	if res.Summary.Made >= len(f.sources) {
		t.Fatalf("the run was not interrupted: %+v", res.Summary)
	}
	assertClean(t, f.opts.OutDir, f.opts.CacheDir)

	next := f.run()
	if next.Summary.Made+next.Summary.Reused != len(f.sources) || next.Summary.Reused < 1 {
		t.Errorf("next run = %+v, want it to reuse what was finished and make the rest", next.Summary)
	}
}

func TestGC(t *testing.T) {
	f := newFixture(t)
	f.add("keep.jpg", imagetest.JPEG(300, 200))
	f.add("drop.jpg", imagetest.JPEG(320, 200))
	f.run()
	f.sources = f.sources[:1]

	res := f.run()
	if res.Summary.Unused != 7 || res.Summary.Removed { // 3 widths × 2 formats + the cache entry
		t.Fatalf("without --gc: unused %d, removed %v; want 7 counted and kept", res.Summary.Unused, res.Summary.Removed)
	}
	f.opts.GC = true
	res = f.run()
	if !res.Summary.Removed {
		t.Fatal("--gc removed nothing")
	}
	entries, _ := os.ReadDir(f.opts.OutDir)
	if len(entries) != 6 {
		t.Errorf("after --gc the output folder holds %d files, want the 6 variants of keep.jpg", len(entries))
	}
	if f.run().Summary.Unused != 0 {
		t.Error("unused files remain after --gc")
	}
}

func TestSourcesInNaturalOrder(t *testing.T) {
	c := &content.Content{Projects: []*content.Project{{
		Slug: "p", Dir: "content/projects/p",
		Images: map[string]imagecheck.Info{"gallery/10.jpg": {}, "gallery/2.jpg": {}, "cover.jpg": {}, "gallery/1.jpg": {}},
	}}}
	var got []string
	for _, s := range Sources(c) {
		got = append(got, s.Rel)
	}
	want := []string{"projects/p/cover.jpg", "projects/p/gallery/1.jpg", "projects/p/gallery/2.jpg", "projects/p/gallery/10.jpg"}
	if !slices.Equal(got, want) {
		t.Errorf("Sources = %v, want %v", got, want)
	}
}

func TestSecondRunWaitsForNoLock(t *testing.T) {
	f := newFixture(t)
	f.add("a.jpg", imagetest.JPEG(100, 100))
	if err := os.MkdirAll(f.opts.CacheDir, 0o755); err != nil {
		t.Fatal(err)
	}
	unlock, err := lock(filepath.Join(f.opts.CacheDir, lockFile))
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	if runtime.GOOS == "windows" {
		return // no locking there
	}
	if _, err := Run(context.Background(), f.sources, f.opts); err == nil || !strings.Contains(err.Error(), "another `portfolio images` is running") {
		t.Errorf("err = %v, want the lock reported", err)
	}
}

func rewrite(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func modTimes(t *testing.T, dir string) map[string]time.Time {
	t.Helper()
	out := map[string]time.Time{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		fi, _ := e.Info()
		out[e.Name()] = fi.ModTime()
	}
	return out
}

func mapsEqual(a, b map[string]time.Time) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if !b[k].Equal(v) {
			return false
		}
	}
	return true
}

func manifestsEqual(a, b *manifest.Manifest) bool {
	if len(a.Images) != len(b.Images) {
		return false
	}
	for k, x := range a.Images {
		y, ok := b.Images[k]
		if !ok || x.Key != y.Key || x.Placeholder != y.Placeholder || !slices.Equal(x.Variants, y.Variants) {
			return false
		}
	}
	return true
}

// assertClean checks that no temporary file is left and that every variant
// file decodes.
func assertClean(t *testing.T, outDir, cacheDir string) {
	t.Helper()
	for _, dir := range []string{outDir, cacheDir} {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.Contains(e.Name(), ".tmp-") {
				t.Errorf("temporary file left: %s", e.Name())
			}
		}
	}
	entries, _ := os.ReadDir(outDir)
	for _, e := range entries {
		assertDecodes(t, filepath.Join(outDir, e.Name()))
	}
}

// assertDecodes checks that a variant file is a whole image.
func assertDecodes(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case strings.HasSuffix(path, ".webp"):
		_, err = webp.Decode(bytes.NewReader(data))
	case strings.HasSuffix(path, ".avif"):
		_, err = avifCodec.decode(data)
	default:
		_, _, err = image.Decode(bytes.NewReader(data))
	}
	if err != nil {
		t.Errorf("%s is corrupt: %v", filepath.Base(path), err)
	}
}

// withComment puts a JPEG comment segment (private text, as a camera or an
// editor may write) right after the start of the image.
func withComment(jpg []byte, text string) []byte {
	seg := append([]byte{0xFF, 0xFE, 0, 0}, text...)
	binary.BigEndian.PutUint16(seg[2:], uint16(len(seg)-2))
	return slices.Concat(jpg[:2], seg, jpg[2:])
}

// With images.delivery: netlify each source is published once, prepared
// as an import is (private metadata out, orientation kept, an original
// over 6000 px shrunk), named <key>-<upright width>.<ext>; the asset has
// the size, widths and kind of placeholder the build's variants would
// give, and a second run decodes nothing.
func TestNetlifyPublishesEachOriginalOnce(t *testing.T) {
	logo := image.NewNRGBA(image.Rect(0, 0, 120, 80))
	for i := range logo.Pix {
		logo.Pix[i] = uint8(i)
	}
	sources := map[string][]byte{
		"big.jpg":    withComment(imagetest.JPEG(640, 480), "private note"),
		"turned.jpg": withComment(imagetest.WithExifOrientation(imagetest.EncodeJPEG(imagetest.Marked(160, 80)), 6, binary.BigEndian), "private note"),
		"logo.png":   imagetest.EncodePNG(logo),
		"huge.jpg":   imagetest.JPEG(6400, 40),
	}
	build, cdn := newFixture(t), newFixture(t)
	cdn.opts.Delivery = content.DeliveryNetlify
	for _, name := range slices.Sorted(maps.Keys(sources)) {
		build.add(name, sources[name])
		cdn.add(name, sources[name])
	}
	made := build.run()
	before := decodes.Load()
	res := cdn.run()
	if len(res.Failures) > 0 {
		t.Fatalf("failures: %v", res.Failures)
	}
	if n := decodes.Load() - before; n != int64(len(sources)) {
		t.Errorf("decoded %d sources, want each once (%d)", n, len(sources))
	}
	published := map[string]int{"big.jpg": 640, "turned.jpg": 80, "logo.png": 120, "huge.jpg": 6000}
	for name, width := range published {
		rel := "projects/p/" + name
		got, want := res.Manifest.Images[rel], made.Manifest.Images[rel]
		if len(got.Variants) != 1 || !got.CDN() {
			t.Fatalf("%s: %d variants, delivery %q; want the original alone, for the Image CDN", name, len(got.Variants), got.Delivery)
		}
		v := got.Variants[0]
		if wantFile := fmt.Sprintf("%s-%d%s", got.Key, width, filepath.Ext(name)); v.File != wantFile || v.Width != width {
			t.Errorf("%s published as %s (%d px wide), want %s", name, v.File, v.Width, wantFile)
		}
		data := cdn.read(v)
		if int64(len(data)) != v.Bytes {
			t.Errorf("%s: %d bytes on disk, manifest says %d", v.File, len(data), v.Bytes)
		}
		if bytes.Contains(data, []byte("private note")) {
			t.Errorf("%s keeps the private comment", v.File)
		}
		if got.Width != want.Width || got.Height != want.Height {
			t.Errorf("%s: size %dx%d, the build's variants give %dx%d", name, got.Width, got.Height, want.Width, want.Height)
		}
		var widths []int
		for _, bv := range want.Variants {
			if bv.Type == manifest.WebP {
				widths = append(widths, bv.Width)
			}
		}
		if !slices.Equal(got.Widths, widths) {
			t.Errorf("%s: widths %v, the build makes %v", name, got.Widths, widths)
		}
		if kind := func(p string) string { k, _, _ := strings.Cut(p, "("); return k }; kind(got.Placeholder) != kind(want.Placeholder) || got.Placeholder == "" {
			t.Errorf("%s: placeholder %.40q…, the build's is %.40q…", name, got.Placeholder, want.Placeholder)
		}
	}
	if info, err := imagecheck.File(filepath.Join(cdn.opts.OutDir, res.Manifest.Images["projects/p/turned.jpg"].Variants[0].File), imagecheck.DefaultMaxPixels); err != nil || info.Orientation != 6 {
		t.Errorf("the turned photo's original: orientation %d (%v), want 6 kept", info.Orientation, err)
	}
	if entries, _ := os.ReadDir(cdn.opts.OutDir); len(entries) != len(sources) {
		t.Errorf("%d files published, want one per source (%d)", len(entries), len(sources))
	}

	before = decodes.Load()
	again := cdn.run()
	if n := decodes.Load() - before; n != 0 || again.Summary.Reused != len(sources) || !manifestsEqual(res.Manifest, again.Manifest) {
		t.Errorf("second run: %d decodes, summary %+v; want everything reused", n, again.Summary)
	}

	// Back to build delivery: the variants are made again, under other
	// keys, and --gc removes the originals.
	cdn.opts.Delivery, cdn.opts.GC = content.DeliveryBuild, true
	back := cdn.run()
	if back.Summary.Made != len(sources) || !back.Summary.Removed {
		t.Errorf("back to build: %+v, want every image made and the originals removed", back.Summary)
	}
	for _, img := range back.Manifest.Images {
		if img.CDN() || len(img.Variants) < 2 {
			t.Errorf("%s: %d variants, delivery %q after going back to build", img.Key, len(img.Variants), img.Delivery)
		}
	}
}
