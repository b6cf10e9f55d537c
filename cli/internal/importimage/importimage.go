// Package importimage prepares an image file as it is copied into the
// content folder: private metadata out (see metastrip), and an original
// larger than the owner needs shrunk to a long edge of MaxEdge pixels, so
// the repository does not carry 50-megapixel files the site never shows.
package importimage

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"

	"github.com/disintegration/imaging"

	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/metastrip"
)

// DefaultMaxEdge is the default limit on an imported image's long edge:
// above the site's largest variant (2400 px) with room to crop.
const DefaultMaxEdge = 6000

// jpegQuality is the quality a shrunk JPEG is written at: visually
// lossless, as an original should stay.
const jpegQuality = 92

// Result says what Prepare did to one file.
type Result struct {
	Removed metastrip.Removed
	// Resized is set when the image was shrunk: its size before and after,
	// upright.
	Resized  bool
	From, To image.Point
}

// Prepare returns the bytes to write for an imported image. maxEdge 0
// keeps every size. A JPEG or PNG whose long edge (upright) exceeds maxEdge
// is decoded, turned upright and resized with Lanczos, and written again
// in its format without metadata; WebP files and anything it cannot decode
// keep their size. Otherwise a JPEG loses only its private metadata,
// losslessly.
func Prepare(data []byte, maxEdge int) ([]byte, Result) {
	info, err := imagecheck.Bytes("import", data, imagecheck.DefaultMaxPixels)
	if err == nil && maxEdge > 0 && max(info.Width, info.Height) > maxEdge &&
		(info.Format == imagecheck.JPEG || info.Format == imagecheck.PNG) {
		if out, to, err := shrink(data, info, maxEdge); err == nil {
			return out, Result{Removed: metastrip.Removed{"all metadata (the image was re-encoded)"}, Resized: true,
				From: image.Pt(info.Width, info.Height), To: to}
		}
	}
	out, removed := metastrip.Clean(data)
	return out, Result{Removed: removed}
}

func shrink(data []byte, info imagecheck.Info, maxEdge int) ([]byte, image.Point, error) {
	img, err := imaging.Decode(bytes.NewReader(data), imaging.AutoOrientation(true))
	if err != nil {
		return nil, image.Point{}, err
	}
	img = imaging.Fit(img, maxEdge, maxEdge, imaging.Lanczos)
	var b bytes.Buffer
	switch info.Format {
	case imagecheck.JPEG:
		err = jpeg.Encode(&b, img, &jpeg.Options{Quality: jpegQuality})
	case imagecheck.PNG:
		err = (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&b, img)
	default:
		err = fmt.Errorf("cannot write %v", info.Format)
	}
	return b.Bytes(), img.Bounds().Size(), err
}
