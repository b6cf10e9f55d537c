package metastrip

import (
	"testing"

	"portfolio/cli/internal/imagecheck/imagetest"
)

// Hostile files never panic or loop; the result is either an error or a
// file that still starts as a JPEG.
func FuzzJPEG(f *testing.F) {
	plain := imagetest.JPEG(16, 8)
	f.Add(plain)
	f.Add(insert(plain, segment(0xE1, exifWithSecrets(6))))
	f.Add(plain[:40])
	f.Add([]byte("\xFF\xD8\xFF\xE1\x00\x02\xFF\xDA\x00\x02\xFF"))
	f.Add([]byte("\xFF\xD8\xFF\xE1\xFF\xFFExif\x00\x00II*\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		out, _, err := JPEG(data)
		if err == nil && (len(out) < 2 || out[0] != 0xFF || out[1] != 0xD8) {
			t.Fatalf("output does not start as a JPEG")
		}
	})
}
