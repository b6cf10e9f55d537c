package prompt

import (
	"fmt"
	"io"

	"portfolio/cli/internal/metastrip"
)

// Copies says what happened to the images a command copied into the
// content: the private metadata removed (in one line, then per file) and
// the images shrunk to maxEdge ("name: W×H → W×H").
func Copies(w io.Writer, stripped metastrip.Report, resized []string, maxEdge int) {
	if r := stripped.String(); r != "" {
		fmt.Fprintf(w, "  removed from the copies, for privacy (your originals are untouched): %s\n", r)
		for _, l := range stripped.Lines() {
			fmt.Fprintf(w, "    %s\n", l)
		}
	}
	for _, r := range resized {
		fmt.Fprintf(w, "  shrunk %s (larger than --max-edge %d; 0 keeps every size)\n", r, maxEdge)
	}
}
