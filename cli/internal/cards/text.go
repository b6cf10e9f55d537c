package cards

import (
	"fmt"
	"image"
	"image/draw"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Family is one typeface as a list of fonts tried in order for each
// character (@fontsource splits a face by script: latin, latin-ext, …).
type Family struct {
	Name  string
	fonts []*opentype.Font
	// Bytes are the font files read, in order, for the cache key.
	Bytes [][]byte
}

// subsetOrder puts the Latin subset first: it holds the characters most
// titles use, so a character shared with another subset comes from there.
var subsetOrder = []string{"latin", "latin-ext", "vietnamese", "greek", "greek-ext", "cyrillic", "cyrillic-ext"}

// LoadFamily reads every "<name>-<subset>-wght-normal.woff2" file of an
// @fontsource-variable package folder (for example
// site/node_modules/@fontsource-variable/fraunces).
func LoadFamily(pkgDir, name string) (*Family, error) {
	files, err := filepath.Glob(filepath.Join(pkgDir, "files", name+"-*-wght-normal.woff2"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no %s font files in %s: run npm ci in the site folder", name, filepath.Join(pkgDir, "files"))
	}
	rank := func(f string) int {
		sub := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), name+"-"), "-wght-normal.woff2")
		for i, s := range subsetOrder {
			if s == sub {
				return i
			}
		}
		return len(subsetOrder)
	}
	sort.SliceStable(files, func(i, j int) bool {
		if ri, rj := rank(files[i]), rank(files[j]); ri != rj {
			return ri < rj
		}
		return files[i] < files[j]
	})
	fam := &Family{Name: name}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		sfnt, err := decodeWOFF2(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		ft, err := opentype.Parse(sfnt)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		fam.fonts = append(fam.fonts, ft)
		fam.Bytes = append(fam.Bytes, data)
	}
	return fam, nil
}

// face is a family at one size.
type face struct {
	faces []font.Face
	fonts []*opentype.Font
}

func (f *Family) at(size float64) (*face, error) {
	fc := &face{fonts: f.fonts}
	for _, ft := range f.fonts {
		x, err := opentype.NewFace(ft, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
		if err != nil {
			return nil, err
		}
		fc.faces = append(fc.faces, x)
	}
	return fc, nil
}

// pick is the index of the first font with a glyph for r, or -1.
func (fc *face) pick(r rune) int {
	for i, x := range fc.faces {
		if _, ok := x.GlyphAdvance(r); ok {
			if idx, err := fc.fonts[i].GlyphIndex(nil, r); err == nil && idx != 0 {
				return i
			}
		}
	}
	return -1
}

// measure is the advance width of s.
func (fc *face) measure(s string) fixed.Int26_6 {
	var w fixed.Int26_6
	prev, prevFace := rune(-1), -1
	for _, r := range s {
		i := fc.pick(r)
		if i < 0 {
			continue
		}
		if prevFace == i {
			w += fc.faces[i].Kern(prev, r)
		}
		a, _ := fc.faces[i].GlyphAdvance(r)
		w += a
		prev, prevFace = r, i
	}
	return w
}

// draw paints s with its baseline starting at dot.
func (fc *face) draw(dst draw.Image, src image.Image, dot fixed.Point26_6, s string) {
	prev, prevFace := rune(-1), -1
	for _, r := range s {
		i := fc.pick(r)
		if i < 0 {
			continue
		}
		if prevFace == i {
			dot.X += fc.faces[i].Kern(prev, r)
		}
		dr, mask, mp, adv, ok := fc.faces[i].Glyph(dot, r)
		if ok {
			draw.DrawMask(dst, dr, src, image.Point{}, mask, mp, draw.Over)
		}
		dot.X += adv
		prev, prevFace = r, i
	}
}

// maxTextRunes bounds the text laid out, whatever the content holds.
const maxTextRunes = 400

// Clean makes text safe to lay out on one card: control and format
// characters (bidi overrides, zero-width joiners) removed, white space
// collapsed to single spaces, characters no font of the family can draw
// dropped, and at most maxTextRunes characters kept.
func Clean(s string, fams ...*face) string {
	var b strings.Builder
	n := 0
	space := false
	for _, r := range s {
		if n >= maxTextRunes {
			break
		}
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == unicode.ReplacementChar {
			continue
		}
		covered := len(fams) == 0
		for _, f := range fams {
			if f.pick(r) >= 0 {
				covered = true
			}
		}
		if !covered {
			continue
		}
		if space {
			b.WriteByte(' ')
			n++
			space = false
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}

const ellipsis = "…"

// wrap breaks text into at most maxLines lines no wider than width, at
// spaces where it can and inside a word too long for a line; when the text
// does not fit, the last line ends with an ellipsis. It reports whether
// everything fitted.
func (fc *face) wrap(text string, width fixed.Int26_6, maxLines int) (lines []string, fitted bool) {
	words := strings.Fields(text)
	var cur string
	i := 0
	for i < len(words) {
		w := words[i]
		try := w
		if cur != "" {
			try = cur + " " + w
		}
		if fc.measure(try) <= width {
			cur = try
			i++
			continue
		}
		if cur == "" { // one word wider than the line: break it
			head := fc.fitPrefix(w, width, "")
			cur = head
			words[i] = w[len(head):]
		}
		lines = append(lines, cur)
		cur = ""
		if len(lines) == maxLines {
			break
		}
	}
	if i >= len(words) {
		if cur != "" {
			lines = append(lines, cur)
		}
		return lines, true
	}
	// Text left over: end the last line with an ellipsis, at a word
	// boundary when one is not too far back.
	full := lines[len(lines)-1] + " " + strings.Join(words[i:], " ")
	last := fc.fitPrefix(full, width, ellipsis)
	if j := strings.LastIndexByte(last, ' '); j > len(last)*2/3 {
		last = last[:j]
	}
	last = strings.TrimRight(last, " ,;:·-–—") + ellipsis
	lines[len(lines)-1] = last
	return lines, false
}

// fitPrefix is the longest prefix of s (whole characters, at least one)
// that fits in width with suffix after it.
func (fc *face) fitPrefix(s string, width fixed.Int26_6, suffix string) string {
	end := 0
	for j, r := range s {
		next := j + len(string(r))
		if fc.measure(s[:next]+suffix) > width && end > 0 {
			break
		}
		end = next
	}
	return s[:end]
}
