// Package safetext escapes text that comes from outside the program
// (visitors' messages, request paths, file names) before it reaches a
// terminal or a log.
//
// A terminal obeys control sequences in what it prints (colours, window
// title, clipboard, hiding lines), CR and LF start forged lines in a log,
// and bidirectional overrides reorder what follows them ("Trojan Source").
// So control characters, bidirectional embeddings, overrides and isolates,
// and line/paragraph separators are shown escaped (\x1b, \u202e) instead;
// invalid UTF-8 shows as U+FFFD. Tabs are kept; the marks LRM, RLM and ALM,
// which right-to-left text needs, are kept.
package safetext

import (
	"io"
	"strconv"
	"strings"
	"unicode"
)

// Line escapes s for one line of output: line breaks are escaped too.
func Line(s string) string { return escape(s, false) }

// Text escapes s keeping its line breaks (CRLF becomes LF; a lone CR, which
// would overwrite the line, is escaped).
func Text(s string) string { return escape(s, true) }

func escape(s string, multiline bool) string {
	if isPlain(s) {
		return s
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	if multiline {
		s = strings.ReplaceAll(s, "\r\n", "\n")
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\t', r == '\n' && multiline:
			b.WriteRune(r)
		case unicode.IsControl(r), IsBidiControl(r), unicode.In(r, unicode.Zl, unicode.Zp):
			b.WriteString(strings.Trim(strconv.QuoteRuneToASCII(r), "'"))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isPlain reports printable ASCII (and tab): nothing to escape.
func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < ' ' && c != '\t') || c >= 0x7f {
			return false
		}
	}
	return true
}

// IsBidiControl reports the embedding, override and isolate controls that
// reorder the text after them; the marks LRM, RLM and ALM are not among them.
func IsBidiControl(r rune) bool {
	return '\u202a' <= r && r <= '\u202e' || '\u2066' <= r && r <= '\u2069'
}

// LogWriter returns a writer for a log: each Write is one entry, written
// escaped as one line (a single trailing newline is kept, or added), so no
// text inside an entry can start a line of its own or act on a terminal.
// log.Logger writes each entry with one Write, as does fmt.Fprintf.
func LogWriter(w io.Writer) io.Writer { return logWriter{w} }

type logWriter struct{ w io.Writer }

func (l logWriter) Write(p []byte) (int, error) {
	s := strings.TrimSuffix(string(p), "\n")
	if _, err := io.WriteString(l.w, Line(s)+"\n"); err != nil {
		return 0, err
	}
	return len(p), nil
}
