package images

import "image"

// Each image codec portfolio uses sits behind a small interface of its
// own: its name, what it would load, and its operation. The values behind
// them (avifCodec, jpegCodec, webpCodec) are chosen by build constraints
// (cgo or not) and hold no state until used: a codec's native library, or
// its WebAssembly module, is loaded by its first operation, never at
// package initialisation, so a command that makes no image pays for none
// (decisions 0088 and 0108).

// Codec says which library a codec would use and how it is loaded,
// found without loading it.
type Codec struct {
	Name    string // what it does: "AVIF encoder"
	Library string // the library: "libavif 1.0"; "" when there is none
	Loading string // how it is loaded, when Library is not ""
	Err     error  // why there is none, when Library is ""
}

// How a codec's library is loaded (Codec.Loading).
const (
	loadBuiltIn   = "built in"
	loadFirstUse  = "shared library, opened when the first image needs it"
	loadWASM      = "WebAssembly, built in, instantiated for each image"
	loadAtStartUp = "shared library, opened at start-up by gen2brain/webp's own initialiser"
)

// codec is what every codec has: a name and a description of its library.
type codec interface {
	Name() string
	// describe names the library without loading it.
	describe() Codec
}

// avifEncoder encodes (and, for tests and the bench, decodes) AVIF.
type avifEncoder interface {
	codec
	// open loads the library once and names it with its AV1 encoder, or
	// says why it cannot be used.
	open() (string, error)
	encode(img *image.NRGBA, p avifParams) ([]byte, error)
	decode(data []byte) (*image.NRGBA, error)
}

// jpegScaledDecoder decodes a JPEG at a reduced size.
type jpegScaledDecoder interface {
	codec
	// open loads the library once and names it, or says why there is none.
	open() (string, error)
	// decodeScaled is false when the caller must decode in full instead.
	decodeScaled(data []byte, w, h int) (*image.NRGBA, bool)
}

// webpEncoder encodes lossy WebP.
type webpEncoder interface {
	codec
	encode(img *image.NRGBA, quality int) ([]byte, error)
}

// Codecs describes each codec portfolio would use (AVIF, JPEG scaled
// decoding, WebP), without loading any: for `portfolio version`.
func Codecs() []Codec {
	return []Codec{avifCodec.describe(), jpegCodec.describe(), webpCodec.describe()}
}
