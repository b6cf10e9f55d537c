package pipeline

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Where a build's time goes (issue 52): each step's wall time, the site
// step split into the bundle (Vite) and the prerender, which reports its
// own time in prerenderTimeFile. A first build on a slow machine says
// which step to look at.

// stepTime is one step's wall time.
type stepTime struct {
	name string
	d    time.Duration
}

// timings are a build's steps, in order.
type timings []stepTime

// prerenderTimeFile is where site/scripts/prerender.mjs writes how long
// it took, in the page cache's folder (PORTFOLIO_PRERENDER_CACHE).
var prerenderTimeFile = filepath.Join(prerenderCache, "timing.json")

// readPrerenderTime reads and removes the prerender's own time; 0 when it
// wrote none (an older site, or a failed write).
func readPrerenderTime() time.Duration {
	data, err := os.ReadFile(prerenderTimeFile)
	if err != nil {
		return 0
	}
	_ = os.Remove(prerenderTimeFile)
	var t struct {
		Ms float64 `json:"prerenderMs"`
	}
	if json.Unmarshal(data, &t) != nil || t.Ms <= 0 {
		return 0
	}
	return time.Duration(t.Ms * float64(time.Millisecond))
}

// splitPrerender takes the prerender's time out of the site step, as a
// step of its own after it; t as it is when the time is unknown or larger
// than the step.
func (t timings) splitPrerender(pre time.Duration) timings {
	n := len(t)
	if pre <= 0 || n == 0 || t[n-1].name != "site" || pre > t[n-1].d {
		return t
	}
	out := append(timings{}, t...)
	out[n-1].d -= pre
	return append(out, stepTime{"prerender", pre})
}

// round is d as the build's lines show it: tenths of a second.
func round(d time.Duration) time.Duration { return d.Round(100 * time.Millisecond) }

// line is the steps on one line: "validate 0.4s · images 12.1s · …".
func (t timings) line() string {
	parts := make([]string, len(t))
	for i, s := range t {
		parts[i] = s.name + " " + round(s.d).String()
	}
	return strings.Join(parts, " · ")
}

// table writes each step's time and share of the whole build, the rest
// (checking inputs, recording outputs) on a line of its own.
func (t timings) table(w io.Writer, total time.Duration) {
	width := len("other")
	for _, s := range t {
		width = max(width, len(s.name))
	}
	var steps time.Duration
	row := func(name string, d time.Duration) {
		share := 0.0
		if total > 0 {
			share = 100 * float64(d) / float64(total)
		}
		fmt.Fprintf(w, "  %-*s %8s %5.1f%%\n", width, name, round(d), share)
	}
	fmt.Fprintf(w, "  %-*s %8s %6s\n", width, "step", "time", "share")
	for _, s := range t {
		row(s.name, s.d)
		steps += s.d
	}
	if other := total - steps; other > 0 {
		row("other", other)
	}
	fmt.Fprintf(w, "  %-*s %8s\n", width, "total", round(total))
}
