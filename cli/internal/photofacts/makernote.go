package photofacts

import (
	"bytes"
	"encoding/binary"
	"strings"

	"portfolio/cli/internal/tiffifd"
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
	tagExifIFD    = 0x8769
	tagMakerNote  = 0x927C
	tagCanonLens  = 0x0095
	typeUndefined = 7
)

// makerNoteBounds: an IFD of more than 1000 entries, or whose entries run
// past the record's end, is refused whole.
var makerNoteBounds = tiffifd.Bounds{MaxEntries: 1000, Whole: true}

// canonLens returns the lens model of a Canon camera's maker note in the
// EXIF record tiff (the TIFF structure after "Exif\0\0"), or "".
func canonLens(tiff []byte) string {
	r, ok := tiffifd.Open(tiff)
	if !ok || !r.Magic() {
		return ""
	}
	exif, ok := r.Find(r.First(), makerNoteBounds, tagExifIFD)
	if !ok || exif.Count != 1 || (exif.Type != typeLong && exif.Type != 13) { // 13: IFD
		return ""
	}
	note, ok := r.Find(exif.Value, makerNoteBounds, tagMakerNote)
	if !ok || note.Type != typeUndefined || note.Count <= 4 || !r.Within(note.Value, note.Count) {
		return ""
	}
	lens, ok := r.Find(note.Value, makerNoteBounds, tagCanonLens)
	if !ok || lens.Type != typeASCII || lens.Count == 0 || lens.Count > maxValue {
		return ""
	}
	var raw []byte
	if lens.Count <= 4 {
		raw = lens.Inline[:lens.Count]
	} else if raw = r.Bytes(lens.Value, lens.Count); raw == nil {
		return ""
	}
	if i := bytes.IndexByte(raw, 0); i >= 0 {
		raw = raw[:i]
	}
	return text(strings.ToValidUTF8(string(raw), "\uFFFD"))
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
