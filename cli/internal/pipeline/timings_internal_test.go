package pipeline

import (
	"strings"
	"testing"
	"time"
)

func TestTimings(t *testing.T) {
	steps := timings{{"validate", 400 * time.Millisecond}, {"images", 12 * time.Second}, {"generate", 300 * time.Millisecond}, {"site", 9 * time.Second}}
	tests := []struct {
		name      string
		prerender time.Duration
		line      string
	}{
		{"the prerender's own time split off", 6 * time.Second, "validate 400ms · images 12s · generate 300ms · site 3s · prerender 6s"},
		{"no time reported", 0, "validate 400ms · images 12s · generate 300ms · site 9s"},
		{"a time longer than the step is not believed", 10 * time.Second, "validate 400ms · images 12s · generate 300ms · site 9s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := steps.splitPrerender(tt.prerender)
			if line := got.line(); line != tt.line {
				t.Errorf("line() = %q, want %q", line, tt.line)
			}
			if steps[3].d != 9*time.Second {
				t.Error("splitPrerender changed the timings it was given")
			}
		})
	}
	// A build stopped before the site step has nothing to split.
	if got := steps[:2].splitPrerender(time.Second); len(got) != 2 {
		t.Errorf("split a build without a site step: %v", got)
	}
}

func TestTimingsTable(t *testing.T) {
	var b strings.Builder
	timings{{"validate", time.Second}, {"site", 2 * time.Second}, {"prerender", time.Second}}.table(&b, 5*time.Second)
	want := `  step          time  share
  validate        1s  20.0%
  site            2s  40.0%
  prerender       1s  20.0%
  other           1s  20.0%
  total           5s
`
	if b.String() != want {
		t.Errorf("table:\n%s\nwant:\n%s", b.String(), want)
	}
}
