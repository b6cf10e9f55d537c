package images

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"math"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/imagecheck"
)

// An image watermark (project.yaml `watermarkImage`, decision 0093, "Image
// watermark") is tiled like the text (tileMark): the same rows, gaps,
// angle and centred copy. Its height is markHeight ems (the em is the
// picture's shorter side / watermarkEm), its width follows its aspect
// ratio up to markMaxWidth ems, and it is drawn at markOpacity over the
// picture with its own colours and transparency.
const (
	markVersion  = 1 // part of the key: change it when the drawing changes
	markHeight   = 1.5
	markMaxWidth = 8.0
	markOpacity  = 0.40
)

// markFingerprint is what an image watermark adds to an image's key: its
// bytes' hash and the drawing's settings; "" for none.
func markFingerprint(data []byte) string {
	if data == nil {
		return ""
	}
	sum := sha256.Sum256(data)
	return fmt.Sprintf(" watermark-image=%d/em%g/h%g/w%g/row%g/gap%g/angle%g/%g/%s", markVersion,
		watermarkEm, markHeight, markMaxWidth, watermarkRow, watermarkGap, watermarkAngle, markOpacity, hex.EncodeToString(sum[:]))
}

// decodeMark checks and decodes a watermark image's bytes (PNG or JPEG),
// upright. The loader checked the file already; its pixel limit is
// checked again on these very bytes before they are decoded.
func decodeMark(data []byte) (*image.NRGBA, error) {
	info, err := imagecheck.Bytes("watermark image", data, content.MaxWatermarkPixels)
	if err != nil {
		return nil, err
	}
	if info.Format != imagecheck.PNG && info.Format != imagecheck.JPEG {
		return nil, fmt.Errorf("the watermark image is %s, not PNG or JPEG", info.Format)
	}
	src, err := decode(data, info.Format)
	if err != nil {
		return nil, fmt.Errorf("cannot decode the watermark image: %w", err)
	}
	return Resize(src, info.Orientation, info.Width, info.Height), nil
}

// drawMarkImage tiles mark across img in place (see the constants above
// and tileMark). It returns the share of img's pixels the mark touches.
func drawMarkImage(img *image.NRGBA, mark *image.NRGBA) float64 {
	b, mb := img.Bounds(), mark.Bounds()
	em := math.Max(8, float64(min(b.Dx(), b.Dy()))/watermarkEm)
	h := markHeight * em
	w := h * float64(mb.Dx()) / float64(mb.Dy())
	if w > markMaxWidth*em {
		w = markMaxWidth * em
		h = w * float64(mb.Dy()) / float64(mb.Dx())
	}
	tw, th := max(1, int(math.Round(w))), max(1, int(math.Round(h)))
	m := Resize(mark, 1, tw, th)
	return tileMark(img, float64(tw), float64(th), em, 1, func(p []uint8, mx, my float64) bool {
		var c [4]float64 // premultiplied RGB and alpha, 0–1, bilinear
		mx, my = mx-0.5, my-0.5
		x0, y0 := int(math.Floor(mx)), int(math.Floor(my))
		fx, fy := mx-float64(x0), my-float64(y0)
		for _, q := range [4]struct {
			x, y int
			w    float64
		}{{x0, y0, (1 - fx) * (1 - fy)}, {x0 + 1, y0, fx * (1 - fy)}, {x0, y0 + 1, (1 - fx) * fy}, {x0 + 1, y0 + 1, fx * fy}} {
			if q.x < 0 || q.y < 0 || q.x >= tw || q.y >= th || q.w == 0 {
				continue
			}
			i := q.y*m.Stride + 4*q.x
			a := float64(m.Pix[i+3]) / 255 * q.w
			c[0] += float64(m.Pix[i]) / 255 * a
			c[1] += float64(m.Pix[i+1]) / 255 * a
			c[2] += float64(m.Pix[i+2]) / 255 * a
			c[3] += a
		}
		if c[3] == 0 {
			return false
		}
		for k, v := range p {
			p[k] = uint8(float64(v)*(1-c[3]*markOpacity) + 255*c[k]*markOpacity + 0.5)
		}
		return true
	})
}
