package cards

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sync"

	"portfolio/cli/internal/fsutil"
)

// The site's mark (site/public/favicon.svg, drawn on a 64-unit square): a
// rounded primary square, a paper circle and an accent bar. The icons a
// browser, a phone's home screen or an installed web app asks for are drawn
// from it here, so no raster copy of the mark is committed.
var (
	markAccent = color.NRGBA{0xe0, 0x8a, 0x5c, 0xff}
)

// iconsVersion changes whenever the drawing of the icons changes.
const iconsVersion = "icons-1"

// IconsSubdir is the folder under the images output the icons go to.
const IconsSubdir = "icons"

// Icons are the files of the site's icons, by purpose, as addresses under
// the site root (the manifest the prerender reads).
type Icons struct {
	// Favicon is an ICO file (16, 32 and 48 px, PNG-compressed) that the
	// prerender copies to /favicon.ico.
	Favicon string `json:"favicon"`
	// AppleTouch is a 180 px square without transparency (iOS rounds it).
	AppleTouch string `json:"appleTouch"`
	// Any are the web app manifest's icons with purpose "any" (rounded mark).
	Any []Icon `json:"any"`
	// Maskable is the manifest's "maskable" icon: full bleed, the mark inside
	// the 80% safe zone.
	Maskable Icon `json:"maskable"`
}

// Icon is one square PNG.
type Icon struct {
	File string `json:"file"`
	Size int    `json:"size"`
}

var iconName = regexp.MustCompile(`^[0-9a-f]{12}-[a-z0-9-]+\.(png|ico)$`)

// MakeIcons draws the site's icons into outDir/icons (names carry a hash of
// the drawing, so they are cached forever), removes icons no longer drawn
// and writes their manifest (JSON) when it changed. Nothing is drawn when
// the files already exist.
func MakeIcons(outDir, manifest string) (*Icons, error) {
	h := sha256.Sum256([]byte(iconsVersion))
	key := hex.EncodeToString(h[:])[:12]
	dir := filepath.Join(outDir, IconsSubdir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	addr := func(name string) string { return "/img/" + IconsSubdir + "/" + name }
	files := map[string]func() ([]byte, error){}
	icons := &Icons{}
	for _, size := range []int{192, 512} {
		name := fmt.Sprintf("%s-%d.png", key, size)
		files[name] = func() ([]byte, error) { return encodePNG(drawMark(size, false)) }
		icons.Any = append(icons.Any, Icon{File: addr(name), Size: size})
	}
	maskable := key + "-maskable-512.png"
	files[maskable] = func() ([]byte, error) { return encodePNG(drawMark(512, true)) }
	icons.Maskable = Icon{File: addr(maskable), Size: 512}
	apple := key + "-apple-180.png"
	files[apple] = func() ([]byte, error) { return encodePNG(drawMark(180, true)) }
	icons.AppleTouch = addr(apple)
	ico := key + "-favicon.ico"
	files[ico] = func() ([]byte, error) { return encodeICO(16, 32, 48) }
	icons.Favicon = addr(ico)
	for name, draw := range files {
		p := filepath.Join(dir, name)
		if _, err := os.Stat(p); err == nil {
			continue
		}
		data, err := drawnOnce(name, draw)
		if err != nil {
			return nil, err
		}
		if err := fsutil.WriteFileAtomic(p, data, 0o644); err != nil {
			return nil, err
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		n := e.Name()
		if _, ok := files[n]; !ok && iconName.MatchString(n) {
			if err := os.Remove(filepath.Join(dir, n)); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return nil, err
			}
		}
	}
	data, err := json.MarshalIndent(icons, "", "  ")
	if err != nil {
		return nil, err
	}
	data = append(data, '\n')
	if old, err := os.ReadFile(manifest); err != nil || !bytes.Equal(old, data) {
		if err := os.MkdirAll(filepath.Dir(manifest), 0o755); err != nil {
			return nil, err
		}
		if err := fsutil.WriteFileAtomic(manifest, data, 0o644); err != nil {
			return nil, err
		}
	}
	return icons, nil
}

// drawMark draws the mark on a size×size canvas. fullBleed fills the whole
// square with the primary colour and shrinks the shapes into the central
// 80% (a maskable icon's safe zone; iOS rounds its own corners); otherwise
// the square has the SVG's rounded corners and transparent outside.
func drawMark(size int, fullBleed bool) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	s := float64(size) / 64
	// Shapes in the SVG's units, scaled about the centre when full bleed.
	scale, off := s, 0.0
	if fullBleed {
		scale = s * 0.8
		off = float64(size) * 0.1
	}
	const ss = 4 // supersampling per axis
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			var r, g, b, a float64
			for j := 0; j < ss; j++ {
				for i := 0; i < ss; i++ {
					px := float64(x) + (float64(i)+0.5)/ss
					py := float64(y) + (float64(j)+0.5)/ss
					// Shape coordinates in SVG units.
					ux, uy := (px-off)/scale, (py-off)/scale
					var c color.NRGBA
					inside := fullBleed || inRoundRect(px/s, py/s, 0, 0, 64, 64, 14)
					if !inside {
						continue
					}
					c = primary
					switch {
					case math.Hypot(ux-25, uy-32) <= 11:
						c = background
					case inRoundRect(ux, uy, 38, 21, 11, 22, 3):
						c = markAccent
					}
					r += float64(c.R)
					g += float64(c.G)
					b += float64(c.B)
					a++
				}
			}
			if a == 0 {
				continue
			}
			img.SetNRGBA(x, y, color.NRGBA{
				R: uint8(math.Round(r / a)), G: uint8(math.Round(g / a)), B: uint8(math.Round(b / a)),
				A: uint8(math.Round(a / (ss * ss) * 255)),
			})
		}
	}
	return img
}

// drawn keeps, per process, each icon file's bytes by name: the drawing
// never changes within a version (the name carries it), so a process that
// makes the icons into several folders (the pipeline's tests build a dozen
// sites; under the race detector each drawing took over a second of CPU)
// draws them once.
var drawn struct {
	sync.Mutex
	files map[string][]byte
}

func drawnOnce(name string, draw func() ([]byte, error)) ([]byte, error) {
	drawn.Lock()
	defer drawn.Unlock()
	if data, ok := drawn.files[name]; ok {
		return data, nil
	}
	data, err := draw()
	if err != nil {
		return nil, err
	}
	if drawn.files == nil {
		drawn.files = map[string][]byte{}
	}
	drawn.files[name] = data
	return data, nil
}

// inRoundRect reports whether (x, y) is inside the rectangle at (rx, ry) of
// size w×h with corner radius rad.
func inRoundRect(x, y, rx, ry, w, h, rad float64) bool {
	if x < rx || y < ry || x > rx+w || y > ry+h {
		return false
	}
	cx := math.Max(rx+rad, math.Min(x, rx+w-rad))
	cy := math.Max(ry+rad, math.Min(y, ry+h-rad))
	return math.Hypot(x-cx, y-cy) <= rad
}

func encodePNG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// encodeICO writes an ICO file holding the mark at each size as a PNG
// image (supported by every browser that reads /favicon.ico).
func encodeICO(sizes ...int) ([]byte, error) {
	var images [][]byte
	for _, s := range sizes {
		data, err := encodePNG(drawMark(s, false))
		if err != nil {
			return nil, err
		}
		images = append(images, data)
	}
	var buf bytes.Buffer
	le := binary.LittleEndian
	// ICONDIR: reserved, type 1 (icon), count.
	_ = binary.Write(&buf, le, [3]uint16{0, 1, uint16(len(sizes))})
	offset := 6 + 16*len(sizes)
	for i, s := range sizes {
		dim := uint8(s)
		if s >= 256 {
			dim = 0
		}
		// ICONDIRENTRY: width, height, colours, reserved, planes, bit count,
		// bytes, offset.
		buf.Write([]byte{dim, dim, 0, 0})
		_ = binary.Write(&buf, le, [2]uint16{1, 32})
		_ = binary.Write(&buf, le, [2]uint32{uint32(len(images[i])), uint32(offset)})
		offset += len(images[i])
	}
	for _, data := range images {
		buf.Write(data)
	}
	return buf.Bytes(), nil
}
