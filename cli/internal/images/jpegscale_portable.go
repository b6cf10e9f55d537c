//go:build !cgo

package images

import (
	"errors"
	"image"
)

// Without cgo there is no libjpeg: every JPEG is decoded in full by Go's
// decoder (see jpegscale_cgo.go).

type noJPEGScaling struct{}

var jpegCodec jpegScaledDecoder = noJPEGScaling{}

var errNoJPEGScaling = errors.New("portfolio was built without cgo: every JPEG is decoded in full")

func (noJPEGScaling) Name() string { return "JPEG scaled decoder" }

func (noJPEGScaling) open() (string, error) { return "", errNoJPEGScaling }

func (c noJPEGScaling) describe() Codec { return Codec{Name: c.Name(), Err: errNoJPEGScaling} }

func (noJPEGScaling) decodeScaled([]byte, int, int) (*image.NRGBA, bool) { return nil, false }
