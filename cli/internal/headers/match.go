package headers

import (
	"net/http"
	"regexp"
	"strings"
	"sync"
)

// Match returns the headers that rules set for urlPath (the request's
// decoded path, r.URL.Path), as Netlify applies them:
//
//   - Patterns are split at "/"; empty segments are ignored, and so is a
//     trailing slash on the path, so /about matches /about and /about/.
//   - A segment "*" matches any rest of the path, including none:
//     /assets/* matches /assets, /assets/ and /assets/a/b.css, but not
//     /assets-old. A "*" inside a segment matches any characters, "/"
//     included: /*.css matches /a/b.css.
//   - A segment ":name" matches exactly one non-empty segment.
//   - Letters match either case.
//
// These follow the regular expression Netlify's own tools build from a
// pattern (getForRegExp in netlify/build, packages/headers-parser), minus
// its quirk that "/assets/*" also matches "/assetsX".
//
// Every matching rule applies, in file order. A header named more than once
// is sent once, its values joined by ", " in file order, names compared
// without regard to case. Netlify documents this for a header repeated in
// one block ("multi-value headers"); its documentation does not say what
// happens when several matching blocks name the same header, and here they
// are joined the same way (as Cloudflare Pages documents for the same file
// format; `netlify dev` keeps the last block's value instead). Set-Cookie
// values are kept apart, because cookies cannot be comma-joined. Headers
// that Netlify documents as ignored in custom headers (Content-Length, Date,
// Location and others its servers set) are left out.
func Match(rules []Rule, urlPath string) http.Header {
	out := http.Header{}
	for _, rule := range rules {
		if !matches(rule.Pattern, urlPath) {
			continue
		}
		for _, h := range rule.Headers {
			key := http.CanonicalHeaderKey(h.Name)
			switch {
			case ignored[key]:
			case len(out[key]) == 0 || key == "Set-Cookie":
				out[key] = append(out[key], h.Value)
			default:
				out[key][0] += ", " + h.Value
			}
		}
	}
	return out
}

// Apply sets in h the headers that rules give urlPath, replacing any value
// h already has for them: custom headers replace the server's defaults, as
// on Netlify (a _headers Content-Type or Cache-Control wins).
func Apply(h http.Header, rules []Rule, urlPath string) {
	for k, v := range Match(rules, urlPath) {
		h[k] = v
	}
}

// ignored lists, canonicalised, the headers Netlify's custom headers cannot
// set because its web servers set them
// (https://docs.netlify.com/routing/headers/#limitations).
var ignored = map[string]bool{
	"Accept-Ranges": true, "Age": true, "Allow": true, "Alt-Svc": true,
	"Connection": true, "Content-Encoding": true, "Content-Length": true,
	"Content-Range": true, "Date": true, "Location": true, "Server": true,
	"Trailer": true, "Transfer-Encoding": true, "Upgrade": true,
}

// compiled caches the expression of each pattern seen, so a request does
// not compile every rule again. It only grows by the distinct patterns of
// the files read, a few dozen.
var compiled sync.Map // pattern → *regexp.Regexp, nil when it cannot compile

func matches(pattern, urlPath string) bool {
	v, ok := compiled.Load(pattern)
	if !ok {
		re, err := regexp.Compile(expression(pattern))
		if err != nil {
			re = nil // a hand-built pattern that is not UTF-8; Parse refuses those
		}
		v, _ = compiled.LoadOrStore(pattern, re)
	}
	re := v.(*regexp.Regexp)
	if urlPath == "" {
		urlPath = "/"
	}
	return re != nil && re.MatchString(urlPath)
}

// expression turns a pattern into an anchored, case-insensitive regular
// expression, one piece per segment.
func expression(pattern string) string {
	var b strings.Builder
	b.WriteString("(?is)^") // s: "*" matches any character, a newline too
	for seg := range strings.SplitSeq(pattern, "/") {
		switch {
		case seg == "":
		case seg == "*":
			b.WriteString("(?:/.*)?")
		case seg[0] == ':':
			b.WriteString("/[^/]+")
		default:
			b.WriteByte('/')
			for i, lit := range strings.Split(seg, "*") {
				if i > 0 {
					b.WriteString(".*")
				}
				b.WriteString(regexp.QuoteMeta(lit))
			}
		}
	}
	b.WriteString("/?$")
	return b.String()
}
