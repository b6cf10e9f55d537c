package imagecheck

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"portfolio/cli/internal/imagecheck/imagetest"
)

func encodeJPEG(_ testing.TB, w, h int) []byte { return imagetest.JPEG(w, h) }

func encodePNG(_ testing.TB, w, h int) []byte { return imagetest.PNG(w, h) }

// A 1×1 lossless WebP and a 1×1 lossy one, as cwebp writes them.
var (
	webpLossless, _ = base64.StdEncoding.DecodeString("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==")
	webpLossy, _    = base64.StdEncoding.DecodeString("UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA")
)

func TestBytes(t *testing.T) {
	jpg := encodeJPEG(t, 64, 48)
	pngData := encodePNG(t, 30, 20)
	badCRC := append([]byte{}, pngData...)
	badCRC[len(pngSignature)+8+4] ^= 0xFF // a byte inside IHDR's body

	tests := []struct {
		name       string
		file       string
		data       []byte
		maxPixels  int64
		wantW      int
		wantH      int
		wantFormat Format
		wantErr    string // substring; "" means valid
	}{
		{name: "jpeg", file: "a.jpg", data: jpg, wantW: 64, wantH: 48, wantFormat: JPEG},
		{name: "jpeg upper-case extension", file: "a.JPEG", data: jpg, wantW: 64, wantH: 48, wantFormat: JPEG},
		{name: "png", file: "a.png", data: pngData, wantW: 30, wantH: 20, wantFormat: PNG},
		{name: "webp lossless", file: "a.webp", data: webpLossless, wantW: 1, wantH: 1, wantFormat: WebP},
		{name: "webp lossy", file: "a.webp", data: webpLossy, wantW: 1, wantH: 1, wantFormat: WebP},
		{name: "exif orientation 6 swaps the size", file: "a.jpg", data: imagetest.WithExifOrientation(jpg, 6, binary.BigEndian), wantW: 48, wantH: 64, wantFormat: JPEG},
		{name: "exif orientation 3 keeps the size", file: "a.jpg", data: imagetest.WithExifOrientation(jpg, 3, binary.LittleEndian), wantW: 64, wantH: 48, wantFormat: JPEG},
		{name: "jpeg with trailing bytes after EOI", file: "a.jpg", data: append(append([]byte{}, jpg...), "trailer"...), wantW: 64, wantH: 48, wantFormat: JPEG},
		{name: "text file named .jpg", file: "a.jpg", data: []byte("hello, world\n"), wantErr: `not an image: the file does not start like a JPEG, PNG or WebP file (it starts with "hello, world": a text file?)`},
		{name: "empty file", file: "a.png", data: nil, wantErr: "(it is empty)"},
		{name: "png named .jpg", file: "a.jpg", data: pngData, wantErr: "the file is PNG data but its name ends in .jpg"},
		{name: "jpeg named .webp", file: "a.webp", data: jpg, wantErr: "the file is JPEG data but its name ends in .webp"},
		{name: "truncated jpeg", file: "a.jpg", data: jpg[:len(jpg)/2], wantErr: "the file is truncated"},
		{name: "jpeg cut inside its header", file: "a.jpg", data: jpg[:30], wantErr: "the file is truncated"},
		{name: "truncated png", file: "a.png", data: pngData[:len(pngData)-10], wantErr: "the file is truncated"},
		{name: "png checksum", file: "a.png", data: badCRC, wantErr: `chunk "IHDR" at byte 8 fails its checksum`},
		{name: "truncated webp", file: "a.webp", data: webpLossless[:20], wantErr: "the file is truncated"},
		{name: "header claims 30000×30000", file: "a.png", data: imagetest.PNGHeaderOnly(30000, 30000), wantErr: "the image is too large: 30000×30000 px (900.0 MP), the limit is 80.0 MP"},
		{name: "header sizes that overflow a product", file: "a.png", data: imagetest.PNGHeaderOnly(1<<31-1, 1<<31-1), wantErr: "the image is too large: 2147483647×2147483647 px"},
		{name: "header beyond PNG's range", file: "a.png", data: imagetest.PNGHeaderOnly(4294967295, 4294967295), wantErr: "beyond what PNG allows"},
		{name: "limit is configurable", file: "a.jpg", data: jpg, maxPixels: 1000, wantErr: "the limit is 0.0 MP"},
		{name: "zero size", file: "a.png", data: imagetest.PNGHeaderOnly(0, 10), wantErr: "empty size (0×10 px)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			maxPixels := tt.maxPixels
			if maxPixels == 0 {
				maxPixels = DefaultMaxPixels
			}
			info, err := Bytes(tt.file, tt.data, maxPixels)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error = %v, want it to contain %q", err, tt.wantErr)
				}
				if p, ok := IsProblem(err); !ok || p.Hint == "" {
					t.Errorf("error %v is not a Problem with a hint", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if info.Width != tt.wantW || info.Height != tt.wantH || info.Format != tt.wantFormat {
				t.Errorf("got %s %d×%d, want %s %d×%d", info.Format, info.Width, info.Height, tt.wantFormat, tt.wantW, tt.wantH)
			}
		})
	}
}

// noisyJPEG encodes noise so the file is larger than File's two windows.
func noisyJPEG(t testing.TB, w, h int) []byte {
	img := image.NewGray(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = uint8((i * 7919) ^ (i>>3)*31)
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	if b.Len() <= 2*window {
		t.Fatalf("test image is only %d bytes; make it larger", b.Len())
	}
	return b.Bytes()
}

// TestFileLargeJPEG checks the two-ends path against the whole-file path.
func TestFileLargeJPEG(t *testing.T) {
	big := noisyJPEG(t, 1200, 900)
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name    string
		data    []byte
		wantW   int
		wantH   int
		wantErr string
	}{
		{"whole", big, 1200, 900, ""},
		{"rotated", imagetest.WithExifOrientation(big, 8, binary.BigEndian), 900, 1200, ""},
		{"truncated", big[:len(big)-window-10], 0, 0, "the file is truncated"},
		{"cut at the end marker", big[:len(big)-1], 0, 0, "the file is truncated"},
		{"over the limit", big, 0, 0, "the image is too large"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			maxPixels := int64(DefaultMaxPixels)
			if tt.name == "over the limit" {
				maxPixels = 1000
			}
			info, err := File(write(tt.name+".jpg", tt.data), maxPixels)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if info.Width != tt.wantW || info.Height != tt.wantH || info.Size != int64(len(tt.data)) || info.Format != JPEG {
				t.Errorf("info = %+v", info)
			}
		})
	}
}

func TestFileTooLarge(t *testing.T) {
	p := filepath.Join(t.TempDir(), "huge.png")
	if err := os.WriteFile(p, imagetest.PNG(4, 4), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(p, MaxFileBytes+1); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	_, err := File(p, DefaultMaxPixels)
	if err == nil || !strings.Contains(err.Error(), "the file is too large: 256 MB") {
		t.Fatalf("err = %v", err)
	}
}

func TestHasImageExt(t *testing.T) {
	for name, want := range map[string]bool{
		"a.jpg": true, "a.JPG": true, "a.jpeg": true, "b.png": true, "c.webp": true,
		"a.gif": false, "a.txt": false, "jpg": false, "a.jpg.bak": false,
	} {
		if got := HasImageExt(name); got != want {
			t.Errorf("HasImageExt(%q) = %v, want %v", name, got, want)
		}
	}
}

// FuzzBytes feeds arbitrary bytes under each image name: inspection may
// refuse them but must never panic.
func FuzzBytes(f *testing.F) {
	f.Add("a.jpg", encodeJPEG(f, 8, 8))
	f.Add("a.png", encodePNG(f, 8, 8))
	f.Add("a.webp", webpLossless)
	f.Add("a.webp", webpLossy)
	f.Add("a.jpg", imagetest.WithExifOrientation(encodeJPEG(f, 8, 8), 6, binary.LittleEndian))
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		_, _ = Bytes(name, data, DefaultMaxPixels)
	})
}

// BenchmarkFileLargeJPEG measures inspecting a large JPEG on disk.
func BenchmarkFileLargeJPEG(b *testing.B) {
	p := filepath.Join(b.TempDir(), "big.jpg")
	if err := os.WriteFile(p, noisyJPEG(b, 3000, 2000), 0o644); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := File(p, DefaultMaxPixels); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkJPEG measures inspecting a 6-megapixel JPEG held in memory.
func BenchmarkJPEG(b *testing.B) {
	data := encodeJPEG(b, 3000, 2000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Bytes("a.jpg", data, DefaultMaxPixels); err != nil {
			b.Fatal(err)
		}
	}
}
