package cards

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// FuzzDecodeWOFF2: any bytes give a font or an error, never a panic, and a
// decoded font parses.
func FuzzDecodeWOFF2(f *testing.F) {
	good, err := os.ReadFile(filepath.Join(fontDir(f), "fraunces/files/fraunces-latin-wght-normal.woff2"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:48])
	f.Add(good[:len(good)-1])
	flipped := append([]byte(nil), good...)
	flipped[60] ^= 0xff
	f.Add(flipped)
	f.Add([]byte("wOF2"))
	f.Fuzz(func(t *testing.T, in []byte) {
		out, err := decodeWOFF2(in)
		if err != nil {
			return
		}
		_, _ = opentype.Parse(out) // must not panic
	})
}

// FuzzLayout: any title gives at most three lines, each within the card's
// text width and holding only drawable characters.
func FuzzLayout(f *testing.F) {
	r := testRenderer(f)
	for _, s := range []string{"", " ", "About Me", hostile[:2000], "\u202e\u200b\x00", strings.Repeat("W", 500), "שלום", "a\u0301\u0302\u0303"} {
		f.Add(s)
	}
	width := fixed.I(Width - 2*margin)
	f.Fuzz(func(t *testing.T, title string) {
		l, err := r.layout(Page{Title: title, Footer: "Avery Morgan", Eyebrow: title})
		if err != nil {
			t.Fatal(err)
		}
		if len(l.lines) > maxTitleLines {
			t.Fatalf("%d lines", len(l.lines))
		}
		fc, _ := r.display.at(l.titleSize)
		for _, line := range l.lines {
			if fc.measure(line) > width {
				t.Errorf("line %q too wide", line)
			}
			for _, c := range line {
				if unicode.IsControl(c) || unicode.Is(unicode.Cf, c) {
					t.Errorf("line %q holds %U", line, c)
				}
			}
		}
	})
}
