// Package metatest makes images that carry what a camera or a phone
// writes of where a photo was taken and which camera took it (a GPS
// position, the camera's and the lens's serial numbers), for the tests of
// every way a photo enters content/. Made in the test: no third-party
// photo is committed.
package metatest

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"

	"github.com/gen2brain/webp"

	"portfolio/cli/internal/imagecheck/imagetest"
)

// Serial is the camera's serial number the record holds; the lens's is
// LensSerial. Tests look for these bytes in what is left.
const (
	Serial     = "9XK12345"
	LensSerial = "LN0042917"
)

// EXIF is an EXIF record (a little-endian TIFF structure): camera make
// and model, orientation 1; in its Exif sub-IFD the date taken, the body
// and lens serial numbers; a GPS position of 59° 25' 12" N, 18° 4' 0" E.
func EXIF() []byte {
	bo := binary.LittleEndian
	type entry struct {
		tag, typ uint16
		count    uint32
		data     []byte // stored inline when at most 4 bytes
	}
	ascii := func(tag uint16, s string) entry { return entry{tag, 2, uint32(len(s) + 1), append([]byte(s), 0)} }
	rationals := func(tag uint16, v ...uint32) entry {
		var b []byte
		for i := 0; i < len(v); i += 2 {
			b = bo.AppendUint32(bo.AppendUint32(b, v[i]), v[i+1])
		}
		return entry{tag, 5, uint32(len(v) / 2), b}
	}
	long := func(tag uint16, v uint32) entry { return entry{tag, 4, 1, bo.AppendUint32(nil, v)} }
	short := func(tag uint16, v uint16) entry { return entry{tag, 3, 1, bo.AppendUint16(nil, v)} }
	// Three IFDs laid out one after the other, each followed by its data.
	ifdSize := func(es []entry) int {
		n := 2 + 12*len(es) + 4
		for _, e := range es {
			if len(e.data) > 4 {
				n += len(e.data) + len(e.data)%2
			}
		}
		return n
	}
	ifd0 := []entry{ascii(0x010F, "Canon"), ascii(0x0110, "Canon EOS 5D Mark IV"), short(0x0112, 1), long(0x8769, 0), long(0x8825, 0)}
	exif := []entry{ascii(0x9003, "2024:06:15 14:03:22"), ascii(0xA431, Serial), ascii(0xA435, LensSerial)}
	gps := []entry{ascii(0x0001, "N"), rationals(0x0002, 59, 1, 25, 1, 12, 1), ascii(0x0003, "E"), rationals(0x0004, 18, 1, 4, 1, 0, 1)}
	at0 := 8
	atExif := at0 + ifdSize(ifd0)
	atGPS := atExif + ifdSize(exif)
	ifd0[3] = long(0x8769, uint32(atExif))
	ifd0[4] = long(0x8825, uint32(atGPS))
	var t bytes.Buffer
	t.WriteString("II")
	t.Write(bo.AppendUint16(nil, 42))
	t.Write(bo.AppendUint32(nil, uint32(at0)))
	write := func(es []entry, at int) {
		data := at + 2 + 12*len(es) + 4
		t.Write(bo.AppendUint16(nil, uint16(len(es))))
		var tail []byte
		for _, e := range es {
			t.Write(bo.AppendUint16(bo.AppendUint16(nil, e.tag), e.typ))
			t.Write(bo.AppendUint32(nil, e.count))
			if len(e.data) <= 4 {
				t.Write(append(append([]byte{}, e.data...), make([]byte, 4-len(e.data))...))
				continue
			}
			t.Write(bo.AppendUint32(nil, uint32(data+len(tail))))
			tail = append(tail, e.data...)
			if len(e.data)%2 == 1 {
				tail = append(tail, 0)
			}
		}
		t.Write(bo.AppendUint32(nil, 0))
		t.Write(tail)
	}
	write(ifd0, at0)
	write(exif, atExif)
	write(gps, atGPS)
	return t.Bytes()
}

// JPEG is a w×h JPEG carrying EXIF.
func JPEG(w, h int) []byte { return imagetest.WithExif(imagetest.JPEG(w, h), EXIF()) }

// PNG is a w×h PNG carrying EXIF in an eXIf chunk after its header.
func PNG(w, h int) []byte {
	png := imagetest.PNG(w, h)
	at := 8 + 12 + int(binary.BigEndian.Uint32(png[8:])) // after IHDR
	return append(append(append([]byte{}, png[:at]...), Chunk("eXIf", EXIF())...), png[at:]...)
}

// Chunk is a PNG chunk with its length and CRC.
func Chunk(kind string, body []byte) []byte {
	c := binary.BigEndian.AppendUint32(nil, uint32(len(body)))
	c = append(append(c, kind...), body...)
	return binary.BigEndian.AppendUint32(c, crc32.ChecksumIEEE(c[4:]))
}

// WebP is a w×h lossless WebP in the extended format (VP8X) carrying EXIF
// in an EXIF chunk, its flag set.
func WebP(w, h int) ([]byte, error) {
	var buf bytes.Buffer
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 7)
	}
	if err := webp.Encode(&buf, img, webp.Options{Lossless: true}); err != nil {
		return nil, err
	}
	simple := buf.Bytes() // RIFF, WEBP, one VP8L chunk
	vp8x := make([]byte, 10)
	vp8x[0] = 0x08 | 0x10 // EXIF, alpha
	put24 := func(b []byte, v int) { b[0], b[1], b[2] = byte(v), byte(v>>8), byte(v>>16) }
	put24(vp8x[4:], w-1)
	put24(vp8x[7:], h-1)
	chunk := func(kind string, body []byte) []byte {
		c := append([]byte(kind), binary.LittleEndian.AppendUint32(nil, uint32(len(body)))...)
		c = append(c, body...)
		if len(body)%2 == 1 {
			c = append(c, 0)
		}
		return c
	}
	out := append([]byte("RIFF\x00\x00\x00\x00WEBP"), chunk("VP8X", vp8x)...)
	out = append(out, simple[12:]...)
	out = append(out, chunk("EXIF", EXIF())...)
	binary.LittleEndian.PutUint32(out[4:], uint32(len(out)-8))
	return out, nil
}
