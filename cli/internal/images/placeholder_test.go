package images

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"image"
	"image/color"
	"net/url"
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

// placeholderParts splits a placeholder data URI into its SVG and the pixels
// of the WebP inside it.
func placeholderParts(t *testing.T, uri string) (svg string, tiny image.Image) {
	t.Helper()
	const prefix = "data:image/svg+xml,"
	if !strings.HasPrefix(uri, prefix) {
		t.Fatalf("placeholder is not an SVG data URI: %.60s", uri)
	}
	svg, err := url.PathUnescape(strings.TrimPrefix(uri, prefix))
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
		svg, tiny := placeholderParts(t, res.Manifest.Images["projects/p/photo.jpg"].Placeholder)
		b := tiny.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				if _, _, _, a := tiny.At(x, y).RGBA(); a != 0xffff {
					t.Fatalf("preview of an opaque photo has alpha %d/65535 at (%d,%d)", a, x, y)
				}
			}
		}
		// The blur fades the edges into nothing; the alpha transfer keeps
		// them opaque.
		if !parseFilter(t, svg).opaqueEverywhere() {
			t.Errorf("the filter of an opaque photo does not keep its blurred edges opaque:\n%s", svg)
		}
		if len(res.Manifest.Images["projects/p/photo.jpg"].Placeholder) > 1024 {
			t.Errorf("placeholder of an opaque photo is over 1 KB")
		}
	})
}
