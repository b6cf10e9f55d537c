package metastrip_test

import (
	"bytes"
	"encoding/binary"
	"image"
	_ "image/jpeg"
	_ "image/png"
	"os"
	"path/filepath"
	"slices"
	"testing"

	_ "golang.org/x/image/webp"

	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/metastrip"
	"portfolio/cli/internal/metastrip/metatest"
)

// Every format a photo enters content/ in: ScanFile names what it carries,
// StripFile removes it in place (temp file and rename), the pixels and
// the colour profile stay, and a file with nothing to remove is not
// written.
func TestScanAndStripFile(t *testing.T) {
	webp, err := metatest.WebP(24, 16)
	if err != nil {
		t.Fatal(err)
	}
	icc := metatest.Chunk("iCCP", append([]byte("profile\x00\x00"), bytes.Repeat([]byte{0x78}, 12)...))
	png := metatest.PNG(24, 16)
	pngICC := append(append(append([]byte{}, png[:33]...), icc...), png[33:]...)
	jpegICC := insertAfterSOI(metatest.JPEG(24, 16), jpegSegment(0xE2, append([]byte("ICC_PROFILE\x00\x01\x01"), bytes.Repeat([]byte{9}, 16)...)))
	xmp := insertAfterSOI(imagetest.JPEG(24, 16), jpegSegment(0xE1, []byte(`http://ns.adobe.com/xap/1.0/`+"\x00"+`<x:xmpmeta><rdf:Description exif:GPSLatitude="59,25.2N" aux:SerialNumber="`+metatest.Serial+`"/></x:xmpmeta>`)))
	all := []string{metastrip.CameraSerial, metastrip.LensSerial, metastrip.GPSPosition}
	for _, tt := range []struct {
		name  string
		data  []byte
		found []string
		keep  string // bytes the result must still hold (the colour profile)
	}{
		{"JPEG with EXIF", metatest.JPEG(24, 16), all, ""},
		{"JPEG with EXIF and a colour profile", jpegICC, all, "ICC_PROFILE"},
		{"JPEG with XMP", xmp, []string{metastrip.GPSPosition, metastrip.CameraSerial}, ""},
		{"PNG with eXIf and a colour profile", pngICC, all, "iCCP"},
		{"WebP with EXIF", webp, all, "VP8L"},
		{"plain JPEG", imagetest.JPEG(24, 16), nil, ""},
		{"JPEG with an orientation only", imagetest.WithExifOrientation(imagetest.JPEG(24, 16), 6, binary.BigEndian), nil, ""},
		{"plain PNG", imagetest.PNG(24, 16), nil, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "photo")
			if err := os.WriteFile(path, tt.data, 0o640); err != nil {
				t.Fatal(err)
			}
			found, err := metastrip.ScanFile(path)
			if err != nil {
				t.Fatal(err)
			}
			slices.Sort(found)
			want := slices.Sorted(slices.Values(tt.found))
			if !slices.Equal(found, want) {
				t.Errorf("ScanFile = %q, want %q", found, want)
			}
			stripped, err := metastrip.StripFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if len(stripped) != len(tt.found) {
				t.Errorf("StripFile removed %q, want %q", stripped, tt.found)
			}
			out, _ := os.ReadFile(path)
			if tt.found == nil && !bytes.Equal(out, tt.data) {
				t.Error("a file with nothing to remove was rewritten")
			}
			if left, err := metastrip.ScanFile(path); len(left) > 0 || err != nil {
				t.Errorf("after StripFile it still carries %q (%v)", left, err)
			}
			for _, secret := range []string{metatest.Serial, metatest.LensSerial} {
				if bytes.Contains(out, []byte(secret)) {
					t.Errorf("the file still holds %q", secret)
				}
			}
			if tt.keep != "" && !bytes.Contains(out, []byte(tt.keep)) {
				t.Errorf("%q was dropped", tt.keep)
			}
			if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o640 {
				t.Errorf("mode %v, want 0640 kept", fi.Mode().Perm())
			}
			if tmp, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*")); len(tmp) > 0 {
				t.Errorf("temporary files left: %v", tmp)
			}
			a, _, err1 := image.Decode(bytes.NewReader(tt.data))
			b, _, err2 := image.Decode(bytes.NewReader(out))
			if err1 != nil || err2 != nil {
				t.Fatalf("decoding before, after: %v, %v", err1, err2)
			}
			if !samePixels(a, b) {
				t.Error("the pixels changed")
			}
		})
	}
}

// A GPS record that holds only its version says nothing of where.
func TestScanGPSVersionOnly(t *testing.T) {
	exif := metatest.EXIF()
	// The GPS IFD's four entries become tag 0 (GPSVersionID) and others
	// past the position's (5: altitude ref).
	for _, tag := range [][2]byte{{1, 0}, {2, 0}, {3, 0}, {4, 0}} {
		i := bytes.Index(exif, []byte{tag[0], tag[1], 2, 0})
		if tag[0] == 2 || tag[0] == 4 {
			i = bytes.Index(exif, []byte{tag[0], tag[1], 5, 0})
		}
		if i < 0 {
			t.Fatalf("no GPS tag %d in the record", tag[0])
		}
		exif[i] = 5 + tag[0]
	}
	found, err := metastrip.Scan(bytes.NewReader(imagetest.WithExif(imagetest.JPEG(8, 8), exif)), int64(len(exif)+1000))
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(found, metastrip.GPSPosition) {
		t.Errorf("found %q in a GPS record without a position", found)
	}
}

func samePixels(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return false
			}
		}
	}
	return true
}

func jpegSegment(marker byte, body []byte) []byte {
	n := len(body) + 2
	return append([]byte{0xFF, marker, byte(n >> 8), byte(n)}, body...)
}

func insertAfterSOI(jpg, seg []byte) []byte {
	return append(append(append([]byte{}, jpg[:2]...), seg...), jpg[2:]...)
}
