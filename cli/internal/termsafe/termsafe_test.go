package termsafe

import (
	"fmt"
	"log"
	"strings"
	"testing"
)

func TestString(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "gallery/photo 1.jpg", "gallery/photo 1.jpg"},
		{"non-ASCII letters kept", "café/日本/😀.jpg", "café/日本/😀.jpg"},
		{"newline forges a line", "a\nerror: forged", `a\nerror: forged`},
		{"carriage return", "a\rb", `a\rb`},
		{"tab", "a\tb", `a\tb`},
		{"escape sequence", "\x1b]0;title\x07x", `\x1b]0;title\ax`},
		{"NUL and DEL", "a\x00b\x7f", `a\x00b\x7f`},
		{"C1 control", "a\u0085b\u009bc", `a\u0085b\u009bc`},
		{"bidi override", "photo\u202egpj.exe", `photo\u202egpj.exe`},
		{"bidi isolates and marks", "\u2066a\u2069\u200e\u200f\u061c", `\u2066a\u2069\u200e\u200f\u061c`},
		{"line separators", "a\u2028b\u2029c", `a\u2028b\u2029c`},
		{"invalid UTF-8", "caf\xe9\xff", `caf\xe9\xff`},
		{"backslash kept", `a\b`, `a\b`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := String(tt.in); got != tt.want {
				t.Errorf("String(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestLines(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"keeps lines and tabs", "a\n\tb\n", "a\n\tb\n"},
		{"CRLF becomes LF", "a\r\nb", "a\nb"},
		{"lone CR escaped", "a\rb", `a\rb`},
		{"escape sequence", "a\x1b[2Jb\n", "a\\x1b[2Jb\n"},
		{"bidi", "x\u202ey", `x\u202ey`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Lines(tt.in); got != tt.want {
				t.Errorf("Lines(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// FuzzString: the result never holds a character String escapes, and text
// without one comes back unchanged.
func FuzzString(f *testing.F) {
	for _, s := range []string{"a", "a\nb", "\x1b[31m", "\u202e", "caf\xe9", "\u0085", "日本"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := String(s)
		if !safe(out, false) {
			t.Fatalf("String(%q) = %q still unsafe", s, out)
		}
		if safe(s, false) && out != s {
			t.Fatalf("safe text changed: %q -> %q", s, out)
		}
		if m := Lines(s); !safe(m, true) {
			t.Fatalf("Lines(%q) = %q still unsafe", s, m)
		}
	})
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

func TestShellWord(t *testing.T) {
	tests := []struct{ in, want string }{
		{"content", "content"},
		{"/home/sam/site/content-sample-2026-11-25", "/home/sam/site/content-sample-2026-11-25"},
		{"", "''"},
		{"my site", "'my site'"},
		{"it's", `'it'\''s'`},
		{"$(rm -rf ~)", "'$(rm -rf ~)'"},
		{"a\x1b[2Jb", `'a\x1b[2Jb'`}, // shown escaped, never sent to the terminal raw
	}
	for _, tt := range tests {
		if got := ShellWord(tt.in); got != tt.want {
			t.Errorf("ShellWord(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
