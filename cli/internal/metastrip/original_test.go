package metastrip

import (
	"bytes"
	"encoding/binary"
	"image"
	_ "image/jpeg"
	_ "image/png"
	"os"
	"path/filepath"
	"testing"

	_ "github.com/gen2brain/webp"

	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/metastrip/metatest"
)

// An original offered to a client (decision 0099), read by exiftool: no
// GPS position, serial number, maker notes or thumbnail left; the owner's
// Artist, Copyright, XMP dc:creator and dc:rights (and a JPEG's IPTC
// By-line and Copyright Notice) kept; the pixels the same, a JPEG's
// compressed image data byte for byte. A real camera's photo (a Canon's,
// with its serial numbers in the maker notes) from Debian's
// mate-backgrounds, and images made here, each given GPS, serials and
// rights by exiftool.
func TestOriginalKeepsRightsNotSecrets(t *testing.T) {
	metatest.Exiftool(t)
	webp, err := metatest.WebP(64, 48)
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string][]byte{
		"made.jpg":  metatest.JPEG(64, 48),
		"made.png":  metatest.PNG(64, 48),
		"made.webp": webp,
	}
	if storm, err := os.ReadFile("/usr/share/backgrounds/mate/nature/Storm.jpg"); err == nil {
		cases["Storm.jpg"] = storm
	} else {
		t.Log("no /usr/share/backgrounds/mate/nature/Storm.jpg (apt-get install mate-backgrounds): made images only")
	}
	for name, data := range cases {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			in := filepath.Join(dir, "in-"+name)
			if err := os.WriteFile(in, data, 0o644); err != nil {
				t.Fatal(err)
			}
			metatest.WriteOwnerAndSecrets(t, in)
			before := len(metatest.Private(metatest.Tags(t, in)))
			if before == 0 {
				t.Fatal("exiftool wrote no GPS or serial number: the test proves nothing")
			}
			src, _ := os.ReadFile(in)
			got, _, err := Original(src)
			if err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(dir, name)
			if err := os.WriteFile(out, got, 0o644); err != nil {
				t.Fatal(err)
			}
			metatest.CheckOriginal(t, out)
			t.Logf("%d private tags before (exiftool), %d after; %d bytes before, %d after",
				before, len(metatest.Private(metatest.Tags(t, out))), len(src), len(got))
			a, _, err1 := image.Decode(bytes.NewReader(src))
			b, _, err2 := image.Decode(bytes.NewReader(got))
			if err1 != nil || err2 != nil || !samePixels(a, b) {
				t.Errorf("the pixels changed (%v, %v)", err1, err2)
			}
			if filepath.Ext(name) == ".jpg" {
				if i, j := sos(src), sos(got); i < 0 || j < 0 ||
					!bytes.Equal(imageData(src[i:]), imageData(got[j:])) {
					t.Error("the compressed image data is not copied byte for byte")
				}
			}
		})
	}
}

// sos is where a JPEG's first scan starts, found by its segments (a
// thumbnail in the EXIF record has a scan of its own); -1 if none.
func sos(jpg []byte) int {
	for i := 2; i+4 <= len(jpg) && jpg[i] == 0xFF; i += 2 + int(binary.BigEndian.Uint16(jpg[i+2:])) {
		if jpg[i+1] == 0xDA {
			return i
		}
	}
	return -1
}

// imageData is a JPEG's data from its first scan to its end-of-image
// marker.
func imageData(fromSOS []byte) []byte {
	return fromSOS[:imageEnd(fromSOS, 0)]
}

// An image with nothing of the owner's keeps its facts and loses the
// rest; one it cannot follow is an error, never passed through as is.
func TestOriginalRefusesWhatItCannotFollow(t *testing.T) {
	broken := metatest.JPEG(32, 24)
	broken = broken[:len(broken)/3] // cut inside its segments
	for name, data := range map[string][]byte{
		"cut JPEG":  broken[:30],
		"not image": []byte("%PDF-1.7"),
		"cut PNG":   imagetest.PNG(8, 8)[:40],
	} {
		if out, _, err := Original(data); err == nil {
			t.Errorf("%s: no error, %d bytes out", name, len(out))
		}
	}
}
