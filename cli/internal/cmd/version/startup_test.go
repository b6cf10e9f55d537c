//go:build linux && cgo

package version_test

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// imageLibraries are the shared objects of the image codecs portfolio opens
// at run time (libavif and the AV1 stack it brings, libjpeg) or could link
// (libwebp), by the names glibc's loader prints.
var imageLibraries = regexp.MustCompile(`lib(avif|aom|dav1d|gav1|rav1e|SvtAv1\w*|yuv|jpeg|webp\w*|sharpyuv)\.so[.\d]*`)

// TestStartOpensNoImageLibrary builds the command and runs commands that
// encode no image under glibc's LD_DEBUG=libs, which names every shared
// object the process opens: none may be an image codec's. A native library
// opens when an image is first made; opening libavif runs the initialisers
// of some 25 shared objects (the AV1 encoders and decoders, Abseil), a cost
// every command paid at start-up (decision 0088).
func TestStartOpensNoImageLibrary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := filepath.Join(t.TempDir(), "portfolio")
	if out, err := exec.Command("go", "build", "-o", bin, "portfolio/cli/cmd/portfolio").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, args := range [][]string{{"version"}, {"--help"}, {"serve", "--help"}, {"images", "--help"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			cmd := exec.Command(bin, args...)
			cmd.Env = append(os.Environ(), "LD_DEBUG=libs")
			cmd.Stdout = io.Discard
			var log bytes.Buffer
			cmd.Stderr = &log
			if err := cmd.Run(); err != nil {
				t.Fatalf("portfolio %s: %v\n%s", strings.Join(args, " "), err, log.String())
			}
			if !strings.Contains(log.String(), "calling init:") {
				t.Skip("the dynamic loader printed nothing for LD_DEBUG=libs (not glibc's): nothing to check")
			}
			if opened := imageLibraries.FindAllString(log.String(), -1); len(opened) > 0 {
				t.Errorf("portfolio %s opened image codec libraries at start-up: %s; open them when the first image is made",
					strings.Join(args, " "), strings.Join(unique(opened), ", "))
			}
		})
	}
}

func unique(names []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, n := range names {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}
