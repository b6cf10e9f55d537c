package metastrip

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image/jpeg"
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/imagecheck/imagetest"
)

// exifWithSecrets is an EXIF record with an orientation, a GPS position, a
// camera make and, in the Exif sub-IFD, a body serial number and a maker
// note.
func exifWithSecrets(orientation uint16) []byte {
	bo := binary.LittleEndian
	var t bytes.Buffer
	t.WriteString("II")
	t.Write(bo.AppendUint16(nil, uint16(42)))
	t.Write(bo.AppendUint32(nil, uint32(8)))
	entry := func(tag, typ uint16, count, value uint32) {
		t.Write(bo.AppendUint16(bo.AppendUint16(nil, uint16(tag)), typ))
		t.Write(bo.AppendUint32(bo.AppendUint32(nil, uint32(count)), value))
	}
	// IFD0 at 8: 4 entries → 2+48+4 = 54 bytes; sub-IFD at 62; GPS IFD at 100.
	t.Write(bo.AppendUint16(nil, uint16(4)))
	entry(0x0112, 3, 1, uint32(orientation))
	entry(0x010F, 2, 4, uint32('S')|uint32('O')<<8|uint32('N')<<16) // "SON\0" inline
	entry(0x8769, 4, 1, 62)
	entry(0x8825, 4, 1, 100)
	t.Write(bo.AppendUint32(nil, uint32(0)))
	// Exif sub-IFD: serial and maker note, inline values.
	t.Write(bo.AppendUint16(nil, uint16(2)))
	entry(0xA431, 2, 4, uint32('1')|uint32('2')<<8|uint32('3')<<16)
	entry(0x927C, 7, 4, 0xDEADBEEF)
	t.Write(bo.AppendUint32(nil, uint32(0)))
	for t.Len() < 100 {
		t.WriteByte(0)
	}
	// GPS IFD: latitude ref "N".
	t.Write(bo.AppendUint16(nil, uint16(1)))
	entry(0x0001, 2, 2, uint32('N'))
	t.Write(bo.AppendUint32(nil, uint32(0)))
	return append([]byte("Exif\x00\x00"), t.Bytes()...)
}

func segment(marker byte, body []byte) []byte {
	s := []byte{0xFF, marker, 0, 0}
	binary.BigEndian.PutUint16(s[2:], uint16(len(body)+2))
	return append(s, body...)
}

// insert puts segments after a JPEG's SOI (and its JFIF segment).
func insert(jpg []byte, segs ...[]byte) []byte {
	at := 2
	if jpg[3] == 0xE0 {
		at += 2 + int(binary.BigEndian.Uint16(jpg[4:]))
	}
	out := append([]byte{}, jpg[:at]...)
	for _, s := range segs {
		out = append(out, s...)
	}
	return append(out, jpg[at:]...)
}

func TestJPEG(t *testing.T) {
	plain := imagetest.JPEG(64, 48)
	icc := segment(0xE2, append([]byte("ICC_PROFILE\x00\x01\x01"), bytes.Repeat([]byte{7}, 20)...))
	for _, tt := range []struct {
		name        string
		in          []byte
		removed     []string
		orientation int
	}{
		{"EXIF with GPS, serials, maker notes; orientation kept",
			insert(plain, segment(0xE1, exifWithSecrets(6))), []string{"EXIF", "camera make", "GPS position", "camera serial number", "maker notes"}, 6},
		{"XMP, IPTC, comment, trailing data; ICC kept",
			append(insert(plain, icc, segment(0xE1, []byte("http://ns.adobe.com/xap/1.0/\x00<x:xmpmeta>GPSLatitude</x:xmpmeta>")),
				segment(0xED, []byte("Photoshop 3.0\x00IPTC")), segment(0xFE, []byte("taken at home"))), []byte("\xFF\xD8depth map with GPS")...),
			[]string{"XMP", "IPTC (Photoshop)", "comment", "data after the image (previews, depth maps)"}, 1},
		{"nothing to remove", plain, nil, 1},
		{"orientation 1 needs no record", insert(plain, segment(0xE1, exifWithSecrets(1))), []string{"EXIF"}, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, removed, err := JPEG(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range tt.removed {
				if !slices.Contains(removed, want) {
					t.Errorf("removed %q, want it to name %q", removed, want)
				}
			}
			if tt.removed == nil && len(removed) != 0 {
				t.Errorf("removed %q from a plain file", removed)
			}
			for _, secret := range []string{"GPS", "SON", "123", "\xEF\xBE\xAD\xDE", "taken at home", "depth map", "IPTC"} {
				if bytes.Contains(out, []byte(secret)) {
					t.Errorf("the output still holds %q", secret)
				}
			}
			info, err := imagecheck.Bytes("out.jpg", out, imagecheck.DefaultMaxPixels)
			if err != nil {
				t.Fatalf("the output is not a valid image: %v", err)
			}
			if info.Orientation != tt.orientation {
				t.Errorf("orientation %d, want %d", info.Orientation, tt.orientation)
			}
			if bytes.Contains(tt.in, []byte("ICC_PROFILE")) && !bytes.Contains(out, []byte("ICC_PROFILE")) {
				t.Error("the colour profile was dropped")
			}
			// Lossless: the same pixels.
			a, err1 := jpeg.Decode(bytes.NewReader(plain))
			b, err2 := jpeg.Decode(bytes.NewReader(out))
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if !samePixels(a, b) {
				t.Error("the pixels changed")
			}
		})
	}
	if _, _, err := JPEG([]byte("\x89PNG")); !errors.Is(err, ErrNotJPEG) {
		t.Errorf("a PNG: %v", err)
	}
	if _, _, err := JPEG(plain[:30]); err == nil || !strings.Contains(err.Error(), "JPEG") {
		t.Errorf("a truncated JPEG: %v", err)
	}
}
