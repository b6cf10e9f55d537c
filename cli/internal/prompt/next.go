package prompt

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"portfolio/cli/internal/metastrip"
)

// ContentFlag is what the next steps a command prints add so that they
// work from any folder: "" for the default content folder, else
// " --content /absolute/dir" (quoted for a POSIX shell when needed).
func ContentFlag(dir string) string {
	if dir == "content" || dir == "" {
		return ""
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	return " --content " + ShellQuote(abs)
}

// ShellQuote quotes a path for a POSIX shell when it needs it.
func ShellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+,:@") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

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
