package server

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// FuzzByteRanges: whatever the Range field, the spans served lie inside
// the file, first byte before last; parts means at least one span and at
// most maxRanges, no byte asked for thrice; and the spans, written as a
// Range again (what ServeContent is handed), read back the same.
func FuzzByteRanges(f *testing.F) {
	for _, s := range []string{"bytes=0-3", "bytes=-0", "bytes=-3", "bytes=300-", "BYTES=0-1, ,4-5", "bytes=5-1",
		"bytes=99999999999999999999-", "bytes=1-99999999999999999999", "bytes=-99999999999999999999", "bytes=+1-2",
		"bytes=1 - 2", "bytes=0-5,2-7,4-9", "items=0-1", "bytes=", "bytes=,", "bytes=0-0,-0,0-"} {
		f.Add(s, int64(300))
	}
	f.Add("bytes=0-", int64(0))
	f.Fuzz(func(t *testing.T, value string, size int64) {
		if size < 0 {
			size = -(size + 1)
		}
		verdict, spans := byteRanges(value, size)
		if (verdict == rangeParts) != (len(spans) > 0) || len(spans) > maxRanges {
			t.Fatalf("%q (size %d): verdict %d with %d spans", value, size, verdict, len(spans))
		}
		if verdict != rangeParts {
			return
		}
		if crowded(spans) {
			t.Fatalf("%q (size %d): a byte asked for thrice in %v", value, size, spans)
		}
		parts := make([]string, len(spans))
		for i, s := range spans {
			if s.first < 0 || s.first > s.last || s.last >= size {
				t.Fatalf("%q (size %d): span %v", value, size, s)
			}
			parts[i] = fmt.Sprintf("%d-%d", s.first, s.last)
		}
		again, respans := byteRanges("bytes="+strings.Join(parts, ","), size)
		if again != rangeParts || !slices.Equal(spans, respans) {
			t.Fatalf("%q (size %d): %v read back as %v", value, size, spans, respans)
		}
	})
}
