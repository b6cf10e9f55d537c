package headers

import (
	"net/http"
	"reflect"
	"strings"
	"testing"
)

func TestMatchPatterns(t *testing.T) {
	tests := []struct {
		pattern string
		yes, no []string
	}{
		{"/", []string{"/", ""}, []string{"/about", "/index.html"}},
		{"/about", []string{"/about", "/about/", "/About"}, []string{"/", "/about/team", "/about-us", "/abou"}},
		{"/about/", []string{"/about", "/about/"}, []string{"/about/x"}},
		{"/*", []string{"/", "/about", "/a/b/c.css", "/a\nb", "/\r\n"}, nil},
		{"/assets/*", []string{"/assets", "/assets/", "/assets/a.css", "/assets/img/a.webp"},
			[]string{"/", "/assets-old/a.css", "/assetsX", "/x/assets/a.css"}},
		{"/a/*/b", []string{"/a/b", "/a/x/b", "/a/x/y/b"}, []string{"/ax/b", "/a/x/c"}},
		{"/*.css", []string{"/a.css", "/assets/a.css"}, []string{"/a.js", "/a.css/x.js", "/acss"}},
		{"/blog/*.html", []string{"/blog/a.html", "/blog/x/a.html"}, []string{"/a.html", "/blog/a.htm"}},
		{"/:lang/about", []string{"/en/about", "/fr/about/"}, []string{"/about", "/en/fr/about", "//about"}},
		{"/projects/:slug", []string{"/projects/site", "/projects/a.b"}, []string{"/projects", "/projects/", "/projects/a/b"}},
		{"/a.b+(c)", []string{"/a.b+(c)"}, []string{"/aXb+(c)", "/a.bb(c)"}},
	}
	for _, tt := range tests {
		rules := []Rule{{Pattern: tt.pattern, Headers: []Header{{Name: "X-Hit", Value: "1"}}}}
		for _, p := range tt.yes {
			if Match(rules, p).Get("X-Hit") != "1" {
				t.Errorf("%s should match %q", tt.pattern, p)
			}
		}
		for _, p := range tt.no {
			if h := Match(rules, p); len(h) != 0 {
				t.Errorf("%s should not match %q, got %v", tt.pattern, p, h)
			}
		}
	}
}

func TestMatch(t *testing.T) {
	file := `/*
  X-Frame-Options: DENY
  cache-control: public, max-age=0, must-revalidate
/assets/*
  Cache-Control: public, max-age=31536000, immutable
/about
  x-robots-tag: noindex
  X-Robots-Tag: nofollow
/:lang/about
  Content-Language: other
/fr/*
  Content-Language: fr
  Set-Cookie: a=1; Path=/
  Set-Cookie: b=2; Path=/
/old
  Location: /new
  Content-Length: 3
  X-Kept: yes
`
	rules, err := Parse("_headers", strings.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path string
		want       http.Header
	}{
		{"splat at root only", "/contact", http.Header{
			"X-Frame-Options": {"DENY"},
			"Cache-Control":   {"public, max-age=0, must-revalidate"}}},
		{"splat in a folder merges with the root, in file order", "/assets/app.js", http.Header{
			"X-Frame-Options": {"DENY"},
			"Cache-Control":   {"public, max-age=0, must-revalidate, public, max-age=31536000, immutable"}}},
		{"exact, repeated name in one block joined, names canonicalised", "/about", http.Header{
			"X-Frame-Options": {"DENY"},
			"Cache-Control":   {"public, max-age=0, must-revalidate"},
			"X-Robots-Tag":    {"noindex, nofollow"}}},
		{"placeholder", "/en/about", http.Header{
			"X-Frame-Options":  {"DENY"},
			"Cache-Control":    {"public, max-age=0, must-revalidate"},
			"Content-Language": {"other"}}},
		{"placeholder and splat merged, cookies kept apart", "/fr/about", http.Header{
			"X-Frame-Options":  {"DENY"},
			"Cache-Control":    {"public, max-age=0, must-revalidate"},
			"Content-Language": {"other, fr"},
			"Set-Cookie":       {"a=1; Path=/", "b=2; Path=/"}}},
		{"headers Netlify ignores left out", "/old", http.Header{
			"X-Frame-Options": {"DENY"},
			"Cache-Control":   {"public, max-age=0, must-revalidate"},
			"X-Kept":          {"yes"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Match(rules, tt.path); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Match(%q)\n got %v\nwant %v", tt.path, got, tt.want)
			}
		})
	}
}

func TestMatchNone(t *testing.T) {
	rules := []Rule{{Pattern: "/assets/*", Headers: []Header{{Name: "A", Value: "b"}}}}
	if got := Match(rules, "/about"); got == nil || len(got) != 0 {
		t.Errorf("Match = %#v, want an empty header", got)
	}
	if got := Match(nil, "/"); got == nil || len(got) != 0 {
		t.Errorf("Match(nil) = %#v, want an empty header", got)
	}
}

func TestMatchPatternNotUTF8(t *testing.T) {
	rules := []Rule{{Pattern: "/caf\xe9", Headers: []Header{{Name: "A", Value: "b"}}}}
	for range 2 { // compiled, then cached
		if got := Match(rules, "/caf\xe9"); len(got) != 0 {
			t.Errorf("Match = %v, want nothing", got)
		}
	}
}

func TestApply(t *testing.T) {
	rules := []Rule{{Pattern: "/*", Headers: []Header{
		{Name: "cache-control", Value: "no-cache"},
		{Name: "Content-Type", Value: "text/plain; charset=utf-8"},
		{Name: "Content-Length", Value: "1"},
	}}}
	h := http.Header{
		"Cache-Control":  {"public, max-age=0"},
		"Content-Type":   {"text/html"},
		"Content-Length": {"42"},
		"Etag":           {`"x"`},
	}
	Apply(h, rules, "/")
	want := http.Header{
		"Cache-Control":  {"no-cache"},
		"Content-Type":   {"text/plain; charset=utf-8"},
		"Content-Length": {"42"},
		"Etag":           {`"x"`},
	}
	if !reflect.DeepEqual(h, want) {
		t.Errorf("after Apply\n got %v\nwant %v", h, want)
	}
}

func TestExpression(t *testing.T) {
	tests := map[string]string{
		"/":              `(?is)^/?$`,
		"/*":             `(?is)^(?:/.*)?/?$`,
		"/assets/*":      `(?is)^/assets(?:/.*)?/?$`,
		"/:lang//a.html": `(?is)^/[^/]+/a\.html/?$`,
		"/*.css":         `(?is)^/.*\.css/?$`,
	}
	for pattern, want := range tests {
		if got := expression(pattern); got != want {
			t.Errorf("expression(%q) = %s, want %s", pattern, got, want)
		}
	}
}
