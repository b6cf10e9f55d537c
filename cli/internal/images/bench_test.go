package images

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/disintegration/imaging"

	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/imagecheck/imagetest"
)

// Benchmarks need real camera photos: Debian's wallpaper packages have them
// (apt-get install mate-backgrounds lomiri-wallpapers ukui-wallpapers). The
// largest JPEG found is used.
//
//	go test ./cli/internal/images -run '^$' -bench . -benchtime 5x
const photoDir = "/usr/share/backgrounds"

func realPhoto(b *testing.B) (string, []byte, imagecheck.Info) {
	b.Helper()
	var best string
	var bestInfo imagecheck.Info
	if err := filepath.WalkDir(photoDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(strings.ToLower(path), ".jpg") {
			return nil
		}
		if info, err := imagecheck.File(path, imagecheck.DefaultMaxPixels); err == nil && info.Width >= 3000 && info.Width <= 4500 && info.Pixels() > bestInfo.Pixels() {
			best, bestInfo = path, info
		}
		return nil
	}); err != nil {
		b.Fatal(err)
	}
	if best == "" {
		b.Fatalf("no JPEG photo 3000–4500 px wide under %s: apt-get install mate-backgrounds lomiri-wallpapers ukui-wallpapers", photoDir)
	}
	data, err := os.ReadFile(best)
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("photo: %s, %dx%d, %d KB", best, bestInfo.Width, bestInfo.Height, len(data)>>10)
	return best, data, bestInfo
}

// BenchmarkRender is the cold cost of one photo: decode, every width, both
// formats, placeholder. Its stages are measured on their own below.
func BenchmarkRender(b *testing.B) {
	_, data, info := realPhoto(b)
	mp := float64(info.Pixels()) / 1e6
	b.Run("all", func(b *testing.B) {
		for b.Loop() {
			img, err := decode(data, info.Format)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := render(context.Background(), img, info, DefaultWidths, encoding{quality: DefaultQuality, avif: true}); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(mp*float64(b.N)/b.Elapsed().Seconds(), "MP/s")
	})
	img, err := decode(data, info.Format)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("decode", func(b *testing.B) {
		for b.Loop() {
			if _, err := decode(data, info.Format); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("resize-all-widths", func(b *testing.B) {
		for b.Loop() {
			cur := imaging.Resize(img, DefaultWidths[len(DefaultWidths)-1], 0, imaging.Lanczos)
			for i := len(DefaultWidths) - 2; i >= 0; i-- {
				cur = imaging.Resize(cur, DefaultWidths[i], 0, imaging.Lanczos)
			}
		}
	})
	mid := imaging.Resize(img, 1200, 0, imaging.Lanczos)
	b.Run("encode-webp-1200", func(b *testing.B) {
		for b.Loop() {
			if _, err := webpCodec.encode(mid, DefaultQuality); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encode-jpeg-1200", func(b *testing.B) {
		rgba := &image.RGBA{Pix: mid.Pix, Stride: mid.Stride, Rect: mid.Rect}
		for b.Loop() {
			if err := jpeg.Encode(&bytes.Buffer{}, rgba, &jpeg.Options{Quality: DefaultQuality}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkPlaceholderDecode is what images.delivery: netlify decodes of
// each photograph: the whole of it with Go's decoder, against only what its
// placeholder needs with libjpeg's scaled decode (decodeJPEGScaled), each
// then resized to the smallest width and made into the placeholder.
func BenchmarkPlaceholderDecode(b *testing.B) {
	path, data, info := realPhoto(b)
	smallest := targetWidths(DefaultWidths, info.Width)[0]
	r := &runner{opts: Options{MaxPixels: imagecheck.DefaultMaxPixels}}
	b.Run("go-full", func(b *testing.B) {
		for b.Loop() {
			_, img, err := r.checkedDecode(path, data)
			if err != nil {
				b.Fatal(err)
			}
			if _, _, err := originalPlaceholder(img, info, smallest); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("libjpeg-scaled", func(b *testing.B) {
		if _, err := jpegCodec.open(); err != nil {
			b.Skip(err)
		}
		for b.Loop() {
			img, err := r.decodeForPlaceholder(path, data, info, smallest)
			if err != nil {
				b.Fatal(err)
			}
			if _, _, err := originalPlaceholder(img, info, smallest); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkColdRun processes up to 8 real photos with an empty cache, the
// way the first `portfolio images` on a photographer's content does.
func BenchmarkColdRun(b *testing.B) {
	var sources []Source
	var pixels int64
	if err := filepath.WalkDir(photoDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || len(sources) == 8 || !strings.HasSuffix(strings.ToLower(path), ".jpg") {
			return nil
		}
		if info, err := imagecheck.File(path, imagecheck.DefaultMaxPixels); err == nil && info.Width >= 3000 {
			sources = append(sources, Source{Rel: path, Path: path, Info: info})
			pixels += info.Pixels()
		}
		return nil
	}); err != nil {
		b.Fatal(err)
	}
	if len(sources) == 0 {
		b.Fatalf("no JPEG photo 3000 px wide or more under %s: apt-get install mate-backgrounds lomiri-wallpapers ukui-wallpapers", photoDir)
	}
	b.Logf("%d photos, %.1f MP, WebP encoder: %s", len(sources), float64(pixels)/1e6, WebPEncoder())
	for b.Loop() {
		dir := b.TempDir()
		opts := Options{Widths: DefaultWidths, Quality: DefaultQuality, OutDir: filepath.Join(dir, "out"), CacheDir: filepath.Join(dir, "cache")}
		res, err := Run(context.Background(), sources, opts)
		if err != nil || len(res.Failures) > 0 {
			b.Fatal(err, res.Failures)
		}
	}
	b.ReportMetric(float64(pixels)/1e6*float64(b.N)/b.Elapsed().Seconds(), "MP/s")
}

// BenchmarkWarmRun is a run where nothing changed, over as many sources as
// the content has (107): it reads no image, only file metadata.
func BenchmarkWarmRun(b *testing.B) {
	dir := b.TempDir()
	var sources []Source
	for i := range 107 {
		path := filepath.Join(dir, "src", fmt.Sprintf("%03d.jpg", i))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(path, imagetest.JPEG(64+i, 48), 0o644); err != nil {
			b.Fatal(err)
		}
		old := time.Now().Add(-time.Hour) // not just saved: see racyWindow
		if err := os.Chtimes(path, old, old); err != nil {
			b.Fatal(err)
		}
		info, _ := imagecheck.File(path, 0)
		sources = append(sources, Source{Rel: filepath.Base(path), Path: path, Info: info})
	}
	opts := Options{Widths: DefaultWidths, Quality: DefaultQuality, OutDir: filepath.Join(dir, "out"), CacheDir: filepath.Join(dir, "cache")}
	if _, err := Run(context.Background(), sources, opts); err != nil {
		b.Fatal(err)
	}
	before := decodes.Load()
	for b.Loop() {
		if _, err := Run(context.Background(), sources, opts); err != nil {
			b.Fatal(err)
		}
	}
	if decodes.Load() != before {
		b.Fatal("a warm run decoded images")
	}
}
