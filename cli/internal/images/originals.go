package images

import (
	"context"
	"fmt"
	"image"
	"path/filepath"
	"strconv"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/fsutil"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/images/manifest"
	"portfolio/cli/internal/importimage"
	"portfolio/cli/internal/metastrip"
)

// With images.delivery: netlify, each source is published once, as the
// original Netlify Image CDN makes the widths from on request: prepared
// as `portfolio new project` prepares an imported image (private metadata
// removed, an original over importimage.DefaultMaxEdge shrunk), under the
// variants' name scheme, <key>-<its width>.<ext>. The asset records the
// widths the pages ask for, the same as the build would make, and the
// size and placeholder the pages need before the first request.

// originalsVersion is the originals' part of the key, as pipelineVersion
// is the variants': change it when the same source would be published
// differently. 2: whether the Image CDN's AVIF pays (decision 0104).
const originalsVersion = 2

// originalFingerprint is what besides the source bytes decides an
// original's asset: how it is prepared, the widths asked for and the
// placeholder.
func (o Options) originalFingerprint() string {
	f := fmt.Sprintf("portfolio-originals/%d maxEdge=%d widths=%v placeholder=%d/%d/%d",
		originalsVersion, importimage.DefaultMaxEdge, o.Widths, pipelineVersion, placeholderSize, placeholderQuality)
	if !o.Rights.IsZero() { // absent without rights: the keys stay as they were
		f += fmt.Sprintf(" rights=%q", o.Rights.XMP())
	}
	return f
}

// formatTypes are the media types of the source formats.
var formatTypes = map[imagecheck.Format]string{imagecheck.JPEG: manifest.JPEG, imagecheck.PNG: manifest.PNG, imagecheck.WebP: manifest.WebP}

// makeOriginal publishes one source for the Image CDN and writes its
// cache entry.
func (r *runner) makeOriginal(ctx context.Context, key, path string, data []byte) (manifest.Asset, error) {
	info, err := imagecheck.Bytes(path, data, r.opts.MaxPixels)
	if err != nil {
		return manifest.Asset{}, err // an *imagecheck.Problem, with its hint
	}
	targets := targetWidths(r.opts.Widths, info.Width)
	img, err := r.decodeForPlaceholder(path, data, info, targets[0])
	if err != nil {
		return manifest.Asset{}, err
	}
	placeholder, avif, err := originalPlaceholder(img, info, targets[0])
	if err != nil {
		return manifest.Asset{}, err
	}
	if err := ctx.Err(); err != nil {
		return manifest.Asset{}, err
	}
	out, _, err := importimage.Prepare(data, importimage.DefaultMaxEdge)
	if err != nil {
		return manifest.Asset{}, fmt.Errorf("the original it publishes: %w", err)
	}
	// The owner's rights go with the published original as with every
	// variant (decision 0102); the zero Rights write nothing.
	if out, err = metastrip.WithRights(out, r.opts.Rights); err != nil {
		return manifest.Asset{}, fmt.Errorf("writing the rights into the original: %w", err)
	}
	pub, err := imagecheck.Bytes(path, out, r.opts.MaxPixels)
	if err != nil {
		return manifest.Asset{}, fmt.Errorf("the prepared original cannot be read back: %w", err)
	}
	largest := targets[len(targets)-1]
	typ := formatTypes[pub.Format]
	v := manifest.Variant{Type: typ, Width: pub.Width, Height: pub.Height, Bytes: int64(len(out)),
		File: key + "-" + strconv.Itoa(pub.Width) + extensions[typ]}
	if err := fsutil.WriteFileAtomic(filepath.Join(r.opts.OutDir, v.File), out, 0o644); err != nil {
		return manifest.Asset{}, fmt.Errorf("writing %s: %w", v.File, err)
	}
	a := manifest.Asset{
		Key: key, Width: largest, Height: heightFor(info.Width, info.Height, largest),
		Placeholder: placeholder, Variants: []manifest.Variant{v},
		Delivery: content.DeliveryNetlify, Widths: targets, AVIF: avif,
	}
	if err := storeAsset(r.opts.CacheDir, a); err != nil {
		return manifest.Asset{}, fmt.Errorf("writing the cache entry: %w", err)
	}
	return a, nil
}

// decodeForPlaceholder decodes what the placeholder needs: a JPEG only as
// large as the smallest width asks for (libjpeg scales while it decodes: a
// 12-megapixel photograph in a fifth of a full decode's time, see
// jpegCodec.decodeScaled), any other image, or a JPEG without libjpeg, in full.
// Only the placeholder is made from it: the Image CDN makes the widths.
func (r *runner) decodeForPlaceholder(path string, data []byte, info imagecheck.Info, smallest int) (image.Image, error) {
	if info.Format == imagecheck.JPEG {
		w, h := smallest, heightFor(info.Width, info.Height, smallest)
		if swapsAxes(info.Orientation) {
			w, h = h, w
		}
		if img, ok := jpegCodec.decodeScaled(data, w, h); ok {
			decodes.Add(1)
			return img, nil
		}
	}
	_, img, err := r.checkedDecode(path, data)
	return img, err
}

// originalPlaceholder is the placeholder the build's variants would give
// the image: an opaque one's from the image at its smallest width, a
// transparent one's from the whole image (see render); and whether the
// pages ask the Image CDN for its AVIF, judged from the same small image
// (cdnAVIFPays): a transparent image never.
func originalPlaceholder(img image.Image, info imagecheck.Info, smallest int) (placeholder string, avif bool, err error) {
	if o, ok := img.(interface{ Opaque() bool }); ok && !o.Opaque() {
		placeholder, err = makePlaceholder(Resize(img, info.Orientation, info.Width, info.Height), true)
		return placeholder, false, err
	}
	small := Resize(img, info.Orientation, smallest, heightFor(info.Width, info.Height, smallest))
	placeholder, err = makePlaceholder(small, false)
	return placeholder, cdnAVIFPays(small), err
}
