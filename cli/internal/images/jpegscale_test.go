package images

import (
	"bytes"
	"encoding/binary"
	"image/jpeg"
	"testing"

	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/racetest"
)

// requireScaledJPEG stops a test that needs libjpeg when this build has
// none (no cgo, or no jpeglib.h: apt-get install libjpeg-dev); .ci/test
// installs it, so CI runs these tests.
func requireScaledJPEG(t *testing.T) {
	t.Helper()
	if _, err := jpegCodec.open(); err != nil {
		t.Skipf("no scaled JPEG decoder in this build: %v", err)
	}
}

func TestDecodeJPEGScaledPicksTheSmallestScaleThatCovers(t *testing.T) {
	racetest.Plain(t, "TestHalveAveragesEachBlock") // images of 8–12 MP, made in Go
	requireScaledJPEG(t)
	src := imagetest.JPEG(3200, 2400)
	tests := []struct {
		name         string
		w, h         int
		wantW, wantH int
	}{
		{"an eighth covers it", 400, 300, 400, 300},
		{"a quarter: an eighth is too small", 480, 360, 800, 600},
		{"a half", 1200, 900, 1600, 1200},
		{"whole: nothing smaller covers it", 2000, 1500, 3200, 2400},
		{"larger than the image: whole", 4000, 3000, 3200, 2400},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, ok := jpegCodec.decodeScaled(src, tt.w, tt.h)
			if !ok {
				t.Fatal("not decoded")
			}
			if b := img.Bounds(); b.Dx() != tt.wantW || b.Dy() != tt.wantH {
				t.Errorf("%dx%d, want %dx%d", b.Dx(), b.Dy(), tt.wantW, tt.wantH)
			}
		})
	}
}

// The scaled decode shows what the full one shows: at the placeholder's
// width the two differ by less than 2 levels of 255 on average.
func TestDecodeJPEGScaledLooksLikeTheFullDecode(t *testing.T) {
	racetest.Plain(t, "TestHalveAveragesEachBlock") // images of 8–12 MP, made in Go
	requireScaledJPEG(t)
	src := imagetest.EncodeJPEG(imagetest.Marked(4000, 3000))
	full, err := jpeg.Decode(bytes.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	scaled, ok := jpegCodec.decodeScaled(src, 480, 360)
	if !ok {
		t.Fatal("not decoded")
	}
	if b := scaled.Bounds(); b.Dx() != 500 {
		t.Fatalf("%d px wide, want an eighth (500)", b.Dx())
	}
	a, b := Resize(full, 1, 480, 360), Resize(scaled, 1, 480, 360)
	var sum int
	for i := range a.Pix {
		d := int(a.Pix[i]) - int(b.Pix[i])
		sum += max(d, -d)
	}
	if mean := float64(sum) / float64(len(a.Pix)); mean >= 2 {
		t.Errorf("mean difference %.2f levels, want under 2", mean)
	}
	if !scaled.Opaque() {
		t.Error("a JPEG decodes with transparent pixels")
	}
}

// A damaged JPEG is left to Go's decoder, whose error the build reports:
// libjpeg's own would differ by platform.
func TestDecodeJPEGScaledLeavesDamagedFilesToGo(t *testing.T) {
	requireScaledJPEG(t)
	src := imagetest.JPEG(800, 600)
	for name, data := range map[string][]byte{
		"truncated header": src[:20],
		"not a JPEG":       []byte("GIF89a, not a JPEG at all"),
		"empty":            {},
	} {
		if _, ok := jpegCodec.decodeScaled(data, 100, 75); ok {
			t.Errorf("%s: decoded", name)
		}
	}
}

// With images.delivery: netlify a JPEG is decoded only as large as its
// placeholder needs, in the stored orientation: a photograph turned a
// quarter (orientation 6) asks for its stored width from the upright
// height.
func TestNetlifyPlaceholderDecodesAScaledJPEG(t *testing.T) {
	racetest.Plain(t, "TestHalveAveragesEachBlock") // images of 8–12 MP, made in Go
	requireScaledJPEG(t)
	r := &runner{opts: Options{MaxPixels: imagecheck.DefaultMaxPixels}}
	for name, tt := range map[string]struct {
		data      []byte
		wantWidth int
	}{
		"upright":       {imagetest.JPEG(4000, 3000), 500},
		"orientation 6": {imagetest.WithExifOrientation(imagetest.JPEG(4000, 3000), 6, binary.BigEndian), 1000},
	} {
		info, err := imagecheck.Bytes(name, tt.data, imagecheck.DefaultMaxPixels)
		if err != nil {
			t.Fatal(err)
		}
		img, err := r.decodeForPlaceholder(name, tt.data, info, 480)
		if err != nil {
			t.Fatal(err)
		}
		if got := img.Bounds().Dx(); got != tt.wantWidth {
			t.Errorf("%s: decoded %d px wide, want %d", name, got, tt.wantWidth)
		}
		if _, _, err := originalPlaceholder(img, info, 480); err != nil {
			t.Errorf("%s: placeholder: %v", name, err)
		}
	}
}

// A social card's cover is decoded upright and just large enough to be
// cropped to the card: a JPEG at the smallest scale that still covers it,
// anything else whole; a cover over the pixel limit is refused unread.
func TestDecodeToCover(t *testing.T) {
	racetest.Plain(t, "TestHalveAveragesEachBlock") // images of 8–12 MP, made in Go
	requireScaledJPEG(t)
	tests := []struct {
		name         string
		data         []byte
		wantW, wantH int
		wantErr      bool
	}{
		{"a camera JPEG: a half covers 1200×630", imagetest.JPEG(4000, 3000), 2000, 1500, false},
		{"turned a quarter: upright, a half", imagetest.WithExifOrientation(imagetest.JPEG(4000, 3000), 6, binary.BigEndian), 1500, 2000, false},
		{"a small JPEG: whole", imagetest.JPEG(1300, 700), 1300, 700, false},
		{"a PNG: whole", imagetest.PNG(2600, 1400), 2600, 1400, false},
		{"over the pixel limit", imagetest.PNGHeaderOnly(50000, 50000), 0, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, err := DecodeToCover(tt.data, imagecheck.DefaultMaxPixels, 1200, 630)
			if tt.wantErr {
				if err == nil {
					t.Fatal("decoded, want an error")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if b := img.Bounds(); b.Dx() != tt.wantW || b.Dy() != tt.wantH {
				t.Errorf("%dx%d, want %dx%d", b.Dx(), b.Dy(), tt.wantW, tt.wantH)
			}
		})
	}
}
