package tiffifd

import (
	"encoding/binary"
	"testing"
)

// FuzzWalk: any bytes, read with either caller's bounds, never panic, never
// yield more entries than the cap or than fit, and a walk that follows every
// entry ends within its depth.
func FuzzWalk(f *testing.F) {
	le := binary.LittleEndian
	f.Add(build(le, 128, 8, map[uint32][]entry{8: {{0x8769, 40}, {1, 0}}, 40: {{0x8825, 8}}}), uint32(8))
	f.Add(build(binary.BigEndian, 40, 8, map[uint32][]entry{8: {{0x8769, 8}}}), uint32(0xFFFFFFF0))
	f.Add([]byte("II*\x00\xff\xff\xff\xff"), uint32(2))
	f.Add([]byte("MM\x00*\x00\x00\x00\x08\xff\xff"), uint32(8))
	f.Fuzz(func(t *testing.T, tiff []byte, off uint32) {
		r, ok := Open(tiff)
		if !ok {
			return
		}
		for _, b := range []Bounds{
			{MinOffset: 8, MaxEntries: 500, MaxDepth: 2},
			{MaxEntries: 1000, Whole: true},
			{MinOffset: 8, MaxEntries: 65535},
		} {
			n := 0
			for range r.Entries(off, b) {
				n++
			}
			if n > b.MaxEntries || 2+12*n > len(tiff) {
				t.Fatalf("%d entries at %d of %d bytes, cap %d", n, off, len(tiff), b.MaxEntries)
			}
			visits, deepest := 0, 0
			r.Walk(r.First(), b, func(_ uint16, depth int, _ Entry) bool {
				visits++
				deepest = max(deepest, depth)
				return visits < 100000
			})
			if deepest > b.MaxDepth {
				t.Fatalf("walked %d levels deep, cap %d", deepest, b.MaxDepth)
			}
			r.Find(off, b, 0x0112)
		}
	})
}
