package metastrip

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image/jpeg"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/photofacts"
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
			insert(plain, segment(0xE1, exifWithSecrets(6))), []string{"EXIF", "GPS position", "camera serial number", "maker notes"}, 6},
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
			for _, secret := range []string{"GPS", "123", "\xEF\xBE\xAD\xDE", "taken at home", "depth map", "IPTC"} {
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

// tiffEntry is one IFD entry of a test record: its value's bytes are
// placed after the IFD when longer than four.
type tiffEntry struct {
	tag, typ uint16
	count    uint32
	value    []byte
}

// cameraRecord is a little-endian EXIF record as a camera writes it: the
// facts, and beside them a GPS position, serial numbers, the owner's name,
// an artist and a maker note.
func cameraRecord() []byte {
	bo := binary.LittleEndian
	str := func(tag uint16, s string) tiffEntry {
		return tiffEntry{tag, 2, uint32(len(s) + 1), append([]byte(s), 0)}
	}
	rat := func(tag uint16, n, d uint32) tiffEntry {
		return tiffEntry{tag, 5, 1, bo.AppendUint32(bo.AppendUint32(nil, n), d)}
	}
	short := func(tag, v uint16) tiffEntry { return tiffEntry{tag, 3, 1, bo.AppendUint16(nil, v)} }
	long := func(tag uint16, v uint32) tiffEntry { return tiffEntry{tag, 4, 1, bo.AppendUint32(nil, v)} }
	var out []byte
	// ifd appends an IFD at the end of out, its values after it.
	ifd := func(entries []tiffEntry) {
		at := len(out)
		dataAt := at + 2 + 12*len(entries) + 4
		var data []byte
		out = bo.AppendUint16(out, uint16(len(entries)))
		for _, e := range entries {
			out = bo.AppendUint32(bo.AppendUint16(bo.AppendUint16(out, e.tag), e.typ), e.count)
			if len(e.value) <= 4 {
				out = append(out, append(e.value, make([]byte, 4-len(e.value))...)...)
				continue
			}
			out = bo.AppendUint32(out, uint32(dataAt+len(data)))
			data = append(data, e.value...)
		}
		out = append(bo.AppendUint32(out, 0), data...)
	}
	out = []byte("II\x2A\x00\x08\x00\x00\x00")
	// IFD0 at 8, 7 entries: 2+84+4 = 90 bytes, then 24+19+22 bytes of
	// values (make, model, artist): 155. The Exif IFD follows at 200, the
	// GPS IFD at 600.
	ifd([]tiffEntry{str(0x010F, "NIKON CORPORATION"), str(0x0110, "NIKON D750"), short(0x0112, 6),
		str(0x013B, "Jane Example, 12 Rue"), long(0x8769, 200), long(0x8825, 600), short(0x0128, 2)})
	out = append(out, make([]byte, 200-len(out))...)
	ifd([]tiffEntry{rat(0x829A, 1, 250), rat(0x829D, 28, 10), short(0x8827, 400),
		str(0x9003, "2024:05:01 14:03:00"), str(0x9011, "+02:00"), rat(0x920A, 35, 1),
		{0x927C, 7, 12, []byte("MAKERNOTE123")}, str(0xA430, "Jane Example"), str(0xA431, "SN4455667788"),
		str(0xA434, "AF-S NIKKOR 24-70mm f/2.8E ED VR"), str(0xA435, "LS99887766")})
	out = append(out, make([]byte, 600-len(out))...)
	ifd([]tiffEntry{str(0x0001, "N"), rat(0x0002, 5930, 100)})
	return append([]byte("Exif\x00\x00"), out...)
}

// The facts of a photo survive the import; nothing else of its EXIF
// record does.
func TestJPEGKeepsFacts(t *testing.T) {
	facts := photofacts.Facts{
		Make: "NIKON CORPORATION", Model: "NIKON D750", LensModel: "AF-S NIKKOR 24-70mm f/2.8E ED VR",
		FocalLength: photofacts.Rational{Num: 35, Den: 1}, FNumber: photofacts.Rational{Num: 14, Den: 5},
		ExposureTime: photofacts.Rational{Num: 1, Den: 250}, ISO: 400,
		DateTimeOriginal: "2024:05:01 14:03:00", OffsetTimeOriginal: "+02:00",
	}
	plain := imagetest.JPEG(64, 48)
	for _, tt := range []struct {
		name        string
		in          []byte
		facts       photofacts.Facts
		orientation int
		removed     []string
	}{
		{"a camera's record", insert(plain, segment(0xE1, cameraRecord())), facts, 6,
			[]string{"EXIF", "artist", "maker notes", "camera owner's name", "camera serial number", "lens serial number", "GPS position"}},
		// The GPS latitude is 5930/100: its numerator's bytes are 2a 17 00 00.
		{"orientation alone", imagetest.WithExifOrientation(plain, 3, binary.BigEndian), photofacts.Facts{}, 3, []string{"EXIF"}},
		{"no record", plain, photofacts.Facts{}, 1, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, removed, err := JPEG(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(removed, tt.removed) {
				t.Errorf("removed %q, want %q", removed, tt.removed)
			}
			path := filepath.Join(t.TempDir(), "out.jpg")
			if err := os.WriteFile(path, out, 0o644); err != nil {
				t.Fatal(err)
			}
			if got, err := photofacts.File(path, photofacts.JPEG); err != nil || got != tt.facts {
				t.Errorf("facts after = %+v, %v\nwant %+v", got, err, tt.facts)
			}
			info, err := imagecheck.Bytes("out.jpg", out, imagecheck.DefaultMaxPixels)
			if err != nil || info.Orientation != tt.orientation {
				t.Errorf("orientation %d, %v; want %d", info.Orientation, err, tt.orientation)
			}
			for _, secret := range []string{"Jane", "SN4455", "LS9988", "MAKERNOTE", "12 Rue", "\x2a\x17\x00\x00"} {
				if bytes.Contains(out, []byte(secret)) {
					t.Errorf("the output still holds %q", secret)
				}
			}
		})
	}
}

// TestUploadRefusesWhatItCannotFollow: an image whose structure the strip
// cannot follow may carry a position or a serial in what it cannot read,
// so it is refused, never passed on as it is (decision 0084); data that
// is no image, and an image that carries nothing, pass unchanged.
func TestUploadRefusesWhatItCannotFollow(t *testing.T) {
	withSecrets := insert(imagetest.JPEG(16, 16), segment(0xE1, exifWithSecrets(1)))
	app1 := bytes.Index(withSecrets, []byte("Exif\x00\x00"))
	junk := append(append(append([]byte{}, withSecrets[:2]...), 0x00, 0x13, 0x37), withSecrets[2:]...)
	png := imagetest.PNG(16, 16)
	exif := binary.BigEndian.AppendUint32(nil, uint32(len(exifWithSecrets(1))-6))
	exif = append(append(exif, "eXIf"...), exifWithSecrets(1)[6:]...)
	exif = binary.BigEndian.AppendUint32(exif, crc32.ChecksumIEEE(exif[4:]))
	pngCut := append(append([]byte{}, png[:33]...), exif[:40]...) // after IHDR, cut inside eXIf
	big := append(append([]byte{}, exifWithSecrets(1)[6:]...), make([]byte, maxRecord)...)
	bigChunk := binary.BigEndian.AppendUint32(nil, uint32(len(big)))
	bigChunk = append(append(bigChunk, "eXIf"...), big...)
	bigChunk = binary.BigEndian.AppendUint32(bigChunk, crc32.ChecksumIEEE(bigChunk[4:]))
	pngBig := append(append(append([]byte{}, png[:33]...), bigChunk...), png[33:]...)
	webpCut := append([]byte("RIFF\x00\x10\x00\x00WEBPEXIF"), binary.LittleEndian.AppendUint32(nil, 4096)...)
	webpCut = append(webpCut, exifWithSecrets(1)[:60]...)
	for _, tt := range []struct {
		name    string
		in      []byte
		refused bool
	}{
		{"a JPEG cut inside its EXIF record", withSecrets[:app1+90], true},
		{"a JPEG with bytes before its EXIF segment's marker", junk, true},
		{"a PNG cut inside its eXIf chunk", pngCut, true},
		{"a PNG whose eXIf chunk is larger than a scan reads", pngBig, true},
		{"a WebP cut inside its EXIF chunk", webpCut, true},
		{"a JPEG that carries nothing", imagetest.JPEG(16, 16), false},
		{"text, no image", []byte("name: a project\n"), false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, _, err := Upload(tt.in)
			var unreadable *Unreadable
			if tt.refused {
				if !errors.As(err, &unreadable) {
					t.Fatalf("err = %v, out %d bytes: want an *Unreadable (passed on as it is, it keeps what it carries)", err, len(out))
				}
				if msg := err.Error(); !strings.Contains(msg, "export it again") {
					t.Errorf("the message does not say how to fix it: %s", msg)
				}
				return
			}
			if err != nil || !bytes.Equal(out, tt.in) {
				t.Fatalf("err = %v, changed %v: want it passed on unchanged", err, !bytes.Equal(out, tt.in))
			}
		})
	}
}
