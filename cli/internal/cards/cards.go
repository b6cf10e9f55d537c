// Package cards makes the social preview card of every page: a 1200×630
// JPEG with the page's cover (or a background in the theme's colours), its
// title and the owner's name in the site's own fonts, and a manifest the
// prerender reads (route → file, size, alt text).
//
// A card's file name is a hash of every input (texts, cover bytes, font
// bytes, size, quality, this package's layout version), so a run with
// nothing changed renders nothing, and a name always means the same bytes.
package cards

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync/atomic"

	"github.com/disintegration/imaging"
	"golang.org/x/image/math/fixed"
	_ "golang.org/x/image/webp" // covers may be WebP

	"portfolio/cli/internal/fsutil"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/images"
	"portfolio/cli/internal/metastrip"
)

const (
	Width   = 1200
	Height  = 630
	Quality = 85
	// layoutVersion changes whenever the drawing changes, so old cards are
	// not reused.
	layoutVersion = "cards-4"
	// maxCoverBytes bounds a cover read for a card (validate bounds pixels).
	maxCoverBytes = 64 << 20
	// Subfolder of the images output the cards are written to.
	Subdir = "cards"
	// DefaultManifest is where the prerender finds the cards.
	DefaultManifest = "site/src/generated/cards.json"
	// DefaultFontDir holds the site's @fontsource-variable packages.
	DefaultFontDir = "site/node_modules/@fontsource-variable"
)

// Page is one page's card.
type Page struct {
	Route   string // "/", "/about", "/projects/x", "/404"
	Eyebrow string // small line above the title (a category, a role); may be empty
	Title   string
	Footer  string // the owner's name (or, on the home page, the site's host)
	Cover   string // path of the cover image; empty for a designed background
	Alt     string // the card's alt text
}

// Entry is one route's card in the manifest.
type Entry struct {
	File   string `json:"file"` // address under the site root, /img/cards/<key>.jpg
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Alt    string `json:"alt"`
}

// Options say where the cards go and which fonts draw them.
type Options struct {
	OutDir   string // the images output (site/public/img); cards go to OutDir/cards
	Manifest string
	FontDir  string
	Quality  int
	// Rights are the owner's, written into every card as XMP, as into
	// every image variant (decision 0102); the zero Rights write nothing
	// and leave the cards' names as they were.
	Rights metastrip.Rights
}

// Result counts what a run did.
type Result struct {
	Made, Reused, Removed int
	Manifest              map[string]Entry
}

// renders counts cards drawn, so tests can tell a run reused its cache.
var renders atomic.Int64

var cardName = regexp.MustCompile(`^[0-9a-f]{16}\.jpg$`)

// Run makes every page's missing card, removes cards no page needs and
// writes the manifest when it changed.
func Run(pages []Page, opts Options) (*Result, error) {
	if opts.Quality == 0 {
		opts.Quality = Quality
	}
	fonts, err := readFonts(opts.FontDir)
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(opts.OutDir, Subdir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	res := &Result{Manifest: map[string]Entry{}}
	keep := map[string]bool{}
	var r *renderer
	for _, p := range pages {
		var cover []byte
		if p.Cover != "" {
			fi, err := os.Stat(p.Cover)
			if err != nil {
				return nil, fmt.Errorf("cover of %s: %w", p.Route, err)
			}
			if fi.Size() > maxCoverBytes {
				return nil, fmt.Errorf("cover of %s: %s is larger than %d MB", p.Route, p.Cover, maxCoverBytes>>20)
			}
			if cover, err = os.ReadFile(p.Cover); err != nil {
				return nil, fmt.Errorf("cover of %s: %w", p.Route, err)
			}
		}
		name := key(p, cover, fonts.sum, opts.Quality, opts.Rights) + ".jpg"
		keep[name] = true
		res.Manifest[p.Route] = Entry{File: "/img/" + Subdir + "/" + name, Width: Width, Height: Height, Alt: p.Alt}
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			res.Reused++
			continue
		}
		if r == nil {
			if r, err = newRenderer(fonts); err != nil {
				return nil, err
			}
		}
		data, err := r.card(p, cover, opts.Quality)
		if err == nil {
			data, err = metastrip.WithRights(data, opts.Rights)
		}
		if err != nil {
			return nil, fmt.Errorf("card of %s: %w", p.Route, err)
		}
		if err := fsutil.WriteFileAtomic(filepath.Join(dir, name), data, 0o644); err != nil {
			return nil, err
		}
		res.Made++
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if cardName.MatchString(e.Name()) && !keep[e.Name()] {
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return nil, err
			}
			res.Removed++
		}
	}
	data, err := json.MarshalIndent(res.Manifest, "", "  ")
	if err != nil {
		return nil, err
	}
	data = append(data, '\n')
	if old, err := os.ReadFile(opts.Manifest); err != nil || !bytes.Equal(old, data) {
		if err := os.MkdirAll(filepath.Dir(opts.Manifest), 0o755); err != nil {
			return nil, err
		}
		if err := fsutil.WriteFileAtomic(opts.Manifest, data, 0o644); err != nil {
			return nil, err
		}
	}
	return res, nil
}

func key(p Page, cover []byte, fontSum string, quality int, rights metastrip.Rights) string {
	h := sha256.New()
	c := sha256.Sum256(cover)
	parts := []string{layoutVersion, p.Eyebrow, p.Title, p.Footer, hex.EncodeToString(c[:]), fmt.Sprint(len(cover) > 0), fontSum, fmt.Sprint(Width, Height, quality)}
	if !rights.IsZero() { // absent without rights: the names stay as they were
		parts = append(parts, string(rights.XMP()))
	}
	for _, s := range parts {
		fmt.Fprintf(h, "%d:%s\x00", len(s), s)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// fontFiles are the bytes of both families, read but not yet decoded.
type fontFiles struct {
	dir string
	sum string
}

// HaveFonts reports whether dir holds both of the site's font packages.
func HaveFonts(dir string) bool {
	for _, name := range []string{"fraunces", "inter"} {
		if files, _ := filepath.Glob(filepath.Join(dir, name, "files", name+"-*-wght-normal.woff2")); len(files) == 0 {
			return false
		}
	}
	return true
}

func readFonts(dir string) (*fontFiles, error) {
	h := sha256.New()
	for _, name := range []string{"fraunces", "inter"} {
		files, _ := filepath.Glob(filepath.Join(dir, name, "files", name+"-*-wght-normal.woff2"))
		if len(files) == 0 {
			return nil, fmt.Errorf("the site's %s font is missing from %s: run npm ci in the site folder", name, dir)
		}
		sort.Strings(files)
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			fmt.Fprintf(h, "%s:%d:", filepath.Base(f), len(data))
			h.Write(data)
		}
	}
	return &fontFiles{dir: dir, sum: hex.EncodeToString(h.Sum(nil))}, nil
}

type renderer struct {
	display, text *Family
}

func newRenderer(f *fontFiles) (*renderer, error) {
	d, err := LoadFamily(filepath.Join(f.dir, "fraunces"), "fraunces")
	if err != nil {
		return nil, err
	}
	t, err := LoadFamily(filepath.Join(f.dir, "inter"), "inter")
	if err != nil {
		return nil, err
	}
	// Titles fall back to Inter for the scripts Fraunces lacks (Greek,
	// Cyrillic), rather than losing those characters.
	d.fonts = append(d.fonts, t.fonts...)
	return &renderer{display: d, text: t}, nil
}

// The theme's colours (site/src/theme/theme.ts).
var (
	primary    = color.NRGBA{0x26, 0x30, 0x6e, 0xff}
	secondary  = color.NRGBA{0xa4, 0x44, 0x1c, 0xff}
	background = color.NRGBA{0xf7, 0xf4, 0xee, 0xff}
	ink        = color.NRGBA{0x1c, 0x1b, 0x19, 0xff}
	warmLight  = color.NRGBA{0xf2, 0xb4, 0x8f, 0xff} // secondary lightened for dark backgrounds
)

const margin = 80

// titleSizes are tried in order until the title fits in maxTitleLines.
var titleSizes = []float64{80, 68, 58}

const maxTitleLines = 3

// layout is where the texts go, computed before drawing (and by tests).
type layout struct {
	titleSize float64
	lines     []string
	fitted    bool
	eyebrow   string
	footer    string
}

func (r *renderer) layout(p Page) (*layout, error) {
	l := &layout{}
	width := fixed.I(Width - 2*margin)
	for _, size := range titleSizes {
		fc, err := r.display.at(size)
		if err != nil {
			return nil, err
		}
		title := Clean(p.Title, fc)
		if title == "" {
			title = Clean(p.Footer, fc)
		}
		l.titleSize = size
		l.lines, l.fitted = fc.wrap(title, width, maxTitleLines)
		if l.fitted {
			break
		}
	}
	small, err := r.text.at(eyebrowSize)
	if err != nil {
		return nil, err
	}
	l.eyebrow = oneLine(small, upper(Clean(p.Eyebrow, small)), width)
	foot, err := r.text.at(footerSize)
	if err != nil {
		return nil, err
	}
	l.footer = oneLine(foot, Clean(p.Footer, foot), width)
	return l, nil
}

const (
	eyebrowSize = 24
	footerSize  = 30
)

func oneLine(fc *face, s string, width fixed.Int26_6) string {
	lines, _ := fc.wrap(s, width, 1)
	if len(lines) == 0 {
		return ""
	}
	return lines[0]
}

func upper(s string) string { return strings.ToUpper(s) }

// card draws one card and encodes it as JPEG.
func (r *renderer) card(p Page, cover []byte, quality int) ([]byte, error) {
	renders.Add(1)
	l, err := r.layout(p)
	if err != nil {
		return nil, err
	}
	img := image.NewRGBA(image.Rect(0, 0, Width, Height))
	dark := len(cover) > 0
	if dark {
		src, err := images.DecodeToCover(cover, imagecheck.DefaultMaxPixels, Width, Height)
		if err != nil {
			return nil, fmt.Errorf("cannot read the cover: %w", err)
		}
		filled := imaging.Fill(src, Width, Height, imaging.Center, imaging.Lanczos)
		draw.Draw(img, img.Bounds(), filled, image.Point{}, draw.Src)
		scrim(img)
	} else {
		designed(img, textTop(l))
	}
	titleColor, eyebrowColor, footerColor := ink, secondary, primary
	if dark {
		titleColor, eyebrowColor, footerColor = color.NRGBA{0xff, 0xff, 0xff, 0xff}, warmLight, background
	}
	foot, _ := r.text.at(footerSize)
	if !dark {
		footerColor = background // on the primary band
	}
	foot.draw(img, image.NewUniform(footerColor), fixed.P(margin, footerBaseline), l.footer)
	accent := image.Rect(margin, ruleY, margin+72, ruleY+6)
	draw.Draw(img, accent, image.NewUniform(map[bool]color.NRGBA{true: warmLight, false: secondary}[dark]), image.Point{}, draw.Over)
	title, _ := r.display.at(l.titleSize)
	for i, line := range l.lines {
		title.draw(img, image.NewUniform(titleColor), fixed.P(margin, firstBaseline(l)+i*lineHeight(l.titleSize)), line)
	}
	if l.eyebrow != "" {
		eb, _ := r.text.at(eyebrowSize)
		eb.draw(img, image.NewUniform(eyebrowColor), fixed.P(margin, eyebrowBaseline(l)), l.eyebrow)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: quality}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

const ringBottom = 40 + 210

// Vertical layout, from the bottom up: footer, accent rule, title lines,
// eyebrow.
const (
	footerBaseline = Height - 64
	ruleY          = footerBaseline - 30 - 48
	lastBaseline   = ruleY - 36
)

func lineHeight(size float64) int { return int(math.Round(size * 1.12)) }

func firstBaseline(l *layout) int {
	return lastBaseline - (len(l.lines)-1)*lineHeight(l.titleSize)
}

func eyebrowBaseline(l *layout) int { return firstBaseline(l) - int(l.titleSize*0.74) - 28 }

// textTop is the highest pixel row the texts reach.
func textTop(l *layout) int {
	if l.eyebrow != "" {
		return eyebrowBaseline(l) - eyebrowSize
	}
	return firstBaseline(l) - int(l.titleSize)
}

// scrim darkens the photo towards the bottom, where the text goes, so white
// text keeps its contrast on any photo.
func scrim(img *image.RGBA) {
	for y := 0; y < Height; y++ {
		t := float64(y) / Height
		a := 0.3 + 0.62*smooth((t-0.05)/0.7) // 0.3 at the top, 0.92 from three quarters down
		for x := 0; x < Width; x++ {
			i := img.PixOffset(x, y)
			for c, v := range [3]float64{0x12, 0x16, 0x3a} {
				img.Pix[i+c] = uint8(math.Round(float64(img.Pix[i+c])*(1-a) + v*a))
			}
		}
	}
}

func smooth(t float64) float64 {
	t = math.Max(0, math.Min(1, t))
	return t * t * (3 - 2*t)
}

// designed paints the background of a page without a cover: the theme's
// paper colour, two rings in the primary and secondary colours at the top
// right, and a primary band along the bottom for the owner's name.
// The rings stay clear of text that ends above ringBottom+24; taller text
// would run into them, so they are then drawn faint, behind it.
func designed(img *image.RGBA, top int) {
	draw.Draw(img, img.Bounds(), image.NewUniform(background), image.Point{}, draw.Src)
	alpha := 1.0
	if top < ringBottom+24 {
		alpha = 0.14
	}
	ring(img, 1060, 40, 210, 48, primary, alpha)
	ring(img, 1060, 40, 126, 24, secondary, alpha)
	band := image.Rect(0, Height-120, Width, Height)
	draw.Draw(img, band, image.NewUniform(primary), image.Point{}, draw.Src)
}

// ring draws an anti-aliased ring centred on (cx, cy).
func ring(img *image.RGBA, cx, cy, radius, thickness float64, c color.NRGBA, alpha float64) {
	outer, inner := radius, radius-thickness
	for y := int(cy - outer - 1); y <= int(cy+outer+1); y++ {
		for x := int(cx - outer - 1); x <= int(cx+outer+1); x++ {
			if !(image.Point{x, y}.In(img.Rect)) {
				continue
			}
			d := math.Hypot(float64(x)+0.5-cx, float64(y)+0.5-cy)
			cov := math.Max(0, math.Min(1, outer-d+0.5)) * math.Max(0, math.Min(1, d-inner+0.5)) * alpha
			if cov == 0 {
				continue
			}
			i := img.PixOffset(x, y)
			for k, v := range [3]uint8{c.R, c.G, c.B} {
				img.Pix[i+k] = uint8(math.Round(float64(img.Pix[i+k])*(1-cov) + float64(v)*cov))
			}
		}
	}
}
