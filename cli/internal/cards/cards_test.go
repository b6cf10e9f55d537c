package cards

import (
	"bytes"
	"encoding/binary"
	"image/jpeg"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"unicode"

	"github.com/andybalholm/brotli"
	"golang.org/x/image/math/fixed"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/metastrip"
	"portfolio/cli/internal/metastrip/metatest"
)

// fontDir is the site's fonts, installed with its npm packages.
func fontDir(t testing.TB) string {
	t.Helper()
	dir, err := filepath.Abs("../../../" + DefaultFontDir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "fraunces")); err != nil {
		t.Skip("the site's npm packages are not installed (npm ci --prefix site)")
	}
	return dir
}

func realPages(t testing.TB) []Page {
	t.Helper()
	c, _, err := content.Load("../../../content", content.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return Pages(c, catalogueTitles(t, c))
}

// catalogueTitles are the site's catalogue's titles in c's languages.
func catalogueTitles(t testing.TB, c *content.Content) map[string]Titles {
	t.Helper()
	titles, err := ReadTitles("../../../site/src/i18n", c.Languages())
	if err != nil {
		t.Fatal(err)
	}
	return titles
}

func run(t testing.TB, pages []Page, out string) *Result {
	t.Helper()
	res, err := Run(pages, Options{OutDir: out, Manifest: filepath.Join(out, "cards.json"), FontDir: fontDir(t)})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func testRenderer(t testing.TB) *renderer {
	t.Helper()
	f, err := readFonts(fontDir(t))
	if err != nil {
		t.Fatal(err)
	}
	r, err := newRenderer(f)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// hostile is a 10 KB title of control characters, bidi overrides, right-to-
// left text no font of the site covers, and words longer than a line.
var hostile = strings.Repeat("\x00\x1b[31m\u202eevil\u202c שלום عالم "+strings.Repeat("W", 90)+" \t\r\n", 90)[:10240]

func TestPagesOfTheSite(t *testing.T) {
	pages := realPages(t)
	routes := map[string]Page{}
	for _, p := range pages {
		routes[p.Route] = p
	}
	for _, r := range []string{"/", "/about", "/contact", "/privacy", "/404", "/web-design", "/graphics", "/photography", "/higher-education", "/projects/admin-portal"} {
		if _, ok := routes[r]; !ok {
			t.Errorf("no card for %s", r)
		}
	}
	if p := routes["/projects/admin-portal"]; p.Cover == "" || p.Title != "Admin Portal" || p.Footer != "Avery Morgan" || p.Alt != "Admin Portal · Avery Morgan" {
		t.Errorf("admin portal card: %+v", p)
	}
	if p := routes["/about"]; p.Cover != "" || p.Title != "About Me" {
		t.Errorf("about card: %+v", p)
	}
}

// samplePages are a few of the site's cards of each kind (drawing all of
// them under the race detector takes minutes).
func samplePages(t testing.TB) []Page {
	var out []Page
	covers := 0
	for _, p := range realPages(t) {
		if p.Cover == "" && len(out) < 2 || p.Cover != "" && covers < 2 {
			out = append(out, p)
			if p.Cover != "" {
				covers++
			}
		}
	}
	return out
}

func TestRunMakesEveryCardOnceAndDeterministically(t *testing.T) {
	pages := samplePages(t)
	a, b := t.TempDir(), t.TempDir()
	before := renders.Load()
	res := run(t, pages, a)
	if res.Made != len(pages) || res.Reused != 0 || int(renders.Load()-before) != len(pages) {
		t.Fatalf("first run made %d, reused %d of %d pages", res.Made, res.Reused, len(pages))
	}
	run(t, pages, b)
	for route, e := range res.Manifest {
		name := filepath.Base(e.File)
		x, err := os.ReadFile(filepath.Join(a, Subdir, name))
		if err != nil {
			t.Fatal(err)
		}
		y, _ := os.ReadFile(filepath.Join(b, Subdir, name))
		if !bytes.Equal(x, y) {
			t.Errorf("%s: two runs made different bytes", route)
		}
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(x))
		if err != nil || cfg.Width != Width || cfg.Height != Height || e.Width != Width || e.Height != Height {
			t.Errorf("%s: %dx%d (%v), manifest %dx%d", route, cfg.Width, cfg.Height, err, e.Width, e.Height)
		}
		if len(x) > 150<<10 {
			t.Errorf("%s: %d bytes, more than 150 KB", route, len(x))
		}
		if e.Alt == "" {
			t.Errorf("%s: no alt text", route)
		}
	}
	// Nothing changed: nothing drawn, nothing written.
	stat := func() map[string]int64 {
		m := map[string]int64{}
		es, _ := os.ReadDir(filepath.Join(a, Subdir))
		for _, e := range es {
			fi, _ := e.Info()
			m[e.Name()] = fi.ModTime().UnixNano()
		}
		return m
	}
	was := stat()
	before = renders.Load()
	again := run(t, pages, a)
	if again.Made != 0 || again.Reused != len(pages) || renders.Load() != before {
		t.Errorf("second run made %d (rendered %d), want all %d reused", again.Made, renders.Load()-before, len(pages))
	}
	if now := stat(); len(now) != len(was) {
		t.Errorf("files changed on a cache hit: %v then %v", was, now)
	} else {
		for n, m := range was {
			if now[n] != m {
				t.Errorf("%s rewritten on a cache hit", n)
			}
		}
	}
	// A changed title makes a new card and removes the old one.
	pages[1].Title = "About Avery"
	third := run(t, pages, a)
	if third.Made != 1 || third.Removed != 1 {
		t.Errorf("after a title change: made %d, removed %d; want 1 and 1", third.Made, third.Removed)
	}
}

func TestTitlesFit(t *testing.T) {
	r := testRenderer(t)
	width := fixed.I(Width - 2*margin)
	cases := []struct {
		name, title string
		fits        bool
	}{
		{"short", "About Me", true},
		{"longest of the site", "Undergraduate Reflective Art Project", true},
		{"long, smaller type", "A Study of Telehealth Readiness in Rural Counties and What It Taught Us", true},
		{"too long: ellipsis", strings.Repeat("Scholarship of Practice Briefing Memo ", 8), false},
		{"one endless word", strings.Repeat("x", 300), false},
		{"accents and Vietnamese", "Ảnh đẹp — Ĉu ŝi ĝuas? Œuvre", true},
		{"hostile", hostile, false},
		{"only uncovered characters", "שלום עולם", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			l, err := r.layout(Page{Title: tc.title, Footer: "Avery Morgan", Eyebrow: tc.title})
			if err != nil {
				t.Fatal(err)
			}
			if l.fitted != tc.fits {
				t.Errorf("fitted = %v, want %v (%q)", l.fitted, tc.fits, l.lines)
			}
			if len(l.lines) == 0 || len(l.lines) > maxTitleLines {
				t.Fatalf("%d lines: %q", len(l.lines), l.lines)
			}
			fc, _ := r.display.at(l.titleSize)
			for _, line := range l.lines {
				if w := fc.measure(line); w > width {
					t.Errorf("line %q is %d px wide, more than %d", line, w.Ceil(), width.Ceil())
				}
				for _, c := range line {
					if unicode.IsControl(c) || unicode.Is(unicode.Cf, c) || fc.pick(c) < 0 {
						t.Errorf("line %q holds %U, which is not drawable", line, c)
					}
				}
			}
			eb, _ := r.text.at(eyebrowSize)
			if w := eb.measure(l.eyebrow); w > width {
				t.Errorf("eyebrow %q is too wide", l.eyebrow)
			}
			if !tc.fits && !strings.HasSuffix(l.lines[len(l.lines)-1], ellipsis) {
				t.Errorf("cut title without an ellipsis: %q", l.lines)
			}
		})
	}
}

func TestHostileTitleMakesACard(t *testing.T) {
	out := t.TempDir()
	res := run(t, []Page{{Route: "/x", Title: hostile, Eyebrow: hostile, Footer: hostile, Alt: "x"}}, out)
	data, err := os.ReadFile(filepath.Join(out, Subdir, filepath.Base(res.Manifest["/x"].File)))
	if err != nil {
		t.Fatal(err)
	}
	if cfg, err := jpeg.DecodeConfig(bytes.NewReader(data)); err != nil || cfg.Width != Width {
		t.Fatalf("%v %+v", err, cfg)
	}
}

func TestWOFF2Rejects(t *testing.T) {
	good, err := os.ReadFile(filepath.Join(fontDir(t), "inter/files/inter-latin-wght-normal.woff2"))
	if err != nil {
		t.Fatal(err)
	}
	// A good font padded past the input cap, its length field saying so.
	padded := append(append([]byte(nil), good...), make([]byte, maxWOFF2Input)...)
	binary.BigEndian.PutUint32(padded[8:], uint32(len(padded)))
	for name, in := range map[string][]byte{
		"empty":     nil,
		"not woff2": []byte("wOFF\x00\x01\x00\x00"),
		"truncated": good[:len(good)/2],
		"header":    good[:48],
		"padded":    padded,
	} {
		if _, err := decodeWOFF2(in); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// woff2Of is a font of one head table whose directory says it is declared
// bytes long, and whose Brotli data inflates to actual zero bytes.
func woff2Of(t *testing.T, declared uint32, actual int64) []byte {
	t.Helper()
	var comp bytes.Buffer
	w := brotli.NewWriterLevel(&comp, brotli.BestSpeed)
	if _, err := io.Copy(w, io.LimitReader(zeros{}, actual)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	dir := []byte{1} // head, untransformed
	for shift := 28; shift > 0; shift -= 7 {
		if declared>>shift != 0 {
			dir = append(dir, byte(declared>>shift&0x7f)|0x80)
		}
	}
	dir = append(dir, byte(declared&0x7f))
	b := make([]byte, 48, 48+len(dir)+comp.Len())
	copy(b, "wOF2\x00\x01\x00\x00")
	binary.BigEndian.PutUint16(b[12:], 1) // numTables
	binary.BigEndian.PutUint32(b[16:], 12+16+declared)
	binary.BigEndian.PutUint32(b[20:], uint32(comp.Len()))
	b = append(append(b, dir...), comp.Bytes()...)
	binary.BigEndian.PutUint32(b[8:], uint32(len(b)))
	return b
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestWOFF2Bounds: a font whose compressed data inflates past what its
// table directory declares, or past our cap, is refused without inflating
// it all.
func TestWOFF2Bounds(t *testing.T) {
	for name, in := range map[string][]byte{
		"bomb":          woff2Of(t, 100, 64<<20),
		"declared huge": woff2Of(t, 64<<20, 64<<20),
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := decodeWOFF2(in)
		runtime.ReadMemStats(&after)
		if err == nil {
			t.Errorf("%s: no error", name)
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > maxSfntSize {
			t.Errorf("%s: allocated %d MB before refusing it", name, n>>20)
		}
	}
}

func BenchmarkCard(b *testing.B) {
	r := testRenderer(b)
	pages := realPages(b)
	var cover []byte
	var page Page
	for _, p := range pages {
		if p.Cover != "" {
			page = p
			cover, _ = os.ReadFile(p.Cover)
			break
		}
	}
	for _, bc := range []struct {
		name  string
		page  Page
		cover []byte
	}{{"cover", page, cover}, {"designed", pages[1], nil}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := r.card(bc.page, bc.cover, Quality); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// A card is a published JPEG like the image variants: with the owner's
// rights it carries them as XMP that exiftool reads, Data Mining included
// (decision 0102), under a new name; without them it is as it was.
func TestCardsCarryTheOwnersRights(t *testing.T) {
	metatest.Exiftool(t)
	pages := []Page{{Route: "/", Title: "Avery Morgan", Footer: "averymorgan.design"}}
	plain := run(t, pages, t.TempDir())
	out := t.TempDir()
	rights := metastrip.Rights{Creator: "Avery Morgan", Copyright: "© 2026 Avery Morgan", WebStatement: "https://averymorgan.design/about", Licence: "all rights reserved", NoAITraining: true}
	res, err := Run(pages, Options{OutDir: out, Manifest: filepath.Join(out, "cards.json"), FontDir: fontDir(t), Rights: rights})
	if err != nil {
		t.Fatal(err)
	}
	card := res.Manifest["/"].File
	if card == plain.Manifest["/"].File {
		t.Errorf("the rights did not change the card's name %s", card)
	}
	tags := metatest.Tags(t, filepath.Join(out, Subdir, filepath.Base(card)))
	for tag, want := range map[string]string{
		"XMP:Creator":      rights.Creator,
		"XMP:Rights":       rights.Copyright,
		"XMP:WebStatement": rights.WebStatement,
		"XMP:UsageTerms":   rights.Licence,
		"XMP:DataMining":   metastrip.DataMiningNoAITraining,
	} {
		if got, _ := tags[tag].(string); got != want {
			t.Errorf("exiftool reads %s = %v, want %q", tag, tags[tag], want)
		}
	}
}

// A site in two languages: each page of the other language gets a card at
// its address with its own title (the translation's, the catalogue's for
// the site's own pages), and the default language's cards are the ones a
// site in one language has (decision 0123).
func TestPagesInEachLanguage(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("../../../content")); err != nil {
		t.Fatal(err)
	}
	one := realPages(t)
	siteYAML, err := os.ReadFile(filepath.Join(dir, "site.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{
		"site.yaml":                             string(siteYAML) + "\nlanguages: [en, sv]\n",
		"site.sv.yaml":                          "taglines:\n  role: Designer · utvecklare\ncontact:\n  title: Skriv till mig\n",
		"projects/admin-portal/project.sv.yaml": "title: Adminportalen\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c, _, err := content.Load(dir, content.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pages := Pages(c, catalogueTitles(t, c))
	routes := map[string]Page{}
	for _, p := range pages {
		routes[p.Route] = p
	}
	if len(pages) != 2*len(one) {
		t.Errorf("%d cards, want %d: each page's in each language", len(pages), 2*len(one))
	}
	for _, p := range one {
		if got := routes[p.Route]; got.Title != p.Title || got.Alt != p.Alt || got.Eyebrow != p.Eyebrow {
			t.Errorf("the default language's card of %s is %+v, want %+v", p.Route, got, p)
		}
		if _, ok := routes["/sv"+map[bool]string{true: "/", false: p.Route}[p.Route == "/"]]; !ok {
			t.Errorf("no Swedish card for %s", p.Route)
		}
	}
	for route, want := range map[string][2]string{
		"/sv/":                        {"Avery Morgan", "Designer · utvecklare"},
		"/sv/about":                   {"Om mig", ""},
		"/sv/privacy":                 {"Integritet", ""},
		"/sv/404":                     {"Sidan finns inte", ""},
		"/sv/contact":                 {"Skriv till mig", ""},
		"/sv/projects/admin-portal":   {"Adminportalen", routes["/projects/admin-portal"].Eyebrow},
		"/sv/projects/college-sports": {routes["/projects/college-sports"].Title, routes["/projects/college-sports"].Eyebrow},
	} {
		if got := routes[route]; [2]string{got.Title, got.Eyebrow} != want {
			t.Errorf("%s: title and eyebrow %q, want %q", route, [2]string{got.Title, got.Eyebrow}, want)
		}
	}
	if p := routes["/sv/projects/admin-portal"]; p.Alt != "Adminportalen · Avery Morgan" || p.Cover != filepath.Join(dir, "projects", "admin-portal", "cover.jpg") {
		t.Errorf("the Swedish admin portal card: %+v", p)
	}
}
