package cards

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sort"

	"github.com/andybalholm/brotli"
)

// The site's fonts come from @fontsource as WOFF2 only. WOFF2 is an sfnt
// whose tables are Brotli-compressed together, with the glyf and loca tables
// usually stored in a transformed form. decodeWOFF2 rebuilds a TrueType file
// that golang.org/x/image/font/sfnt reads (W3C WOFF2, section 5).

// Bounds checked before any work, so a hostile file cannot make us allocate
// without limit.
const (
	maxWOFF2Input = 8 << 20
	maxSfntSize   = 32 << 20
	maxTables     = 256
)

var knownTags = [...]string{
	"cmap", "head", "hhea", "hmtx", "maxp", "name", "OS/2", "post", "cvt ", "fpgm", "glyf", "loca", "prep",
	"CFF ", "VORG", "EBDT", "EBLC", "gasp", "hdmx", "kern", "LTSH", "PCLT", "VDMX", "vhea", "vmtx", "BASE",
	"GDEF", "GPOS", "GSUB", "EBSC", "JSTF", "MATH", "CBDT", "CBLC", "COLR", "CPAL", "SVG ", "sbix", "acnt",
	"avar", "bdat", "bloc", "bsln", "cvar", "fdsc", "feat", "fmtx", "fvar", "gvar", "hsty", "just", "lcar",
	"mort", "morx", "opbd", "prop", "trak", "Zapf", "Silf", "Glat", "Gloc", "Feat", "Sill",
}

type woffTable struct {
	tag          string
	transform    int
	origLength   uint32
	streamLength uint32 // bytes in the decompressed stream
	data         []byte
}

var errWOFF2 = errors.New("not a valid WOFF2 font")

type reader struct {
	b   []byte
	off int
	err error
}

func (r *reader) need(n int) bool {
	if r.err != nil {
		return false
	}
	if n < 0 || len(r.b)-r.off < n {
		r.err = errWOFF2
		return false
	}
	return true
}
func (r *reader) u8() uint8 {
	if !r.need(1) {
		return 0
	}
	r.off++
	return r.b[r.off-1]
}
func (r *reader) u16() uint16 {
	if !r.need(2) {
		return 0
	}
	r.off += 2
	return binary.BigEndian.Uint16(r.b[r.off-2:])
}
func (r *reader) u32() uint32 {
	if !r.need(4) {
		return 0
	}
	r.off += 4
	return binary.BigEndian.Uint32(r.b[r.off-4:])
}
func (r *reader) bytes(n int) []byte {
	if !r.need(n) {
		return nil
	}
	r.off += n
	return r.b[r.off-n : r.off]
}

// base128 reads a UIntBase128.
func (r *reader) base128() uint32 {
	var v uint32
	for i := 0; i < 5; i++ {
		c := r.u8()
		if r.err != nil {
			return 0
		}
		if i == 0 && c == 0x80 || v&0xFE000000 != 0 {
			r.err = errWOFF2
			return 0
		}
		v = v<<7 | uint32(c&0x7f)
		if c&0x80 == 0 {
			return v
		}
	}
	r.err = errWOFF2
	return 0
}

// u255 reads a 255UInt16.
func (r *reader) u255() int {
	c := r.u8()
	switch c {
	case 253:
		return int(r.u16())
	case 254:
		return int(r.u8()) + 506
	case 255:
		return int(r.u8()) + 253
	}
	return int(c)
}

func decodeWOFF2(in []byte) ([]byte, error) {
	if len(in) > maxWOFF2Input {
		return nil, fmt.Errorf("%w: larger than %d bytes", errWOFF2, maxWOFF2Input)
	}
	r := &reader{b: in}
	if string(r.bytes(4)) != "wOF2" {
		return nil, errWOFF2
	}
	flavor := r.u32()
	if flavor == 0x74746366 { // ttcf
		return nil, fmt.Errorf("%w: font collections are not supported", errWOFF2)
	}
	r.u32() // length
	numTables := int(r.u16())
	r.u16() // reserved
	totalSfnt := r.u32()
	totalCompressed := r.u32()
	r.bytes(24) // versions, metadata and private blocks
	if r.err != nil || numTables == 0 || numTables > maxTables || totalSfnt > maxSfntSize {
		return nil, errWOFF2
	}
	tables := make([]*woffTable, numTables)
	var streamSize uint64
	for i := range tables {
		flags := r.u8()
		t := &woffTable{transform: int(flags >> 6)}
		if idx := int(flags & 0x3f); idx == 63 {
			t.tag = string(r.bytes(4))
		} else if idx < len(knownTags) {
			t.tag = knownTags[idx]
		} else {
			return nil, errWOFF2
		}
		t.origLength = r.base128()
		t.streamLength = t.origLength
		transformed := t.transform != 0
		if t.tag == "glyf" || t.tag == "loca" {
			transformed = t.transform != 3
		}
		if transformed {
			t.streamLength = r.base128()
			if t.tag != "glyf" && t.tag != "loca" {
				return nil, fmt.Errorf("%w: table %q uses an unsupported transform", errWOFF2, t.tag)
			}
		}
		if r.err != nil || t.origLength > maxSfntSize {
			return nil, errWOFF2
		}
		t.transform = map[bool]int{true: 1, false: 0}[transformed]
		streamSize += uint64(t.streamLength)
		tables[i] = t
	}
	if r.err != nil || streamSize > maxSfntSize {
		return nil, errWOFF2
	}
	compressed := r.bytes(int(totalCompressed))
	if r.err != nil {
		return nil, errWOFF2
	}
	stream, err := io.ReadAll(io.LimitReader(brotli.NewReader(bytes.NewReader(compressed)), int64(streamSize)+1))
	if err != nil || uint64(len(stream)) != streamSize {
		return nil, fmt.Errorf("%w: compressed data", errWOFF2)
	}
	off := uint32(0)
	byTag := map[string]*woffTable{}
	for _, t := range tables {
		t.data = stream[off : off+t.streamLength]
		off += t.streamLength
		byTag[t.tag] = t
	}
	if g := byTag["glyf"]; g != nil && g.transform == 1 {
		loca := byTag["loca"]
		head := byTag["head"]
		if loca == nil || head == nil || len(head.data) < 54 {
			return nil, errWOFF2
		}
		glyf, locaData, err := reconstructGlyf(g.data)
		if err != nil {
			return nil, err
		}
		g.data, loca.data = glyf, locaData
		h := append([]byte(nil), head.data...)
		binary.BigEndian.PutUint16(h[50:], 1) // long loca offsets
		head.data = h
	}
	return buildSfnt(flavor, tables), nil
}

// buildSfnt lays out the tables, sorted by tag, each 4-byte aligned.
func buildSfnt(flavor uint32, tables []*woffTable) []byte {
	sort.Slice(tables, func(i, j int) bool { return tables[i].tag < tables[j].tag })
	n := len(tables)
	es := 0
	for 1<<(es+1) <= n {
		es++
	}
	out := make([]byte, 12+16*n)
	binary.BigEndian.PutUint32(out[0:], flavor)
	binary.BigEndian.PutUint16(out[4:], uint16(n))
	binary.BigEndian.PutUint16(out[6:], uint16(16<<es))
	binary.BigEndian.PutUint16(out[8:], uint16(es))
	binary.BigEndian.PutUint16(out[10:], uint16(16*n-16<<es))
	for i, t := range tables {
		rec := out[12+16*i:]
		copy(rec, t.tag)
		binary.BigEndian.PutUint32(rec[4:], checksum(t.data))
		binary.BigEndian.PutUint32(rec[8:], uint32(len(out)))
		binary.BigEndian.PutUint32(rec[12:], uint32(len(t.data)))
		out = append(out, t.data...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	return out
}

func checksum(b []byte) uint32 {
	var s uint32
	for i := 0; i < len(b); i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		s += binary.BigEndian.Uint32(w[:])
	}
	return s
}

// reconstructGlyf turns a transformed glyf table back into glyf and a long
// loca table.
func reconstructGlyf(data []byte) (glyf, loca []byte, err error) {
	h := &reader{b: data}
	h.u16() // reserved
	options := h.u16()
	numGlyphs := int(h.u16())
	h.u16() // index format: we always write long offsets
	var sizes [7]int
	for i := range sizes {
		sizes[i] = int(h.u32())
	}
	if h.err != nil {
		return nil, nil, errWOFF2
	}
	streams := make([]*reader, 7)
	for i, n := range sizes {
		b := h.bytes(n)
		if h.err != nil {
			return nil, nil, errWOFF2
		}
		streams[i] = &reader{b: b}
	}
	if options&1 != 0 { // overlap bitmap: not needed to draw
		h.bytes((numGlyphs + 7) / 8)
	}
	nContour, nPoints, flagS, glyphS, compS, bboxS, instrS := streams[0], streams[1], streams[2], streams[3], streams[4], streams[5], streams[6]
	bitmap := bboxS.bytes(4 * ((numGlyphs + 31) / 32))
	if bboxS.err != nil {
		return nil, nil, errWOFF2
	}
	loca = make([]byte, 4*(numGlyphs+1))
	var buf []byte
	for i := 0; i < numGlyphs; i++ {
		binary.BigEndian.PutUint32(loca[4*i:], uint32(len(buf)))
		hasBBox := bitmap[i>>3]&(0x80>>(i&7)) != 0
		nc := int16(nContour.u16())
		switch {
		case nc == 0:
		case nc < 0:
			if !hasBBox {
				return nil, nil, fmt.Errorf("%w: composite glyph without a box", errWOFF2)
			}
			start := compS.off
			haveInstr := false
			for {
				flags := compS.u16()
				compS.u16() // glyph index
				n := 2
				if flags&0x0001 != 0 {
					n = 4
				}
				switch {
				case flags&0x0008 != 0:
					n += 2
				case flags&0x0040 != 0:
					n += 4
				case flags&0x0080 != 0:
					n += 8
				}
				compS.bytes(n)
				if flags&0x0100 != 0 {
					haveInstr = true
				}
				if flags&0x0020 == 0 || compS.err != nil {
					break
				}
			}
			if compS.err != nil {
				return nil, nil, errWOFF2
			}
			buf = binary.BigEndian.AppendUint16(buf, 0xFFFF)
			buf = append(buf, bboxS.bytes(8)...)
			buf = append(buf, compS.b[start:compS.off]...)
			if haveInstr {
				n := glyphS.u255()
				buf = binary.BigEndian.AppendUint16(buf, uint16(n))
				buf = append(buf, instrS.bytes(n)...)
			}
		default:
			ends := make([]int, nc)
			total := 0
			for c := range ends {
				total += nPoints.u255()
				ends[c] = total - 1
			}
			if nPoints.err != nil || total > 0xFFFF {
				return nil, nil, errWOFF2
			}
			xs, ys, on := make([]int, total), make([]int, total), make([]bool, total)
			x, y := 0, 0
			for p := 0; p < total; p++ {
				flag := int(flagS.u8())
				on[p] = flag>>7 == 0
				flag &= 0x7f
				var dx, dy int
				switch {
				case flag < 10:
					dy = withSign(flag, (flag&14)<<7+int(glyphS.u8()))
				case flag < 20:
					dx = withSign(flag, ((flag-10)&14)<<7+int(glyphS.u8()))
				case flag < 84:
					b0, b1 := flag-20, int(glyphS.u8())
					dx = withSign(flag, 1+(b0&0x30)+(b1>>4))
					dy = withSign(flag>>1, 1+((b0&0x0c)<<2)+(b1&0x0f))
				case flag < 120:
					b0 := flag - 84
					dx = withSign(flag, 1+((b0/12)<<8)+int(glyphS.u8()))
					dy = withSign(flag>>1, 1+(((b0%12)>>2)<<8)+int(glyphS.u8()))
				case flag < 124:
					b := glyphS.bytes(3)
					if b == nil {
						return nil, nil, errWOFF2
					}
					dx = withSign(flag, int(b[0])<<4+int(b[1])>>4)
					dy = withSign(flag>>1, int(b[1]&0x0f)<<8+int(b[2]))
				default:
					b := glyphS.bytes(4)
					if b == nil {
						return nil, nil, errWOFF2
					}
					dx = withSign(flag, int(b[0])<<8+int(b[1]))
					dy = withSign(flag>>1, int(b[2])<<8+int(b[3]))
				}
				if flagS.err != nil || glyphS.err != nil {
					return nil, nil, errWOFF2
				}
				x, y = x+dx, y+dy
				xs[p], ys[p] = x, y
			}
			nInstr := glyphS.u255()
			instr := instrS.bytes(nInstr)
			if flagS.err != nil || glyphS.err != nil || instrS.err != nil {
				return nil, nil, errWOFF2
			}
			buf = binary.BigEndian.AppendUint16(buf, uint16(nc))
			if hasBBox {
				buf = append(buf, bboxS.bytes(8)...)
			} else {
				minX, minY, maxX, maxY := 0, 0, 0, 0
				for p := range xs {
					if p == 0 || xs[p] < minX {
						minX = xs[p]
					}
					if p == 0 || xs[p] > maxX {
						maxX = xs[p]
					}
					if p == 0 || ys[p] < minY {
						minY = ys[p]
					}
					if p == 0 || ys[p] > maxY {
						maxY = ys[p]
					}
				}
				for _, v := range []int{minX, minY, maxX, maxY} {
					buf = binary.BigEndian.AppendUint16(buf, uint16(int16(v)))
				}
			}
			for _, e := range ends {
				buf = binary.BigEndian.AppendUint16(buf, uint16(e))
			}
			buf = binary.BigEndian.AppendUint16(buf, uint16(nInstr))
			buf = append(buf, instr...)
			// Flags with 16-bit deltas for every coordinate: larger than
			// the original encoding, and simple.
			for p := range on {
				if on[p] {
					buf = append(buf, 1)
				} else {
					buf = append(buf, 0)
				}
			}
			prev := 0
			for _, v := range xs {
				buf = binary.BigEndian.AppendUint16(buf, uint16(int16(v-prev)))
				prev = v
			}
			prev = 0
			for _, v := range ys {
				buf = binary.BigEndian.AppendUint16(buf, uint16(int16(v-prev)))
				prev = v
			}
		}
		if bboxS.err != nil || nContour.err != nil {
			return nil, nil, errWOFF2
		}
		for len(buf)%4 != 0 {
			buf = append(buf, 0)
		}
		if len(buf) > maxSfntSize {
			return nil, nil, errWOFF2
		}
	}
	binary.BigEndian.PutUint32(loca[4*numGlyphs:], uint32(len(buf)))
	return buf, loca, nil
}

func withSign(flag, v int) int {
	if flag&1 != 0 {
		return v
	}
	return -v
}
