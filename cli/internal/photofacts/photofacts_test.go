package photofacts

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"portfolio/cli/internal/imagecheck/imagetest"
)

// full is a photo's facts as a camera writes them.
var full = Facts{
	Make: "NIKON CORPORATION", Model: "NIKON D750", LensModel: "AF-S NIKKOR 24-70mm f/2.8E ED VR",
	FocalLength: Rational{35, 1}, FNumber: Rational{14, 5}, ExposureTime: Rational{1, 250},
	ISO: 400, DateTimeOriginal: "2024:05:01 14:03:00", OffsetTimeOriginal: "+02:00",
}

func TestSaid(t *testing.T) {
	for _, tt := range []struct {
		name                                    string
		f                                       Facts
		camera, focal, aperture, shutter, taken string
	}{
		{"a camera's full record", full, "Nikon D750", "35 mm", "f/2.8", "1/250 s", "2024-05-01T14:03:00+02:00"},
		{"make written once in the model", Facts{Make: "Canon", Model: "Canon EOS R5"}, "Canon EOS R5", "", "", "", ""},
		{"make in capitals, not in the model", Facts{Make: "FUJIFILM", Model: "X-T4"}, "Fujifilm X-T4", "", "", "", ""},
		{"company words dropped", Facts{Make: "OLYMPUS IMAGING CORP.", Model: "E-M5"}, "Olympus E-M5", "", "", "", ""},
		{"brand and company, model repeating the brand", Facts{Make: "LEICA CAMERA AG", Model: "LEICA Q2"}, "Leica Q2", "", "", "", ""},
		{"short brand kept in capitals", Facts{Make: "DJI", Model: "FC3582"}, "DJI FC3582", "", "", "", ""},
		{"a phone", Facts{Make: "Apple", Model: "iPhone 15 Pro", FocalLength: Rational{6765, 1000}, FNumber: Rational{178, 100}, ExposureTime: Rational{1, 4695}},
			"Apple iPhone 15 Pro", "6.8 mm", "f/1.8", "1/4695 s", ""},
		{"model alone", Facts{Model: "X100V"}, "X100V", "", "", "", ""},
		{"model equal to the make", Facts{Make: "Hasselblad", Model: "HASSELBLAD"}, "Hasselblad", "", "", "", ""},
		{"long exposure, whole seconds", Facts{ExposureTime: Rational{30, 1}, FNumber: Rational{8, 1}}, "", "", "f/8", "30 s", ""},
		{"long exposure, tenths", Facts{ExposureTime: Rational{13, 10}}, "", "", "", "1.3 s", ""},
		{"half a second", Facts{ExposureTime: Rational{1, 2}}, "", "", "", "0.5 s", ""},
		{"a fraction not of 1", Facts{ExposureTime: Rational{10, 1250}}, "", "", "", "1/125 s", ""},
		{"date without an offset", Facts{DateTimeOriginal: "2007:08:06 10:29:13"}, "", "", "", "", "2007-08-06T10:29:13"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := [...]string{tt.f.Camera(), tt.f.Focal(), tt.f.Aperture(), tt.f.Shutter(), tt.f.Taken()}
			want := [...]string{tt.camera, tt.focal, tt.aperture, tt.shutter, tt.taken}
			if got != want {
				t.Errorf("camera, focal, aperture, shutter, taken = %q, want %q", got, want)
			}
		})
	}
}

// A record written by Record reads back the same, from the record and from
// a JPEG file holding it.
func TestRecordRoundTrip(t *testing.T) {
	for _, tt := range []struct {
		name        string
		f           Facts
		orientation int
	}{
		{"every fact, turned", full, 6},
		{"only the camera", Facts{Make: "Canon", Model: "Canon EOS R5"}, 1},
		{"only exposure", Facts{ExposureTime: Rational{1, 60}, ISO: 3200}, 1},
		{"odd-length texts", Facts{Make: "ab", Model: "abc", LensModel: "abcde", DateTimeOriginal: "2001:02:03 04:05:06"}, 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rec := Record(tt.f, tt.orientation)
			if got := TIFF(rec); got != tt.f {
				t.Errorf("TIFF(Record(f)) = %+v\nwant %+v", got, tt.f)
			}
			path := filepath.Join(t.TempDir(), "photo.jpg")
			if err := os.WriteFile(path, imagetest.WithExif(imagetest.JPEG(8, 8), rec), 0o644); err != nil {
				t.Fatal(err)
			}
			got, err := File(path, JPEG)
			if err != nil || got != tt.f {
				t.Errorf("File = %+v, %v\nwant %+v", got, err, tt.f)
			}
		})
	}
	if rec := Record(Facts{}, 1); rec != nil {
		t.Errorf("Record of nothing = %q, want nil", rec)
	}
}

// tiffWith is a little-endian TIFF record whose IFD0 holds entries (tag,
// type, count, value or offset) and then the bytes of extra.
func tiffWith(entries [][4]uint32, extra []byte) []byte {
	bo := binary.LittleEndian
	b := []byte("II\x2A\x00\x08\x00\x00\x00")
	b = bo.AppendUint16(b, uint16(len(entries)))
	for _, e := range entries {
		b = bo.AppendUint16(b, uint16(e[0]))
		b = bo.AppendUint16(b, uint16(e[1]))
		b = bo.AppendUint32(b, e[2])
		b = bo.AppendUint32(b, e[3])
	}
	b = bo.AppendUint32(b, 0)
	return append(b, extra...)
}

// What is not a fact is never read, and a damaged value is left out
// rather than shown.
func TestOnlyFacts(t *testing.T) {
	// IFD0 (8): 4 entries, 2+48+4 = 54 bytes → data from 62.
	rec := tiffWith([][4]uint32{
		{0x010F, typeASCII, 5, 62},         // Make "Sony"
		{0x0110, typeASCII, 4, 0x0062071B}, // Model: ESC BEL b, control characters
		{0x8825, typeLong, 1, 68},          // GPS IFD
		{0xA431, typeASCII, 4, 0x00333231}, // a serial number in IFD0
	}, append([]byte("Sony\x00\x00"), tiffWith(nil, nil)[8:]...))
	got := TIFF(rec)
	if got.Make != "Sony" || strings.ContainsAny(got.Model, "\x1b\x07") || strings.Contains(fmt.Sprint(got), "123") {
		t.Errorf("TIFF = %+v, want the make, no control character and no serial number", got)
	}
	bad := Record(Facts{DateTimeOriginal: "0000:00:00 00:00:00", OffsetTimeOriginal: "local", Make: "X"}, 1)
	if got := TIFF(bad); got != (Facts{Make: "X"}) {
		t.Errorf("a blank date and an offset that is none: %+v, want neither", got)
	}
}

// A JPEG's record is read from its head only: one placed after
// MaxJPEGHead bytes of other segments is not reached.
func TestJPEGHeadOnly(t *testing.T) {
	withRecord := imagetest.WithExif(imagetest.JPEG(8, 8), Record(full, 1))
	for _, tt := range []struct {
		name string
		pad  int
		want Facts
	}{
		{"within the head", 200_000, full},
		{"past the head", MaxJPEGHead + 1000, Facts{}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "photo.jpg")
			if err := os.WriteFile(path, imagetest.Padded(withRecord, tt.pad), 0o644); err != nil {
				t.Fatal(err)
			}
			got, err := File(path, JPEG)
			if err != nil || got != tt.want {
				t.Errorf("File = %+v, %v; want %+v", got, err, tt.want)
			}
		})
	}
}

// Hostile records end quickly, with no panic: IFDs that point at
// themselves, counts of billions, an IFD of 65,535 entries.
func TestHostileRecords(t *testing.T) {
	loop := tiffWith([][4]uint32{{0x8769, typeLong, 1, 8}, {0x010F, typeASCII, 0xFFFFFFFF, 8}}, nil)
	huge := []byte("MM\x00\x2A\x00\x00\x00\x08\xFF\xFF")
	huge = append(huge, bytes.Repeat([]byte{0x01, 0x0F, 0, 2, 0, 0, 0, 5, 0, 0, 0, 8}, 0xFFFF)...)
	for name, rec := range map[string][]byte{"self-pointing IFD": loop, "65,535 entries": huge, "empty": nil, "header only": []byte("II*\x00")} {
		t.Run(name, func(t *testing.T) {
			start := time.Now()
			TIFF(rec)
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

func FuzzTIFF(f *testing.F) {
	f.Add(Record(full, 6))
	f.Add(Record(Facts{Make: "Canon"}, 1))
	f.Add(tiffWith([][4]uint32{{0x8769, typeLong, 1, 8}}, nil))
	f.Add([]byte("MM\x00\x2A\xFF\xFF\xFF\xFF"))
	f.Add(imagetest.CanonRecord("Canon EOS 5D Mark II", "", "EF24-105mm f/4L IS USM"))
	f.Fuzz(func(t *testing.T, rec []byte) {
		got := TIFF(rec)
		// What was read writes back and reads the same.
		if again := TIFF(Record(got, 1)); again != got {
			t.Fatalf("round trip: %+v, then %+v", got, again)
		}
	})
}
