package pipeline

import (
	"testing"

	"portfolio/cli/internal/images"
)

// The images step says which images have no AVIF, and why, after its
// summary line.
func TestAVIFLine(t *testing.T) {
	tests := []struct {
		name string
		sum  images.Summary
		want string
	}{
		{"every image has AVIF", images.Summary{Images: 3}, ""},
		{"one kept WebP only", images.Summary{Images: 3, WebPOnly: 1}, "1 image kept WebP only: AVIF was not smaller (by 10% over its widths)"},
		{"several", images.Summary{Images: 9, WebPOnly: 4}, "4 images kept WebP only: AVIF was not smaller (by 10% over its widths)"},
		{"no encoder", images.Summary{Images: 3, NoAVIF: "this portfolio was built without cgo"}, "no AVIF variants: this portfolio was built without cgo"},
	}
	for _, tt := range tests {
		if got := avifLine(tt.sum); got != tt.want {
			t.Errorf("%s: avifLine = %q, want %q", tt.name, got, tt.want)
		}
	}
}
