//go:build !cgo

package images

import "errors"

// Without cgo, portfolio makes no AVIF: the one encoder that needs no C
// compiler, libavif and aom compiled to WebAssembly (gen2brain/avif), took
// 12 times WebP's time per image, which would more than double a cold
// `portfolio images` (docs/decisions/0077-avif-encoder.md). Images are
// offered in WebP and JPEG (or PNG), and the run's summary says why.

var errNoCgo = errors.New("this portfolio was built without cgo (no C compiler); build it with one, and libavif's development files, for AVIF")

var avifCodec avifEncoder = noAVIF{errNoCgo}
