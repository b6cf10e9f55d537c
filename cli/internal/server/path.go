package server

import (
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
)

// canonicalPath returns the request's path when it has one meaning only:
// its segments, each decoded on its own, make exactly the path that the
// file is looked up by and that the header rules are matched on. A path
// is refused when decoding or cleaning it would change what it names, or
// when a file system could read it as another name:
//
//   - an encoded "/" or "\" (%2F, %5C), or a "\" at all;
//   - empty segments ("//"), "." and ".." segments, spelled or encoded,
//     and any segment of dots only;
//   - a segment ending in a dot or a space (Windows drops them), or with a
//     ":" (Windows reads "name:stream" as a stream of name);
//   - control characters (NUL, CR, LF…), and text that is not UTF-8 once
//     decoded.
//
// Letter case is kept: the site's files are looked up with their case, and
// rules match either case, as the host does.
func canonicalPath(u *url.URL) (string, bool) {
	raw := u.EscapedPath()
	if !strings.HasPrefix(raw, "/") {
		return "", false
	}
	segs := strings.Split(raw[1:], "/")
	var b strings.Builder
	for i, seg := range segs {
		if seg == "" {
			if i == len(segs)-1 { // a trailing slash, or the root
				b.WriteByte('/')
				continue
			}
			return "", false
		}
		dec, err := url.PathUnescape(seg)
		if err != nil || !segmentOK(dec) {
			return "", false
		}
		b.WriteByte('/')
		b.WriteString(dec)
	}
	p := b.String()
	// EscapedPath recomputes the escaping when the raw form was not a valid
	// one; the decoded path must still be the one Go parsed.
	if p != u.Path {
		return "", false
	}
	return p, true
}

func segmentOK(seg string) bool {
	if seg == "" || strings.Trim(seg, ".") == "" || !utf8.ValidString(seg) {
		return false
	}
	if last := seg[len(seg)-1]; last == '.' || last == ' ' {
		return false
	}
	for _, r := range seg {
		if r == '/' || r == '\\' || r == ':' || unicode.IsControl(r) || r == utf8.RuneError {
			return false
		}
	}
	return true
}
