package photofacts

import (
	"encoding/binary"
	"slices"
)

// TIFF field types.
const (
	typeASCII    = 2
	typeShort    = 3
	typeLong     = 4
	typeRational = 5
)

// entry is one IFD entry, its value in big-endian bytes.
type entry struct {
	tag, typ uint16
	count    uint32
	value    []byte
}

var be = binary.BigEndian

func ascii(tag uint16, s string) entry {
	return entry{tag, typeASCII, uint32(len(s) + 1), append([]byte(s), 0)}
}

func short(tag uint16, v uint16) entry {
	return entry{tag, typeShort, 1, be.AppendUint16(nil, v)}
}

func rat(tag uint16, r Rational) entry {
	return entry{tag, typeRational, 1, be.AppendUint32(be.AppendUint32(nil, r.Num), r.Den)}
}

// Record is a minimal EXIF record (the TIFF structure an APP1 "Exif\0\0"
// segment holds) with the orientation, when it is not 1, and the facts:
// nothing else a camera wrote. Nil when there is nothing to write.
func Record(f Facts, orientation int) []byte { return RecordOwned(f, orientation, Owner{}) }

// Owner is who made a photo and who holds its rights, as its EXIF record
// says (IFD0's Artist and Copyright): what an original offered to a
// client for download keeps (decision 0099).
type Owner struct{ Artist, Copyright string }

// RecordOwned is Record with the owner's Artist and Copyright too.
func RecordOwned(f Facts, orientation int, o Owner) []byte {
	var ifd0, sub []entry
	if o.Artist != "" {
		ifd0 = append(ifd0, ascii(0x013B, o.Artist))
	}
	if o.Copyright != "" {
		ifd0 = append(ifd0, ascii(0x8298, o.Copyright))
	}
	if f.Make != "" {
		ifd0 = append(ifd0, ascii(0x010F, f.Make))
	}
	if f.Model != "" {
		ifd0 = append(ifd0, ascii(0x0110, f.Model))
	}
	if orientation > 1 && orientation <= 8 {
		ifd0 = append(ifd0, short(0x0112, uint16(orientation)))
	}
	if f.ExposureTime.Den != 0 {
		sub = append(sub, rat(0x829A, f.ExposureTime))
	}
	if f.FNumber.Den != 0 {
		sub = append(sub, rat(0x829D, f.FNumber))
	}
	if f.ISO != 0 {
		sub = append(sub, short(0x8827, f.ISO))
	}
	if f.DateTimeOriginal != "" {
		sub = append(sub, ascii(0x9003, f.DateTimeOriginal))
	}
	if f.OffsetTimeOriginal != "" {
		sub = append(sub, ascii(0x9011, f.OffsetTimeOriginal))
	}
	if f.FocalLength.Den != 0 {
		sub = append(sub, rat(0x920A, f.FocalLength))
	}
	if f.LensModel != "" {
		sub = append(sub, ascii(0xA434, f.LensModel))
	}
	if len(ifd0) == 0 && len(sub) == 0 {
		return nil
	}
	out := []byte("MM\x00\x2A\x00\x00\x00\x08")
	if len(sub) == 0 {
		return append(out, ifd(ifd0, 8)...)
	}
	// The pointer to the Exif IFD is a value of its own: its place does
	// not change the size of IFD0.
	pointer := entry{0x8769, typeLong, 1, make([]byte, 4)}
	ifd0 = append(ifd0, pointer)
	first := ifd(ifd0, 8)
	be.PutUint32(pointer.value, uint32(8+len(first)))
	out = append(out, ifd(ifd0, 8)...)
	return append(out, ifd(sub, uint32(len(out)))...)
}

// ifd is an IFD at offset at of the TIFF structure, its entries sorted by
// tag as TIFF asks, followed by the values longer than four bytes.
func ifd(entries []entry, at uint32) []byte {
	entries = slices.Clone(entries)
	slices.SortFunc(entries, func(a, b entry) int { return int(a.tag) - int(b.tag) })
	head := be.AppendUint16(nil, uint16(len(entries)))
	dataAt := at + uint32(2+12*len(entries)+4)
	var data []byte
	for _, e := range entries {
		head = be.AppendUint16(head, e.tag)
		head = be.AppendUint16(head, e.typ)
		head = be.AppendUint32(head, e.count)
		if len(e.value) <= 4 {
			v := make([]byte, 4)
			copy(v, e.value)
			head = append(head, v...)
			continue
		}
		head = be.AppendUint32(head, dataAt+uint32(len(data)))
		data = append(data, e.value...)
		if len(data)%2 == 1 {
			data = append(data, 0) // values start on a word boundary
		}
	}
	head = be.AppendUint32(head, 0) // no next IFD
	return append(head, data...)
}
