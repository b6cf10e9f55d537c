// Package headers reads a Netlify _headers file and gives the headers it
// sets for a URL path, so that `portfolio serve` sends what the host sends
// from the same file.
//
// The format (https://docs.netlify.com/routing/headers/#syntax-for-the-headers-file)
// is blocks of a path pattern followed by the headers for it:
//
//	# comment
//	/*
//	  X-Frame-Options: DENY
//	/assets/*
//	  Cache-Control: public, max-age=31536000, immutable
//
// A path line starts at the beginning of the line with "/"; header lines are
// indented and read "Name: value". Blank lines and lines whose first
// non-blank character is "#" are ignored. See Match for how patterns match.
//
// Parse is stricter than Netlify, which skips lines it cannot read and logs
// them in the deploy log: here every such line is an error with its
// position, so a mistake is seen before deploying.
package headers

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Rule is one block of the file: a path pattern and the headers it sets.
type Rule struct {
	// Pattern is the path pattern as written, e.g. /assets/*.
	Pattern string
	Headers []Header
	// Line is the 1-based line of the pattern.
	Line int
}

// Header is one "Name: value" line, both trimmed, the name as written.
type Header struct {
	Name, Value string
	Line        int
}

// Error is one problem in the file, at a 1-based line and column (counted
// in characters).
type Error struct {
	File         string
	Line, Column int
	Msg          string
	// Hint tells how to fix it.
	Hint string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s; %s", e.File, e.Line, e.Column, e.Msg, e.Hint)
}

// Errors is every problem Parse found, in file order.
type Errors []*Error

func (l Errors) Error() string {
	msgs := make([]string, len(l))
	for i, e := range l {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "\n")
}

// Unwrap lets errors.As find each *Error.
func (l Errors) Unwrap() []error {
	errs := make([]error, len(l))
	for i, e := range l {
		errs[i] = e
	}
	return errs
}

// Parse reads a _headers file; name is the path shown in errors. It reads
// the whole file and returns every problem as Errors, together with the
// rules it could read (a block with a bad path is left out, and so is a bad
// header line), so a caller may, like Netlify, warn and serve the rest.
// Only a read error is returned on its own.
func Parse(name string, r io.Reader) ([]Rule, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	src = bytes.TrimPrefix(src, []byte("\uFEFF")) // byte order mark some editors write
	p := parser{file: name}
	for i, line := range strings.Split(string(src), "\n") {
		p.line(i+1, strings.TrimSuffix(line, "\r"))
	}
	p.endBlock()
	if len(p.errs) > 0 {
		// A block without headers is reported when the next path is read,
		// after an error on that path's line.
		slices.SortStableFunc(p.errs, func(a, b *Error) int {
			return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column))
		})
		return p.rules, p.errs
	}
	return p.rules, nil
}

type parser struct {
	file  string
	rules []Rule
	errs  Errors

	// The block being read: inBlock is true after any path line, good or
	// bad, so that its header lines are not reported as coming before any
	// path; rule is nil when the path was bad.
	inBlock    bool
	rule       *Rule
	headerSeen bool // a header line, good or bad, follows the path
}

func (p *parser) fail(line int, text string, offset int, msg, hint string) {
	col := utf8.RuneCountInString(text[:offset]) + 1
	p.errs = append(p.errs, &Error{File: p.file, Line: line, Column: col, Msg: msg, Hint: hint})
}

func (p *parser) line(n int, text string) {
	trimmed := strings.TrimSpace(text)
	indent := strings.Index(text, trimmed)
	switch {
	case trimmed == "" || trimmed[0] == '#':
	case indent == 0:
		p.path(n, text)
	case trimmed[0] == '/':
		p.fail(n, text, 0, "path line is indented",
			"start path lines at the beginning of the line, and indent only the header lines under them")
		p.path(n, text) // read it anyway, so its headers are not reported as orphans
	default:
		p.header(n, text, indent)
	}
}

func (p *parser) path(n int, text string) {
	pattern := strings.TrimSpace(text)
	offset := strings.Index(text, pattern)
	if pattern[0] != '/' && looksLikeHeader(pattern) {
		// A header line that lost its indentation: report it, and keep
		// reading the block it belongs to.
		p.fail(n, text, offset, fmt.Sprintf("path %q does not start with /", pattern),
			"indent header lines under their path, e.g. two spaces before the name")
		p.headerSeen = true
		return
	}
	p.endBlock()
	p.inBlock, p.headerSeen = true, false
	if pattern[0] != '/' {
		p.fail(n, text, offset, fmt.Sprintf("path %q does not start with /", pattern),
			"path patterns start with /, e.g. /about or /assets/*")
		return
	}
	if !utf8.ValidString(pattern) {
		p.fail(n, text, offset+invalidUTF8(pattern), "path is not valid UTF-8",
			"save the file as UTF-8")
		return
	}
	for i, r := range pattern {
		if unicode.IsSpace(r) {
			p.fail(n, text, offset+i, "path contains a space",
				"a path has no spaces, and a comment goes on its own line, starting with #")
			return
		}
		if unicode.IsControl(r) {
			p.fail(n, text, offset+i, "path contains a control character", "remove it")
			return
		}
	}
	at := 0
	for seg := range strings.SplitSeq(pattern, "/") {
		if seg == ":" {
			p.fail(n, text, offset+at, "placeholder has no name", "name it, e.g. /blog/:slug")
			return
		}
		at += len(seg) + 1
	}
	p.rule = &Rule{Pattern: pattern, Line: n}
}

// endBlock keeps the block just read, or reports that it has no headers.
func (p *parser) endBlock() {
	if p.rule != nil {
		if len(p.rule.Headers) > 0 {
			p.rules = append(p.rules, *p.rule)
		} else if !p.headerSeen {
			p.errs = append(p.errs, &Error{File: p.file, Line: p.rule.Line, Column: 1,
				Msg:  fmt.Sprintf("path %s has no headers", p.rule.Pattern),
				Hint: "add indented Name: value lines below it, or delete it"})
		}
	}
	p.inBlock, p.rule = false, nil
}

func (p *parser) header(n int, text string, indent int) {
	if !p.inBlock {
		p.fail(n, text, indent, "header line comes before any path",
			"add a path line such as /* above it, at the beginning of the line")
		return
	}
	p.headerSeen = true
	colon := strings.IndexByte(text, ':')
	if colon < 0 {
		p.fail(n, text, indent, "missing ':' between header name and value",
			"write header lines as Name: value")
		return
	}
	name := strings.TrimSpace(text[:colon])
	if name == "" {
		p.fail(n, text, colon, "header name is empty",
			"write the name before the colon, e.g. X-Frame-Options: DENY")
		return
	}
	if i := strings.IndexFunc(name, func(r rune) bool { return !isTokenChar(r) }); i >= 0 {
		bad, _ := utf8.DecodeRuneInString(name[i:])
		p.fail(n, text, indent+i, fmt.Sprintf("header name %q has a character not allowed in names: %q", name, bad),
			"header names are letters, digits and - (e.g. Cache-Control)")
		return
	}
	value := strings.TrimSpace(text[colon+1:])
	if value == "" {
		p.fail(n, text, colon+1, fmt.Sprintf("header %s has no value", name),
			"write the value after the colon, or delete the line")
		return
	}
	valueAt := colon + 1 + strings.Index(text[colon+1:], value)
	if i := strings.IndexFunc(value, func(r rune) bool { return r != '\t' && unicode.IsControl(r) }); i >= 0 {
		p.fail(n, text, valueAt+i, fmt.Sprintf("value of header %s contains a control character", name),
			"remove it")
		return
	}
	if p.rule != nil {
		p.rule.Headers = append(p.rule.Headers, Header{Name: name, Value: value, Line: n})
	}
}

// isTokenChar reports whether r may appear in a header name (RFC 9110
// section 5.6.2, tchar).
func isTokenChar(r rune) bool {
	return r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' ||
		strings.ContainsRune("!#$%&'*+-.^_`|~", r))
}

// invalidUTF8 is the byte offset of the first byte of s that is not UTF-8.
func invalidUTF8(s string) int {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				return i
			}
		}
	}
	return len(s)
}

// looksLikeHeader reports whether a line that should be a path reads
// "Name: value", i.e. is a header line that lost its indentation.
func looksLikeHeader(s string) bool {
	name, _, ok := strings.Cut(s, ":")
	name = strings.TrimSpace(name)
	return ok && name != "" && strings.IndexFunc(name, func(r rune) bool { return !isTokenChar(r) }) < 0
}
