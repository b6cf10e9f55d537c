//go:build !cgo

package images

import (
	"bytes"
	"image"

	"github.com/gen2brain/webp"
)

// Without cgo (no C compiler at build time), WebP is encoded by
// gen2brain/webp: the system's libwebp when its shared library is installed
// (Debian's libwebp-dev, Homebrew's webp), called without cgo; otherwise
// libwebp 1.6 compiled to WebAssembly and transpiled to Go, which needs
// nothing and makes the same bytes 5–7 times more slowly.

// WebPEncoder names the WebP encoder in use.
func WebPEncoder() string {
	if webp.Dynamic() == nil {
		return "system libwebp"
	}
	return "portable libwebp 1.6 (no cgo)"
}

func encodeWebP(img *image.NRGBA, quality int) ([]byte, error) {
	var b bytes.Buffer
	err := webp.Encode(&b, img, webp.Options{Quality: quality, Method: webpMethod})
	return b.Bytes(), err
}
