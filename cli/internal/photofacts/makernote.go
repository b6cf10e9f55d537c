package photofacts

import (
	"bytes"
	"encoding/binary"
	"strings"
)

// Older Canon cameras (before about 2012, EXIF 2.3) write the lens's name
// only in their maker note, never in EXIF's LensModel, and bep/imagemeta
// reads no maker note (decision 72). canonLens reads that one value: tag
// 0x0095 (LensModel) of the Canon maker note, which is an IFD at the
// MakerNote's offset, its own offsets counted from the record's start like
// every other IFD's. The record is hostile input: every offset and count is
// checked against the record before it is read, IFDs of more than
// maxIFDEntries entries are refused, and no loop follows a pointer twice
// (it follows three, in order, never back).
const (
	tagExifIFD      = 0x8769
	tagMakerNote    = 0x927C
	tagCanonLens    = 0x0095
	typeUndefined   = 7
	maxIFDEntries   = 1000
	ifdEntrySize    = 12
	ifdHeaderSize   = 2
	tiffHeaderBytes = 8
)

// canonLens returns the lens model of a Canon camera's maker note in the
// EXIF record tiff (the TIFF structure after "Exif\0\0"), or "".
func canonLens(tiff []byte) string {
	if len(tiff) < tiffHeaderBytes {
		return ""
	}
	var bo binary.ByteOrder
	switch string(tiff[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return ""
	}
	if bo.Uint16(tiff[2:]) != 42 {
		return ""
	}
	exif, ok := ifdEntry(tiff, bo, bo.Uint32(tiff[4:]), tagExifIFD)
	if !ok || exif.count != 1 || (exif.typ != typeLong && exif.typ != 13) { // 13: IFD
		return ""
	}
	note, ok := ifdEntry(tiff, bo, exif.value, tagMakerNote)
	if !ok || note.typ != typeUndefined || note.count <= 4 || !within(tiff, note.value, note.count) {
		return ""
	}
	lens, ok := ifdEntry(tiff, bo, note.value, tagCanonLens)
	if !ok || lens.typ != typeASCII || lens.count == 0 || lens.count > maxValue {
		return ""
	}
	var raw []byte
	if lens.count <= 4 {
		raw = lens.inline[:lens.count]
	} else {
		if !within(tiff, lens.value, lens.count) {
			return ""
		}
		raw = tiff[lens.value : lens.value+lens.count]
	}
	if i := bytes.IndexByte(raw, 0); i >= 0 {
		raw = raw[:i]
	}
	return text(strings.ToValidUTF8(string(raw), "\uFFFD"))
}

// rawEntry is an IFD entry as read: value is the value-or-offset field,
// inline its four bytes.
type rawEntry struct {
	typ          uint16
	count, value uint32
	inline       [4]byte
}

// ifdEntry finds tag in the IFD at offset off of tiff.
func ifdEntry(tiff []byte, bo binary.ByteOrder, off uint32, tag uint16) (rawEntry, bool) {
	if !within(tiff, off, ifdHeaderSize) {
		return rawEntry{}, false
	}
	n := uint32(bo.Uint16(tiff[off:]))
	if n > maxIFDEntries || !within(tiff, off+ifdHeaderSize, n*ifdEntrySize) {
		return rawEntry{}, false
	}
	for i := range n {
		e := tiff[off+ifdHeaderSize+i*ifdEntrySize:][:ifdEntrySize]
		if bo.Uint16(e) != tag {
			continue
		}
		r := rawEntry{typ: bo.Uint16(e[2:]), count: bo.Uint32(e[4:]), value: bo.Uint32(e[8:])}
		copy(r.inline[:], e[8:12])
		return r, true
	}
	return rawEntry{}, false
}

// within says whether the n bytes at off are inside b, without overflow.
func within(b []byte, off, n uint32) bool {
	return uint64(off)+uint64(n) <= uint64(len(b))
}

// isCanon says whether the make is Canon's ("Canon").
func isCanon(mk string) bool { return strings.HasPrefix(strings.ToLower(mk), "canon") }

// jpegExif returns the EXIF record of the JPEG head data (the TIFF
// structure of its first APP1 "Exif\0\0" segment), or nil. Only the
// segments before the image data are walked, each length checked.
func jpegExif(data []byte) []byte {
	if len(data) < 4 || data[0] != 0xFF || data[1] != 0xD8 {
		return nil
	}
	for i := 2; i+4 <= len(data); {
		if data[i] != 0xFF {
			return nil
		}
		marker := data[i+1]
		if marker == 0xFF { // fill byte
			i++
			continue
		}
		if marker == 0xDA || marker == 0xD9 { // image data, or the end
			return nil
		}
		length := int(binary.BigEndian.Uint16(data[i+2:]))
		if length < 2 || i+2+length > len(data) {
			return nil
		}
		body := data[i+4 : i+2+length]
		if marker == 0xE1 && bytes.HasPrefix(body, []byte("Exif\x00\x00")) {
			return body[6:]
		}
		i += 2 + length
	}
	return nil
}

// withMakerNoteLens fills in a Canon's lens from its maker note when the
// EXIF record has none: the record is read only then.
func withMakerNoteLens(f Facts, record func() []byte) Facts {
	if f.LensModel == "" && isCanon(f.Make) {
		if rec := record(); rec != nil {
			f.LensModel = canonLens(rec)
		}
	}
	return f
}
