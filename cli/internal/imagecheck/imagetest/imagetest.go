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

// JPEG encodes a w×h image.
func JPEG(w, h int) []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, gradient(w, h), &jpeg.Options{Quality: 80}); err != nil {
		panic(err) // cannot fail on an in-memory buffer
	}
	return b.Bytes()
}

// PNG encodes a w×h image.
func PNG(w, h int) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, gradient(w, h)); err != nil {
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
		binary.Write(&b, binary.BigEndian, uint32(len(body)))
		start := b.Len()
		b.WriteString(typ)
		b.Write(body)
		binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(b.Bytes()[start:]))
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
