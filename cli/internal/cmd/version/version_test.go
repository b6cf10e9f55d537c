package version

import (
	"strings"
	"testing"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/iostreams"
)

// TestVersionNamesEachCodec runs `portfolio version` and checks that it
// names every image codec portfolio would use, in order, each with its
// library and how that library is loaded, or why there is none
// (decision 0108).
func TestVersionNamesEachCodec(t *testing.T) {
	ios, _, out, _ := iostreams.Test()
	cmd := NewCmdVersion(&cmdutil.Factory{IOStreams: ios, Version: "1.2.3"})
	cmd.SetArgs(nil)
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if !strings.HasPrefix(lines[0], "portfolio 1.2.3 (go") {
		t.Errorf("first line %q, want the version, Go's version and the platform", lines[0])
	}
	// How each codec may be loaded: never opened at start-up by portfolio.
	ways := []string{
		"built in",
		"shared library, opened when the first image needs it",
		"WebAssembly, built in, instantiated for each image",
		"shared library, opened at start-up by gen2brain/webp's own initialiser",
	}
	codecs := []string{"AVIF encoder", "JPEG scaled decoder", "WebP encoder"}
	if len(lines) != 1+len(codecs) {
		t.Fatalf("portfolio version printed %d lines, want %d:\n%s", len(lines), 1+len(codecs), out)
	}
	for i, name := range codecs {
		line := lines[1+i]
		rest, ok := strings.CutPrefix(line, name+": ")
		if !ok {
			t.Errorf("line %d: %q, want it to name the %s", 2+i, line, name)
			continue
		}
		if why, none := strings.CutPrefix(rest, "none: "); none {
			if why == "" {
				t.Errorf("line %d: %q says there is no %s, but not why", 2+i, line, name)
			}
			continue
		}
		lib, way, ok := strings.Cut(rest, "; ")
		if !ok || lib == "" || !startsWithAny(way, ways) {
			t.Errorf("line %d: %q, want the %s's library and one of %q", 2+i, line, name, ways)
		}
	}
}

func startsWithAny(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
