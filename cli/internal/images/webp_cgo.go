//go:build cgo

package images

import (
	"image"

	"github.com/chai2010/webp"
)

// With cgo (a C compiler at build time: gcc or clang, as on Netlify's build
// image, GitHub's runners and any machine with developer tools), WebP is
// encoded by libwebp 1.4 compiled from source into the binary: as fast as
// the C library is anywhere, with nothing to install at run time.

// WebPEncoder names the WebP encoder built in; see webp_portable.go for the
// build without cgo.
func WebPEncoder() string { return "libwebp 1.4 (cgo)" }

// builtinWebP is the WebP encoder with cgo, compiled in: it loads nothing.
type builtinWebP struct{}

var webpCodec webpEncoder = builtinWebP{}

func (builtinWebP) Name() string { return "WebP encoder" }

func (c builtinWebP) describe() Codec {
	return Codec{Name: c.Name(), Library: WebPEncoder(), Loading: loadBuiltIn}
}

// encode encodes with libwebp's defaults for lossy WebP: method 4, the
// same as sharp's default effort.
func (builtinWebP) encode(img *image.NRGBA, quality int) ([]byte, error) {
	// libwebp's RGBA input is straight (not premultiplied) alpha, which is
	// NRGBA's layout: hand over the same bytes, typed as RGBA so the binding
	// does not convert them.
	view := &image.RGBA{Pix: img.Pix, Stride: img.Stride, Rect: img.Rect}
	return webp.EncodeRGBA(view, float32(quality))
}
