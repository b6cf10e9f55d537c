package app

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
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
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x * 7), uint8(y * 5), 120, 255})
		}
	}
	var buf bytes.Buffer
	var err error
	switch strings.ToLower(filepath.Ext(path)) {
	case ".jpg", ".jpeg":
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80})
	default:
		err = png.Encode(&buf, img)
	}
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
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
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, body []byte) {
		binary.Write(&b, binary.BigEndian, uint32(len(body)))
		start := b.Len()
		b.WriteString(typ)
		b.Write(body)
		binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(b.Bytes()[start:]))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 2 // 8-bit RGB
	chunk("IHDR", ihdr)
	chunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})
	chunk("IEND", nil)
	path := ts.MkAbs(args[0])
	ts.Check(os.MkdirAll(filepath.Dir(path), 0o755))
	ts.Check(os.WriteFile(path, b.Bytes(), 0o644))
}
