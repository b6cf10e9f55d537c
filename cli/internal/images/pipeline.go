package images

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/disintegration/imaging"
	"golang.org/x/image/webp"

	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/images/manifest"
	"portfolio/cli/internal/metastrip"
)

// webpMethod is libwebp's speed/size trade-off (0–6); 4 is libwebp's and
// sharp's default.
const webpMethod = 4

// placeholderSize is the longer side of a transparent image's placeholder in
// pixels, and placeholderQuality its WebP quality: together about 150 bytes,
// a ~0.6 KB data URI once wrapped in its blurring SVG.
const (
	placeholderSize    = 16
	placeholderQuality = 40
)

// encoded is one variant in memory, ready to be written.
type encoded struct {
	manifest.Variant
	data []byte
}

// targetWidths returns the widths to make for an image w pixels wide: every
// configured width well below w, then w itself capped at the largest
// configured width. Never upscales; a width within 10% of the image's own is
// dropped, as it would cost bytes and time for no visible gain.
func targetWidths(widths []int, w int) []int {
	largest := min(w, widths[len(widths)-1])
	var out []int
	for _, tw := range widths {
		if tw < largest && float64(tw) < 0.9*float64(largest) {
			out = append(out, tw)
		}
	}
	return append(out, largest)
}

// heightFor keeps the aspect ratio of a w×h image at width tw.
func heightFor(w, h, tw int) int {
	return max(1, int(math.Round(float64(h)*float64(tw)/float64(w))))
}

// decodes counts decoded sources, so tests and benchmarks can tell that a
// run reused its cache.
var decodes atomic.Int64

// decode turns checked source bytes into pixels, in stored orientation.
func decode(data []byte, format imagecheck.Format) (image.Image, error) {
	decodes.Add(1)
	r := bytes.NewReader(data)
	switch format {
	case imagecheck.JPEG:
		return jpeg.Decode(r)
	case imagecheck.PNG:
		return png.Decode(r)
	case imagecheck.WebP:
		return webp.Decode(r) // golang.org/x/image/webp: pure Go, lossy, lossless and alpha
	}
	return nil, fmt.Errorf("unsupported format %q", format)
}

// orientations maps an EXIF orientation to the transform that shows the
// stored pixels upright.
var orientations = map[int]func(image.Image) *image.NRGBA{
	2: imaging.FlipH,
	3: imaging.Rotate180,
	4: imaging.FlipV,
	5: imaging.Transpose,
	6: imaging.Rotate270,
	7: imaging.Transverse,
	8: imaging.Rotate90,
}

// swapsAxes reports whether an orientation turns the image a quarter turn.
func swapsAxes(orientation int) bool { return orientation >= 5 && orientation <= 8 }

// encodeSlots bounds the encodes running at once across all images, to the
// number of cores: encoders are single-threaded, so running the encodes of
// one image side by side keeps every core busy when few images are left.
var encodeSlots = make(chan struct{}, runtime.NumCPU())

// encoding is how a run encodes the variants.
type encoding struct {
	quality int  // WebP's and JPEG's, 1–100
	avif    bool // AVIF too, kept where it pays (avifPays)
	// watermark is drawn into every variant (drawWatermark); "" for none.
	watermark string
	// mark is an image watermark drawn into every variant instead
	// (drawMarkImage); nil for none.
	mark *image.NRGBA
	// rights are written into every variant as XMP (decision 0102); the
	// zero Rights write nothing.
	rights metastrip.Rights
}

// rendered is every variant of one image, and its placeholder.
type rendered struct {
	variants    []encoded
	placeholder string
}

// render makes every variant of one decoded image. info is the source's
// checked header (upright size, orientation).
//
// Each source is decoded once. The largest width is resized from the full
// image (halved first while it is twice that size or more); every smaller one
// from the previous result, which costs a fraction
// of resizing the full image again and, at these ratios, looks the same.
// Orientation is applied to the largest variant, so the smaller ones inherit
// it at no cost. Encoders write no metadata, so EXIF (GPS positions, camera
// serials) never reaches the output.
func render(ctx context.Context, src image.Image, info imagecheck.Info, widths []int, enc encoding) (r rendered, err error) {
	var out []encoded
	targets := targetWidths(widths, info.Width)
	largest := targets[len(targets)-1]
	lw, lh := largest, heightFor(info.Width, info.Height, largest)

	// The largest variant, upright.
	cur := Resize(src, info.Orientation, lw, lh)
	if enc.watermark != "" {
		// Drawn once, into the largest: the smaller widths are made from
		// it, so each carries the mark at the same share of its size.
		if _, err := drawWatermark(cur, enc.watermark); err != nil {
			return rendered{}, fmt.Errorf("drawing the watermark: %w", err)
		}
	}
	if enc.mark != nil {
		drawMarkImage(cur, enc.mark) // the same: once, into the largest
	}
	fallback := manifest.JPEG
	transparent := !cur.Opaque()
	if transparent {
		fallback = manifest.PNG // JPEG has no alpha channel
	}
	// The placeholder is made from the smallest variant, except for a
	// transparent image: Lanczos rings, so the smaller widths have alpha 1 or
	// 2 just outside the edges, where the source is fully transparent.
	placeholderFrom := cur

	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
	)
	encode := func(img *image.NRGBA, typ string) {
		defer wg.Done()
		select {
		case encodeSlots <- struct{}{}:
		case <-ctx.Done():
			return
		}
		defer func() { <-encodeSlots }()
		v, err := encodeOne(img, typ, enc.quality, enc.rights)
		mu.Lock()
		defer mu.Unlock()
		if err != nil && firstErr == nil {
			firstErr = err
		}
		out = append(out, v)
	}
	for i := len(targets) - 1; i >= 0 && ctx.Err() == nil; i-- {
		if tw := targets[i]; tw != largest {
			cur = imaging.Resize(cur, tw, heightFor(info.Width, info.Height, tw), imaging.Lanczos)
		}
		wg.Add(2)
		go encode(cur, manifest.WebP)
		go encode(cur, fallback)
		if enc.avif {
			wg.Add(1)
			go encode(cur, manifest.AVIF)
		}
	}
	if !transparent {
		placeholderFrom = cur
	}
	placeholder, err := makePlaceholder(placeholderFrom, transparent)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return rendered{}, err
	}
	if firstErr != nil {
		return rendered{}, firstErr
	}
	if err != nil {
		return rendered{}, err
	}
	r = rendered{variants: out, placeholder: placeholder}
	if enc.avif && !avifPays(out) {
		r.variants = slices.DeleteFunc(out, func(v encoded) bool { return v.Type == manifest.AVIF })
	}
	return r, nil
}

// encodeOne writes img in one format. Encoders write pixels only: no EXIF,
// no XMP, no colour profile; then rights, unless zero, are added as XMP
// (decision 0102), so a variant's Bytes count them.
func encodeOne(img *image.NRGBA, typ string, quality int, rights metastrip.Rights) (encoded, error) {
	var b bytes.Buffer
	var err error
	switch typ {
	case manifest.WebP:
		var data []byte
		data, err = webpCodec.encode(img, quality)
		b.Write(data)
	case manifest.AVIF:
		var data []byte
		data, err = encodeAVIFWith(img, quality, rights.XMP())
		b.Write(data)
	case manifest.JPEG:
		// An opaque NRGBA is also a valid RGBA, which the JPEG encoder
		// converts on its fast path.
		rgba := &image.RGBA{Pix: img.Pix, Stride: img.Stride, Rect: img.Rect}
		err = jpeg.Encode(&b, rgba, &jpeg.Options{Quality: quality})
	case manifest.PNG:
		enc := png.Encoder{CompressionLevel: png.BestCompression}
		err = enc.Encode(&b, img)
	}
	if err != nil {
		return encoded{}, fmt.Errorf("encoding %s: %w", typ, err)
	}
	data := b.Bytes()
	if typ != manifest.AVIF {
		if data, err = metastrip.WithRights(data, rights); err != nil {
			return encoded{}, fmt.Errorf("writing the rights into the %s: %w", typ, err)
		}
	}
	bounds := img.Bounds()
	return encoded{manifest.Variant{Type: typ, Width: bounds.Dx(), Height: bounds.Dy(), Bytes: int64(len(data))}, data}, nil
}

// makePlaceholder returns a preview of img to paint behind it while it
// loads, as a CSS background-image value.
//
// An opaque image gets gradients (see gradientPlaceholder): the browser
// paints them directly, with no image to decode.
//
// A transparent image gets a blurred SVG instead, because its preview must
// keep its shape: a tiny WebP (16 px on its longer side) that the SVG blurs
// and clips to where the image is fully opaque (the 16-px alpha, scaled up,
// equal to 1). The image covers that area completely once it has loaded, so
// the preview, left behind it as the background, is never seen through a
// transparent or translucent pixel, with or without JavaScript. An SVG image
// costs the page a document of its own and a filter painted on the main
// thread, which is why photos do not use it.
func makePlaceholder(img *image.NRGBA, transparent bool) (string, error) {
	if !transparent {
		return gradientPlaceholder(img), nil
	}
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	pw, ph := placeholderSize, heightFor(w, h, placeholderSize)
	if h > w {
		pw, ph = heightFor(h, w, placeholderSize), placeholderSize
	}
	small := imaging.Resize(img, pw, ph, imaging.Box)
	tiny, err := webpCodec.encode(small, placeholderQuality)
	if err != nil {
		return "", fmt.Errorf("encoding placeholder: %w", err)
	}
	// The mask m: alpha 1 where the scaled-up alpha is 1, else 0. The
	// blurred colours are made opaque (un-premultiplied: no dark fringe) and
	// kept only inside m.
	filter := `<feComponentTransfer in='SourceAlpha' result='m'><feFuncA type='linear' slope='255' intercept='-254'/></feComponentTransfer>` +
		`<feGaussianBlur in='SourceGraphic' stdDeviation='1'/>` + opaqueAlpha +
		`<feComposite in2='m' operator='in'/>`
	svg := fmt.Sprintf(
		`<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 %d %d' preserveAspectRatio='none'>`+
			`<filter id='b' color-interpolation-filters='sRGB'>%s</filter>`+
			`<image width='%d' height='%d' preserveAspectRatio='none' filter='url(#b)' href='data:image/webp;base64,%s'/></svg>`,
		pw, ph, filter, pw, ph, base64.StdEncoding.EncodeToString(tiny))
	return `url("data:image/svg+xml,` + svgEscaper.Replace(svg) + `")`, nil
}

// gradientPlaceholder returns a soft preview of an opaque image as CSS
// gradients: the image's average colours on a grid of 3 × 2 cells (2 × 3
// when it is taller than wide), each a radial gradient from its cell's
// centre that fades out at its neighbours' centres, over the whole image's
// average colour. About 400 bytes, and cheap to draw: measured on the home
// page in Chromium, style and paint took 45 and 8 ms of main-thread time
// with it, 70 and 23 ms with the blurred SVG it replaces
// (docs/decisions/0016-photo-placeholder-is-css-gradients.md).
func gradientPlaceholder(img *image.NRGBA) string {
	cols, rows := 3, 2
	if b := img.Bounds(); b.Dy() > b.Dx() {
		cols, rows = 2, 3
	}
	grid := imaging.Resize(img, cols, rows, imaging.Box)
	whole := imaging.Resize(grid, 1, 1, imaging.Box).NRGBAAt(0, 0)
	percent := func(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) + "%" }
	var b strings.Builder
	for y := range rows {
		for x := range cols {
			c := grid.NRGBAAt(x, y)
			fmt.Fprintf(&b, "radial-gradient(%s %s at %s %s,%s,transparent),",
				percent(100/float64(cols)), percent(100/float64(rows)),
				percent(100*(float64(x)+0.5)/float64(cols)), percent(100*(float64(y)+0.5)/float64(rows)),
				hexColor(c))
		}
	}
	fmt.Fprintf(&b, "linear-gradient(%s,%s)", hexColor(whole), hexColor(whole))
	return b.String()
}

// hexColor writes c's colour channels as #rrggbb.
func hexColor(c color.NRGBA) string {
	return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
}

// opaqueAlpha sets every pixel's alpha to 1.
const opaqueAlpha = `<feComponentTransfer><feFuncA type='discrete' tableValues='1 1'/></feComponentTransfer>`

// svgEscaper percent-encodes what may not appear raw in a data URI used in
// CSS url("…") or an attribute: the rest stays readable and short.
var svgEscaper = strings.NewReplacer(`%`, `%25`, `<`, `%3C`, `>`, `%3E`, `"`, `%22`, `#`, `%23`)
