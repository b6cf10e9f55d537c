package tiffifd

import (
	"encoding/binary"
	"fmt"
	"slices"
	"testing"
)

// entry is an IFD entry to write: tag and value (type LONG, count 1).
type entry struct {
	tag   uint16
	value uint32
}

// build writes a TIFF structure of size bytes in the byte order bo: the
// header, IFD0 at first, then each IFD of ifds at the offset its key gives
// (cut off at size).
func build(bo binary.ByteOrder, size int, first uint32, ifds map[uint32][]entry) []byte {
	b := make([]byte, max(size, 1024))
	if bo == binary.LittleEndian {
		copy(b, "II")
	} else {
		copy(b, "MM")
	}
	bo.PutUint16(b[2:], 42)
	bo.PutUint32(b[4:], first)
	// IFDs that overlap would be written in the map's random order: a
	// test's layout must keep them apart.
	for off, es := range ifds {
		for other, os := range ifds {
			if off < other && int(off)+2+12*len(es) > int(other) || other < off && int(other)+2+12*len(os) > int(off) {
				panic(fmt.Sprintf("build: the IFDs at %d and %d overlap", off, other))
			}
		}
	}
	for off, es := range ifds {
		bo.PutUint16(b[off:], uint16(len(es)))
		for k, e := range es {
			at := int(off) + 2 + 12*k
			bo.PutUint16(b[at:], e.tag)
			bo.PutUint16(b[at+2:], 4)
			bo.PutUint32(b[at+4:], 1)
			bo.PutUint32(b[at+8:], e.value)
		}
	}
	return b[:size]
}

func tags(r Reader, off uint32, b Bounds) []uint16 {
	var got []uint16
	for e := range r.Entries(off, b) {
		got = append(got, e.Tag)
	}
	return got
}

func TestOpen(t *testing.T) {
	for _, tc := range []struct {
		name  string
		tiff  []byte
		ok    bool
		order binary.ByteOrder
		magic bool
	}{
		{"empty", nil, false, nil, false},
		{"truncated header", []byte("II*\x00\x08\x00\x00"), false, nil, false},
		{"little-endian", []byte("II*\x00\x08\x00\x00\x00"), true, binary.LittleEndian, true},
		{"big-endian", []byte("MM\x00*\x00\x00\x00\x08"), true, binary.BigEndian, true},
		{"no TIFF number", []byte("MM\x00+\x00\x00\x00\x08"), true, binary.BigEndian, false},
		{"unknown byte order", []byte("IM*\x00\x08\x00\x00\x00"), false, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, ok := Open(tc.tiff)
			if ok != tc.ok {
				t.Fatalf("ok %v, want %v", ok, tc.ok)
			}
			if !ok {
				return
			}
			if r.Order != tc.order || r.Magic() != tc.magic || r.First() != 8 {
				t.Errorf("order %v magic %v first %d, want %v %v 8", r.Order, r.Magic(), r.First(), tc.order, tc.magic)
			}
		})
	}
}

func TestEntries(t *testing.T) {
	le := binary.LittleEndian
	three := []entry{{1, 0}, {2, 0}, {3, 0}}
	lenient := Bounds{MinOffset: 8, MaxEntries: 500}
	whole := Bounds{MaxEntries: 1000, Whole: true}
	past := build(le, 8+2+12*3, 8, map[uint32][]entry{8: three})
	le.PutUint16(past[8:], 9) // claims 9, 3 fit
	for _, tc := range []struct {
		name string
		tiff []byte
		off  uint32
		b    Bounds
		want []uint16
	}{
		{"all entries", build(le, 64, 8, map[uint32][]entry{8: three}), 8, lenient, []uint16{1, 2, 3}},
		{"big-endian", build(binary.BigEndian, 64, 8, map[uint32][]entry{8: three}), 8, lenient, []uint16{1, 2, 3}},
		{"capped", build(le, 64, 8, map[uint32][]entry{8: three}), 8, Bounds{MaxEntries: 2}, []uint16{1, 2}},
		{"over the cap, whole", build(le, 64, 8, map[uint32][]entry{8: three}), 8, Bounds{MaxEntries: 2, Whole: true}, nil},
		{"last entry cut short", build(le, 8+2+12*3-1, 8, map[uint32][]entry{8: three}), 8, lenient, []uint16{1, 2}},
		{"last entry cut short, whole", build(le, 8+2+12*3-1, 8, map[uint32][]entry{8: three}), 8, whole, nil},
		{"count past the end", past, 8, lenient, []uint16{1, 2, 3}},
		{"count past the end, whole", past, 8, whole, nil},
		{"count cut short", build(le, 9, 8, nil), 8, lenient, nil},
		{"offset past the end", build(le, 64, 8, nil), 64, lenient, nil},
		{"offset at the top", build(le, 64, 8, nil), 0xFFFFFFFF, whole, nil},
		{"offset in the header", build(le, 64, 8, map[uint32][]entry{8: three}), 2, lenient, nil},
		{"offset in the header, no minimum", build(le, 64, 8, nil), 2, Bounds{MaxEntries: 1000}, []uint16{8, 0, 0, 0, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, ok := Open(tc.tiff)
			if !ok {
				t.Fatal("not opened")
			}
			if got := tags(r, tc.off, tc.b); !slices.Equal(got, tc.want) {
				t.Errorf("tags %v, want %v", got, tc.want)
			}
		})
	}
}

func TestFind(t *testing.T) {
	le := binary.LittleEndian
	r, _ := Open(build(le, 64, 8, map[uint32][]entry{8: {{5, 7}, {6, 70000}, {6, 9}}}))
	b := Bounds{MinOffset: 8, MaxEntries: 500}
	e, ok := r.Find(8, b, 6)
	if !ok || e.Value != 70000 || e.Type != 4 || e.Count != 1 || le.Uint32(e.Inline[:]) != 70000 {
		t.Errorf("Find 6: %+v %v, want the first, of value 70000", e, ok)
	}
	if _, ok := r.Find(8, b, 4); ok {
		t.Error("Find 4: found, want none")
	}
	if _, ok := r.Find(8, Bounds{MinOffset: 8, MaxEntries: 1}, 6); ok {
		t.Error("Find 6 past the cap: found, want none")
	}
}

// step is one visit of a walk.
type step struct {
	in    uint16
	depth int
	tag   uint16
}

func TestWalk(t *testing.T) {
	le := binary.LittleEndian
	b := Bounds{MinOffset: 8, MaxEntries: 500, MaxDepth: 2}
	follow := func(e Entry) bool { return e.Tag >= 0x8000 }
	for _, tc := range []struct {
		name string
		tiff []byte
		want []step
	}{
		{"sub-IFDs in order", build(le, 128, 8, map[uint32][]entry{
			8:   {{1, 0}, {0x8769, 60}, {2, 0}},
			60:  {{3, 0}, {0x8825, 100}},
			100: {{4, 0}},
		}), []step{{0, 0, 1}, {0, 0, 0x8769}, {0x8769, 1, 3}, {0x8769, 1, 0x8825}, {0x8825, 2, 4}, {0, 0, 2}}},
		{"too deep", build(le, 128, 8, map[uint32][]entry{
			8:  {{0x8001, 30}},
			30: {{0x8002, 50}},
			50: {{0x8003, 70}},
			70: {{9, 0}},
		}), []step{{0, 0, 0x8001}, {0x8001, 1, 0x8002}, {0x8002, 2, 0x8003}}},
		{"a loop back to itself is walked once", build(le, 64, 8, map[uint32][]entry{
			8: {{0x8769, 8}},
		}), []step{{0, 0, 0x8769}}},
		{"a sub-IFD past the end or backwards into the header", build(le, 64, 8, map[uint32][]entry{
			8: {{0x8769, 1000}, {0x8825, 4}},
		}), []step{{0, 0, 0x8769}, {0, 0, 0x8825}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, _ := Open(tc.tiff)
			var got []step
			r.Walk(r.First(), b, func(in uint16, depth int, e Entry) bool {
				got = append(got, step{in, depth, e.Tag})
				return follow(e)
			})
			if !slices.Equal(got, tc.want) {
				t.Errorf("walk %v, want %v", got, tc.want)
			}
		})
	}
}

func TestBytes(t *testing.T) {
	r, _ := Open([]byte("II*\x00\x08\x00\x00\x00abcd"))
	for _, tc := range []struct {
		off, n uint32
		want   string
		ok     bool
	}{
		{8, 4, "abcd", true},
		{8, 5, "", false},
		{12, 0, "", true},
		{0xFFFFFFFF, 2, "", false},
		{2, 0xFFFFFFFF, "", false},
	} {
		got := r.Bytes(tc.off, tc.n)
		if string(got) != tc.want || r.Within(tc.off, tc.n) != tc.ok || (got == nil) == tc.ok {
			t.Errorf("Bytes(%d, %d) = %q, Within %v; want %q, %v", tc.off, tc.n, got, r.Within(tc.off, tc.n), tc.want, tc.ok)
		}
	}
}

// A hostile record whose entries all point back at their own IFD: each
// IFD is walked once, so the work is its entries, not entries to the
// power of the depth (500 such entries three levels deep were 125 million
// visits).
func TestWalkVisitsEachIFDOnce(t *testing.T) {
	const n = 60
	loop := make([]entry, n)
	for k := range loop {
		loop[k] = entry{0x8769, 8}
	}
	ifds := map[uint32][]entry{8: loop}
	r, _ := Open(build(binary.LittleEndian, 8+2+12*n+4, 8, ifds))
	visits := 0
	r.Walk(r.First(), Bounds{MinOffset: 8, MaxEntries: 500, MaxDepth: 2}, func(uint16, int, Entry) bool {
		visits++
		return true
	})
	if visits != n {
		t.Errorf("Walk visited %d entries of a %d-entry IFD that points at itself; want each IFD walked once", visits, n)
	}
}
