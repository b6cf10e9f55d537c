package server

import (
	"fmt"
	"mime"
	"net/http"
	"net/url"

	"portfolio/cli/internal/privateaccess"
	"slices"
	"strconv"
	"strings"

	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/images"
	"portfolio/cli/internal/images/manifest"
)

// The request of Netlify Image CDN's URL API, as its documentation gives
// it (docs/decisions/0076-netlify-image-cdn-delivery.md): url (required),
// w and h (whole pixels), fit (contain, the default; cover, which needs
// both w and h; fill), position (center, the default; top, bottom, left,
// right: the part kept by cover), fm (avif, jpg, png, webp, gif,
// blurhash), q (1–100, default 75, for the lossy formats). w, h and q have
// the long names width, height and quality too, as Netlify's own local
// Image CDN reads them (@netlify/images; decision 0092). Netlify answers
// an invalid value with 404; so does this emulation, with the reason as
// text. A request without url is answered 400, a remote url 403. Bounds
// of its own keep one request's work small: MaxDimension.

// MaxDimension is the largest width or height a request may ask for or
// get: above the site's widest variant (importimage.WidestShown) with room
// to zoom.
const MaxDimension = 4096

// DefaultQuality is the Image CDN's quality when q is left out.
const DefaultQuality = 75

// gifType is the media type of fm=gif, which the build never makes.
const gifType = "image/gif"

// outputFormats maps each fm value Netlify takes to the media type made
// here; "" for a value Netlify takes that this emulation cannot make: a
// blurhash. AVIF is made when libavif opens (avifType), asked the first
// time a request needs it: opening it at start-up cost every command the
// initialisers of some 25 shared objects (decision 0088).
var outputFormats = map[string]string{
	"webp":     manifest.WebP,
	"jpg":      manifest.JPEG,
	"png":      manifest.PNG,
	"gif":      gifType,
	"avif":     manifest.AVIF,
	"blurhash": "", // a text, not an image: the site never asks for it
}

// negotiated are the formats chosen from the Accept header when fm is left
// out, in Netlify's order: WebP if accepted, then AVIF (when this build
// can encode it), else the source's own format.
func negotiated() []string {
	return slices.DeleteFunc([]string{manifest.WebP, avifType()}, func(t string) bool { return t == "" })
}

// avifType is manifest.AVIF when this build of portfolio encodes AVIF
// (libavif through cgo, opened on the first call; see package images),
// else "".
func avifType() string {
	if _, err := images.AVIFEncoder(); err != nil {
		return ""
	}
	return manifest.AVIF
}

// sourceTypes are the media types of the source formats.
var sourceTypes = map[imagecheck.Format]string{imagecheck.JPEG: manifest.JPEG, imagecheck.PNG: manifest.PNG, imagecheck.WebP: manifest.WebP}

// transform is one validated request.
type transform struct {
	path     string // the source's path in the site: canonical, starting with /
	w, h     int    // 0 when left out
	fit      string // contain, cover or fill
	position string // center, top, bottom, left or right
	format   string // fm's media type; "" to negotiate
	quality  int
}

// cdnError is a refused request: its status and a short reason.
type cdnError struct {
	status int
	reason string
}

func (e *cdnError) Error() string { return e.reason }

func invalid(format string, args ...any) *cdnError {
	return &cdnError{http.StatusNotFound, fmt.Sprintf(format, args...)}
}

// parseTransform reads the query of a /.netlify/images request. Each
// parameter may be given once; others are ignored, as the host ignores
// them.
func parseTransform(rawQuery string) (transform, *cdnError) {
	vals, err := url.ParseQuery(rawQuery)
	if err != nil {
		return transform{}, invalid("the query cannot be read: %v", err)
	}
	q := imageQuery(vals)
	t := transform{fit: "contain", position: "center", quality: DefaultQuality}
	src, ok, e := q.one("url")
	if e != nil {
		return t, e
	}
	if !ok || src == "" {
		// 400, not 404: no transformation is invalid, the request names
		// no image (Netlify's own Image CDN answers so; decision 0092).
		return t, &cdnError{http.StatusBadRequest, "url is missing: name the image, e.g. url=/img/photo.jpg"}
	}
	if t.path, e = sourcePath(src); e != nil {
		return t, e
	}
	for _, read := range []func(*transform) *cdnError{q.size, q.quality, q.layout, q.format} {
		if e := read(&t); e != nil {
			return t, e
		}
	}
	return t, nil
}

// imageQuery is the query of a /.netlify/images request.
type imageQuery url.Values

// one reads a parameter that may be given once: its value, whether it is
// given.
func (q imageQuery) one(name string) (string, bool, *cdnError) {
	vs, ok := q[name]
	if !ok {
		return "", false, nil
	}
	if len(vs) > 1 {
		return "", false, invalid("%s is given %d times: give it once", name, len(vs))
	}
	return vs[0], true, nil
}

// oneOf reads a parameter that has a long name too (w or width): the
// name given, its value, whether it is given; both names given is a
// parameter given twice.
func (q imageQuery) oneOf(short, long string) (string, string, bool, *cdnError) {
	v, ok, e := q.one(short)
	if e != nil {
		return short, "", false, e
	}
	lv, lok, e := q.one(long)
	if e != nil {
		return long, "", false, e
	}
	if ok && lok {
		return short, "", false, invalid("%s and %s are the same parameter: give one of them", short, long)
	}
	if lok {
		return long, lv, true, nil
	}
	return short, v, ok, nil
}

// size reads w (width) and h (height).
func (q imageQuery) size(t *transform) *cdnError {
	for _, dim := range []struct {
		short, long string
		to          *int
	}{{"w", "width", &t.w}, {"h", "height", &t.h}} {
		name, v, ok, e := q.oneOf(dim.short, dim.long)
		if e != nil {
			return e
		}
		if ok {
			n, good := wholeNumber(v, 1, MaxDimension)
			if !good {
				return invalid("%s=%s: a width or height is a whole number of pixels from 1 to %d", name, v, MaxDimension)
			}
			*dim.to = n
		}
	}
	return nil
}

// quality reads q (quality).
func (q imageQuery) quality(t *transform) *cdnError {
	name, v, ok, e := q.oneOf("q", "quality")
	if e != nil || !ok {
		return e
	}
	n, good := wholeNumber(v, 1, 100)
	if !good {
		return invalid("%s=%s: the quality is a whole number from 1 to 100", name, v)
	}
	t.quality = n
	return nil
}

// layout reads fit and position; fit=cover needs both w and h.
func (q imageQuery) layout(t *transform) *cdnError {
	choices := []struct {
		name    string
		to      *string
		allowed []string
	}{
		{"fit", &t.fit, []string{"contain", "cover", "fill"}},
		{"position", &t.position, []string{"center", "top", "bottom", "left", "right"}},
	}
	for _, c := range choices {
		v, ok, e := q.one(c.name)
		if e != nil {
			return e
		}
		if !ok {
			continue
		}
		if !slices.Contains(c.allowed, v) {
			return invalid("%s=%s: it is one of %s", c.name, v, strings.Join(c.allowed, ", "))
		}
		*c.to = v
	}
	if t.fit == "cover" && (t.w == 0 || t.h == 0) {
		return invalid("fit=cover needs both w and h")
	}
	return nil
}

// format reads fm, the output format; one this server cannot make is
// 501.
func (q imageQuery) format(t *transform) *cdnError {
	v, ok, e := q.one("fm")
	if e != nil || !ok {
		return e
	}
	typ, known := outputFormats[v]
	if !known {
		return invalid("fm=%s: the format is one of avif, jpg, png, webp, gif, blurhash", v)
	}
	if typ == manifest.AVIF {
		typ = avifType()
	}
	if typ == "" {
		return &cdnError{http.StatusNotImplemented, fmt.Sprintf("fm=%s: Netlify makes it, this local Image CDN cannot%s", v, cannotWhy(v))}
	}
	t.format = typ
	return nil
}

// sourcePath is url's path in the site. A remote image (a scheme, or a
// host after //) is refused as the host refuses one it was not told to
// allow (403, what Netlify's own Image CDN answers; decision 0092); so is
// a path that is not one image file's name, with a single meaning
// (classify: no "..", no encoded "/", no control
// characters), nothing after it.
func sourcePath(src string) (string, *cdnError) {
	u, err := url.Parse(src)
	if err == nil && (u.Scheme != "" || u.Host != "" || strings.HasPrefix(src, "//")) {
		return "", &cdnError{http.StatusForbidden, "url names a remote image: this site's Image CDN serves its own images only"}
	}
	if err != nil || !strings.HasPrefix(src, "/") || u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || strings.Contains(src, "#") {
		return "", invalid("url=%s: name an image of the site by its path, e.g. /img/photo.jpg", src)
	}
	c := classify(u)
	p := c.Path
	if c.Kind == privateaccess.Refused || strings.HasSuffix(p, "/") {
		return "", invalid("url=%s: the path has parts no file of the site has (such as .. or an encoded slash)", src)
	}
	if !imagecheck.HasImageExt(p) {
		return "", invalid("url=%s: not an image file (%s)", src, strings.Join(imagecheck.Extensions, ", "))
	}
	if c.Kind == privateaccess.Private {
		// Netlify Image CDN fetches its sources past the Edge Function:
		// a private project's images are never among them (decision 0080).
		return "", invalid("url=%s: the site has no such image", src)
	}
	return p, nil
}

// wholeNumber reads digits only (no sign, no spaces, no leading zero) as
// a number from lo to hi.
func wholeNumber(s string, lo, hi int) (int, bool) {
	if s == "" || len(s) > 6 || s[0] == '0' || strings.TrimLeft(s, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= lo && n <= hi
}

// outputType is the format to make: fm's, else the first of the
// negotiated formats the Accept header names (with a quality above 0),
// else the source's own.
func (t transform) outputType(accept string, source imagecheck.Format) string {
	if t.format != "" {
		return t.format
	}
	for _, typ := range negotiated() {
		if accepts(accept, typ) {
			return typ
		}
	}
	return sourceTypes[source]
}

// accepts reports whether an Accept header names the media type itself
// with a quality above 0. Wildcards (image/*, */*) do not count: a browser
// that can show WebP says so, and a client that says only */* (a crawler
// fetching a link preview) gets the source's own format.
func accepts(accept, typ string) bool {
	for _, part := range strings.Split(accept, ",") {
		mt, params, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil || mt != typ {
			continue
		}
		if q, ok := params["q"]; ok {
			v, err := strconv.ParseFloat(q, 64)
			return err == nil && v > 0
		}
		return true
	}
	return false
}

// cannotWhy says why fm=v cannot be made here, after "cannot".
func cannotWhy(v string) string {
	if v == "avif" {
		if _, err := images.AVIFEncoder(); err != nil {
			return fmt.Sprintf(" (%v)", err)
		}
	}
	return ""
}
