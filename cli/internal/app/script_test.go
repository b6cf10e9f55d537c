package app

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"portfolio/cli/internal/imagecheck/imagetest"
)

// TestMain lets testscript run this test binary as the `portfolio` command,
// so the scripts exercise the real binary: flags, exit codes, stdout/stderr.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"portfolio": func() { os.Exit(Main(os.Args[1:])) },
	})
}

// TestScripts runs testdata/script/*.txtar. Each script sets up a content
// tree and checks what the command prints and its exit code.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"mkimg":     cmdMkimg,
			"truncate":  cmdTruncate,
			"bomb":      cmdBomb,
			"mkgallery": cmdMkgallery,
		},
		Setup: func(env *testscript.Env) error {
			env.Setenv("NO_COLOR", "1")
			return nil
		},
	})
}

// mkimg FILE WxH — writes a real image; the format follows the extension
// (.jpg/.jpeg JPEG, anything else PNG, so `x.webp` makes a PNG misnamed).
func cmdMkimg(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: mkimg FILE WxH")
	}
	w, h := parseSize(ts, args[1])
	ts.Check(writeImage(ts.MkAbs(args[0]), w, h))
}

// mkgallery DIR N — writes N small JPEGs named 1.jpg … N.jpg with varied sizes.
func cmdMkgallery(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: mkgallery DIR N")
	}
	n, err := strconv.Atoi(args[1])
	ts.Check(err)
	for i := 1; i <= n; i++ {
		ts.Check(writeImage(filepath.Join(ts.MkAbs(args[0]), fmt.Sprintf("%d.jpg", i)), 30+i, 20+2*i))
	}
}

func parseSize(ts *testscript.TestScript, s string) (int, int) {
	ws, hs, ok := strings.Cut(s, "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil {
		ts.Fatalf("bad size %q, want WxH", s)
	}
	return w, h
}

func writeImage(path string, w, h int) error {
	data := imagetest.PNG(w, h)
	switch strings.ToLower(filepath.Ext(path)) {
	case ".jpg", ".jpeg":
		data = imagetest.JPEG(w, h)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// truncate FILE N — keeps the first N bytes of FILE.
func cmdTruncate(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: truncate FILE N")
	}
	n, err := strconv.Atoi(args[1])
	ts.Check(err)
	ts.Check(os.Truncate(ts.MkAbs(args[0]), int64(n)))
}

// bomb FILE WxH — writes a tiny PNG whose header claims W×H pixels, with
// valid checksums: a decompression bomb's shape.
func cmdBomb(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: bomb FILE WxH")
	}
	w, h := parseSize(ts, args[1])
	path := ts.MkAbs(args[0])
	ts.Check(os.MkdirAll(filepath.Dir(path), 0o755))
	ts.Check(os.WriteFile(path, imagetest.PNGHeaderOnly(uint32(w), uint32(h)), 0o644))
}
