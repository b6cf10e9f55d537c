package cmdutil

import (
	"math"
	"runtime/debug"
	"testing"
)

func TestShortLived(t *testing.T) {
	tests := []struct {
		name      string
		env       map[string]string
		wantGC    int // the GC percent after ShortLived
		wantLimit int64
	}{
		{"nothing set: collector off (the pipeline sets the limit)", nil, -1, math.MaxInt64},
		{"GOGC set: left as it is", map[string]string{"GOGC": "200"}, 100, math.MaxInt64},
		{"GOMEMLIMIT set: left as it is", map[string]string{"GOMEMLIMIT": "1GiB"}, 100, math.MaxInt64},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("GOGC", tt.env["GOGC"]) // "" counts as unset
			t.Setenv("GOMEMLIMIT", tt.env["GOMEMLIMIT"])
			// The test process runs with the defaults: GC 100, no limit.
			prevGC := debug.SetGCPercent(100)
			prevLimit := debug.SetMemoryLimit(math.MaxInt64)
			t.Cleanup(func() {
				debug.SetGCPercent(prevGC)
				debug.SetMemoryLimit(prevLimit)
			})
			ShortLived()
			if got := debug.SetGCPercent(100); got != tt.wantGC {
				t.Errorf("GC percent = %d, want %d", got, tt.wantGC)
			}
			if got := debug.SetMemoryLimit(-1); got != tt.wantLimit {
				t.Errorf("memory limit = %d, want %d", got, tt.wantLimit)
			}
		})
	}
}
