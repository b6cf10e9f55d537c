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

// portableWebP is the WebP encoder without cgo. gen2brain/webp decides in
// its own package initialiser whether the system's libwebp is there (it
// opens libwebp.so and libwebpdemux.so unless built with the tag
// nodynamic), which portfolio cannot defer; its WebAssembly module is
// instantiated for each image, never at start-up (decision 0108).
type portableWebP struct{}

var webpCodec webpEncoder = portableWebP{}

func (portableWebP) Name() string { return "WebP encoder" }

func (c portableWebP) describe() Codec {
	if webp.Dynamic() == nil {
		return Codec{Name: c.Name(), Library: WebPEncoder(), Loading: loadAtStartUp}
	}
	loading := loadWASM
	if webpSearchesAtStartUp {
		loading += " (gen2brain/webp's initialiser looked for the system's libwebp.so at start-up, and found none: build with -tags nodynamic to skip that)"
	}
	return Codec{Name: c.Name(), Library: WebPEncoder(), Loading: loading}
}

func (portableWebP) encode(img *image.NRGBA, quality int) ([]byte, error) {
	var b bytes.Buffer
	err := webp.Encode(&b, img, webp.Options{Quality: quality, Method: webpMethod})
	return b.Bytes(), err
}
