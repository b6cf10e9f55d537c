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
	"portfolio/cli/internal/photofacts"
)

// WidestShown is the widest any page shows an image, in pixels: the
// largest of the widths the build makes (images.DefaultWidths ends with
// it), which the messages about large originals name.
const WidestShown = 2400

// DefaultMaxEdge is the default limit on an imported image's long edge:
// above the site's largest variant (WidestShown) with room to crop.
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
// in its format without metadata but a JPEG's facts (photofacts); WebP files and anything it cannot decode
// keep their size. Otherwise a JPEG loses only its private metadata,
// losslessly. An image whose metadata cannot be followed, and so not
// removed, is a *metastrip.Unreadable: it is not copied at all.
func Prepare(data []byte, maxEdge int) ([]byte, Result, error) {
	info, err := imagecheck.Bytes("import", data, imagecheck.DefaultMaxPixels)
	if err == nil && maxEdge > 0 && max(info.Width, info.Height) > maxEdge &&
		(info.Format == imagecheck.JPEG || info.Format == imagecheck.PNG) {
		if out, to, err := shrink(data, info, maxEdge); err == nil {
			removed := "all metadata (the image was re-encoded)"
			// A photo's facts say how it was taken, not who or where: the
			// copy keeps them, as metastrip does (decision 72).
			if f := photofacts.JPEGBytes(data); info.Format == imagecheck.JPEG && !f.IsZero() {
				out, removed = metastrip.WithFacts(out, f), "all metadata but how the photo was taken (the image was re-encoded)"
			}
			return out, Result{Removed: metastrip.Removed{removed}, Resized: true,
				From: image.Pt(info.Width, info.Height), To: to}, nil
		}
	}
	out, removed, err := metastrip.Clean(data)
	if err != nil {
		return nil, Result{}, err
	}
	return out, Result{Removed: removed}, nil
}

// Large is an original that Prepare would shrink: its size, upright, and
// the size it would get.
type Large struct {
	Path     string
	Bytes    int64
	From, To image.Point
}

// Oversize reports whether the image file at path is one Prepare would
// shrink to maxEdge (a JPEG or PNG whose upright long edge is larger), and
// to what size, from its header alone: nothing is decoded.
func Oversize(path string, maxEdge int) (Large, bool) {
	if maxEdge <= 0 {
		return Large{}, false
	}
	info, err := imagecheck.File(path, imagecheck.DefaultMaxPixels)
	if err != nil || max(info.Width, info.Height) <= maxEdge ||
		(info.Format != imagecheck.JPEG && info.Format != imagecheck.PNG) {
		return Large{}, false
	}
	return Large{Path: path, Bytes: info.Size, From: image.Pt(info.Width, info.Height), To: fitSize(info.Width, info.Height, maxEdge)}, true
}

// fitSize is the size imaging.Fit gives w×h in a maxEdge square (its
// arithmetic: the aspect ratio, truncated).
func fitSize(w, h, maxEdge int) image.Point {
	ratio := float64(w) / float64(h)
	if ratio > 1 {
		return image.Pt(maxEdge, max(1, int(float64(maxEdge)/ratio)))
	}
	return image.Pt(max(1, int(float64(maxEdge)*ratio)), maxEdge)
}

// String is "W×H px, N MB → W×H".
func (l Large) String() string {
	return fmt.Sprintf("%d×%d px, %.1f MB → %d×%d", l.From.X, l.From.Y, float64(l.Bytes)/1e6, l.To.X, l.To.Y)
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
