package images

import (
	"fmt"
	"image"
	"math"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// A private project's proofing watermark (project.yaml `watermark`,
// decision 0093) is drawn into the largest variant of each of its images
// before the smaller widths are made from it, so every variant carries it
// and none is made twice. The source file, and so the ZIP of originals,
// is never touched.
//
// Placement: the text repeated in staggered rows across the whole picture
// at 30° from the horizontal, one copy centred on the picture's centre, so
// no crop that keeps a useful part of the picture escapes it. Size: the
// text's em is the picture's shorter side / watermarkEm; rows are
// watermarkRow ems apart, copies in a row watermarkGap ems apart. Colour:
// white at watermarkOpacity over a black shadow at watermarkShadow, so it
// reads on light and dark parts alike. Drawn "atop": a transparent pixel
// stays transparent.
const (
	watermarkVersion = 1 // part of the key: change it when the drawing changes
	watermarkEm      = 14.0
	watermarkRow     = 2.5
	watermarkGap     = 1.0
	watermarkAngle   = 30.0 // degrees, rising to the right
	watermarkOpacity = 0.40
	watermarkShadow  = 0.25
)

// watermarkFont is Go Bold, compiled into portfolio (golang.org/x/image,
// already a dependency): the site's own fonts come from its npm packages,
// which a build installs while the variants are made, and a proof mark
// must never wait for them or be left out without them (decision 0093).
var watermarkFont = sync.OnceValues(func() (*opentype.Font, error) { return opentype.Parse(gobold.TTF) })

// watermarkFingerprint is what the watermark adds to an image's key: ""
// for none, so an unmarked image keeps its key.
func watermarkFingerprint(text string) string {
	if text == "" {
		return ""
	}
	return fmt.Sprintf(" watermark=%d/gobold/em%g/row%g/gap%g/angle%g/%g/%g/%s", watermarkVersion,
		watermarkEm, watermarkRow, watermarkGap, watermarkAngle, watermarkOpacity, watermarkShadow, strconv.Quote(text))
}

// watermarkMask is the text drawn once, upright, as coverage (0–255), with
// its size in pixels and the em it was drawn at.
type watermarkMask struct {
	pix  []uint8
	w, h int
	em   float64
}

func newWatermarkMask(text string, em float64) (*watermarkMask, error) {
	ft, err := watermarkFont()
	if err != nil {
		return nil, err
	}
	face, err := opentype.NewFace(ft, &opentype.FaceOptions{Size: em, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil, err
	}
	defer face.Close()
	m := face.Metrics()
	pad := int(math.Ceil(em / 8))
	width := font.MeasureString(face, text).Ceil() + 2*pad
	height := (m.Ascent + m.Descent).Ceil() + 2*pad
	dst := image.NewAlpha(image.Rect(0, 0, width, height))
	d := font.Drawer{Dst: dst, Src: image.Opaque, Face: face, Dot: fixed.P(pad, pad+m.Ascent.Ceil())}
	d.DrawString(text)
	return &watermarkMask{pix: dst.Pix, w: width, h: height, em: em}, nil
}

// at is the mask's coverage at (x, y), bilinear, 0–1; 0 outside.
func (m *watermarkMask) at(x, y float64) float64 {
	x, y = x-0.5, y-0.5
	if x <= -1 || y <= -1 || x >= float64(m.w) || y >= float64(m.h) {
		return 0
	}
	ix, iy := int(x+1)-1, int(y+1)-1 // floor: x and y are above -1
	fx, fy := x-float64(ix), y-float64(iy)
	var p00, p10, p01, p11 float64
	if iy >= 0 {
		i := iy * m.w
		if ix >= 0 {
			p00 = float64(m.pix[i+ix])
		}
		if ix+1 < m.w {
			p10 = float64(m.pix[i+ix+1])
		}
	}
	if iy+1 < m.h {
		i := (iy + 1) * m.w
		if ix >= 0 {
			p01 = float64(m.pix[i+ix])
		}
		if ix+1 < m.w {
			p11 = float64(m.pix[i+ix+1])
		}
	}
	top := p00 + (p10-p00)*fx
	bottom := p01 + (p11-p01)*fx
	return (top + (bottom-top)*fy) / 255
}

// drawWatermark draws text across img in place (see the constants above).
// It returns the share of img's pixels the mark touches.
func drawWatermark(img *image.NRGBA, text string) (float64, error) {
	b := img.Bounds()
	em := math.Max(8, float64(min(b.Dx(), b.Dy()))/watermarkEm)
	m, err := newWatermarkMask(text, em)
	if err != nil {
		return 0, err
	}
	shadow := math.Max(1, em/16) // the shadow's offset
	return tileMark(img, float64(m.w), float64(m.h), em, shadow+1, func(p []uint8, mx, my float64) bool {
		fg := m.at(mx, my) * watermarkOpacity
		sh := m.at(mx-shadow, my-shadow) * watermarkShadow
		if fg == 0 && sh == 0 {
			return false
		}
		for k, c := range p {
			f := float64(c) * (1 - sh) // the shadow: black
			f = f*(1-fg) + 255*fg      // the text: white
			p[k] = uint8(f + 0.5)
		}
		return true
	}), nil
}

// tileMark repeats a w×h tile in staggered rows across img at
// watermarkAngle, one copy centred on the picture's centre (decision
// 0093): rows watermarkRow ems apart, copies watermarkGap ems apart along
// a row. For each pixel within slack of a copy, draw gets the pixel's RGB
// and its position in the tile, and reports whether it changed it.
// tileMark returns the share of img's pixels changed.
func tileMark(img *image.NRGBA, w, h, em, slack float64, draw func(p []uint8, mx, my float64) bool) float64 {
	b := img.Bounds()
	period := w + watermarkGap*em // along the mark
	row := watermarkRow * em      // between rows
	sin, cos := math.Sincos(watermarkAngle * math.Pi / 180)
	cx, cy := float64(b.Min.X)+float64(b.Dx())/2, float64(b.Min.Y)+float64(b.Dy())/2
	halfH := h/2 + slack
	halfW := w/2 + slack
	perRow, perPeriod := 1/row, 1/period
	// lattice keeps the rounded numbers positive, so truncating is
	// flooring: more rows and copies than any picture has.
	const lattice = 1 << 20
	// Rows are independent: drawn by one goroutine per core.
	var touched atomic.Int64
	var wg sync.WaitGroup
	chunks := runtime.NumCPU()
	for c := range chunks {
		from := b.Min.Y + b.Dy()*c/chunks
		to := b.Min.Y + b.Dy()*(c+1)/chunks
		wg.Go(func() {
			n := 0
			for y := from; y < to; y++ {
				dy := float64(y) + 0.5 - cy
				line := img.Pix[(y-b.Min.Y)*img.Stride:]
				// (u, v): along and across the mark, from the centre; one
				// pixel to the right adds (cos, sin).
				dx := float64(b.Min.X) + 0.5 - cx
				u0, v0 := dx*cos-dy*sin, dx*sin+dy*cos
				for x := b.Min.X; x < b.Max.X; x++ {
					i := x - b.Min.X
					u, v := u0+float64(i)*cos, v0+float64(i)*sin
					r := float64(int(v*perRow+0.5+lattice)) - lattice // the nearest row
					v -= r * row
					if v > halfH || v < -halfH {
						continue
					}
					u += r * period / 2 // every other row shifted by half a copy
					u -= (float64(int(u*perPeriod+0.5+lattice)) - lattice) * period
					if u > halfW || u < -halfW {
						continue
					}
					if draw(line[i*4:i*4+3:i*4+3], u+w/2, v+h/2) {
						n++
					}
				}
			}
			touched.Add(int64(n))
		})
	}
	wg.Wait()
	return float64(touched.Load()) / float64(b.Dx()*b.Dy())
}
