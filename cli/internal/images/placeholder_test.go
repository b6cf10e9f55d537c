package images

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"image"
	"image/color"
	"math"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/image/webp"

	"portfolio/cli/internal/imagecheck/imagetest"
)

// logo is a w×h image with an opaque red disc in the middle and fully
// transparent corners. The transparent pixels carry bright green, as many
// exports leave colour under alpha 0: a placeholder that drops the alpha
// shows it.
func logo(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	cx, cy, r := float64(w)/2, float64(h)/2, float64(min(w, h))*0.4
	for y := range h {
		for x := range w {
			dx, dy := float64(x)+0.5-cx, float64(y)+0.5-cy
			if dx*dx+dy*dy <= r*r {
				img.SetNRGBA(x, y, color.NRGBA{200, 30, 30, 255})
			} else {
				img.SetNRGBA(x, y, color.NRGBA{0, 255, 0, 0})
			}
		}
	}
	return img
}

// placeholderParts splits a placeholder, url("data:image/svg+xml,…"), into
// its SVG and the pixels of the WebP inside it.
func placeholderParts(t *testing.T, value string) (svg string, tiny image.Image) {
	t.Helper()
	const prefix, suffix = `url("data:image/svg+xml,`, `")`
	if !strings.HasPrefix(value, prefix) || !strings.HasSuffix(value, suffix) {
		t.Fatalf("placeholder is not the url() of an SVG data URI: %.60s", value)
	}
	svg, err := url.PathUnescape(strings.TrimSuffix(strings.TrimPrefix(value, prefix), suffix))
	if err != nil {
		t.Fatalf("placeholder does not unescape: %v", err)
	}
	const webpPrefix = "data:image/webp;base64,"
	start := strings.Index(svg, webpPrefix)
	if start < 0 {
		t.Fatalf("no WebP in the placeholder: %s", svg)
	}
	b64 := svg[start+len(webpPrefix):]
	b64 = b64[:strings.IndexByte(b64, '\'')]
	data, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatalf("the placeholder's WebP is not base64: %v", err)
	}
	tiny, err = webp.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the placeholder's WebP does not decode: %v", err)
	}
	return svg, tiny
}

// svgFilter is the placeholder's filter: its primitives in order.
type svgFilter struct {
	Primitives []struct {
		XMLName  xml.Name
		In       string `xml:"in,attr"`
		In2      string `xml:"in2,attr"`
		Result   string `xml:"result,attr"`
		Operator string `xml:"operator,attr"`
		FuncA    *struct {
			Type        string `xml:"type,attr"`
			TableValues string `xml:"tableValues,attr"`
		} `xml:"feFuncA"`
	} `xml:",any"`
}

func parseFilter(t *testing.T, svg string) svgFilter {
	t.Helper()
	var doc struct {
		Filter svgFilter `xml:"filter"`
	}
	if err := xml.Unmarshal([]byte(svg), &doc); err != nil {
		t.Fatalf("placeholder SVG does not parse: %v\n%s", err, svg)
	}
	if len(doc.Filter.Primitives) == 0 {
		t.Fatalf("placeholder SVG has no filter: %s", svg)
	}
	return doc.Filter
}

// opaqueEverywhere reports whether the filter ends by setting every pixel's
// alpha to 1: right for an opaque photo (its blurred edges stay sharp), wrong
// for a transparent image (its transparent corners turn opaque).
func (f svgFilter) opaqueEverywhere() bool {
	last := f.Primitives[len(f.Primitives)-1]
	return last.XMLName.Local == "feComponentTransfer" && last.FuncA != nil &&
		last.FuncA.Type == "discrete" && strings.Trim(strings.ReplaceAll(last.FuncA.TableValues, " ", ""), "1") == ""
}

// clippedToSourceAlpha reports whether the filter's last step keeps its input
// only where a mask made from the image's own alpha is set.
func (f svgFilter) clippedToSourceAlpha() bool {
	last := f.Primitives[len(f.Primitives)-1]
	if last.XMLName.Local != "feComposite" || last.Operator != "in" {
		return false
	}
	for _, p := range f.Primitives {
		if p.Result == last.In2 && p.In == "SourceAlpha" {
			return true
		}
	}
	return false
}

func TestPlaceholderKeepsTransparency(t *testing.T) {
	const w, h = 160, 120
	source := logo(w, h)
	f := newFixture(t)
	f.add("logo.png", imagetest.EncodePNG(source))
	f.add("photo.jpg", imagetest.JPEG(w, h))
	res := f.run()
	if len(res.Failures) > 0 {
		t.Fatalf("failures: %v", res.Failures)
	}

	t.Run("transparent", func(t *testing.T) {
		svg, tiny := placeholderParts(t, res.Manifest.Images["projects/p/logo.png"].Placeholder)
		// Each pixel of the 16-px preview stands for a block of the source:
		// a fully transparent block stays fully transparent, a fully opaque
		// one opaque.
		b := tiny.Bounds()
		transparent, opaque := 0, 0
		for ty := range b.Dy() {
			for tx := range b.Dx() {
				x0, x1 := tx*w/b.Dx(), (tx+1)*w/b.Dx()
				y0, y1 := ty*h/b.Dy(), (ty+1)*h/b.Dy()
				minA, maxA := uint8(255), uint8(0)
				for y := max(y0-1, 0); y < min(y1+1, h); y++ {
					for x := max(x0-1, 0); x < min(x1+1, w); x++ {
						a := source.NRGBAAt(x, y).A
						minA, maxA = min(minA, a), max(maxA, a)
					}
				}
				_, _, _, a := tiny.At(b.Min.X+tx, b.Min.Y+ty).RGBA()
				switch {
				case maxA == 0:
					transparent++
					if a != 0 {
						t.Errorf("preview pixel (%d,%d) covers only transparent source pixels but has alpha %d/65535", tx, ty, a)
					}
				case minA == 255:
					opaque++
					if a != 0xffff {
						t.Errorf("preview pixel (%d,%d) covers only opaque source pixels but has alpha %d/65535", tx, ty, a)
					}
				}
			}
		}
		if transparent == 0 || opaque == 0 {
			t.Fatalf("the test image gave %d transparent and %d opaque preview pixels: both are needed", transparent, opaque)
		}
		filter := parseFilter(t, svg)
		if filter.opaqueEverywhere() {
			t.Errorf("the filter makes every pixel opaque, the transparent corners too:\n%s", svg)
		}
		if !filter.clippedToSourceAlpha() {
			t.Errorf("the filter's result is not clipped to the image's own alpha:\n%s", svg)
		}
	})

	t.Run("opaque", func(t *testing.T) {
		// A photo gets gradients, not an SVG image.
		if p := res.Manifest.Images["projects/p/photo.jpg"].Placeholder; !strings.HasPrefix(p, "radial-gradient(") {
			t.Errorf("placeholder of an opaque photo is not gradients: %.80s", p)
		}
	})
}

// gradientLayer matches one cell of a gradient placeholder.
var gradientLayer = regexp.MustCompile(`^radial-gradient\(([\d.]+)% ([\d.]+)% at ([\d.]+)% ([\d.]+)%,#([0-9a-f]{6}),transparent\)$`)

// split4 cuts a w×h image into four quadrants of the given colours:
// top left, top right, bottom left, bottom right.
func split4(w, h int, tl, tr, bl, br color.NRGBA) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := [2][2]color.NRGBA{{tl, tr}, {bl, br}}[y*2/h][x*2/w]
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

func TestGradientPlaceholder(t *testing.T) {
	red, blue := color.NRGBA{220, 0, 0, 255}, color.NRGBA{0, 0, 220, 255}
	white, black := color.NRGBA{255, 255, 255, 255}, color.NRGBA{0, 0, 0, 255}
	tests := []struct {
		name       string
		img        *image.NRGBA
		cols, rows int
		want       map[[2]int]string // cell (column, row) → colour
		average    string
	}{
		{
			name: "landscape: 3 × 2 cells, left red and right blue",
			img:  split4(120, 80, red, blue, red, blue),
			cols: 3, rows: 2,
			want:    map[[2]int]string{{0, 0}: "dc0000", {2, 0}: "0000dc", {0, 1}: "dc0000", {2, 1}: "0000dc"},
			average: "6e006e",
		},
		{
			name: "portrait: 2 × 3 cells, top white and bottom black",
			img:  split4(60, 120, white, white, black, black),
			cols: 2, rows: 3,
			want:    map[[2]int]string{{0, 0}: "ffffff", {1, 0}: "ffffff", {0, 2}: "000000", {1, 2}: "000000"},
			average: "808080",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			value := gradientPlaceholder(tt.img)
			layers := strings.Split(value, "),")
			for i := range len(layers) - 1 {
				layers[i] += ")"
			}
			if len(layers) != tt.cols*tt.rows+1 {
				t.Fatalf("%d layers, want %d cells and the average: %s", len(layers), tt.cols*tt.rows, value)
			}
			for i, layer := range layers[:len(layers)-1] {
				m := gradientLayer.FindStringSubmatch(layer)
				if m == nil {
					t.Fatalf("layer %d is not a cell's radial gradient: %s", i, layer)
				}
				col, row := i%tt.cols, i/tt.cols
				wantAt := []string{
					trimPercent(100 / float64(tt.cols)), trimPercent(100 / float64(tt.rows)),
					trimPercent(100 * (float64(col) + 0.5) / float64(tt.cols)), trimPercent(100 * (float64(row) + 0.5) / float64(tt.rows)),
				}
				if got := m[1:5]; !slices.Equal(got, wantAt) {
					t.Errorf("cell (%d,%d): size and centre %v, want %v", col, row, got, wantAt)
				}
				if want, ok := tt.want[[2]int{col, row}]; ok && m[5] != want {
					t.Errorf("cell (%d,%d): colour #%s, want #%s", col, row, m[5], want)
				}
			}
			// Below the cells, the average colour fills the whole box, so
			// no gap between the gradients shows the page through.
			if last, want := layers[len(layers)-1], "linear-gradient(#"+tt.average+",#"+tt.average+")"; !colourNear(last, want) {
				t.Errorf("bottom layer %s, want about %s", last, want)
			}
		})
	}
}

// trimPercent formats a percentage as the placeholder does: one decimal at most.
func trimPercent(v float64) string {
	return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
}

// colourNear reports whether two linear-gradient(#a,#a) layers have colours
// within 2 of each other per channel (averaging rounds).
func colourNear(got, want string) bool {
	re := regexp.MustCompile(`^linear-gradient\(#([0-9a-f]{6}),#([0-9a-f]{6})\)$`)
	g, w := re.FindStringSubmatch(got), re.FindStringSubmatch(want)
	if g == nil || w == nil || g[1] != g[2] {
		return false
	}
	for i := 0; i < 6; i += 2 {
		a, _ := strconv.ParseUint(g[1][i:i+2], 16, 8)
		b, _ := strconv.ParseUint(w[1][i:i+2], 16, 8)
		if d := int(a) - int(b); d < -2 || d > 2 {
			return false
		}
	}
	return true
}
