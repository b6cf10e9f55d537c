// Package imagecheck inspects image files without decoding their pixels: it
// reads the format from the first bytes, the dimensions from the header (so a
// decompression bomb is refused before anything allocates its pixels), and
// walks the file's structure to find truncation and corruption. Inspecting a
// multi-megapixel JPEG costs one read of the file and a scan of its bytes.
package imagecheck

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"portfolio/cli/internal/tiffifd"
)

// DefaultMaxPixels is the largest image accepted: 80 megapixels, more than
// any current camera sensor gives, far less than a decompression bomb claims.
const DefaultMaxPixels = 80_000_000

// FitEdge is the long edge, in pixels, that the message about a too-large
// image suggests scaling it to: what an import is shrunk to by default
// (importimage.DefaultMaxEdge is this value).
const FitEdge = 6000

// Format is an image file format.
type Format string

const (
	JPEG Format = "jpeg"
	PNG  Format = "png"
	WebP Format = "webp"
)

// Info is what the header says about an image.
type Info struct {
	Format Format
	// Width and Height are as displayed: EXIF orientation is applied.
	Width, Height int
	// Orientation is the EXIF orientation (1–8); 1 when absent.
	Orientation int
	Size        int64
}

// Pixels is the pixel count.
func (i Info) Pixels() int64 { return int64(i.Width) * int64(i.Height) }

// exceeds reports whether the image has more than max pixels, without
// overflowing on sizes a crafted header may claim.
func (i Info) exceeds(max int64) bool {
	if max <= 0 || i.Width <= 0 || i.Height <= 0 {
		return false
	}
	return int64(i.Width) > max/int64(i.Height)
}

// Problem is a defect of an image file, with a hint for its owner.
type Problem struct {
	Msg  string
	Hint string
}

func (p *Problem) Error() string { return p.Msg }

func problem(hint, format string, args ...any) *Problem {
	return &Problem{Msg: fmt.Sprintf(format, args...), Hint: hint}
}

const (
	hintReexport = "open it in an image editor and export it again, or replace the file"
)

// Extensions lists the file extensions accepted as images, in lower case.
var Extensions = []string{".jpg", ".jpeg", ".png", ".webp"}

// HasImageExt reports whether name ends in an accepted image extension, in
// any letter case.
func HasImageExt(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	for _, e := range Extensions {
		if ext == e {
			return true
		}
	}
	return false
}

func formatOfExt(name string) Format {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".jpg", ".jpeg":
		return JPEG
	case ".png":
		return PNG
	case ".webp":
		return WebP
	}
	return ""
}

// MaxFileBytes is the largest image file read whole: far above any photo a
// portfolio shows, low enough that a few files inspected at once fit in
// memory.
const MaxFileBytes = 256 << 20

// window is how much of a large JPEG File reads from each end: the marker
// segments (EXIF included) sit at the start, the end-of-image marker at the end.
const window = 128 << 10

// File inspects the image at path. Errors of type *Problem describe a defect
// of the file; other errors are I/O failures.
//
// A camera JPEG is many megabytes of entropy-coded data between a few
// kilobytes of headers and a two-byte end marker, so for a large JPEG only
// both ends are read; anything unusual falls back to reading the whole file.
func File(path string, maxPixels int64) (Info, error) {
	f, err := os.Open(path)
	if err != nil {
		return Info{}, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return Info{}, err
	}
	name := filepath.Base(path)
	size := fi.Size()
	if size > 2*window {
		head := make([]byte, window)
		if _, err := io.ReadFull(f, head); err != nil {
			return Info{}, err
		}
		if Sniff(head) == JPEG && formatOfExt(name) == JPEG {
			tail := make([]byte, window)
			if _, err := f.ReadAt(tail, size-window); err != nil {
				return Info{}, err
			}
			if info, ok := jpegEnds(head, tail, maxPixels); ok {
				info.Size = size
				return info, nil
			}
		}
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return Info{}, err
		}
	}
	if size > MaxFileBytes {
		return Info{}, problem("export it at web size (a few megabytes) before adding it",
			"the file is too large: %s, the limit is %s", megabytes(size), megabytes(MaxFileBytes))
	}
	data := make([]byte, size)
	if _, err := io.ReadFull(f, data); err != nil {
		return Info{}, err
	}
	return Bytes(name, data, maxPixels)
}

// jpegEnds inspects a JPEG from its first and last bytes. ok is false when
// that is not enough to decide (the headers run past head, or no end marker
// is in tail); the caller then reads the whole file, which also produces the
// precise error.
func jpegEnds(head, tail []byte, maxPixels int64) (Info, bool) {
	info, scanStart, err := jpegHeaders(head)
	if err != nil || scanStart > len(head) || !hasEOI(tail) {
		return Info{}, false
	}
	if info.exceeds(maxPixels) || info.Width <= 0 || info.Height <= 0 {
		return Info{}, false
	}
	info.Format = JPEG
	return info, true
}

// Bytes inspects an image held in memory; name gives the expected format by
// its extension.
func Bytes(name string, data []byte, maxPixels int64) (Info, error) {
	got := Sniff(data)
	want := formatOfExt(name)
	if got == "" {
		return Info{}, problem(hintReexport, "not an image: the file does not start like a JPEG, PNG or WebP file%s", describeStart(data))
	}
	if want != "" && got != want {
		return Info{}, problem(fmt.Sprintf("rename it to end in .%s, or export it as %s", extOf(got), strings.ToUpper(string(want))),
			"the file is %s data but its name ends in %s", strings.ToUpper(string(got)), filepath.Ext(name))
	}
	var info Info
	var err error
	switch got {
	case JPEG:
		info, err = inspectJPEG(data)
	case PNG:
		info, err = inspectPNG(data)
	case WebP:
		info, err = inspectWebP(data)
	}
	// The size limit comes first: a crafted bomb is often corrupt too, and
	// its size is the more useful thing to say.
	if info.exceeds(maxPixels) {
		return Info{}, problem(
			fmt.Sprintf("scale it down below %s (e.g. to %d px on the long edge) before adding it", megapixels(maxPixels), FitEdge),
			"the image is too large: %d×%d px (%s), the limit is %s",
			info.Width, info.Height, megapixels(info.Pixels()), megapixels(maxPixels))
	}
	if err != nil {
		return Info{}, err
	}
	info.Format = got
	info.Size = int64(len(data))
	if info.Width <= 0 || info.Height <= 0 {
		return Info{}, problem(hintReexport, "the %s header gives an empty size (%d×%d px)", strings.ToUpper(string(got)), info.Width, info.Height)
	}
	return info, nil
}

func megapixels(n int64) string {
	return fmt.Sprintf("%.1f MP", float64(n)/1e6)
}

func megabytes(n int64) string {
	return fmt.Sprintf("%.0f MB", float64(n)/(1<<20))
}

func extOf(f Format) string {
	if f == JPEG {
		return "jpg"
	}
	return string(f)
}

func describeStart(data []byte) string {
	if len(data) == 0 {
		return " (it is empty)"
	}
	n := min(len(data), 12)
	start := data[:n]
	for _, c := range start {
		if c < 0x20 && c != '\n' && c != '\r' && c != '\t' || c >= 0x7f {
			return ""
		}
	}
	return fmt.Sprintf(" (it starts with %q: a text file?)", strings.TrimSpace(string(start)))
}

// Sniff returns the format the first bytes announce, or "".
func Sniff(data []byte) Format {
	switch {
	case len(data) >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF:
		return JPEG
	case bytes.HasPrefix(data, pngSignature):
		return PNG
	case len(data) >= 12 && string(data[0:4]) == "RIFF" && string(data[8:12]) == "WEBP":
		return WebP
	}
	return ""
}

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

var errTruncated = problem(hintReexport, "the file is truncated: it ends before the image data is complete")

// inspectJPEG walks the marker segments up to the first scan, reading the
// frame size and the EXIF orientation, then checks that the entropy-coded data
// ends with an EOI marker.
func inspectJPEG(data []byte) (Info, error) {
	info, scanStart, err := jpegHeaders(data)
	if err != nil {
		return info, err
	}
	if !hasEOI(data[scanStart:]) {
		return info, errTruncated
	}
	return info, nil
}

// jpegHeaders walks the marker segments up to the start of the first scan and
// returns the offset where its entropy-coded data begins. Width and height
// have the EXIF orientation applied.
func jpegHeaders(data []byte) (info Info, scanStart int, err error) {
	info = Info{Orientation: 1}
	sawFrame := false
	i := 2
	for {
		// Markers may be preceded by any number of 0xFF fill bytes.
		for i < len(data) && data[i] == 0xFF && i+1 < len(data) && data[i+1] == 0xFF {
			i++
		}
		if i+4 > len(data) {
			return info, 0, errTruncated
		}
		if data[i] != 0xFF {
			return info, 0, problem(hintReexport, "the JPEG structure is corrupt at byte %d: expected a marker", i)
		}
		marker := data[i+1]
		if marker == 0xD8 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7) {
			i += 2 // markers without a length
			continue
		}
		if marker == 0xD9 {
			return info, 0, problem(hintReexport, "the JPEG file has no image data (it ends before the first scan)")
		}
		length := int(binary.BigEndian.Uint16(data[i+2:]))
		if length < 2 {
			return info, 0, problem(hintReexport, "the JPEG structure is corrupt at byte %d: bad segment length", i)
		}
		segEnd := i + 2 + length
		if segEnd > len(data) {
			return info, 0, errTruncated
		}
		seg := data[i+4 : segEnd]
		switch {
		case isSOF(marker):
			if len(seg) < 5 {
				return info, 0, problem(hintReexport, "the JPEG frame header is corrupt")
			}
			info.Height = int(binary.BigEndian.Uint16(seg[1:]))
			info.Width = int(binary.BigEndian.Uint16(seg[3:]))
			sawFrame = true
		case marker == 0xE1 && bytes.HasPrefix(seg, []byte("Exif\x00\x00")):
			if o := exifOrientation(seg[6:]); o >= 1 && o <= 8 {
				info.Orientation = o
			}
		case marker == 0xDA: // start of scan: entropy-coded data follows
			if !sawFrame {
				return info, 0, problem(hintReexport, "the JPEG file has no frame header before its image data")
			}
			if info.Orientation >= 5 {
				info.Width, info.Height = info.Height, info.Width
			}
			return info, segEnd, nil
		}
		i = segEnd
	}
}

func isSOF(m byte) bool {
	return m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC
}

// hasEOI reports whether the scan data ends with an end-of-image marker.
// Cameras may append bytes after it (e.g. a maker's trailer), so the last EOI
// in the file counts, not only the final two bytes.
func hasEOI(scan []byte) bool {
	return bytes.LastIndex(scan, []byte{0xFF, 0xD9}) >= 0
}

// exifOrientation reads tag 0x0112 of IFD0 from a TIFF structure.
func exifOrientation(tiff []byte) int {
	r, ok := tiffifd.Open(tiff)
	if !ok {
		return 0
	}
	// every entry that fits is read (an IFD's count is 16 bits)
	e, ok := r.Find(r.First(), tiffifd.Bounds{MinOffset: 8, MaxEntries: math.MaxUint16}, 0x0112)
	if !ok {
		return 0
	}
	return int(r.Order.Uint16(e.Inline[:]))
}

// inspectPNG walks every chunk, checking lengths and CRCs, and requires IHDR
// first and IEND last.
func inspectPNG(data []byte) (Info, error) {
	info := Info{Orientation: 1}
	i := len(pngSignature)
	first := true
	sawData := false
	for {
		if i+12 > len(data) {
			return info, errTruncated
		}
		length := int(binary.BigEndian.Uint32(data[i:]))
		typ := string(data[i+4 : i+8])
		end := i + 12 + length
		if length < 0 || end > len(data) || end < i {
			return info, errTruncated
		}
		body := data[i+8 : i+8+length]
		if crc32.ChecksumIEEE(data[i+4:i+8+length]) != binary.BigEndian.Uint32(data[i+8+length:]) {
			return info, problem(hintReexport, "the PNG file is corrupt: chunk %q at byte %d fails its checksum", typ, i)
		}
		switch {
		case first && typ != "IHDR":
			return info, problem(hintReexport, "the PNG file is corrupt: it does not start with an IHDR chunk")
		case typ == "IHDR":
			if len(body) < 8 {
				return info, problem(hintReexport, "the PNG header is corrupt")
			}
			w, h := binary.BigEndian.Uint32(body[0:]), binary.BigEndian.Uint32(body[4:])
			if w > math.MaxInt32 || h > math.MaxInt32 {
				return info, problem(hintReexport, "the PNG header is corrupt: it claims %d×%d px, beyond what PNG allows", w, h)
			}
			info.Width, info.Height = int(w), int(h)
		case typ == "IDAT":
			sawData = true
		case typ == "IEND":
			if !sawData {
				return info, problem(hintReexport, "the PNG file has no image data")
			}
			return info, nil
		}
		first = false
		i = end
	}
}

// inspectWebP checks the RIFF container's size and reads the canvas size from
// the first chunk (VP8, VP8L or VP8X).
func inspectWebP(data []byte) (Info, error) {
	info := Info{Orientation: 1}
	riffSize := int(binary.LittleEndian.Uint32(data[4:]))
	if riffSize+8 > len(data) {
		return info, errTruncated
	}
	if len(data) < 30 {
		return info, errTruncated
	}
	chunk := string(data[12:16])
	body := data[20:]
	switch chunk {
	case "VP8 ":
		// Frame tag (3 bytes), start code 9d 01 2a, then 14-bit width and height.
		if len(body) < 10 || !bytes.Equal(body[3:6], []byte{0x9d, 0x01, 0x2a}) {
			return info, problem(hintReexport, "the WebP (VP8) header is corrupt")
		}
		info.Width = int(binary.LittleEndian.Uint16(body[6:]) & 0x3fff)
		info.Height = int(binary.LittleEndian.Uint16(body[8:]) & 0x3fff)
	case "VP8L":
		if len(body) < 5 || body[0] != 0x2f {
			return info, problem(hintReexport, "the WebP (VP8L) header is corrupt")
		}
		bits := binary.LittleEndian.Uint32(body[1:])
		info.Width = int(bits&0x3fff) + 1
		info.Height = int((bits>>14)&0x3fff) + 1
	case "VP8X":
		if len(body) < 10 {
			return info, problem(hintReexport, "the WebP (VP8X) header is corrupt")
		}
		info.Width = int(uint32(body[4])|uint32(body[5])<<8|uint32(body[6])<<16) + 1
		info.Height = int(uint32(body[7])|uint32(body[8])<<8|uint32(body[9])<<16) + 1
	default:
		return info, problem(hintReexport, "the WebP file is corrupt: unknown first chunk %q", chunk)
	}
	return info, nil
}

// IsProblem reports whether err describes a defect of the file rather than a
// failure to read it.
func IsProblem(err error) (*Problem, bool) {
	var p *Problem
	ok := errors.As(err, &p)
	return p, ok
}
