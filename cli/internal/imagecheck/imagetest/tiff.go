package imagetest

import "encoding/binary"

// TIFF field types used by the records made here.
const (
	TypeASCII     = 2
	TypeLong      = 4
	TypeUndefined = 7
)

// Field is one IFD entry of a record made by Record: its value is Data
// (inline when at most 4 bytes, else placed after the IFD), or, when Sub is
// set, the offset of the IFD Sub (its Count, for a maker note of type
// TypeUndefined, the size of that IFD with its data).
type Field struct {
	Tag, Type uint16
	Count     uint32
	Data      []byte
	Sub       []Field
}

// ASCII is a text field, NUL-terminated as EXIF writes it.
func ASCII(tag uint16, s string) Field {
	return Field{Tag: tag, Type: TypeASCII, Count: uint32(len(s) + 1), Data: append([]byte(s), 0)}
}

// Record is a little-endian EXIF record (the TIFF structure after
// "Exif\0\0") with IFD0 of the fields given, as Canon's cameras write it:
// each sub-IFD (the Exif IFD, a maker note) after the IFD that points to
// it, every offset counted from the record's start.
func Record(ifd0 []Field) []byte {
	out := []byte("II\x2A\x00\x08\x00\x00\x00")
	return append(out, ifdBytes(ifd0, 8)...)
}

func ifdBytes(fields []Field, base uint32) []byte {
	le := binary.LittleEndian
	head := uint32(2 + 12*len(fields) + 4)
	var tail []byte
	b := le.AppendUint16(nil, uint16(len(fields)))
	for _, f := range fields {
		count, value := f.Count, make([]byte, 4)
		switch {
		case f.Sub != nil:
			off := base + head + uint32(len(tail))
			sub := ifdBytes(f.Sub, off)
			if f.Type == TypeUndefined {
				count = uint32(len(sub))
			}
			le.PutUint32(value, off)
			tail = append(tail, sub...)
		case len(f.Data) > 4:
			le.PutUint32(value, base+head+uint32(len(tail)))
			tail = append(tail, f.Data...)
			if len(tail)%2 == 1 {
				tail = append(tail, 0)
			}
		default:
			copy(value, f.Data)
		}
		b = le.AppendUint16(b, f.Tag)
		b = le.AppendUint16(b, f.Type)
		b = le.AppendUint32(b, count)
		b = append(b, value...)
	}
	b = le.AppendUint32(b, 0)
	return append(b, tail...)
}

// CanonRecord is the EXIF record of an older Canon camera: make and
// model, an Exif IFD with no LensModel unless exifLens is given, and a
// Canon maker note holding the body's serial number (tag 0x000C) and, when
// noteLens is given, the lens's name (tag 0x0095).
func CanonRecord(model, exifLens, noteLens string) []byte {
	note := []Field{{Tag: 0x000C, Type: TypeLong, Count: 1, Data: binary.LittleEndian.AppendUint32(nil, 1234567890)}}
	if noteLens != "" {
		note = append(note, ASCII(0x0095, noteLens))
	}
	exif := []Field{ASCII(0x9003, "2009:06:13 10:20:30"), {Tag: 0x927C, Type: TypeUndefined, Sub: note}}
	if exifLens != "" {
		exif = append(exif, ASCII(0xA434, exifLens))
	}
	return Record([]Field{ASCII(0x010F, "Canon"), ASCII(0x0110, model), {Tag: 0x8769, Type: TypeLong, Count: 1, Sub: exif}})
}
