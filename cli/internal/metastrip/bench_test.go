package metastrip_test

import (
	"os"
	"path/filepath"
	"testing"

	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/metastrip"
)

// BenchmarkScanFile reads the metadata of every camera photo under
// /usr/share/backgrounds (Debian's mate-backgrounds), as validate does for
// each image of the content: the figure of decision 0084.
//
//	go test ./cli/internal/metastrip -run '^$' -bench 'ScanFile|ImagecheckFile' -benchtime 50x
func BenchmarkScanFile(b *testing.B) {
	photos, _ := filepath.Glob("/usr/share/backgrounds/*/*/*.jpg")
	if len(photos) == 0 {
		b.Skip("no photos under /usr/share/backgrounds: apt-get install mate-backgrounds")
	}
	var bytes int64
	for _, p := range photos {
		if fi, err := os.Stat(p); err == nil {
			bytes += fi.Size()
		}
	}
	for b.Loop() {
		for _, p := range photos {
			if _, err := metastrip.ScanFile(p); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(photos)), "photos/op")
	b.ReportMetric(float64(bytes)/1e6, "MB/op")
}

// BenchmarkImagecheckFile is the yardstick: what validate already reads of
// each image (its header and structure, imagecheck.File), on the same
// photos in the same run.
func BenchmarkImagecheckFile(b *testing.B) {
	photos, _ := filepath.Glob("/usr/share/backgrounds/*/*/*.jpg")
	if len(photos) == 0 {
		b.Skip("no photos under /usr/share/backgrounds: apt-get install mate-backgrounds")
	}
	for b.Loop() {
		for _, p := range photos {
			if _, err := imagecheck.File(p, imagecheck.DefaultMaxPixels); err != nil {
				b.Fatal(err)
			}
		}
	}
}
