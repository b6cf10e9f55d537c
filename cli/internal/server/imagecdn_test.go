package server_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"unicode"

	"github.com/gen2brain/avif"
	"golang.org/x/image/webp"

	"portfolio/cli/internal/headers"
	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/images"
	"portfolio/cli/internal/server"
)

// The local Image CDN (/.netlify/images) against the requests a visitor,
// a broken page or an attacker may send: each refused one gets its status
// and a short reason as text under the site's security headers, never
// cached, and the server answers the next request as before.

// cdnHeaders are the test site's rules plus the built site's for /img/:
// the hashed files are cached for a year, and so is what is made of them.
var cdnHeaders = append(headers.Set{
	{Path: "/img/*", Headers: []headers.Header{{Name: "Cache-Control", Value: "public, max-age=31536000, immutable"}}},
}, siteHeaders...)

// writeImageSite is the test site with images: a photo 64×48, one stored
// 64×32 with EXIF orientation 6 (upright 32×64, its stored top-left the
// upright top-right), one marked 60×20 to crop, a transparent PNG, a tall
// strip, and files that only look like images; outside it, a real photo a
// symbolic link points to.
func writeImageSite(t *testing.T) string {
	t.Helper()
	dir := writeSite(t)
	logo := image.NewNRGBA(image.Rect(0, 0, 40, 20))
	for i := range logo.Pix {
		logo.Pix[i] = uint8(i * 3)
	}
	files := map[string][]byte{
		"img/photo-64.jpg":   imagetest.JPEG(64, 48),
		"img/turned-32.jpg":  imagetest.WithExifOrientation(imagetest.EncodeJPEG(imagetest.Marked(64, 32)), 6, binary.BigEndian),
		"img/marked-60.jpg":  imagetest.EncodeJPEG(imagetest.Marked(60, 20)),
		"img/logo-40.png":    imagetest.EncodePNG(logo),
		"img/strip-1.png":    imagetest.PNG(1, 64),
		"img/bomb.png":       imagetest.PNGHeaderOnly(100_000, 100_000),
		"img/png-named.jpg":  imagetest.PNG(16, 16),
		"img/text.jpg":       []byte("not an image at all"),
		"img/notes.txt":      []byte("notes"),
		"../secret-out.jpg":  imagetest.JPEG(16, 16),
		"img/%2e%2e/bad.jpg": imagetest.JPEG(8, 8), // a folder named %2e%2e: never ..
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(dir, "..", "secret-out.jpg"), filepath.Join(dir, "img", "out.jpg")); err != nil {
		t.Fatal(err)
	}
	return dir
}

func startCDN(t *testing.T, change func(*server.Config)) site {
	t.Helper()
	return serveDir(t, writeImageSite(t), func(c *server.Config) {
		c.Headers = cdnHeaders.Match
		change(c)
	})
}

const good = "/.netlify/images?url=/img/photo-64.jpg&w=32"

// assertUnharmed asks for an image the site has, as a browser does.
func assertUnharmed(t *testing.T, base string) {
	t.Helper()
	res, body := get(t, base, good, map[string]string{"Accept": "image/avif,image/webp,*/*"})
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/webp" || len(body) == 0 {
		t.Fatalf("after it, %s answered %d %s (%d bytes): the server is harmed", good, res.StatusCode, res.Header.Get("Content-Type"), len(body))
	}
}

func TestImageCDNRefuses(t *testing.T) {
	var log syncBuffer
	s := startCDN(t, func(c *server.Config) { c.Log = &log })
	tests := []struct {
		name, query string
		status      int
		reason      string
	}{
		{"no url", "w=32", 400, "url is missing"},
		{"empty url", "url=&w=32", 400, "url is missing"},
		{"url twice", "url=/img/photo-64.jpg&url=/img/logo-40.png", 404, "url is given 2 times"},
		{"w twice", "url=/img/photo-64.jpg&w=32&w=48", 404, "w is given 2 times"},
		{"remote url", "url=https://example.com/a.jpg", 403, "remote image"},
		{"remote url, escaped", "url=https%3A%2F%2Fexample.com%2Fa.jpg&w=32", 403, "remote image"},
		{"protocol-relative url", "url=//example.com/a.jpg", 403, "remote image"},
		{"file url", "url=file:///etc/passwd", 403, "remote image"},
		{"relative url", "url=img/photo-64.jpg", 404, "by its path"},
		{"traversal", "url=/img/../../secret-out.jpg", 404, "parts no file of the site has"},
		{"traversal, escaped", "url=%2Fimg%2F..%2F..%2Fsecret-out.jpg", 404, "parts no file of the site has"},
		{"traversal, escaped twice", "url=/img/%252e%252e/%252e%252e/secret-out.jpg", 404, "parts no file of the site has"},
		{"encoded slash in the path", "url=/img%252f..%252fsecret-out.jpg", 404, "parts no file of the site has"},
		{"backslashes", `url=/img\..\..\secret-out.jpg`, 404, "parts no file of the site has"},
		{"empty segment", "url=/img//photo-64.jpg", 404, "parts no file of the site has"},
		{"symbolic link out of the site", "url=/img/out.jpg", 404, "no such image"},
		{"query in url", "url=/img/photo-64.jpg%3Fw%3D1", 404, "by its path"},
		{"fragment in url", "url=/img/photo-64.jpg%23x", 404, "by its path"},
		{"NUL in url", "url=/img/photo-64.jpg%00.png", 404, `url=/img/photo-64.jpg\x00.png: name an image`},
		{"control characters in url", "url=/img/%1b%5b2J.jpg", 404, `url=/img/\x1b[2J.jpg: name an image`},
		{"missing image", "url=/img/none.jpg", 404, "no such image"},
		{"a page", "url=/index.html", 404, "not an image file"},
		{"a folder", "url=/img/", 404, "parts no file of the site has"},
		{"a text file", "url=/img/notes.txt", 404, "not an image file"},
		{"text named .jpg", "url=/img/text.jpg", 404, "url=/img/text.jpg"},
		{"PNG named .jpg", "url=/img/png-named.jpg", 404, "PNG data but its name ends in .jpg"},
		{"damaged WebP", "url=/img/photo-480.webp", 404, "url=/img/photo-480.webp"},
		{"decompression bomb", "url=/img/bomb.png&w=10", 404, "the limit is 80.0 MP"},
		{"w=100000", "url=/img/photo-64.jpg&w=100000", 404, "from 1 to 4096"},
		{"w=4097", "url=/img/photo-64.jpg&w=4097", 404, "from 1 to 4096"},
		{"h=4097", "url=/img/photo-64.jpg&h=4097", 404, "from 1 to 4096"},
		{"w=0", "url=/img/photo-64.jpg&w=0", 404, "from 1 to 4096"},
		{"w negative", "url=/img/photo-64.jpg&w=-32", 404, "from 1 to 4096"},
		{"w fraction", "url=/img/photo-64.jpg&w=32.5", 404, "from 1 to 4096"},
		{"w leading zero", "url=/img/photo-64.jpg&w=032", 404, "from 1 to 4096"},
		{"w with a space", "url=/img/photo-64.jpg&w=+32", 404, "from 1 to 4096"},
		{"w empty", "url=/img/photo-64.jpg&w=", 404, "from 1 to 4096"},
		{"w huge number", "url=/img/photo-64.jpg&w=99999999999999999999", 404, "from 1 to 4096"},
		{"q=0", "url=/img/photo-64.jpg&q=0", 404, "from 1 to 100"},
		{"q=101", "url=/img/photo-64.jpg&q=101", 404, "from 1 to 100"},
		{"q word", "url=/img/photo-64.jpg&q=high", 404, "from 1 to 100"},
		{"width=0", "url=/img/photo-64.jpg&width=0", 404, "width=0: a width or height is a whole number of pixels from 1 to 4096"},
		{"height=4097", "url=/img/photo-64.jpg&height=4097", 404, "height=4097: a width or height"},
		{"quality=101", "url=/img/photo-64.jpg&quality=101", 404, "quality=101: the quality is a whole number from 1 to 100"},
		{"w and width", "url=/img/photo-64.jpg&w=32&width=48", 404, "w and width are the same parameter"},
		{"h and height", "url=/img/photo-64.jpg&h=32&height=32", 404, "h and height are the same parameter"},
		{"q and quality", "url=/img/photo-64.jpg&q=50&quality=50", 404, "q and quality are the same parameter"},
		{"width twice", "url=/img/photo-64.jpg&width=32&width=48", 404, "width is given 2 times"},
		{"unknown fit", "url=/img/photo-64.jpg&w=32&fit=crop", 404, "contain, cover, fill"},
		{"unknown position", "url=/img/photo-64.jpg&w=32&h=32&fit=cover&position=middle", 404, "center, top, bottom, left, right"},
		{"cover without h", "url=/img/photo-64.jpg&w=32&fit=cover", 404, "needs both w and h"},
		{"unknown fm", "url=/img/photo-64.jpg&fm=bmp", 404, "avif, jpg, png, webp, gif, blurhash"},
		{"fm=jpeg, not Netlify's", "url=/img/photo-64.jpg&fm=jpeg", 404, "avif, jpg, png, webp, gif, blurhash"},
		{"fm upper case", "url=/img/photo-64.jpg&fm=WEBP", 404, "avif, jpg, png, webp, gif, blurhash"},
		{"fm=blurhash, not made here", "url=/img/photo-64.jpg&fm=blurhash", 501, "cannot"},
		{"result too tall", "url=/img/strip-1.png&w=4096", 404, "at most 4096"},
		{"bad escape", "url=/img/photo-64.jpg&w=%zz", 404, "cannot be read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, hdr, body := rawRequest(t, s.url, "GET", "/.netlify/images?"+tt.query, nil, "")
			if status != tt.status {
				t.Errorf("status %d, want %d (%q)", status, tt.status, body)
			}
			if !strings.HasPrefix(body, fmt.Sprint(tt.status)+" ") || !strings.Contains(body, tt.reason) || strings.Count(body, "\n") != 1 {
				t.Errorf("body %q, want one line with the status and %q", body, tt.reason)
			}
			if strings.ContainsFunc(strings.TrimSuffix(body, "\n"), unicode.IsControl) {
				t.Errorf("body %q has a control character", body)
			}
			if ct := hdr.Get("Content-Type"); ct != "text/plain; charset=utf-8" {
				t.Errorf("Content-Type %q", ct)
			}
			if hdr.Get("Cache-Control") != "no-store" || hdr.Get("Content-Security-Policy") == "" {
				t.Errorf("Cache-Control %q, CSP %q: want no-store under the site's security headers", hdr.Get("Cache-Control"), hdr.Get("Content-Security-Policy"))
			}
			assertUnharmed(t, s.url)
		})
	}
	for _, bad := range []string{"\x1b", "\x00", "\r"} {
		if strings.Contains(log.String(), bad) {
			t.Errorf("the log holds %q raw: %q", bad, log.String())
		}
	}
	if !strings.Contains(log.String(), `image CDN: 403 /.netlify/images?url=https://example.com/a.jpg: url names a remote image`) {
		t.Errorf("the log does not name the refused remote image:\n%s", log.String())
	}
	// Another method than GET and HEAD is 405, a form post included: the
	// address is the Image CDN's, not a form's.
	for _, m := range []struct{ method, body string }{{"PUT", "x"}, {"POST", "form-name=contact&email=a%40b.example&message=hi"}, {"DELETE", ""}} {
		status, hdr, body := rawRequest(t, s.url, m.method, good, map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, m.body)
		if status != 405 || hdr.Get("Allow") != "GET, HEAD" || !strings.Contains(body, "GET and HEAD only") {
			t.Errorf("%s: %d, Allow %q, %q; want the Image CDN's 405 with Allow: GET, HEAD", m.method, status, hdr.Get("Allow"), body)
		}
	}
}

// decodeAs decodes an answer's body as the format its Content-Type says.
func decodeAs(t *testing.T, typ string, body []byte) image.Image {
	t.Helper()
	decoders := map[string]func([]byte) (image.Image, error){
		"image/webp": func(b []byte) (image.Image, error) { return webp.Decode(bytes.NewReader(b)) },
		"image/jpeg": func(b []byte) (image.Image, error) { return jpeg.Decode(bytes.NewReader(b)) },
		"image/png":  func(b []byte) (image.Image, error) { return png.Decode(bytes.NewReader(b)) },
		"image/gif":  func(b []byte) (image.Image, error) { return gif.Decode(bytes.NewReader(b)) },
		"image/avif": func(b []byte) (image.Image, error) { return avif.Decode(bytes.NewReader(b)) },
	}
	decode := decoders[typ]
	if decode == nil {
		t.Fatalf("Content-Type %q is no image format", typ)
	}
	img, err := decode(body)
	if err != nil {
		t.Fatalf("the %s does not decode: %v", typ, err)
	}
	return img
}

const chromeAccept = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"

func TestImageCDNTransforms(t *testing.T) {
	s := startCDN(t, func(*server.Config) {})
	tests := []struct {
		name, query, accept string
		typ                 string
		w, h                int
		check               func(t *testing.T, img image.Image)
	}{
		{"a width, WebP accepted", "url=/img/photo-64.jpg&w=32", chromeAccept, "image/webp", 32, 24, nil},
		{"the source alone keeps its size", "url=/img/photo-64.jpg", chromeAccept, "image/webp", 64, 48, nil},
		{"no Accept: the source's format", "url=/img/photo-64.jpg&w=32", "", "image/jpeg", 32, 24, nil},
		{"only wildcards: the source's format", "url=/img/photo-64.jpg&w=32", "image/*,*/*;q=0.8", "image/jpeg", 32, 24, nil},
		{"WebP refused with q=0", "url=/img/photo-64.jpg&w=32", "image/webp;q=0,image/jpeg", "image/jpeg", 32, 24, nil},
		{"a PNG stays PNG without WebP", "url=/img/logo-40.png&w=20", "image/png", "image/png", 20, 10, nil},
		{"a height", "url=/img/photo-64.jpg&h=12", chromeAccept, "image/webp", 16, 12, nil},
		{"contain keeps the ratio inside w×h", "url=/img/photo-64.jpg&w=20&h=20", chromeAccept, "image/webp", 20, 15, nil},
		{"contain enlarges", "url=/img/photo-64.jpg&w=128", chromeAccept, "image/webp", 128, 96, nil},
		{"fill stretches", "url=/img/photo-64.jpg&w=20&h=20&fit=fill", chromeAccept, "image/webp", 20, 20, nil},
		{"cover crops, the centre by default", "url=/img/marked-60.jpg&w=20&h=20&fit=cover", "", "image/jpeg", 20, 20, func(t *testing.T, img image.Image) {
			if !imagetest.IsRed(img.At(2, 3)) || imagetest.IsRed(img.At(17, 3)) {
				t.Error("the centre was not kept")
			}
		}},
		{"cover keeps the left", "url=/img/marked-60.jpg&w=20&h=20&fit=cover&position=left", "", "image/jpeg", 20, 20, func(t *testing.T, img image.Image) {
			if !imagetest.IsRed(img.At(17, 3)) {
				t.Error("the left part was not kept")
			}
		}},
		{"cover keeps the right", "url=/img/marked-60.jpg&w=20&h=20&fit=cover&position=right", "", "image/jpeg", 20, 20, func(t *testing.T, img image.Image) {
			if imagetest.IsRed(img.At(2, 3)) {
				t.Error("the right part was not kept")
			}
		}},
		{"EXIF orientation 6 comes out upright", "url=/img/turned-32.jpg&w=16", "", "image/jpeg", 16, 32, func(t *testing.T, img image.Image) {
			if !imagetest.IsRed(img.At(14, 4)) || imagetest.IsRed(img.At(2, 4)) {
				t.Error("not turned upright: the stored top-left must be the top-right")
			}
		}},
		{"fm=png", "url=/img/photo-64.jpg&w=32&fm=png", chromeAccept, "image/png", 32, 24, nil},
		{"fm=gif", "url=/img/photo-64.jpg&w=32&fm=gif", chromeAccept, "image/gif", 32, 24, nil},
		{"fm=jpg of a transparent image is over white", "url=/img/logo-40.png&fm=jpg&q=90", chromeAccept, "image/jpeg", 40, 20, func(t *testing.T, img image.Image) {
			if r, g, b, _ := img.At(0, 0).RGBA(); r>>8 < 240 || g>>8 < 240 || b>>8 < 240 {
				t.Errorf("a transparent pixel became %v, want white", img.At(0, 0))
			}
		}},
		{"fm=webp keeps transparency", "url=/img/logo-40.png&fm=webp", "", "image/webp", 40, 20, func(t *testing.T, img image.Image) {
			if _, _, _, a := img.At(0, 0).RGBA(); a == 0xffff {
				t.Error("the transparent corner became opaque")
			}
		}},
		{"width, w's long name", "url=/img/photo-64.jpg&width=32", chromeAccept, "image/webp", 32, 24, nil},
		{"height, h's long name", "url=/img/photo-64.jpg&height=12", chromeAccept, "image/webp", 16, 12, nil},
		{"width and height fill", "url=/img/photo-64.jpg&width=20&height=20&fit=fill", chromeAccept, "image/webp", 20, 20, nil},
		{"unknown parameters are ignored", "url=/img/photo-64.jpg&w=32&dpr=2&utm_source=x", chromeAccept, "image/webp", 32, 24, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := map[string]string{}
			if tt.accept != "" {
				h["Accept"] = tt.accept
			}
			res, body := get(t, s.url, "/.netlify/images?"+tt.query, h)
			if res.StatusCode != 200 {
				t.Fatalf("status %d: %s", res.StatusCode, body)
			}
			if got := res.Header.Get("Content-Type"); got != tt.typ {
				t.Fatalf("Content-Type %q, want %q", got, tt.typ)
			}
			if res.Header.Get("Vary") != "Accept" {
				t.Errorf("Vary %q, want Accept", res.Header.Get("Vary"))
			}
			if got := res.Header.Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
				t.Errorf("Cache-Control %q, want the source's (/img/*)", got)
			}
			if res.Header.Get("Content-Security-Policy") == "" {
				t.Error("no security headers")
			}
			img := decodeAs(t, tt.typ, body)
			if b := img.Bounds(); b.Dx() != tt.w || b.Dy() != tt.h {
				t.Errorf("%dx%d, want %dx%d", b.Dx(), b.Dy(), tt.w, tt.h)
			}
			if tt.check != nil {
				tt.check(t, img)
			}
			for _, marker := range []string{"Exif", "ICC_PROFILE", "XMP"} {
				if bytes.Contains(body, []byte(marker)) {
					t.Errorf("the result carries %s metadata", marker)
				}
			}
		})
	}
}

// An answer is the same bytes every time, with an ETag that a conditional
// request is answered 304 by, and a HEAD has the headers alone.
// TestImageCDNMakesAVIF: AVIF is made when fm asks for it, or when the
// Accept header names AVIF and not WebP (Netlify's order puts WebP first);
// a portfolio built without libavif answers fm=avif with 501, saying why,
// and negotiates the source's format instead.
func TestImageCDNMakesAVIF(t *testing.T) {
	s := startCDN(t, func(*server.Config) {})
	_, noAVIF := images.AVIFEncoder()
	for _, tt := range []struct{ name, query, accept string }{
		{"fm=avif", "url=/img/photo-64.jpg&w=32&fm=avif", ""},
		{"Accept names AVIF, not WebP", "url=/img/photo-64.jpg&w=32", "image/avif,image/*,*/*;q=0.8"},
		{"a transparent PNG, Accept names AVIF alone", "url=/img/logo-40.png&w=20", "image/avif"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := map[string]string{}
			if tt.accept != "" {
				h["Accept"] = tt.accept
			}
			res, body := get(t, s.url, "/.netlify/images?"+tt.query, h)
			typ := res.Header.Get("Content-Type")
			if noAVIF != nil {
				t.Logf("no AVIF encoder in this build (%v): checking the fallback", noAVIF)
				if strings.Contains(tt.query, "fm=avif") {
					if res.StatusCode != 501 || !strings.Contains(string(body), "libavif") && !strings.Contains(string(body), "AVIF") {
						t.Fatalf("fm=avif without an encoder: %d %q, want 501 saying why", res.StatusCode, body)
					}
				} else if res.StatusCode != 200 || typ == "image/avif" {
					t.Fatalf("without an encoder: %d %s, want 200 in the source's format", res.StatusCode, typ)
				}
				return
			}
			if res.StatusCode != 200 || typ != "image/avif" {
				t.Fatalf("%d %s: %s; want 200 image/avif", res.StatusCode, typ, body)
			}
			img := decodeAs(t, typ, body)
			if b := img.Bounds(); b.Dx() != 32 && b.Dx() != 20 {
				t.Errorf("%d px wide, want the asked width", b.Dx())
			}
		})
	}
}

func TestImageCDNCachedAnswers(t *testing.T) {
	cache := t.TempDir()
	s := startCDN(t, func(c *server.Config) { c.Images.CacheDir = cache })
	accept := map[string]string{"Accept": chromeAccept}
	first, body1 := get(t, s.url, good, accept)
	second, body2 := get(t, s.url, good, accept)
	etag := first.Header.Get("ETag")
	if first.StatusCode != 200 || second.StatusCode != 200 || !bytes.Equal(body1, body2) || etag == "" || second.Header.Get("ETag") != etag {
		t.Fatalf("two answers: %d %d, same bytes %v, ETags %q %q", first.StatusCode, second.StatusCode, bytes.Equal(body1, body2), etag, second.Header.Get("ETag"))
	}
	if res, body := get(t, s.url, good, map[string]string{"Accept": chromeAccept, "If-None-Match": etag}); res.StatusCode != 304 || len(body) != 0 {
		t.Errorf("conditional request: %d with %d bytes, want 304 and none", res.StatusCode, len(body))
	}
	// Another format is another representation, with its own ETag.
	if res, _ := get(t, s.url, good, nil); res.Header.Get("Content-Type") != "image/jpeg" || res.Header.Get("ETag") == etag {
		t.Errorf("without WebP: %s, ETag %q", res.Header.Get("Content-Type"), res.Header.Get("ETag"))
	}
	req, _ := http.NewRequest(http.MethodHead, s.url+good, nil)
	req.Header.Set("Accept", chromeAccept)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/webp" || res.ContentLength != int64(len(body1)) {
		t.Errorf("HEAD: %d %s, length %d; want 200 image/webp %d", res.StatusCode, res.Header.Get("Content-Type"), res.ContentLength, len(body1))
	}
	if files := cacheFiles(t, cache); len(files) != 2 {
		t.Errorf("the cache holds %v, want the WebP and the JPEG", files)
	}
}

// cacheFiles lists the cache folder's files with their sizes.
func cacheFiles(t *testing.T, dir string) map[string]int64 {
	t.Helper()
	files := map[string]int64{}
	list, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range list {
		// A temporary file renamed meanwhile is counted under its name.
		if info, err := d.Info(); err == nil {
			files[d.Name()] = info.Size()
		} else if !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
	}
	return files
}

// A thousand distinct sizes, asked for by eight clients at once: every one
// is made, and the cache never holds more than its bound.
func TestImageCDNCacheStaysWithinItsBound(t *testing.T) {
	const bound = 48 << 10
	cache := t.TempDir()
	s := startCDN(t, func(c *server.Config) {
		c.Images.CacheDir = cache
		c.Images.CacheBytes = bound
	})
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		failed  []string
		biggest int64
	)
	next := make(chan int)
	for range 8 {
		wg.Go(func() {
			for w := range next {
				q := fmt.Sprintf("/.netlify/images?url=/img/photo-64.jpg&w=%d&h=8&fit=fill", w)
				res, body := get(t, s.url, q, map[string]string{"Accept": chromeAccept})
				var total int64
				for _, size := range cacheFiles(t, cache) {
					total += size
				}
				mu.Lock()
				if res.StatusCode != 200 || len(body) == 0 {
					failed = append(failed, fmt.Sprintf("w=%d: %d", w, res.StatusCode))
				}
				biggest = max(biggest, total)
				mu.Unlock()
			}
		})
	}
	for w := 1; w <= 1000; w++ {
		next <- w
	}
	close(next)
	wg.Wait()
	if len(failed) > 0 {
		t.Errorf("%d sizes failed: %v", len(failed), failed[:min(len(failed), 5)])
	}
	files := cacheFiles(t, cache)
	var total int64
	for name, size := range files {
		total += size
		if strings.HasPrefix(name, ".") {
			t.Errorf("a temporary file is left: %s", name)
		}
	}
	if biggest > bound || total > bound {
		t.Errorf("the cache held up to %d bytes (%d at the end, %d files), bound %d", biggest, total, len(files), bound)
	}
	if len(files) < 10 {
		t.Errorf("the cache keeps %d files: it should keep the recent ones within its bound", len(files))
	}
	assertUnharmed(t, s.url)
}

// TestImageCDNQualityLongName: quality, q's long name (as Netlify's own
// local Image CDN reads it, decision 0092), makes the bytes q makes, and
// they are not the default quality's.
func TestImageCDNQualityLongName(t *testing.T) {
	s := startCDN(t, func(*server.Config) {})
	answer := func(query string) []byte {
		t.Helper()
		res, body := get(t, s.url, "/.netlify/images?url=/img/photo-64.jpg&fm=jpg&"+query, nil)
		if res.StatusCode != 200 {
			t.Fatalf("%s: status %d: %s", query, res.StatusCode, body)
		}
		return body
	}
	short, long, def := answer("q=20"), answer("quality=20"), answer("w=64")
	if !bytes.Equal(short, long) {
		t.Errorf("quality=20 made %d bytes, q=20 %d: want the same image", len(long), len(short))
	}
	if bytes.Equal(long, def) {
		t.Error("quality=20 made the default quality's bytes: it was ignored")
	}
}

// TestImageCDNAddressWithSlash: /.netlify/images/ is the Image CDN too, as
// Netlify's own Image CDN matches it (decision 0092); a path below it is not.
func TestImageCDNAddressWithSlash(t *testing.T) {
	s := startCDN(t, func(*server.Config) {})
	res, body := get(t, s.url, "/.netlify/images/?url=/img/photo-64.jpg&w=32", map[string]string{"Accept": chromeAccept})
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/webp" {
		t.Fatalf("/.netlify/images/: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	if b := decodeAs(t, "image/webp", body).Bounds(); b.Dx() != 32 || b.Dy() != 24 {
		t.Errorf("%dx%d, want 32x24", b.Dx(), b.Dy())
	}
	if res, _ := get(t, s.url, "/.netlify/images/x?url=/img/photo-64.jpg&w=32", nil); res.StatusCode != 404 || strings.HasPrefix(res.Header.Get("Content-Type"), "image/") {
		t.Errorf("/.netlify/images/x: %d %s, want the site's 404", res.StatusCode, res.Header.Get("Content-Type"))
	}
}
