package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"io"
	"io/fs"
	"math"
	"net/http"
	"os"
	"path"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"github.com/disintegration/imaging"
	"golang.org/x/sync/singleflight"

	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/images"
	"portfolio/cli/internal/images/manifest"
	"portfolio/cli/internal/termsafe"
)

// ImageCDN answers GET /.netlify/images as Netlify Image CDN does, for the
// images of one site folder: the same parameters, validated alike (see
// imageparams.go), the format negotiated from the Accept header with Vary:
// Accept, and the source image's headers (a year of immutable caching for
// the site's hashed /img/ files). Results are kept in a bounded disk cache.
//
// Only the folder's own image files can be named: no remote url, no path
// outside the folder (it is opened through an os.Root, so neither ".."
// nor a symbolic link leads out), only JPEG, PNG and WebP files whose
// header imagecheck reads and bounds before anything is decoded. A few
// transforms run at once; more wait, and past a queue the answer is 503.
type ImageCDN struct {
	cfg     ImageCDNConfig
	root    *os.Root
	headers HeaderRules
	log     io.Writer
	cache   *diskCache
	slots   chan struct{}
	waiting atomic.Int64
	flight  singleflight.Group
}

// ImageCDNConfig bounds the Image CDN; a zero field takes its default.
type ImageCDNConfig struct {
	// CacheDir holds the results (default DefaultImageCache).
	CacheDir string
	// CacheBytes and CacheEntries bound the cache (256 MiB, 10,000 files).
	CacheBytes   int64
	CacheEntries int
	// MaxSourcePixels and MaxSourceBytes bound a source image (the limit
	// validate applies, imagecheck.DefaultMaxPixels; 64 MiB).
	MaxSourcePixels int64
	MaxSourceBytes  int64
	// Transforms run at once (one per core); Queue more may wait for one
	// (32), the others get 503.
	Transforms int
	Queue      int
}

// DefaultImageCache is the cache folder of `portfolio serve`'s Image CDN.
const DefaultImageCache = ".cache/image-cdn"

// transformVersion is part of every result's name: change it when the same
// request would make other bytes.
const transformVersion = 1

// transformTimeout bounds one transform, queue included.
const transformTimeout = 2 * time.Minute

// DefaultImageCacheBytes bounds the image cache's files when the
// configuration gives no bound.
const DefaultImageCacheBytes = 256 << 20

// NewImageCDN serves the images of the site folder dir; headers gives the
// host's headers for a path (nil for none), and log receives refused
// requests and failures, each escaped to one line.
func NewImageCDN(dir string, headers HeaderRules, log io.Writer, cfg ImageCDNConfig) (*ImageCDN, error) {
	if cfg.CacheDir == "" {
		cfg.CacheDir = DefaultImageCache
	}
	if cfg.CacheBytes <= 0 {
		cfg.CacheBytes = DefaultImageCacheBytes
	}
	if cfg.CacheEntries <= 0 {
		cfg.CacheEntries = 10_000
	}
	if cfg.MaxSourcePixels <= 0 {
		cfg.MaxSourcePixels = imagecheck.DefaultMaxPixels
	}
	if cfg.MaxSourceBytes <= 0 {
		cfg.MaxSourceBytes = 64 << 20
	}
	if cfg.Transforms <= 0 {
		cfg.Transforms = runtime.NumCPU()
	}
	if cfg.Queue <= 0 {
		cfg.Queue = 32
	}
	if headers == nil {
		headers = func(string) http.Header { return nil }
	}
	if log == nil {
		log = io.Discard
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("site folder %s: %w", dir, err)
	}
	return &ImageCDN{
		cfg: cfg, root: root, headers: headers, log: termsafe.LogWriter(log),
		cache: newDiskCache(cfg.CacheDir, cfg.CacheBytes, cfg.CacheEntries),
		slots: make(chan struct{}, cfg.Transforms),
	}, nil
}

// Close releases the site folder.
func (c *ImageCDN) Close() error { return c.root.Close() }

func (c *ImageCDN) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !isCDNPath(r.URL.Path) {
		c.refuse(w, r, &cdnError{http.StatusNotFound, "not found: the Image CDN answers " + manifest.CDNPath})
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		c.refuse(w, r, &cdnError{http.StatusMethodNotAllowed, "the Image CDN answers GET and HEAD only"})
		return
	}
	t, e := parseTransform(r.URL.RawQuery)
	if e != nil {
		c.refuse(w, r, e)
		return
	}
	res, e := c.result(r.Context(), t, r.Header.Get("Accept"))
	if e != nil {
		c.refuse(w, r, e)
		return
	}
	if closer, ok := res.body.(io.Closer); ok {
		defer closer.Close()
	}
	// The source's headers, as the host applies them to what it made
	// from it; the security headers of every path among them.
	hdr := w.Header()
	for _, p := range []string{manifest.CDNPath, t.path} {
		for k, vs := range c.headers(p) {
			hdr[k] = vs
		}
	}
	if hdr.Get("Cache-Control") == "" {
		hdr.Set("Cache-Control", "public, max-age=0, must-revalidate")
	}
	hdr.Set("Content-Type", res.typ)
	hdr.Add("Vary", "Accept")
	hdr.Set("ETag", `"`+res.name+`"`)
	http.ServeContent(w, r, "", res.modTime, res.body)
}

// isCDNPath reports whether p is the Image CDN's address: /.netlify/images,
// with or without a slash after it, as Netlify's own Image CDN
// (@netlify/images) matches it.
func isCDNPath(p string) bool {
	return p == manifest.CDNPath || p == manifest.CDNPath+"/"
}

// errGone is a request whose client went away while its image was made:
// nothing is answered or logged.
var errGone = &cdnError{}

// refuse answers a refused request with its status and reason as text,
// under the host's headers and never cached; the log gets the reason.
func (c *ImageCDN) refuse(w http.ResponseWriter, r *http.Request, e *cdnError) {
	if e == errGone {
		return
	}
	hdr := w.Header()
	for k, vs := range c.headers(manifest.CDNPath) {
		hdr[k] = vs
	}
	hdr.Set("Cache-Control", "no-store")
	hdr.Set("Content-Type", "text/plain; charset=utf-8")
	hdr.Set("X-Content-Type-Options", "nosniff")
	if e.status == http.StatusServiceUnavailable {
		hdr.Set("Retry-After", "1")
	}
	w.WriteHeader(e.status)
	if r.Method != http.MethodHead {
		fmt.Fprintf(w, "%d %s\n", e.status, termsafe.String(e.reason)) // a reason may quote the request
	}
	fmt.Fprintf(c.log, "image CDN: %d %s: %s\n", e.status, r.URL.RequestURI(), e.reason)
}

// result is a transformed image, from the cache or just made.
type result struct {
	name    string // its cache name: a hash of the source and the request
	typ     string
	modTime time.Time
	body    io.ReadSeeker
}

// result finds or makes the image t asks for in the format the Accept
// header negotiates.
func (c *ImageCDN) result(ctx context.Context, t transform, accept string) (result, *cdnError) {
	rel := strings.TrimPrefix(t.path, "/")
	info, err := c.root.Stat(rel)
	if err != nil || !info.Mode().IsRegular() {
		if err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, fs.ErrInvalid) {
			fmt.Fprintf(c.log, "image CDN: %s: %v\n", t.path, err)
		}
		return result{}, invalid("url=%s: the site has no such image", t.path)
	}
	if info.Size() > c.cfg.MaxSourceBytes {
		return result{}, invalid("url=%s: the image is larger than %d MB", t.path, c.cfg.MaxSourceBytes>>20)
	}
	format := extFormats[strings.ToLower(path.Ext(rel))]
	typ := t.outputType(accept, format)
	key := sha256.Sum256(fmt.Appendf(nil, "%d|%s|%d|%d|%d|%d|%s|%s|%s|%d|%s", transformVersion, t.path, info.Size(),
		info.ModTime().UnixNano(), t.w, t.h, t.fit, t.position, typ, t.quality, images.WebPEncoder()+avifName()))
	name := hex.EncodeToString(key[:16]) + outputExtensions[typ]
	if f, fi, ok := c.cache.get(name); ok {
		return result{name: name, typ: typ, modTime: fi.ModTime(), body: f}, nil
	}
	// One request makes a result; the same request meanwhile waits for it.
	made := c.flight.DoChan(name, func() (any, error) {
		if f, _, ok := c.cache.get(name); ok { // made while this request was on its way
			defer f.Close()
			return io.ReadAll(f)
		}
		data, e := c.make(rel, t, format, typ)
		if e != nil {
			return nil, e
		}
		if err := c.cache.put(name, data); err != nil {
			fmt.Fprintf(c.log, "image CDN: cannot keep %s in %s: %v\n", t.path, c.cfg.CacheDir, err)
		}
		return data, nil
	})
	var v any
	select {
	case r := <-made:
		v, err = r.Val, r.Err
	case <-ctx.Done():
		return result{}, errGone // the image is still made and kept, for the next request
	}
	var e *cdnError
	if errors.As(err, &e) {
		return result{}, e
	}
	if err != nil {
		fmt.Fprintf(c.log, "image CDN: %s: %v\n", t.path, err)
		return result{}, &cdnError{http.StatusInternalServerError, "the image could not be read"}
	}
	return result{name: name, typ: typ, modTime: time.Now(), body: bytes.NewReader(v.([]byte))}, nil
}

// extFormats are the image formats by file extension.
var extFormats = map[string]imagecheck.Format{".jpg": imagecheck.JPEG, ".jpeg": imagecheck.JPEG, ".png": imagecheck.PNG, ".webp": imagecheck.WebP}

// outputExtensions name the cache's files by format.
var outputExtensions = map[string]string{manifest.AVIF: ".avif", manifest.WebP: ".webp", manifest.JPEG: ".jpg", manifest.PNG: ".png", gifType: ".gif"}

// make transforms one source within the bounds: a slot among the
// transforms running, the source's bytes and pixels (read from its header
// before decoding), the result's size. A panic in a decoder or encoder is
// an answer (500), not the end of the server.
func (c *ImageCDN) make(rel string, t transform, format imagecheck.Format, typ string) (data []byte, e *cdnError) {
	if n := c.waiting.Add(1); n > int64(c.cfg.Queue+c.cfg.Transforms) {
		c.waiting.Add(-1)
		return nil, &cdnError{http.StatusServiceUnavailable, "too many images are being made: try again in a moment"}
	}
	defer c.waiting.Add(-1)
	ctx, cancel := context.WithTimeout(context.Background(), transformTimeout)
	defer cancel()
	select {
	case c.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, &cdnError{http.StatusServiceUnavailable, "too many images are being made: try again in a moment"}
	}
	defer func() { <-c.slots }()
	transforming()
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(c.log, "image CDN: /%s: %v\n", rel, p)
			data, e = nil, &cdnError{http.StatusInternalServerError, "the image could not be made"}
		}
	}()

	f, err := c.root.Open(rel)
	if err != nil {
		return nil, invalid("url=/%s: the site has no such image", rel)
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, c.cfg.MaxSourceBytes+1))
	if err != nil || int64(len(src)) > c.cfg.MaxSourceBytes {
		return nil, invalid("url=/%s: the image cannot be read whole", rel)
	}
	info, err := imagecheck.Bytes(rel, src, c.cfg.MaxSourcePixels)
	if err != nil {
		msg := err.Error()
		if p, ok := imagecheck.IsProblem(err); ok {
			msg = p.Msg
		}
		return nil, invalid("url=/%s: %s", rel, msg)
	}
	if info.Format != format {
		return nil, invalid("url=/%s: the file is %s, not what its name says", rel, info.Format)
	}
	w, h, cropW, cropH := outputSize(info.Width, info.Height, t)
	if w > MaxDimension || h > MaxDimension {
		return nil, invalid("the result would be %d×%d pixels: at most %d on a side", w, h, MaxDimension)
	}
	img, err := images.Decode(src, info.Format)
	if err != nil {
		return nil, invalid("url=/%s: the image cannot be decoded", rel)
	}
	out := images.Resize(img, info.Orientation, w, h)
	if cropW > 0 {
		out = imaging.CropAnchor(out, cropW, cropH, anchors[t.position])
	}
	if data, err = encode(out, typ, t.quality); err != nil {
		fmt.Fprintf(c.log, "image CDN: /%s: %v\n", rel, err)
		return nil, &cdnError{http.StatusInternalServerError, "the image could not be encoded"}
	}
	return data, nil
}

// transforming is called as a transform starts, in its slot (tests hold
// it there).
var transforming = func() {}

// anchors are cover's crops by position: the part of the image kept.
var anchors = map[string]imaging.Anchor{
	"center": imaging.Center, "top": imaging.Top, "bottom": imaging.Bottom, "left": imaging.Left, "right": imaging.Right,
}

// outputSize is the size to resize a sw×sh (upright) source to, and for
// cover the size to crop that to (0 otherwise), as the host reads w, h and
// fit: contain keeps the ratio within w×h (one of them left out is
// computed from the other), fill stretches to w×h, cover fills w×h and
// crops the rest; nothing given keeps the source's size. Each may enlarge.
func outputSize(sw, sh int, t transform) (w, h, cropW, cropH int) {
	scaled := func(f float64) (int, int) {
		return max(1, int(math.Round(float64(sw)*f))), max(1, int(math.Round(float64(sh)*f)))
	}
	fw, fh := float64(t.w)/float64(sw), float64(t.h)/float64(sh)
	switch {
	case t.w == 0 && t.h == 0:
		return sw, sh, 0, 0
	case t.fit == "cover":
		w, h = scaled(max(fw, fh))
		return w, h, t.w, t.h
	case t.fit == "fill" && t.w > 0 && t.h > 0:
		return t.w, t.h, 0, 0
	case t.w > 0 && t.h > 0:
		if fw <= fh {
			_, h = scaled(fw)
			return t.w, h, 0, 0
		}
		w, _ = scaled(fh)
		return w, t.h, 0, 0
	case t.w > 0:
		_, h = scaled(fw)
		return t.w, h, 0, 0
	default:
		w, _ = scaled(fh)
		return w, t.h, 0, 0
	}
}

// avifName names the AVIF encoder for the cache key ("" when there is
// none): another libavif makes another file.
func avifName() string {
	name, _ := images.AVIFEncoder()
	return name
}

// encode writes img as typ: the build's encoders for AVIF, WebP, JPEG and PNG
// (a transparent image's JPEG over white), Go's for GIF.
func encode(img *image.NRGBA, typ string, quality int) ([]byte, error) {
	switch typ {
	case gifType:
		var b bytes.Buffer
		err := gif.Encode(&b, img, nil)
		return b.Bytes(), err
	case manifest.JPEG:
		if !img.Opaque() {
			flat := image.NewNRGBA(img.Bounds())
			draw.Draw(flat, flat.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
			draw.Draw(flat, flat.Bounds(), img, img.Bounds().Min, draw.Over)
			img = flat
		}
	}
	return images.Encode(img, typ, quality)
}
