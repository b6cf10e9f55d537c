// Package tiffifd reads the image file directories (IFDs) of a TIFF
// structure, as an EXIF record holds one: the byte order, the entries of
// one IFD and a walk into the sub-IFDs its entries point at.
//
// The structure is hostile input. Every offset and count is checked
// against the structure before it is read (without overflow), an IFD's
// entry count is capped, and a walk goes at most a fixed number of levels
// deep, so a loop of offsets pointing back ends. The caps are the caller's
// (Bounds): the readers of EXIF differ in how much they read, and each
// keeps its own.
package tiffifd

import (
	"encoding/binary"
	"iter"
)

const (
	headerSize = 8  // byte order, 42, the offset of IFD0
	countSize  = 2  // an IFD starts with its entry count
	entrySize  = 12 // tag, type, count, value or offset
)

// Reader reads the TIFF structure it was opened on.
type Reader struct {
	tiff []byte
	// Order is the structure's byte order ("II": little-endian, "MM":
	// big-endian).
	Order binary.ByteOrder
}

// Open reads the byte order of the TIFF structure tiff; ok is false when
// tiff is shorter than a TIFF header or names neither byte order.
func Open(tiff []byte) (r Reader, ok bool) {
	if len(tiff) < headerSize {
		return Reader{}, false
	}
	switch string(tiff[:2]) {
	case "II":
		return Reader{tiff: tiff, Order: binary.LittleEndian}, true
	case "MM":
		return Reader{tiff: tiff, Order: binary.BigEndian}, true
	}
	return Reader{}, false
}

// Magic says whether the header holds TIFF's number, 42.
func (r Reader) Magic() bool { return r.Order.Uint16(r.tiff[2:]) == 42 }

// First is the offset of the first IFD (IFD0), as the header gives it.
func (r Reader) First() uint32 { return r.Order.Uint32(r.tiff[4:]) }

// Entry is an IFD entry as read: Value is its value-or-offset field,
// Inline the same four bytes.
type Entry struct {
	Tag, Type    uint16
	Count, Value uint32
	Inline       [4]byte
}

// Bounds are a caller's caps on what it reads of an IFD.
type Bounds struct {
	// MinOffset: an IFD starting before it is not read (8 keeps IFDs out
	// of the header).
	MinOffset uint32
	// MaxEntries caps the entries read of one IFD.
	MaxEntries int
	// Whole: an IFD that claims more than MaxEntries entries, or whose
	// entries run past the end of the structure, is not read at all.
	// Otherwise the first MaxEntries entries that fit are read.
	Whole bool
	// MaxDepth is how many levels of sub-IFDs below the first a Walk
	// follows.
	MaxDepth int
}

// Entries yields the entries of the IFD at offset off, within b.
func (r Reader) Entries(off uint32, b Bounds) iter.Seq[Entry] {
	return func(yield func(Entry) bool) {
		n := r.count(off, b)
		for k := range n {
			e := r.tiff[uint64(off)+countSize+uint64(k)*entrySize:][:entrySize]
			x := Entry{Tag: r.Order.Uint16(e), Type: r.Order.Uint16(e[2:]), Count: r.Order.Uint32(e[4:]), Value: r.Order.Uint32(e[8:])}
			copy(x.Inline[:], e[8:])
			if !yield(x) {
				return
			}
		}
	}
}

// count is how many entries of the IFD at off are read within b.
func (r Reader) count(off uint32, b Bounds) int {
	if off < b.MinOffset || !r.Within(off, countSize) {
		return 0
	}
	claimed := int(r.Order.Uint16(r.tiff[off:]))
	fit := (len(r.tiff) - int(off) - countSize) / entrySize
	if b.Whole && (claimed > b.MaxEntries || claimed > fit) {
		return 0
	}
	return min(claimed, b.MaxEntries, fit)
}

// Find returns the first entry of the IFD at off with the tag tag.
func (r Reader) Find(off uint32, b Bounds, tag uint16) (Entry, bool) {
	for e := range r.Entries(off, b) {
		if e.Tag == tag {
			return e, true
		}
	}
	return Entry{}, false
}

// Walk calls visit with each entry of the IFD at off and, up to
// b.MaxDepth levels below it, of each sub-IFD whose offset is an entry's
// Value for which visit returned true. depth is 0 in the first IFD; in is
// the tag of the entry that led to the IFD (0 in the first). Each IFD is
// walked once, however many entries point at it: a hostile record whose
// entries all point back at their own IFD costs its entries, not entries
// to the power of the depth.
func (r Reader) Walk(off uint32, b Bounds, visit func(in uint16, depth int, e Entry) (follow bool)) {
	r.walk(off, b, 0, 0, visit, map[uint32]bool{})
}

func (r Reader) walk(off uint32, b Bounds, in uint16, depth int, visit func(uint16, int, Entry) bool, walked map[uint32]bool) {
	if depth > b.MaxDepth || walked[off] {
		return
	}
	walked[off] = true
	for e := range r.Entries(off, b) {
		if visit(in, depth, e) {
			r.walk(e.Value, b, e.Tag, depth+1, visit, walked)
		}
	}
}

// Within says whether the n bytes at off are inside the structure,
// without overflow.
func (r Reader) Within(off, n uint32) bool {
	return uint64(off)+uint64(n) <= uint64(len(r.tiff))
}

// Bytes returns the n bytes at off, or nil when they are not all inside
// the structure.
func (r Reader) Bytes(off, n uint32) []byte {
	if !r.Within(off, n) {
		return nil
	}
	return r.tiff[off : uint64(off)+uint64(n)]
}
