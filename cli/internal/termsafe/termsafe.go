// Package termsafe escapes text that did not come from the program (file
// names, visitors' input, content) before it reaches a terminal, a log or a
// line-oriented format. A terminal obeys control sequences in what it prints
// (colours, the window title, the clipboard, hiding or rewriting lines), a
// line break forges a new line of output, and bidirectional controls reorder
// what follows them ("Trojan Source"). Such characters are shown as Go
// escapes instead (\n, \x1b, \u202e); invalid UTF-8 bytes as \xNN.
package termsafe

import (
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// String escapes every character that is unsafe on one line: C0 and C1
// control characters (tab, line breaks and DEL included), bidirectional
// embeddings, overrides, isolates and marks, line and paragraph separators,
// and bytes that are not UTF-8. Other text, non-ASCII letters included, is
// kept.
func String(s string) string {
	if safe(s, false) {
		return s
	}
	return escape(s, false)
}

// Lines is String for text of several lines: line breaks and tabs are kept,
// CRLF becomes LF, and a lone CR is escaped (it would overwrite the line).
func Lines(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	if safe(s, true) {
		return s
	}
	return escape(s, true)
}

// Unsafe reports whether r is escaped by String.
func Unsafe(r rune) bool {
	return unicode.IsControl(r) || IsBidiControl(r) || r == '\u2028' || r == '\u2029'
}

// IsBidiControl reports the characters that change the direction of the
// text around them: the marks (ALM, LRM, RLM), the embeddings and overrides
// (LRE … RLO) and the isolates (LRI … PDI).
func IsBidiControl(r rune) bool {
	return r == '\u061c' || r == '\u200e' || r == '\u200f' ||
		'\u202a' <= r && r <= '\u202e' || '\u2066' <= r && r <= '\u2069'
}

func safe(s string, multiline bool) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if (c < 0x20 || c == 0x7f) && !(multiline && (c == '\n' || c == '\t')) {
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || Unsafe(r) {
			return false
		}
		i += n
	}
	return true
}

func escape(s string, multiline bool) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteString(`\x`)
			b.WriteString(strconv.FormatUint(uint64(s[i])|0x100, 16)[1:])
		case multiline && (r == '\n' || r == '\t'):
			b.WriteRune(r)
		case Unsafe(r):
			b.WriteString(strings.Trim(strconv.QuoteRuneToASCII(r), "'"))
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// LogWriter returns a writer for a log: each Write is one entry, written
// escaped as one line (a single trailing newline is kept, or added), so no
// text inside an entry can start a line of its own or act on a terminal.
// log.Logger writes each entry with one Write, as does fmt.Fprintf.
func LogWriter(w io.Writer) io.Writer { return logWriter{w} }

type logWriter struct{ w io.Writer }

func (l logWriter) Write(p []byte) (int, error) {
	s := strings.TrimSuffix(string(p), "\n")
	if _, err := io.WriteString(l.w, String(s)+"\n"); err != nil {
		return 0, err
	}
	return len(p), nil
}

// ShellWord is s as one word of a POSIX shell command printed for the user
// to run: as it is when it holds only characters no shell treats specially,
// else single-quoted. Characters that would drive the terminal are escaped
// as String escapes them: such a word is shown safely, and must be retyped.
func ShellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./+:,@%-") == "" {
		return s
	}
	return "'" + String(strings.ReplaceAll(s, "'", `'\''`)) + "'"
}
