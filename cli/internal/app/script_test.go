package app

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"

	"portfolio/cli/internal/contact"
	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/messages"
	"portfolio/cli/internal/metastrip/metatest"
	"portfolio/cli/internal/photofacts"
	"portfolio/cli/internal/privateaccess"
	"portfolio/cli/internal/videocheck/videotest"
)

// TestMain lets testscript run this test binary as the `portfolio` command,
// so the scripts exercise the real binary: flags, exit codes, stdout/stderr.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"portfolio": func() { os.Exit(Main(os.Args[1:])) },
	})
}

// siteFixture is the site settings `sitefixture` writes (absolute: scripts
// run in their own folders).
var siteFixture, _ = filepath.Abs("testdata/site.yaml")

// TestScripts runs testdata/script/*.txtar. Each script sets up a content
// tree and checks what the command prints and its exit code.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"mkimg":         cmdMkimg,
			"mkflat":        cmdMkflat,
			"truncate":      cmdTruncate,
			"bomb":          cmdBomb,
			"mkgallery":     cmdMkgallery,
			"mkphoto":       cmdMkphoto,
			"mkgps":         cmdMkgps,
			"encode":        cmdEncode,
			"repeat":        cmdRepeat,
			"mkname":        cmdMkname,
			"sitefixture":   cmdSitefixture,
			"sitecopy":      cmdSitecopy,
			"freeport":      cmdFreeport,
			"httpget":       cmdHTTPGet,
			"privatecookie": cmdPrivateCookie,
			"mkvideo":       cmdMkvideo,
			"noffmpeg":      cmdNoFFmpeg,
			"mtimes":        cmdMtimes,
			"addmessage":    cmdAddMessage,
			"addevent":      cmdAddEvent,
		},
		// [siteinstalled]: the site's npm packages are installed (sitecopy).
		Condition: func(cond string) (bool, error) {
			if cond != "siteinstalled" {
				return false, fmt.Errorf("unknown condition %q", cond)
			}
			_, _, ok := siteInstalled()
			return ok, nil
		},
		Setup: func(env *testscript.Env) error {
			env.Setenv("NO_COLOR", "1")
			return nil
		},
	})
}

// mkvideo FILE ENCODING [FFMPEG-OPTION…] — makes a one-second video with
// ffmpeg from its test sources (h264, hevc, av1 or vp9, as videotest
// encodes them), the options appended. No video is committed; a script
// that makes one starts with `[!exec:ffmpeg] skip`.
func cmdMkvideo(ts *testscript.TestScript, neg bool, args []string) {
	encodings := map[string][]string{"h264": videotest.H264, "hevc": videotest.HEVC, "av1": videotest.AV1, "vp9": videotest.VP9}
	if neg || len(args) < 2 || encodings[args[1]] == nil {
		ts.Fatalf("usage: mkvideo FILE h264|hevc|av1|vp9 [FFMPEG-OPTION…]")
	}
	ffmpeg, err := exec.LookPath("ffmpeg")
	if err != nil {
		ts.Fatalf("ffmpeg is not installed: start the script with [!exec:ffmpeg] skip")
	}
	path := ts.MkAbs(args[0])
	ts.Check(os.MkdirAll(filepath.Dir(path), 0o755))
	ts.Check(videotest.Encode(ffmpeg, path, videotest.With(encodings[args[1]], args[2:]...)...))
}

// noffmpeg — leaves on PATH only the folder of the portfolio command, so
// the commands that follow find no ffmpeg.
func cmdNoFFmpeg(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 0 {
		ts.Fatalf("usage: noffmpeg")
	}
	for _, dir := range filepath.SplitList(ts.Getenv("PATH")) {
		if _, err := os.Stat(filepath.Join(dir, "portfolio")); err == nil {
			ts.Setenv("PATH", dir)
			return
		}
	}
	ts.Fatalf("the portfolio command is on no folder of PATH")
}

// sitecopy — copies the repository's schemas, site sources and Netlify
// functions into the script's folder (site/, schema/, netlify/), without
// what a build makes, with the
// repository's installed npm packages linked (never installed into: a
// build would reinstall them were they older than the lock file, so a
// script using it starts with [!siteinstalled] skip), for
// `portfolio build --site site`.
func cmdSitecopy(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 0 {
		ts.Fatalf("usage: sitecopy")
	}
	repo, modules, ok := siteInstalled()
	if !ok {
		ts.Fatalf("site/node_modules is missing or older than package-lock.json: start the script with [!siteinstalled] skip")
	}
	made := map[string]bool{"node_modules": true, "dist": true, ".ssr": true, "test-results": true, "playwright-report": true,
		"src/generated": true, "public/img": true, "public/docs": true, "public/video": true}
	for _, dir := range []string{"schema", "site", "netlify"} {
		from := filepath.Join(repo, dir)
		ts.Check(filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(from, p)
			if dir == "site" && made[filepath.ToSlash(rel)] || dir == "netlify" && filepath.ToSlash(rel) == "private-gate/vendor" {
				return filepath.SkipDir
			}
			to := ts.MkAbs(filepath.Join(dir, rel))
			if d.IsDir() {
				return os.MkdirAll(to, 0o755)
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			if err := os.WriteFile(to, data, info.Mode().Perm()); err != nil {
				return err
			}
			return os.Chtimes(to, info.ModTime(), info.ModTime()) // the lock file stays older than the install
		}))
	}
	// The file types netlify/dev/edge.mjs serves with, shared with Go's
	// headers package.
	types := filepath.Join("cli", "internal", "headers", "contenttypes.json")
	data, err := os.ReadFile(filepath.Join(repo, types))
	ts.Check(err)
	ts.Check(os.MkdirAll(filepath.Dir(ts.MkAbs(types)), 0o755))
	ts.Check(os.WriteFile(ts.MkAbs(types), data, 0o644))
	ts.Check(os.Symlink(modules, ts.MkAbs(filepath.Join("site", "node_modules"))))
}

// siteInstalled finds the repository and its site's installed npm
// packages; ok is false when they are missing or older than the lock file.
func siteInstalled() (repo, modules string, ok bool) {
	repo, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		return "", "", false
	}
	modules = filepath.Join(repo, "site", "node_modules")
	installed, err := os.Stat(filepath.Join(modules, ".package-lock.json"))
	lock, lockErr := os.Stat(filepath.Join(repo, "site", "package-lock.json"))
	return repo, modules, err == nil && lockErr == nil && !lock.ModTime().After(installed.ModTime())
}

// mtimes DIR — prints each file under DIR with its modification time in
// nanoseconds, sorted: `cp stdout` keeps it, `cmp stdout` compares a
// later listing, so a script can check that nothing was written.
func cmdMtimes(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: mtimes DIR")
	}
	var lines []string
	root := ts.MkAbs(args[0])
	ts.Check(filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		lines = append(lines, fmt.Sprintf("%s %d", filepath.ToSlash(rel), fi.ModTime().UnixNano()))
		return err
	}))
	slices.Sort(lines)
	fmt.Fprintln(ts.Stdout(), strings.Join(lines, "\n"))
}

// sitefixture [DIR] — writes DIR/site.yaml (DIR is content unless given):
// the valid site settings most scripts share, from testdata/site.yaml.
func cmdSitefixture(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) > 1 {
		ts.Fatalf("usage: sitefixture [DIR]")
	}
	dir := "content"
	if len(args) == 1 {
		dir = args[0]
	}
	data, err := os.ReadFile(siteFixture)
	ts.Check(err)
	ts.Check(os.MkdirAll(ts.MkAbs(dir), 0o755))
	ts.Check(os.WriteFile(filepath.Join(ts.MkAbs(dir), "site.yaml"), data, 0o644))
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

// mkflat FILE WxH — writes a flat drawing, two areas of one colour each,
// as a JPEG: what images.delivery: netlify asks no AVIF for (decision 0104).
func cmdMkflat(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: mkflat FILE WxH")
	}
	w, h := parseSize(ts, args[1])
	path := ts.MkAbs(args[0])
	ts.Check(os.MkdirAll(filepath.Dir(path), 0o755))
	ts.Check(os.WriteFile(path, imagetest.EncodeJPEG(imagetest.Marked(w, h)), 0o644))
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

// mkphoto FILE DATE — writes a small JPEG whose EXIF record says a camera
// took it at DATE ("2024-06-01T10:00:00"), or with no date ("-").
func cmdMkphoto(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: mkphoto FILE DATE|-")
	}
	f := photofacts.Facts{Make: "FUJIFILM", Model: "X-T4", ISO: 400}
	if args[1] != "-" {
		f.DateTimeOriginal = strings.NewReplacer("-", ":", "T", " ").Replace(args[1])
	}
	path := ts.MkAbs(args[0])
	ts.Check(os.MkdirAll(filepath.Dir(path), 0o755))
	ts.Check(os.WriteFile(path, imagetest.WithExif(imagetest.JPEG(32, 24), photofacts.Record(f, 1)), 0o644))
}

// mkgps FILE — makes a small image carrying a GPS position and the
// camera's and lens's serial numbers (metatest), as a camera or a phone
// writes them: a JPEG, PNG or WebP by FILE's extension.
func cmdMkgps(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: mkgps FILE")
	}
	path := ts.MkAbs(args[0])
	var data []byte
	switch strings.ToLower(filepath.Ext(path)) {
	case ".jpg", ".jpeg":
		data = metatest.JPEG(32, 24)
	case ".png":
		data = metatest.PNG(32, 24)
	case ".webp":
		var err error
		data, err = metatest.WebP(32, 24)
		ts.Check(err)
	default:
		ts.Fatalf("mkgps: %s is not .jpg, .png or .webp", path)
	}
	ts.Check(os.MkdirAll(filepath.Dir(path), 0o755))
	ts.Check(os.WriteFile(path, data, 0o644))
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

// encode FILE ENCODING — rewrites the UTF-8 text of FILE in another
// encoding: utf16le, utf16be (with a byte-order mark), utf16le-nobom,
// utf16be-nobom, latin1 or windows1252.
func cmdEncode(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: encode FILE ENCODING")
	}
	encodings := map[string]encoding.Encoding{
		"utf16le":       unicode.UTF16(unicode.LittleEndian, unicode.UseBOM),
		"utf16be":       unicode.UTF16(unicode.BigEndian, unicode.UseBOM),
		"utf16le-nobom": unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM),
		"utf16be-nobom": unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM),
		"latin1":        charmap.ISO8859_1,
		"windows1252":   charmap.Windows1252,
	}
	e, ok := encodings[args[1]]
	if !ok {
		ts.Fatalf("unknown encoding %q", args[1])
	}
	path := ts.MkAbs(args[0])
	data, err := os.ReadFile(path)
	ts.Check(err)
	out, err := e.NewEncoder().Bytes(data)
	ts.Check(err)
	ts.Check(os.WriteFile(path, out, 0o644))
}

// repeat FILE TEXT N — appends TEXT (with \n for a line break) N times to FILE.
func cmdRepeat(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: repeat FILE TEXT N")
	}
	n, err := strconv.Atoi(args[2])
	ts.Check(err)
	f, err := os.OpenFile(ts.MkAbs(args[0]), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	ts.Check(err)
	_, err = f.WriteString(strings.Repeat(strings.ReplaceAll(args[1], `\n`, "\n"), n))
	ts.Check(err)
	ts.Check(f.Close())
}

// mkname DIR NAME WxH — writes a real image into DIR under a name given
// with Go escapes (\n, \x1b, \u202e), which a script cannot spell.
func cmdMkname(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: mkname DIR NAME WxH")
	}
	name, err := strconv.Unquote(`"` + args[1] + `"`)
	ts.Check(err)
	w, h := parseSize(ts, args[2])
	ts.Check(writeImage(filepath.Join(ts.MkAbs(args[0]), name), w, h))
}

// freeport NAME — sets NAME to a TCP port of 127.0.0.1 that nothing
// listens on now, for a server the script starts in the background.
func cmdFreeport(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: freeport NAME")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	ts.Check(err)
	port := ln.Addr().(*net.TCPAddr).Port
	ts.Check(ln.Close())
	ts.Setenv(args[0], strconv.Itoa(port))
}

// privatecookie NAME SECRET SLUG — sets $NAME to the cookie value that
// entering SECRET gives for the private project SLUG, valid for an hour
// (what a browser holds after the secret's form).
func cmdPrivateCookie(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: privatecookie NAME SECRET SLUG")
	}
	ts.Setenv(args[0], privateaccess.Cookie(args[1], args[2], time.Now().Add(time.Hour)))
}

// httpget URL — GETs URL, waiting up to 10 s for a server that is still
// starting, and prints "HTTP <status>", the header lines (sorted), an
// empty line and the body. It fails when nothing answers.
func cmdHTTPGet(ts *testscript.TestScript, neg bool, args []string) {
	header := http.Header{}
	for len(args) > 2 && args[0] == "-H" {
		name, value, ok := strings.Cut(args[1], ":")
		if !ok {
			ts.Fatalf("httpget -H %q: want Name: value", args[1])
		}
		header.Add(name, strings.TrimSpace(value))
		args = args[2:]
	}
	if neg || len(args) != 1 {
		ts.Fatalf("usage: httpget [-H 'Name: value']... URL")
	}
	req, err := http.NewRequest(http.MethodGet, args[0], nil)
	ts.Check(err)
	req.Header = header
	client := &http.Client{Timeout: 10 * time.Second}
	deadline := time.Now().Add(10 * time.Second)
	var res *http.Response
	for {
		var err error
		if res, err = client.Do(req); err == nil {
			break
		}
		if time.Now().After(deadline) {
			ts.Fatalf("GET %s: %v", args[0], err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	ts.Check(err)
	var b strings.Builder
	fmt.Fprintf(&b, "HTTP %d\n", res.StatusCode)
	for _, k := range slices.Sorted(maps.Keys(res.Header)) {
		for _, v := range res.Header[k] {
			fmt.Fprintf(&b, "%s: %s\n", k, v)
		}
	}
	b.WriteString("\n")
	b.Write(body)
	fmt.Fprint(ts.Stdout(), b.String())
}

// addmessage DATA TIME NAME EMAIL -favourites TITLE PHOTO… — stores, in
// DATA/messages.db, a client's favourites of the project titled TITLE as
// `portfolio serve` stores them (contact.Favourites.Message), received at
// TIME (RFC 3339).
// addmessage DATA TIME NAME EMAIL FILE — stores a contact message whose
// text is FILE's.
func cmdAddMessage(ts *testscript.TestScript, neg bool, args []string) {
	client := "" // -client NAME: whose secret opened the project (decision 0096)
	if len(args) > 6 && args[4] == "-client" {
		client, args = args[5], append(args[:4:4], args[6:]...)
	}
	if neg || len(args) < 5 || args[4] == "-favourites" && len(args) < 7 {
		ts.Fatalf("usage: addmessage DATA TIME NAME EMAIL [-client NAME] (FILE | -favourites TITLE PHOTO…)")
	}
	at, err := time.Parse(time.RFC3339, args[1])
	ts.Check(err)
	m := messages.Message{Name: args[2], Email: args[3], ReceivedAt: at, Client: client}
	if args[4] == "-favourites" {
		m.Body = contact.Favourites{Name: args[2], Email: args[3], Project: args[5], Photos: strings.Join(args[6:], "\n")}.Message().Message
	} else {
		m.Body = ts.ReadFile(args[4])
	}
	s, err := messages.Open(ts.MkAbs(args[0]))
	ts.Check(err)
	_, err = s.Add(context.Background(), m)
	ts.Check(err)
	ts.Check(s.Close())
}

// addevent DATA TIME SLUG CLIENT KIND [FILE | PHOTOS] — stores a client's
// activity in the messages database in DATA, as `portfolio serve` keeps it
// (decision 0097): KIND opened, favourites (with the number of photos) or
// download (with the file).
func cmdAddEvent(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 5 || len(args) > 6 {
		ts.Fatalf("usage: addevent DATA TIME SLUG CLIENT KIND [FILE | PHOTOS]")
	}
	at, err := time.Parse(time.RFC3339, args[1])
	ts.Check(err)
	e := messages.Event{Slug: args[2], Client: args[3], Kind: args[4], At: at}
	if len(args) == 6 {
		if e.Kind == messages.Favourites {
			e.Photos, err = strconv.Atoi(args[5])
			ts.Check(err)
		} else {
			e.File = args[5]
		}
	}
	s, err := messages.Open(ts.MkAbs(args[0]))
	ts.Check(err)
	ts.Check(s.AddEvent(context.Background(), e))
	ts.Check(s.Close())
}
