package headers

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name, in string
		want     []Rule
	}{
		{"empty file", "", nil},
		{"only comments and blank lines", "# a\n\n   # indented comment\n\t\n", nil},
		{
			"blocks with comments and blank lines",
			"# site-wide\n/*\n  X-Frame-Options: DENY\n\n  # why\n  X-Content-Type-Options: nosniff\n\n/assets/*\n\tCache-Control: public, max-age=31536000, immutable\n",
			[]Rule{
				{Pattern: "/*", Line: 2, Headers: []Header{
					{Name: "X-Frame-Options", Value: "DENY", Line: 3},
					{Name: "X-Content-Type-Options", Value: "nosniff", Line: 6}}},
				{Pattern: "/assets/*", Line: 8, Headers: []Header{
					{Name: "Cache-Control", Value: "public, max-age=31536000, immutable", Line: 9}}},
			},
		},
		{
			"CRLF line endings and byte order mark",
			"\uFEFF/about\r\n  X-Robots-Tag: noindex\r\n",
			[]Rule{{Pattern: "/about", Line: 1, Headers: []Header{{Name: "X-Robots-Tag", Value: "noindex", Line: 2}}}},
		},
		{
			"spaces trimmed, colons in the value kept, name case kept",
			"/:slug/x   \n   link :  </a.css>; rel=preload; as=style  \n  Content-Security-Policy: default-src 'self' https://a.example:8443\n",
			[]Rule{{Pattern: "/:slug/x", Line: 1, Headers: []Header{
				{Name: "link", Value: "</a.css>; rel=preload; as=style", Line: 2},
				{Name: "Content-Security-Policy", Value: "default-src 'self' https://a.example:8443", Line: 3}}}},
		},
		{
			"repeated header kept as separate lines",
			"/*\n  Cache-Control: max-age=0\n  cache-control: no-cache\n",
			[]Rule{{Pattern: "/*", Line: 1, Headers: []Header{
				{Name: "Cache-Control", Value: "max-age=0", Line: 2},
				{Name: "cache-control", Value: "no-cache", Line: 3}}}},
		},
		{
			"no final newline",
			"/\n  A: b",
			[]Rule{{Pattern: "/", Line: 1, Headers: []Header{{Name: "A", Value: "b", Line: 2}}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse("_headers", strings.NewReader(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Parse(%q)\n got %+v\nwant %+v", tt.in, got, tt.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, in string
		want     string // the whole error text
	}{
		{"header before any path", "# top\n  X-A: b\n",
			"_headers:2:3: header line comes before any path; add a path line such as /* above it, at the beginning of the line"},
		{"missing colon", "/*\n  X-Frame-Options DENY\n",
			"_headers:2:3: missing ':' between header name and value; write header lines as Name: value"},
		{"empty name", "/*\n  : DENY\n",
			"_headers:2:3: header name is empty; write the name before the colon, e.g. X-Frame-Options: DENY"},
		{"space in name", "/*\n\tX Frame: DENY\n",
			`_headers:2:3: header name "X Frame" has a character not allowed in names: ' '; header names are letters, digits and - (e.g. Cache-Control)`},
		{"non-ASCII name", "/*\n  Café: x\n",
			`_headers:2:6: header name "Café" has a character not allowed in names: 'é'; header names are letters, digits and - (e.g. Cache-Control)`},
		{"empty value", "/*\n  X-Frame-Options:   \n",
			"_headers:2:19: header X-Frame-Options has no value; write the value after the colon, or delete the line"},
		{"control character in value", "/*\n  X-A: a\x00b\n",
			"_headers:2:9: value of header X-A contains a control character; remove it"},
		{"path without slash", "about\n  X-A: b\n",
			`_headers:1:1: path "about" does not start with /; path patterns start with /, e.g. /about or /assets/*`},
		{"header not indented", "/*\nX-Frame-Options: DENY\n",
			`_headers:2:1: path "X-Frame-Options: DENY" does not start with /; indent header lines under their path, e.g. two spaces before the name`},
		{"indented path", "  /about\n  X-A: b\n",
			"_headers:1:1: path line is indented; start path lines at the beginning of the line, and indent only the header lines under them"},
		{"space in path", "/about # the page\n  X-A: b\n",
			"_headers:1:7: path contains a space; a path has no spaces, and a comment goes on its own line, starting with #"},
		{"control character in path", "/a\x7fb\n  X-A: b\n",
			"_headers:1:3: path contains a control character; remove it"},
		{"path not UTF-8", "/caf\xe9\n  X-A: b\n",
			"_headers:1:5: path is not valid UTF-8; save the file as UTF-8"},
		{"placeholder without name", "/blog/:/x\n  X-A: b\n",
			"_headers:1:7: placeholder has no name; name it, e.g. /blog/:slug"},
		{"path without headers", "/a\n/b\n  X-A: b\n",
			"_headers:1:1: path /a has no headers; add indented Name: value lines below it, or delete it"},
		{"last path without headers", "/b\n  X-A: b\n# end\n/a\n",
			"_headers:4:1: path /a has no headers; add indented Name: value lines below it, or delete it"},
		{"column counts characters, not bytes", "/*\n  X-A: é\x01\n",
			"_headers:2:9: value of header X-A contains a control character; remove it"},
		{"indented path after a block without headers", "/a\n  /b\n  X-A: b\n",
			"_headers:1:1: path /a has no headers; add indented Name: value lines below it, or delete it\n" +
				"_headers:2:1: path line is indented; start path lines at the beginning of the line, and indent only the header lines under them"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("_headers", strings.NewReader(tt.in))
			if err == nil {
				t.Fatalf("Parse(%q): no error", tt.in)
			}
			if err.Error() != tt.want {
				t.Errorf("Parse(%q)\n got %s\nwant %s", tt.in, err, tt.want)
			}
		})
	}
}

// TestParseCollects checks that every problem is reported, that a bad line
// does not hide or cause others, and that the good rules are still returned.
func TestParseCollects(t *testing.T) {
	in := "  X-Orphan: a\n" + // 1 before any path
		"/ok\n" + // 2
		"  X-A: 1\n" + // 3
		"  nocolon\n" + // 4 missing colon
		"bad\n" + // 5 path without /
		"  X-B: 2\n" + // 6 under a bad path: no further error
		"/empty\n" + // 7 no headers
		"/only-bad\n" + // 8 a bad header line: not also "no headers"
		"  : x\n" // 9 empty name
	rules, err := Parse("site/_headers", strings.NewReader(in))
	var list Errors
	if !errors.As(err, &list) {
		t.Fatalf("error %v (%T) is not Errors", err, err)
	}
	var got []string
	for _, e := range list {
		got = append(got, e.Error()[:strings.Index(e.Error(), ";")])
	}
	want := []string{
		"site/_headers:1:3: header line comes before any path",
		"site/_headers:4:3: missing ':' between header name and value",
		`site/_headers:5:1: path "bad" does not start with /`,
		"site/_headers:7:1: path /empty has no headers",
		"site/_headers:9:3: header name is empty",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("errors\n got %q\nwant %q", got, want)
	}
	wantRules := []Rule{{Pattern: "/ok", Line: 2, Headers: []Header{{Name: "X-A", Value: "1", Line: 3}}}}
	if !reflect.DeepEqual(rules, wantRules) {
		t.Errorf("rules = %+v, want %+v", rules, wantRules)
	}
	var one *Error
	if !errors.As(err, &one) || one.Line != 1 || one.Column != 3 || one.File != "site/_headers" {
		t.Errorf("errors.As(*Error) = %+v", one)
	}
}

func TestParseReadError(t *testing.T) {
	boom := errors.New("boom")
	_, err := Parse("_headers", iotest.ErrReader(boom))
	if !errors.Is(err, boom) || err.Error() != "read _headers: boom" {
		t.Errorf("err = %v", err)
	}
}

func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"",
		"/*\n  X-Frame-Options: DENY\n",
		"# c\r\n/assets/*\r\n\tCache-Control: a, b\r\n",
		"\uFEFF/:a/*.css\n  A: b\n  : x\n  y\nz\n  /q\n",
		"/é\n  é: \x00\n/\xff\n  A:\xff\n",
	} {
		f.Add(seed, "/assets/a.css")
	}
	f.Fuzz(func(t *testing.T, in, path string) {
		rules, err := Parse("f", strings.NewReader(in))
		var list Errors
		if err != nil && !errors.As(err, &list) {
			t.Fatalf("error %v is not Errors", err)
		}
		for _, e := range list {
			if e.Line < 1 || e.Column < 1 || e.Msg == "" || e.Hint == "" {
				t.Errorf("bad error %+v", e)
			}
		}
		for _, r := range rules {
			if !strings.HasPrefix(r.Pattern, "/") || len(r.Headers) == 0 {
				t.Errorf("bad rule %+v", r)
			}
		}
		_ = Match(rules, path)
	})
}
