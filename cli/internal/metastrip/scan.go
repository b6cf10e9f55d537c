package metastrip

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"portfolio/cli/internal/tiffifd"
)

// What Scan names: what says where a photo was taken or which camera took
// it. Maker notes are named too: cameras keep their serial number there.
const (
	GPSPosition  = "GPS position"
	CameraSerial = "camera serial number"
	LensSerial   = "lens serial number"
	OwnerName    = "camera owner's name"
	MakerNotes   = "maker notes (cameras keep their serial number there)"
)

// Bounds of a scan: it reads segment and chunk headers, and the bodies of
// the metadata records only, so a scan of 2,000 photos reads kilobytes of
// each, never its pixels.
const (
	maxSegments = 512     // JPEG segments before the image data
	maxChunks   = 100_000 // PNG chunks (an encoder may write many IDATs)
	maxRecord   = 1 << 20 // one EXIF or XMP record read whole
)

// ScanFile names the private metadata the image file at path carries
// (GPSPosition, CameraSerial…, each once), reading only its metadata. A
// file that is not a JPEG, PNG or WebP image carries none it knows of.
func ScanFile(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	return Scan(f, fi.Size())
}

// order is the order Scan names things in.
var order = []string{GPSPosition, CameraSerial, LensSerial, OwnerName, MakerNotes}

// Scan is ScanFile over r, of size bytes.
func Scan(r io.ReaderAt, size int64) ([]string, error) {
	found, err := scan(r, size)
	slices.SortFunc(found, func(a, b string) int { return slices.Index(order, a) - slices.Index(order, b) })
	return found, err
}

func scan(r io.ReaderAt, size int64) ([]string, error) {
	head := make([]byte, 12)
	n, _ := r.ReadAt(head, 0)
	head = head[:n]
	switch {
	case bytes.HasPrefix(head, []byte{0xFF, 0xD8}):
		return scanJPEG(r, size)
	case bytes.HasPrefix(head, pngSignature):
		return scanPNG(r, size)
	case len(head) == 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP":
		return scanWebP(r, size)
	}
	return nil, nil
}

var errTooMany = errors.New("more metadata than an image has")

// read reads n bytes at off, or fails.
func read(r io.ReaderAt, off int64, n int) ([]byte, error) {
	b := make([]byte, n)
	if _, err := r.ReadAt(b, off); err != nil {
		return nil, fmt.Errorf("the file ends inside its metadata (byte %d): %w", off, err)
	}
	return b, nil
}

func scanJPEG(r io.ReaderAt, size int64) ([]string, error) {
	var found []string
	off := int64(2)
	for range maxSegments {
		h, err := read(r, off, 4)
		if err != nil {
			return found, err
		}
		if h[0] != 0xFF {
			return found, fmt.Errorf("no JPEG marker at byte %d", off)
		}
		marker := h[1]
		if marker == 0xFF {
			off++
			continue
		}
		if marker == 0xDA || marker == 0xD9 {
			return found, nil // the image data: no metadata after it that the strip keeps
		}
		length := int64(binary.BigEndian.Uint16(h[2:]))
		if length < 2 || off+2+length > size {
			return found, fmt.Errorf("a JPEG segment at byte %d runs past the end", off)
		}
		if marker == 0xE1 {
			body, err := read(r, off+4, int(length-2))
			if err != nil {
				return found, err
			}
			switch {
			case bytes.HasPrefix(body, []byte("Exif\x00\x00")):
				found = merge(found, tiffPrivate(body[6:]))
			default:
				found = merge(found, xmpPrivate(body))
			}
		}
		off += 2 + length
	}
	return found, errTooMany
}

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

func scanPNG(r io.ReaderAt, size int64) ([]string, error) {
	var found []string
	off := int64(len(pngSignature))
	for range maxChunks {
		if off+8 > size {
			return found, nil
		}
		h, err := read(r, off, 8)
		if err != nil {
			return found, err
		}
		length, kind := int64(binary.BigEndian.Uint32(h)), string(h[4:8])
		if kind == "IEND" {
			return found, nil
		}
		if off+12+length > size {
			return found, fmt.Errorf("a PNG chunk at byte %d runs past the end", off)
		}
		if pngMetadata(kind) && length > maxRecord {
			return found, fmt.Errorf("a metadata chunk at byte %d is larger than %d bytes", off, maxRecord)
		}
		if pngMetadata(kind) {
			body, err := read(r, off+8, int(length))
			if err != nil {
				return found, err
			}
			if kind == "eXIf" {
				found = merge(found, tiffPrivate(body))
			} else if pngXMP(body) {
				found = merge(found, xmpPrivate(body))
			}
		}
		off += 12 + length
	}
	return found, errTooMany
}

// pngMetadata: the chunks that hold EXIF or XMP.
func pngMetadata(kind string) bool {
	return kind == "eXIf" || kind == "iTXt" || kind == "tEXt" || kind == "zTXt"
}

// pngXMP: a text chunk of XMP (keyword XML:com.adobe.xmp).
func pngXMP(body []byte) bool { return bytes.HasPrefix(body, []byte("XML:com.adobe.xmp\x00")) }

func scanWebP(r io.ReaderAt, size int64) ([]string, error) {
	var found []string
	off := int64(12)
	for range 64 {
		if off+8 > size {
			return found, nil
		}
		h, err := read(r, off, 8)
		if err != nil {
			return found, err
		}
		length, kind := int64(binary.LittleEndian.Uint32(h[4:])), string(h[:4])
		if off+8+length > size {
			return found, fmt.Errorf("a WebP chunk at byte %d runs past the end", off)
		}
		metadata := kind == "EXIF" || kind == "XMP "
		if metadata && length > maxRecord {
			return found, fmt.Errorf("a metadata chunk at byte %d is larger than %d bytes", off, maxRecord)
		}
		if metadata {
			body, err := read(r, off+8, int(length))
			if err != nil {
				return found, err
			}
			if kind == "EXIF" {
				found = merge(found, tiffPrivate(bytes.TrimPrefix(body, []byte("Exif\x00\x00"))))
			} else {
				found = merge(found, xmpPrivate(body))
			}
		}
		off += 8 + length + length%2
	}
	return found, errTooMany
}

// tiffPrivate names the private things in an EXIF record (a TIFF
// structure): a GPS position (latitude or longitude, not a GPS record
// that holds only its version), serial numbers, the owner's name, maker
// notes.
func tiffPrivate(tiff []byte) []string {
	r, ok := tiffifd.Open(tiff)
	if !ok {
		return nil
	}
	names := map[uint16]string{
		0xA431: CameraSerial, 0xC62F: CameraSerial, 0xA435: LensSerial, 0xA430: OwnerName, 0x927C: MakerNotes,
	}
	var found []string
	r.Walk(r.First(), exifBounds, func(in uint16, _ int, e tiffifd.Entry) bool {
		switch {
		case in == 0x8825: // in the GPS IFD
			if e.Tag >= 1 && e.Tag <= 4 { // latitude and longitude, and their N/S, E/W
				found = merge(found, []string{GPSPosition})
			}
		case e.Tag == 0x8825, e.Tag == 0x8769: // the GPS and Exif sub-IFDs
			return true
		case names[e.Tag] != "":
			found = merge(found, []string{names[e.Tag]})
		}
		return false
	})
	return found
}

// xmpPrivate names the private things in an XMP packet, by the names of
// their properties (exif:GPSLatitude, aux:SerialNumber,
// exifEX:BodySerialNumber, aux:LensSerialNumber, exifEX:CameraOwnerName…).
func xmpPrivate(xmp []byte) []string {
	var found []string
	for _, k := range []struct{ prop, name string }{
		{"GPSLatitude", GPSPosition}, {"GPSLongitude", GPSPosition},
		{"aux:SerialNumber", CameraSerial}, {"BodySerialNumber", CameraSerial},
		{"LensSerialNumber", LensSerial}, {"OwnerName", OwnerName},
	} {
		if bytes.Contains(xmp, []byte(k.prop)) {
			found = merge(found, []string{k.name})
		}
	}
	return found
}

// merge appends what of more is not in found yet.
func merge(found, more []string) []string {
	for _, m := range more {
		if !slices.Contains(found, m) {
			found = append(found, m)
		}
	}
	return found
}
