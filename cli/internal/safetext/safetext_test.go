package safetext

import (
	"fmt"
	"log"
	"strings"
	"testing"
)

func TestEscape(t *testing.T) {
	tests := []struct {
		in        string
		multiline bool
		want      string
	}{
		{"plain", false, "plain"},
		{"tab\tkept", false, "tab\tkept"},
		{"a\nb", false, `a\nb`},
		{"a\nb", true, "a\nb"},
		{"a\r\nb", true, "a\nb"},
		{"a\r\nb", false, `a\r\nb`},
		{"over\rwrite", true, `over\rwrite`},
		{"\x1b[2J", true, `\x1b[2J`},
		{"\x1b]52;c;aGk=\x07", false, `\x1b]52;c;aGk=\a`},
		{"\x1b]0;title\x1b\\", false, `\x1b]0;title\x1b\`},
		{"\u009b31m", false, `\u009b31m`}, // C1 CSI
		{"abc\u202edcba", false, `abc\u202edcba`},
		{"\u2066x\u2069", false, `\u2066x\u2069`},
		{"עברית\u200f (RLM) and \u200e (LRM) kept", false, "עברית\u200f (RLM) and \u200e (LRM) kept"},
		{"a\u2028b\u2029c", true, `a\u2028b\u2029c`},
		{"\x7f", false, `\x7f`},
		{"\x00", false, `\x00`},
		{"bad\xffbyte", false, "bad\uFFFDbyte"},
		{"emoji 👩🏽‍💻 e\u0301", false, "emoji 👩🏽‍💻 e\u0301"}, // ZWJ and combining marks are text
	}
	for _, tt := range tests {
		f, name := Line, "Line"
		if tt.multiline {
			f, name = Text, "Text"
		}
		if got := f(tt.in); got != tt.want {
			t.Errorf("%s(%q) = %q, want %q", name, tt.in, got, tt.want)
		}
	}
}

func TestLogWriter(t *testing.T) {
	var b strings.Builder
	w := LogWriter(&b)
	fmt.Fprintf(w, "message from %s stored\n", "Eve\r\n2026/01/01 admin logged in\x1b]0;pwned\x07")
	l := log.New(w, "", 0)
	l.Printf("http: %s", "bad\nline")
	fmt.Fprint(w, "no newline")
	want := `message from Eve\r\n2026/01/01 admin logged in\x1b]0;pwned\a stored` + "\n" +
		`http: bad\nline` + "\n" +
		"no newline\n"
	if b.String() != want {
		t.Errorf("log = %q\nwant  %q", b.String(), want)
	}
}

// FuzzLine: whatever the input, the output is one line with no control,
// bidi or separator character but tab.
func FuzzLine(f *testing.F) {
	for _, s := range []string{"plain", "a\nb", "\x1b[2J", "\u202e", "\xff\xfe", "\r\n", "\u2028", "\u009b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, r := range Line(s) {
			if r != '\t' && (r < ' ' || r == 0x7f || (r >= 0x80 && r < 0xa0) || IsBidiControl(r) || r == '\u2028' || r == '\u2029') {
				t.Fatalf("Line(%q) keeps %U", s, r)
			}
		}
		for _, r := range Text(s) {
			if r == '\r' || r == 0x1b {
				t.Fatalf("Text(%q) keeps %U", s, r)
			}
		}
	})
}
