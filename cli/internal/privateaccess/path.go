package privateaccess

import (
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kind is what a request's path is to the private rule.
type Kind string

const (
	// Public paths are served as the site's files.
	Public Kind = "public"
	// Private paths are under the prefix: nothing there without the cookie.
	Private Kind = "private"
	// Refused paths are answered 400: they mean different things depending
	// on how they are decoded or cleaned, or they hide the prefix.
	Refused Kind = "refused"
)

// Path is a request path as the rule reads it.
type Path struct {
	Kind Kind `json:"kind"`
	// Path is the decoded path that files and header rules are looked up
	// by ("" when refused).
	Path string `json:"decoded"`
	// Slug is the private project named ("" for the prefix itself, and
	// for a path that is not private).
	Slug string `json:"slug"`
}

// Classify reads a request's raw path (as sent, percent-encoded) the one
// way both `portfolio serve` and the Edge Function read it
// (netlify/private-gate/paths.mjs classify, held to the same vectors;
// decision 0091). A path is refused when decoding or cleaning it would
// change what it names, or when a file system could read it as another
// name:
//
//   - an encoded "/" or "\" (%2F, %5C), or a "\" at all;
//   - empty segments ("//"), "." and ".." segments, spelled or encoded,
//     and any segment of dots only;
//   - a segment ending in a dot or a space (Windows drops them), or with a
//     ":" (Windows reads "name:stream" as a stream of name);
//   - control characters (NUL, CR, LF…), and text that is not UTF-8 once
//     decoded;
//   - a first segment that decodes to the prefix's but is spelled with
//     percent-escapes (/%70rivate/): a host that matches its rules on the
//     raw path would not see the prefix there.
//
// Otherwise the path is private when its first segment is the prefix's in
// any ASCII letter case (the host matches paths that way), else public.
func Classify(raw string) Path {
	if !strings.HasPrefix(raw, "/") {
		return Path{Kind: Refused}
	}
	segs := strings.Split(raw[1:], "/")
	var b strings.Builder
	for i, seg := range segs {
		if seg == "" {
			if i == len(segs)-1 { // a trailing slash, or the root
				b.WriteByte('/')
				continue
			}
			return Path{Kind: Refused}
		}
		dec, err := url.PathUnescape(seg)
		if err != nil || !segmentOK(dec) {
			return Path{Kind: Refused}
		}
		b.WriteByte('/')
		b.WriteString(dec)
	}
	p := b.String()
	slug, private := SlugOf(p)
	if !private {
		return Path{Kind: Public, Path: p}
	}
	if head := strings.TrimSuffix(Prefix, "/"); !strings.EqualFold(raw[:min(len(raw), len(head))], head) {
		return Path{Kind: Refused}
	}
	return Path{Kind: Private, Path: p, Slug: slug}
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
