package videostrip_test

import (
	"crypto/sha256"
	"io"
	"os"
	"path/filepath"
	"testing"

	"portfolio/cli/internal/fsutil"
	"portfolio/cli/internal/videocheck/videotest"
	"portfolio/cli/internal/videostrip"
)

// What the build pays to publish a phone's video cleaned rather than
// copied (decision 0100): a 10-second 720p H.264 MP4 with a position.
// `go test -run XXX -bench . -benchmem ./cli/internal/videostrip`
func BenchmarkPublish(b *testing.B) {
	dir := b.TempDir()
	src := videotest.Make(b, dir, "phone.mp4", "-f", "lavfi", "-i", "testsrc2=s=1280x720:d=10:r=30",
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-metadata", "location=+59.3293+018.0686/")
	fi, err := os.Stat(src)
	if err != nil {
		b.Fatal(err)
	}
	dst := filepath.Join(dir, "out.mp4")
	b.Run("scan", func(b *testing.B) {
		for range b.N {
			if _, err := videostrip.ScanFile(src); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("copy", func(b *testing.B) { // the yardstick: what the build did before
		b.SetBytes(fi.Size())
		for range b.N {
			if err := fsutil.CopyFileAtomic(dst, src, fi.Size(), 0o644); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("clean", func(b *testing.B) {
		b.SetBytes(fi.Size())
		for range b.N {
			if err := videostrip.WriteFile(dst, src, fi.Size(), sha256.New(), ""); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("hash", func(b *testing.B) { // the yardstick: validate's hash before
		b.SetBytes(fi.Size())
		for range b.N {
			f, err := os.Open(src)
			if err != nil {
				b.Fatal(err)
			}
			h := sha256.New()
			if _, err := io.Copy(h, f); err != nil {
				b.Fatal(err)
			}
			f.Close()
		}
	})
	b.Run("hash-clean", func(b *testing.B) { // validate's hash, of the cleaned bytes
		b.SetBytes(fi.Size())
		for range b.N {
			if _, _, err := videostrip.Hash(src, 1<<30, sha256.New()); err != nil {
				b.Fatal(err)
			}
		}
	})
}
