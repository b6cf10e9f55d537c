package images

import (
	"image"
	"math"

	"github.com/disintegration/imaging"

	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/metastrip"
)

// The pieces of the pipeline that the local Image CDN (package server's
// /.netlify/images) transforms with, so an image made on request is made
// as the build makes its variants: the same decoders, resampling and
// encoders, no metadata in the output.

// Decode turns source bytes whose header imagecheck read (and bounded)
// into pixels, in stored orientation.
func Decode(data []byte, format imagecheck.Format) (image.Image, error) {
	return decode(data, format)
}

// DecodeToCover decodes an image (JPEG, PNG or WebP, header checked
// against maxPixels first) upright and at least large enough to cover w×h
// once cropped to that shape, as a social card's cover is: a JPEG only as
// large as that needs (libjpeg scales while it decodes, see
// jpegCodec.decodeScaled), any other image whole.
func DecodeToCover(data []byte, maxPixels int64, w, h int) (image.Image, error) {
	info, err := imagecheck.Bytes("cover", data, maxPixels)
	if err != nil {
		return nil, err
	}
	var img image.Image
	if info.Format == imagecheck.JPEG {
		// The scale at which the upright image covers w×h, applied to its
		// stored size.
		s := max(float64(w)/float64(info.Width), float64(h)/float64(info.Height))
		sw, sh := int(math.Ceil(s*float64(info.Width))), int(math.Ceil(s*float64(info.Height)))
		if swapsAxes(info.Orientation) {
			sw, sh = sh, sw
		}
		if scaled, ok := jpegCodec.decodeScaled(data, sw, sh); ok {
			img = scaled
		}
	}
	if img == nil {
		if img, err = decode(data, info.Format); err != nil {
			return nil, err
		}
	}
	if orient := orientations[info.Orientation]; orient != nil {
		img = orient(img)
	}
	return img, nil
}

// Resize returns src (decoded, in stored orientation) at w×h pixels
// upright: halved while it is twice the size needed or more (see halve),
// resized with Lanczos, then turned upright by the EXIF orientation. w and
// h need not keep the aspect ratio.
func Resize(src image.Image, orientation, w, h int) *image.NRGBA {
	sw, sh := w, h // the size in stored orientation
	if swapsAxes(orientation) {
		sw, sh = h, w
	}
	for b := src.Bounds(); b.Dx() >= 2*sw && b.Dy() >= 2*sh; b = src.Bounds() {
		half, ok := halve(src)
		if !ok {
			break
		}
		src = half
	}
	var out *image.NRGBA
	if b := src.Bounds(); b.Dx() == sw && b.Dy() == sh {
		out = imaging.Clone(src)
	} else {
		out = imaging.Resize(src, sw, sh, imaging.Lanczos)
	}
	if orient := orientations[orientation]; orient != nil {
		out = orient(out)
	}
	return out
}

// Encode writes img as typ (manifest.WebP, JPEG or PNG) at quality with
// the variants' encoders and settings: pixels only. A JPEG needs an opaque
// image.
func Encode(img *image.NRGBA, typ string, quality int) ([]byte, error) {
	e, err := encodeOne(img, typ, quality, metastrip.Rights{})
	return e.data, err
}
