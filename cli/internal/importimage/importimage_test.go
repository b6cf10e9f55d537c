package importimage

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"os"
	"path/filepath"
	"testing"

	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/metastrip"
	"portfolio/cli/internal/metastrip/metatest"
	"portfolio/cli/internal/photofacts"
)

func TestPrepare(t *testing.T) {
	for _, tt := range []struct {
		name    string
		in      []byte
		maxEdge int
		resized bool
		size    image.Point // upright, after
		format  imagecheck.Format
	}{
		{"a JPEG over the limit", imagetest.JPEG(400, 100), 200, true, image.Pt(200, 50), imagecheck.JPEG},
		{"a PNG over the limit stays PNG", imagetest.PNG(100, 400), 200, true, image.Pt(50, 200), imagecheck.PNG},
		{"turned upright first (orientation 6)", imagetest.WithExifOrientation(imagetest.JPEG(400, 100), 6, binary.BigEndian), 200, true, image.Pt(50, 200), imagecheck.JPEG},
		{"at the limit: kept", imagetest.JPEG(200, 100), 200, false, image.Pt(200, 100), imagecheck.JPEG},
		{"0 keeps every size", imagetest.JPEG(400, 100), 0, false, image.Pt(400, 100), imagecheck.JPEG},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, res, err := Prepare(tt.in, tt.maxEdge)
			if err != nil {
				t.Fatal(err)
			}
			if res.Resized != tt.resized {
				t.Fatalf("resized = %v", res.Resized)
			}
			info, err := imagecheck.Bytes("out", out, imagecheck.DefaultMaxPixels)
			if err != nil {
				t.Fatal(err)
			}
			if image.Pt(info.Width, info.Height) != tt.size || info.Format != tt.format {
				t.Errorf("got %v %d×%d, want %v %v", info.Format, info.Width, info.Height, tt.format, tt.size)
			}
			if tt.resized && (res.To != tt.size || info.Orientation != 1) {
				t.Errorf("res.To = %v, orientation %d", res.To, info.Orientation)
			}
			if !tt.resized && tt.maxEdge == 0 && !bytes.Equal(out, tt.in) {
				t.Error("a plain JPEG within the limit changed")
			}
		})
	}
}

// Oversize tells from the header what Prepare will do, to the pixel.
func TestOversizeAgreesWithPrepare(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		name    string
		in      []byte
		maxEdge int
		large   bool
	}{
		{"a.jpg", imagetest.JPEG(401, 123), 200, true},
		{"b.png", imagetest.PNG(77, 333), 200, true},
		{"c.jpg", imagetest.WithExifOrientation(imagetest.JPEG(400, 101), 6, binary.BigEndian), 200, true},
		{"d.jpg", imagetest.JPEG(200, 100), 200, false},
		{"e.jpg", imagetest.JPEG(400, 100), 0, false},
	} {
		path := filepath.Join(dir, tt.name)
		if err := os.WriteFile(path, tt.in, 0o644); err != nil {
			t.Fatal(err)
		}
		l, large := Oversize(path, tt.maxEdge)
		_, res, err := Prepare(tt.in, tt.maxEdge)
		if err != nil {
			t.Fatal(err)
		}
		if large != tt.large || large != res.Resized {
			t.Errorf("%s: Oversize %v, Prepare resized %v, want %v", tt.name, large, res.Resized, tt.large)
			continue
		}
		if large && (l.To != res.To || l.From != res.From || l.Bytes != int64(len(tt.in))) {
			t.Errorf("%s: Oversize %+v, Prepare %v → %v", tt.name, l, res.From, res.To)
		}
	}
}

// A photo shrunk at import keeps how it was taken (and nothing else of
// its EXIF record); one without facts gets no record.
func TestPrepareKeepsFacts(t *testing.T) {
	facts := photofacts.Facts{Make: "SONY", Model: "ILCE-7RM5", FNumber: photofacts.Rational{Num: 8, Den: 1},
		ExposureTime: photofacts.Rational{Num: 1, Den: 125}, ISO: 100, DateTimeOriginal: "2025:07:04 06:12:00"}
	for _, tt := range []struct {
		name    string
		in      []byte
		facts   photofacts.Facts
		removed string
	}{
		{"a camera's photo, turned", imagetest.WithExif(imagetest.JPEG(400, 100), photofacts.Record(facts, 6)), facts,
			"all metadata but how the photo was taken (the image was re-encoded)"},
		{"no facts", imagetest.JPEG(400, 100), photofacts.Facts{}, "all metadata (the image was re-encoded)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, res, err := Prepare(tt.in, 200)
			if err != nil {
				t.Fatal(err)
			}
			if !res.Resized || len(res.Removed) != 1 || res.Removed[0] != tt.removed {
				t.Fatalf("resized %v, removed %q; want %q", res.Resized, res.Removed, tt.removed)
			}
			if got := photofacts.JPEGBytes(out); got != tt.facts {
				t.Errorf("facts after = %+v, want %+v", got, tt.facts)
			}
			info, err := imagecheck.Bytes("out.jpg", out, imagecheck.DefaultMaxPixels)
			if err != nil || info.Orientation != 1 || info.Width > info.Height != (tt.facts.IsZero()) {
				t.Errorf("%+v, %v: want upright", info, err)
			}
		})
	}
}

// An older Canon names its lens only in its maker note, which the import
// strips: the lens is read first and kept in the minimal record, so the
// facts the build reads from the imported file (photofacts.File) name it,
// and the maker note's other values (the body's serial number) are gone.
// Kept as it is and shrunk alike (issue 48).
func TestPrepareKeepsACanonsLens(t *testing.T) {
	const lens = "EF24-105mm f/4L IS USM"
	in := imagetest.WithExif(imagetest.JPEG(400, 100), imagetest.CanonRecord("Canon EOS 5D Mark II", "", lens))
	serial := binary.LittleEndian.AppendUint32(nil, 1234567890)
	if !bytes.Contains(in, serial) {
		t.Fatal("the test photo has no serial number to strip")
	}
	for _, maxEdge := range []int{0, 200} {
		out, res, err := Prepare(in, maxEdge)
		if err != nil {
			t.Fatal(err)
		}
		if res.Resized != (maxEdge != 0) {
			t.Errorf("max edge %d: resized %v", maxEdge, res.Resized)
		}
		if bytes.Contains(out, serial) {
			t.Errorf("max edge %d: the maker note's serial number is still in the file", maxEdge)
		}
		path := filepath.Join(t.TempDir(), "01.jpg")
		if err := os.WriteFile(path, out, 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := photofacts.File(path, photofacts.JPEG)
		if err != nil || f.LensModel != lens || f.Camera() != "Canon EOS 5D Mark II" {
			t.Errorf("max edge %d: facts after import %+v (err %v), want the lens %q", maxEdge, f, err, lens)
		}
	}
}

// TestPrepareRefusesWhatItCannotClean: an image whose metadata cannot be
// followed is not copied into content/ at all (what cannot be read may
// hold a position), and nothing is returned to write.
func TestPrepareRefusesWhatItCannotClean(t *testing.T) {
	jpg := metatest.JPEG(16, 16)
	cut := append([]byte{0xFF, 0xD8, 0x00, 0x13}, jpg[2:]...) // bytes where a marker belongs
	for _, maxEdge := range []int{0, 200} {
		out, _, err := Prepare(cut, maxEdge)
		var unreadable *metastrip.Unreadable
		if !errors.As(err, &unreadable) || out != nil {
			t.Errorf("maxEdge %d: err = %v, %d bytes to write: want an *metastrip.Unreadable and nothing", maxEdge, err, len(out))
		}
	}
}
