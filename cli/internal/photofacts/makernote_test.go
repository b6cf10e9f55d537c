package photofacts

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"portfolio/cli/internal/imagecheck/imagetest"
)

const (
	older = "Canon EOS 5D Mark II"
	lens  = "EF24-105mm f/4L IS USM"
)

// An older Canon names its lens only in its maker note: the facts take it
// from there, from a record, a JPEG in memory and a JPEG file alike; EXIF's
// own LensModel wins when there is one, and no other maker's note is read.
func TestCanonMakerNoteLens(t *testing.T) {
	nikon := imagetest.Record([]imagetest.Field{imagetest.ASCII(0x010F, "NIKON CORPORATION"), {Tag: 0x8769, Type: imagetest.TypeLong, Count: 1, Sub: []imagetest.Field{
		{Tag: 0x927C, Type: imagetest.TypeUndefined, Sub: []imagetest.Field{imagetest.ASCII(0x0095, "not a Canon's")}}}}})
	for _, tt := range []struct {
		name   string
		record []byte
		want   string
	}{
		{"lens only in the maker note", imagetest.CanonRecord(older, "", lens), lens},
		{"lens in EXIF too", imagetest.CanonRecord("Canon EOS R5", "RF24-70mm F2.8 L IS USM", lens), "RF24-70mm F2.8 L IS USM"},
		{"no lens anywhere", imagetest.CanonRecord(older, "", ""), ""},
		{"a short name, inline", imagetest.CanonRecord(older, "", "EF"), "EF"},
		{"control characters", imagetest.CanonRecord(older, "", "EF\x1b[31m"), ""},
		{"another maker's note", nikon, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := TIFF(tt.record).LensModel; got != tt.want {
				t.Errorf("TIFF: lens %q, want %q", got, tt.want)
			}
			jpg := imagetest.WithExif(imagetest.JPEG(8, 8), tt.record)
			if got := JPEGBytes(jpg).LensModel; got != tt.want {
				t.Errorf("JPEGBytes: lens %q, want %q", got, tt.want)
			}
			path := filepath.Join(t.TempDir(), "a.jpg")
			if err := os.WriteFile(path, jpg, 0o644); err != nil {
				t.Fatal(err)
			}
			if f, err := File(path, JPEG); err != nil || f.LensModel != tt.want {
				t.Errorf("File: lens %q (err %v), want %q", f.LensModel, err, tt.want)
			}
		})
	}
}

// Damaged or hostile maker notes give no lens and never a panic: every
// prefix of a good record, and offsets and counts pointing anywhere.
func TestCanonLensBounds(t *testing.T) {
	good := imagetest.CanonRecord(older, "", lens)
	for n := range len(good) {
		if got := canonLens(good[:n]); got != "" && got != lens {
			t.Errorf("first %d bytes: lens %q", n, got)
		}
	}
	le := binary.LittleEndian
	for i := 8; i+4 <= len(good); i += 2 {
		for _, v := range []uint32{0, 1, 0xFFFF, 0x7FFFFFFF, 0xFFFFFFFF, uint32(len(good)), uint32(len(good) - 1)} {
			bad := append([]byte(nil), good...)
			le.PutUint32(bad[i:], v)
			if got := canonLens(bad); strings.ContainsAny(got, "\x00\x1b") || len(got) > maxValue {
				t.Errorf("bytes %d… = %#x: lens %q", i, v, got)
			}
		}
	}
	// A name longer than any value read is left out.
	if got := canonLens(imagetest.CanonRecord(older, "", strings.Repeat("E", maxValue+1))); got != "" {
		t.Errorf("a name of %d bytes: lens %q, want none", maxValue+1, got)
	}
}

func FuzzCanonLens(f *testing.F) {
	f.Add(imagetest.CanonRecord(older, "", lens))
	f.Add(imagetest.CanonRecord(older, "", "EF"))
	f.Add([]byte("MM\x00\x2A\x00\x00\x00\x08\xFF\xFF"))
	f.Fuzz(func(t *testing.T, rec []byte) {
		got := canonLens(rec)
		if len(got) > maxValue || text(got) != got {
			t.Fatalf("lens %q: longer than %d bytes or not printable text", got, maxValue)
		}
	})
}
