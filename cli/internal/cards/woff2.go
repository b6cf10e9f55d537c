package cards

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/andybalholm/brotli"
	"github.com/tdewolff/font"
)

// The site's fonts come from @fontsource as WOFF2 only. tdewolff/font's
// ParseWOFF2 rebuilds the TrueType file golang.org/x/image/font/sfnt reads.
// go.mod holds github.com/tdewolff/parse/v2 at v2.8.20: v2.8.12, which the
// library names, refuses a glyf table whose streams end at its end (every
// font of the site) and can panic on a truncated font.
//
// ParseWOFF2 inflates the Brotli data without a limit and rebuilds glyf
// without one, so checkWOFF2 first holds a font to these bounds: a hostile
// file cannot make us allocate without limit.
const (
	maxWOFF2Input = 8 << 20
	maxSfntSize   = 32 << 20
	maxTables     = 256
	// A rebuilt glyf table is at most 4 times its transformed stream (a glyph
	// of one empty contour: 4 bytes in, 16 out), so this keeps it within
	// maxSfntSize.
	maxGlyfStream = maxSfntSize / 4
)

var errWOFF2 = errors.New("not a valid WOFF2 font")

func decodeWOFF2(in []byte) ([]byte, error) {
	if err := checkWOFF2(in); err != nil {
		return nil, err
	}
	out, err := font.ParseWOFF2(in)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errWOFF2, err)
	}
	return out, nil
}

// checkWOFF2 reads the header and table directory as ParseWOFF2 does (W3C
// WOFF2, sections 3 to 5), so that it finds the same compressed data, and
// inflates that data, up to what the directory declares, to count it.
func checkWOFF2(in []byte) error {
	if len(in) > maxWOFF2Input {
		return fmt.Errorf("%w: larger than %d bytes", errWOFF2, maxWOFF2Input)
	}
	if len(in) < 48 || string(in[:4]) != "wOF2" {
		return errWOFF2
	}
	numTables := int(binary.BigEndian.Uint16(in[12:]))
	totalSfnt := binary.BigEndian.Uint32(in[16:])
	totalCompressed := binary.BigEndian.Uint32(in[20:])
	if numTables == 0 || numTables > maxTables || totalSfnt > maxSfntSize {
		return fmt.Errorf("%w: header says %d tables, %d bytes", errWOFF2, numTables, totalSfnt)
	}
	off := 48
	var stream uint64 // the inflated size the directory declares
	for range numTables {
		if off >= len(in) {
			return errWOFF2
		}
		flags := in[off]
		off++
		var tag string
		switch idx := flags & 0x3f; idx {
		case 3:
			tag = "hmtx"
		case 10:
			tag = "glyf"
		case 11:
			tag = "loca"
		case 63:
			if len(in)-off < 4 {
				return errWOFF2
			}
			tag = string(in[off : off+4])
			off += 4
		}
		origLength, n := base128(in[off:])
		if n == 0 {
			return errWOFF2
		}
		off += n
		length := origLength
		transform := flags >> 6
		if (tag == "glyf" || tag == "loca") && transform == 0 || tag == "hmtx" && transform == 1 {
			if length, n = base128(in[off:]); n == 0 {
				return errWOFF2
			}
			off += n
			if tag == "glyf" && length > maxGlyfStream {
				return fmt.Errorf("%w: transformed glyf table larger than %d bytes", errWOFF2, maxGlyfStream)
			}
		}
		if origLength > maxSfntSize {
			return fmt.Errorf("%w: table %q larger than %d bytes", errWOFF2, tag, maxSfntSize)
		}
		stream += uint64(length)
	}
	if stream > maxSfntSize {
		return fmt.Errorf("%w: tables larger than %d bytes", errWOFF2, maxSfntSize)
	}
	if uint64(len(in)-off) < uint64(totalCompressed) {
		return errWOFF2
	}
	compressed := in[off : off+int(totalCompressed)]
	n, err := io.Copy(io.Discard, io.LimitReader(brotli.NewReader(bytes.NewReader(compressed)), int64(stream)+1))
	if err != nil || uint64(n) != stream {
		return fmt.Errorf("%w: compressed data", errWOFF2)
	}
	return nil
}

// base128 reads a UIntBase128 and says how many bytes it took, 0 for an
// invalid one.
func base128(b []byte) (uint32, int) {
	var v uint32
	for i := 0; i < 5 && i < len(b); i++ {
		c := b[i]
		if i == 0 && c == 0x80 || v&0xFE000000 != 0 {
			return 0, 0
		}
		v = v<<7 | uint32(c&0x7f)
		if c&0x80 == 0 {
			return v, i + 1
		}
	}
	return 0, 0
}
