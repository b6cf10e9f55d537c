//go:build !cgo

package images

import (
	"errors"
	"image"
)

// Without cgo there is no libjpeg: every JPEG is decoded in full by Go's
// decoder (see jpegscale_cgo.go).

func scaledJPEGDecoder() (string, error) {
	return "", errors.New("portfolio was built without cgo")
}

func decodeJPEGScaled([]byte, int, int) (*image.NRGBA, bool) { return nil, false }
