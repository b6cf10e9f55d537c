// Package imagetest makes small real images, and crafted ones, for tests.
package imagetest

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// gradient is a w×h image with some variation, so encoders do real work.
func gradient(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x * 7), uint8(y * 5), 120, 255})
		}
	}
	return img
}

// Marked is a w×h image, grey with a red top-left quarter: where the red
// lands tells how an image was turned or cropped.
func Marked(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{128, 128, 128, 255}
			if x < w/2 && y < h/2 {
				c = color.RGBA{220, 20, 20, 255}
			}
			img.Set(x, y, c)
		}
	}
	return img
}

// IsRed reports whether c is Marked's red, after a lossy encoding.
func IsRed(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return r>>8 > 180 && g>>8 < 80 && b>>8 < 80
}

// JPEG encodes a w×h image.
func JPEG(w, h int) []byte { return EncodeJPEG(gradient(w, h)) }

// PNG encodes a w×h image.
func PNG(w, h int) []byte { return EncodePNG(gradient(w, h)) }

// EncodeJPEG encodes img at quality 90.
func EncodeJPEG(img image.Image) []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 90}); err != nil {
		panic(err) // cannot fail on an in-memory buffer
	}
	return b.Bytes()
}

// EncodePNG encodes img.
func EncodePNG(img image.Image) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// PNGHeaderOnly is a tiny PNG whose header claims w×h pixels, with valid
// checksums: the shape of a decompression bomb.
func PNGHeaderOnly(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, body []byte) {
		b.Write(binary.BigEndian.AppendUint32(nil, uint32(len(body))))
		start := b.Len()
		b.WriteString(typ)
		b.Write(body)
		b.Write(binary.BigEndian.AppendUint32(nil, crc32.ChecksumIEEE(b.Bytes()[start:])))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 2 // 8-bit RGB
	chunk("IHDR", ihdr)
	chunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})
	chunk("IEND", nil)
	return b.Bytes()
}

// WithExifOrientation inserts an APP1 Exif segment with the given
// orientation right after the JPEG's SOI marker.
func WithExifOrientation(jpg []byte, orientation uint16, order binary.ByteOrder) []byte {
	ord := order.(binary.AppendByteOrder) // binary.LittleEndian and BigEndian are both
	var tiff bytes.Buffer
	if order == binary.LittleEndian {
		tiff.WriteString("II")
	} else {
		tiff.WriteString("MM")
	}
	tiff.Write(ord.AppendUint16(nil, uint16(42)))
	tiff.Write(ord.AppendUint32(nil, uint32(8))) // IFD0 offset
	tiff.Write(ord.AppendUint16(nil, uint16(1))) // one entry
	tiff.Write(ord.AppendUint16(nil, uint16(0x0112)))
	tiff.Write(ord.AppendUint16(nil, uint16(3))) // SHORT
	tiff.Write(ord.AppendUint32(nil, uint32(1)))
	tiff.Write(ord.AppendUint16(nil, uint16(orientation)))
	tiff.Write(ord.AppendUint16(nil, uint16(0)))
	tiff.Write(ord.AppendUint32(nil, uint32(0))) // no next IFD
	return WithExif(jpg, tiff.Bytes())
}

// WithExif inserts an APP1 Exif segment holding the TIFF structure tiff
// (an EXIF record) right after the JPEG's SOI marker.
func WithExif(jpg, tiff []byte) []byte {
	payload := append([]byte("Exif\x00\x00"), tiff...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	out := append([]byte{}, jpg[:2]...)
	out = append(out, seg...)
	out = append(out, payload...)
	return append(out, jpg[2:]...)
}

// Padded inserts comment segments right after the JPEG's SOI marker that
// make the file n bytes larger (give or take three): the size of a camera
// photo, whose metadata and entropy-coded data run to megabytes, without
// its pixels, which take long to decode.
func Padded(jpg []byte, n int) []byte {
	out := append(make([]byte, 0, len(jpg)+n+3), jpg[:2]...)
	for n > 0 {
		size := min(n, 2+0xFFFF) // marker, length (which counts itself), payload
		size = max(size, 4)
		seg := []byte{0xFF, 0xFE, 0, 0}
		binary.BigEndian.PutUint16(seg[2:], uint16(size-2))
		out = append(out, seg...)
		out = append(out, make([]byte, size-4)...)
		n -= size
	}
	return append(out, jpg[2:]...)
}

// BigPhoto writes a JPEG of w×h pixels and about mb megabytes, named name,
// in a folder of its own, and returns its path: an original larger than the
// import limit, whose size a question reports. Its pixels are a thin strip
// (say 3840×64), so shrinking it costs little, even under the race
// detector; importimage's own tests check the arithmetic at every size.
func BigPhoto(t testing.TB, name string, w, h int, mb float64) string {
	t.Helper()
	jpg := JPEG(w, h)
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, Padded(jpg, int(mb*1e6)-len(jpg)), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
