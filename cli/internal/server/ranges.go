package server

import (
	"net/http"
	"strconv"
	"strings"
)

// Range requests (RFC 9110 §14). http.ServeContent answers them, after the
// preconditions in the RFC's order (§13.2.2), with single parts and
// multipart/byteranges; but its reading of the Range field differs from the
// RFC's: a zero-length suffix ("bytes=-0") is served as an empty 206, a
// number too long for an int64 or a field it cannot read is a 416, a unit
// in capitals is not "bytes", "+1" and "1 - 3" are numbers, and HEAD gets a
// 206. So the field is read here, the RFC's way, and ServeContent is handed
// a Range it reads the same way, or none.

// maxRanges bounds the ranges of one request: many small ranges are a way
// to make a server work (RFC 9110 §14.2); no reader needs more.
const maxRanges = 100

// span is a satisfiable byte range, first and last byte included.
type span struct{ first, last int64 }

type rangeVerdict int

const (
	// rangeIgnored: the whole representation, 200. For a Range that is
	// not valid (§14.2 lets a server ignore it, as RFC 2616 asked), in a
	// unit other than bytes, or of an empty file (206 cannot describe a
	// part of nothing; ServeContent does the same).
	rangeIgnored rangeVerdict = iota
	// rangeParts: the spans, 206.
	rangeParts
	// rangeUnsatisfiable: 416 with Content-Range: bytes */size (§14.1.1:
	// no range starts inside the representation, or every suffix is empty).
	rangeUnsatisfiable
)

// byteRanges reads a Range field's value for a representation of size bytes.
func byteRanges(value string, size int64) (rangeVerdict, []span) {
	unit, set, ok := strings.Cut(value, "=")
	if !ok || !strings.EqualFold(unit, "bytes") { // units are case-insensitive (§14.1)
		return rangeIgnored, nil
	}
	var spans []span
	n := 0
	// range-set = 1#range-spec: OWS around commas, empty elements allowed
	// (§5.6.1).
	for spec := range strings.SplitSeq(set, ",") {
		spec = strings.Trim(spec, " \t")
		if spec == "" {
			continue
		}
		if n++; n > maxRanges {
			return rangeIgnored, nil
		}
		firstPos, lastPos, ok := strings.Cut(spec, "-")
		if !ok {
			return rangeIgnored, nil
		}
		if firstPos == "" { // suffix-range = "-" suffix-length
			length, ok := decimal(lastPos)
			if !ok {
				return rangeIgnored, nil
			}
			if length > 0 && size > 0 {
				spans = append(spans, span{size - min(length, size), size - 1})
			}
			continue
		}
		first, ok := decimal(firstPos) // int-range = first-pos "-" [ last-pos ]
		if !ok {
			return rangeIgnored, nil
		}
		last := int64(maxInt)
		if lastPos != "" {
			if last, ok = decimal(lastPos); !ok || lessDecimal(lastPos, firstPos) {
				return rangeIgnored, nil
			}
		}
		if first < size {
			spans = append(spans, span{first, min(last, size-1)})
		}
	}
	switch {
	case n == 0 || size == 0 || crowded(spans):
		return rangeIgnored, nil
	case len(spans) == 0:
		return rangeUnsatisfiable, nil
	}
	return rangeParts, spans
}

const maxInt = 1<<63 - 1

// decimal reads 1*DIGIT; a number past int64 reads as its largest value,
// which is past any file's end (§14.1.1 sets no limit on the digits).
func decimal(s string) (int64, bool) {
	if s == "" {
		return 0, false
	}
	var n int64
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return 0, false
		}
		if n > (maxInt-9)/10 {
			n = maxInt
			continue
		}
		n = n*10 + int64(c-'0')
	}
	return n, true
}

// lessDecimal compares two strings of digits by value, at any length.
func lessDecimal(a, b string) bool {
	a, b = strings.TrimLeft(a, "0"), strings.TrimLeft(b, "0")
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// crowded reports whether some byte is asked for by more than two spans
// (§14.2 lets a server ignore such a Range: it is a way to make it work).
func crowded(spans []span) bool {
	for _, s := range spans {
		over := 0
		for _, o := range spans {
			if o.first <= s.first && s.first <= o.last {
				over++
			}
		}
		if over > 2 {
			return true
		}
	}
	return false
}

// withRange returns r with the Range that http.ServeContent should apply
// to a representation of size bytes: the satisfiable spans, one range
// past the end when none is (ServeContent then answers 416 with
// Content-Range: bytes */size), or none. encoded says the representation
// has a Content-Encoding: several ranges of it are not sent as
// multipart/byteranges, whose body a client would decode as a whole.
func withRange(r *http.Request, size int64, encoded bool) *http.Request {
	values := r.Header.Values("Range")
	if len(values) == 0 {
		return r
	}
	rng := ""
	// GET is the only method with ranges (§14.2); Range is one field
	// line, not a list of them.
	if r.Method == http.MethodGet && len(values) == 1 && ifRangeMayMatch(r) {
		switch verdict, spans := byteRanges(values[0], size); verdict {
		case rangeParts:
			if len(spans) > 1 && encoded {
				break
			}
			var b strings.Builder
			b.WriteString("bytes=")
			for i, s := range spans {
				if i > 0 {
					b.WriteByte(',')
				}
				b.WriteString(strconv.FormatInt(s.first, 10) + "-" + strconv.FormatInt(s.last, 10))
			}
			rng = b.String()
		case rangeUnsatisfiable:
			rng = "bytes=" + strconv.FormatInt(size, 10) + "-"
		}
	}
	r = r.Clone(r.Context())
	if rng == "" {
		r.Header.Del("Range")
	} else {
		r.Header.Set("Range", rng)
	}
	return r
}

// ifRangeMayMatch reports whether the request's If-Range, if any, is an
// entity tag, which ServeContent compares with the strong comparison
// (RFC 9110 §13.1.5). A date is never a match here: it is a strong
// validator only when the server knows the file did not change twice
// within that second (§8.8.2.2), which a folder anyone may rewrite (a
// build, a copy) cannot tell; the client gets the whole file.
func ifRangeMayMatch(r *http.Request) bool {
	v := r.Header.Get("If-Range")
	return v == "" || strings.HasPrefix(v, `"`) || strings.HasPrefix(v, `W/"`)
}
