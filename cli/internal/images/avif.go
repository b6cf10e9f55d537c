package images

import (
	"errors"
	"fmt"
	"image"

	"portfolio/cli/internal/images/manifest"
)

// AVIF is made beside WebP, at the same widths, as the first <source> of a
// picture, and kept only where it pays (see avifPays). The settings are
// matched to WebP's by a perceptual metric on real photographs and the
// sample's images: docs/decisions/0077-avif-encoder.md, and .ci/bench/avif
// to measure them again.
const (
	// avifQualityOffset is what AVIF's quality (libavif's 0–100 scale) is
	// below the run's WebP quality for the same perceptual quality: AVIF
	// at 80 − avifQualityOffset looks as good as WebP at 80.
	avifQualityOffset = 8
	// avifSpeed is aom's speed (0–9 for a still image): its fastest,
	// which was also its smallest at the same look in libavif 0.11.
	avifSpeed = 9
	// avifOptions are aom's own settings: quantization matrices, which
	// save a tenth of the bytes of a photo at the same look.
	avifOptions = "enable-qm=1"
)

// AVIFMinSaving is how much smaller, in percent, an image's AVIF variants
// must be than its WebP variants for the image to keep its AVIF (see
// avifPays).
const AVIFMinSaving = 10

// avifJudgedFrom is the narrowest width whose bytes avifPays weighs. Below
// it (a photo page's 64-px tiles take 160 px) AV1's fixed cost is most of
// the file: its AVIF is kept or dropped with the image's larger widths',
// since a <picture> whose AVIF <source> left it out would hand an
// AVIF-capable browser 480 px for a tile of 64.
const avifJudgedFrom = 480

// ErrNoAVIF is returned by EncodeAVIF when this build of portfolio has no
// AVIF encoder; AVIFEncoder says why.
var ErrNoAVIF = errors.New("no AVIF encoder")

// AVIFEncoder names the AVIF encoder in use, or says why there is none
// (an error wrapping ErrNoAVIF).
func AVIFEncoder() (string, error) {
	name, err := avifCodec.open()
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrNoAVIF, err)
	}
	return name, nil
}

// EncodeAVIF encodes img as a still AVIF image. quality is on WebP's scale
// (the --quality of `portfolio images`, 1–100): the file looks as good as
// a WebP at that quality would, usually in fewer bytes. It runs on one
// thread and writes no metadata. For other code that serves images in the
// format a browser accepts; the build calls it for every AVIF variant.
func EncodeAVIF(img *image.NRGBA, quality int) ([]byte, error) {
	return encodeAVIFWith(img, quality, nil)
}

// encodeAVIFWith is EncodeAVIF, with xmp as the image's XMP metadata
// item (libavif writes it: a "mime" item of type application/rdf+xml
// that describes the image, decision 0102); nil for none.
func encodeAVIFWith(img *image.NRGBA, quality int, xmp []byte) ([]byte, error) {
	if _, err := AVIFEncoder(); err != nil {
		return nil, err
	}
	return avifCodec.encode(img, avifParams{quantizer: avifQuantizer(avifQuality(quality)), speed: avifSpeed, options: avifOptions, xmp: xmp})
}

// noAVIF is the AVIF codec of a build without one: err says why.
type noAVIF struct{ err error }

func (noAVIF) Name() string { return "AVIF encoder" }

func (c noAVIF) open() (string, error) { return "", c.err }

func (c noAVIF) describe() Codec { return Codec{Name: c.Name(), Err: c.err} }

func (c noAVIF) encode(*image.NRGBA, avifParams) ([]byte, error) { return nil, c.err }

func (c noAVIF) decode([]byte) (*image.NRGBA, error) { return nil, c.err }

// avifParams are an AVIF encode's settings.
type avifParams struct {
	codec     string // "" (aom), "svt" or "rav1e"
	quantizer int    // 0–63, lower is better
	speed     int    // 0–10, higher is faster
	options   string // the AV1 encoder's own, "key=value" separated by spaces
	xmp       []byte // the image's XMP packet (decision 0102); nil for none
}

// avifQuality is the AVIF quality that matches WebP's at quality.
func avifQuality(quality int) int {
	return min(max(quality-avifQualityOffset, 1), 100)
}

// avifQuantizer maps a quality of 0–100 (100 is best) to AV1's quantizer
// 0–63 (0 is best), as libavif 1.x maps its quality setting, so a quality
// means the same with every libavif version.
func avifQuantizer(quality int) int {
	return ((100-min(max(quality, 0), 100))*63 + 50) / 100
}

// avifPays reports whether an image keeps its AVIF variants: together they
// must be AVIFMinSaving percent smaller than its WebP variants of the same
// widths, or more, and none more than AVIFMinSaving percent larger than the
// WebP of its width. AVIF's fixed cost (its boxes, AV1's headers) weighs
// most at the smallest widths, where it often loses to WebP by a few
// percent while the widths a large screen loads save a quarter; a picture
// takes all its candidates from one <source>, so an image has AVIF at all
// its widths or at none.
func avifPays(variants []encoded) bool {
	webp := map[int]int64{}
	for _, v := range variants {
		if v.Type == manifest.WebP {
			webp[v.Width] = v.Bytes
		}
	}
	var avifSum, webpSum int64
	for _, v := range variants {
		if v.Type != manifest.AVIF || v.Width < avifJudgedFrom {
			continue
		}
		w, ok := webp[v.Width]
		if !ok || 100*v.Bytes > (100+AVIFMinSaving)*w {
			return false
		}
		avifSum += v.Bytes
		webpSum += w
	}
	return avifSum > 0 && 100*avifSum <= (100-AVIFMinSaving)*webpSum
}

// With images.delivery: netlify the build makes no AVIF (the Image CDN
// does, and the build machine may have no libavif: decision 77), so where
// AVIF pays is judged from the pixels instead (decision 0104): a
// photograph, whose neighbouring pixels almost all differ, gets AVIF; a
// flat drawing, a screenshot or a transparent image does not. Measured
// against avifPays: of the 13 photographs of decision 77 (all keep AVIF)
// at most 12% of the pixels are flat at 160 px; of the sample's 108 drawn
// images (87 keep WebP only, the other 21 save barely more than
// AVIFMinSaving) at least 31%.

// cdnAVIFMaxFlat is the share of flat pixels, in percent, below which an
// image is a photograph and the pages ask the Image CDN for its AVIF.
const cdnAVIFMaxFlat = 20

// cdnAVIFPays reports whether a page should ask the Image CDN for an
// image's AVIF (fm=avif), judged from the image upright at its smallest
// width: it is opaque (a transparent image's AVIF carries its alpha
// losslessly, 1.3–1.9 times its WebP's bytes on Debian's transparent
// wallpapers) and fewer than cdnAVIFMaxFlat percent of its pixels are
// flat (flatShare).
func cdnAVIFPays(img *image.NRGBA) bool {
	return img.Opaque() && 100*flatShare(img) < cdnAVIFMaxFlat
}

// flatShare is the share of img's pixels whose colour is exactly their
// left neighbour's: a drawing's areas of one colour, of which a
// photograph's grain and light leave almost none.
func flatShare(img *image.NRGBA) float64 {
	b := img.Bounds()
	var flat, n int
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y) : img.PixOffset(b.Max.X-1, y)+4]
		for i := 4; i < len(row); i += 4 {
			n++
			if row[i] == row[i-4] && row[i+1] == row[i-3] && row[i+2] == row[i-2] {
				flat++
			}
		}
	}
	if n == 0 {
		return 1
	}
	return float64(flat) / float64(n)
}
