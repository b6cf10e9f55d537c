package version_test

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// initTrace is one line of GODEBUG=inittrace=1: a package's initialiser
// and the bytes it allocated.
var initTrace = regexp.MustCompile(`^init (\S+) @.* (\d+) bytes, \d+ allocs$`)

// codecPackages are the packages whose initialisers would load an image
// codec: portfolio's and the portable WebP encoder's.
var codecPackages = regexp.MustCompile(`^(portfolio/cli/internal/images|github\.com/gen2brain/\w+)$`)

// wasmMemory is the linear memory gen2brain/webp's WebAssembly module
// allocates when it is instantiated (0x20000 bytes, in its libwebp.go):
// an initialiser that allocates as much has instantiated a codec.
const wasmMemory = 128 << 10

// TestStartInstantiatesNoPortableCodec builds the command without cgo, as
// .ci/test does (CGO_ENABLED=0, -tags nodynamic: a static binary that can
// open no shared library, so TestStartOpensNoImageLibrary has nothing to
// see), and runs `version` under GODEBUG=inittrace=1, which prints what each
// package's initialiser allocated: the image codecs' packages may not
// instantiate a WebAssembly codec at start-up; it is made for each image
// (decision 0108).
func TestStartInstantiatesNoPortableCodec(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := filepath.Join(t.TempDir(), "portfolio")
	build := exec.Command("go", "build", "-tags", "nodynamic", "-o", bin, "portfolio/cli/cmd/portfolio")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "version")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	cmd.Stdout = io.Discard
	var log bytes.Buffer
	cmd.Stderr = &log
	if err := cmd.Run(); err != nil {
		t.Fatalf("portfolio version: %v\n%s", err, log.String())
	}
	seen := 0
	for sc := bufio.NewScanner(&log); sc.Scan(); {
		m := initTrace.FindStringSubmatch(sc.Text())
		if m == nil || !codecPackages.MatchString(m[1]) {
			continue
		}
		seen++
		if n, _ := strconv.Atoi(m[2]); n >= wasmMemory {
			t.Errorf("%s's initialiser allocated %d bytes (a WebAssembly codec's memory is %d): make the codec when the first image needs it", m[1], n, wasmMemory)
		}
	}
	if seen < 2 {
		t.Errorf("GODEBUG=inittrace=1 traced %d of the codecs' packages, want portfolio's images and gen2brain/webp:\n%s", seen, strings.TrimSpace(log.String()))
	}
}
