package contact

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

var valid = Message{Name: "Ada Lovelace", Email: "ada@example.com", Message: "Hello, let us work together."}

func TestValidateValidIsEmptyNotNil(t *testing.T) {
	got := Validate(valid)
	if got == nil || len(got) != 0 {
		t.Errorf("Validate(valid) = %#v, want an empty map", got)
	}
}

func TestValidateLimits(t *testing.T) {
	tests := []struct {
		field string
		max   int
		set   func(m *Message, s string)
		fill  func(n int) string
	}{
		{"name", MaxName, func(m *Message, s string) { m.Name = s }, func(n int) string { return strings.Repeat("a", n) }},
		{"email", MaxEmail, func(m *Message, s string) { m.Email = s }, func(n int) string { return strings.Repeat("a", n-len("@example.com")) + "@example.com" }},
		{"message", MaxMessage, func(m *Message, s string) { m.Message = s }, func(n int) string { return strings.Repeat("m", n) }},
	}
	for _, tt := range tests {
		t.Run(tt.field, func(t *testing.T) {
			m := valid
			tt.set(&m, tt.fill(tt.max))
			if errs := Validate(m); len(errs) != 0 {
				t.Errorf("%d characters: %q", tt.max, errs)
			}
			tt.set(&m, tt.fill(tt.max+1))
			// The message quotes the constant: they cannot drift apart.
			want := fmt.Sprintf("must be less than %d characters", tt.max)
			if got := Validate(m)[tt.field]; !strings.HasSuffix(got, want) {
				t.Errorf("%d characters: %q, want …%q", tt.max+1, got, want)
			}
		})
	}
}

func TestTrimmed(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"ASCII whitespace", " \t\n\v\f\r a b \r\n", "a b"},
		{"no-break and ideographic spaces", "\u00a0\u3000a\u202f", "a"},
		{"byte order mark (strings.TrimSpace keeps it)", "\ufeffa\ufeff", "a"},
		{"line and paragraph separators", "\u2028a\u2029", "a"},
		{"en quad to hair space", "\u2000\u2005\u200aa\u2000", "a"},
		{"next line kept (strings.TrimSpace removes it)", "\u0085a\u0085", "\u0085a\u0085"},
		{"zero width space kept", "\u200ba", "\u200ba"},
		{"mongolian vowel separator kept", "\u180ea", "\u180ea"},
		{"invalid UTF-8 kept", " \xff a \xfe ", "\xff a \xfe"},
		{"half of U+2028 is not whitespace", "\xe2\x80 ", "\xe2\x80"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := Message{Name: tt.in, Email: tt.in, Message: tt.in}.Trimmed()
			want := Message{Name: tt.want, Email: tt.want, Message: tt.want}
			if m != want {
				t.Errorf("Trimmed(%+q) = %+q, want %+q", tt.in, m, want)
			}
		})
	}
}

// The set written out in the package documentation, and in the brief of the
// site's implementation: ECMAScript WhiteSpace and LineTerminator.
var jsWhitespace = []rune{
	0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680,
	0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A,
	0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF,
}

// isSpace and the regexp class used by the email check must be the same set,
// and exactly JavaScript's.
func TestSpaceSetsAgree(t *testing.T) {
	class := regexp.MustCompile(`^[` + jsSpaceClass + `]$`)
	var got []rune
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue // surrogates: string(r) would be U+FFFD
		}
		if in := isSpace(r); in != class.MatchString(string(r)) {
			t.Errorf("U+%04X: isSpace %v, regexp class %v", r, in, !in)
		} else if in {
			got = append(got, r)
		}
		if r == 0x10000 && testing.Short() {
			break // whitespace is all in the first plane
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(jsWhitespace) {
		t.Errorf("whitespace set\n got %U\nwant %U", got, jsWhitespace)
	}
}

// Invalid UTF-8 never reaches the form (browsers send UTF-8), but a server may
// be sent anything: each invalid byte is one character, not whitespace, not @.
func TestValidateInvalidUTF8(t *testing.T) {
	tests := []struct {
		name string
		in   Message
		want Errors
	}{
		{"invalid bytes are not blank", Message{Name: "\xff", Email: "\xff@\xfe.\xfd", Message: " \xc3 "}, Errors{}},
		{"each invalid byte is one character", Message{Name: strings.Repeat("\xff", MaxName), Email: valid.Email, Message: strings.Repeat("\xe2\x80", MaxMessage/2)}, Errors{}},
		{"one byte too many", Message{Name: strings.Repeat("\xff", MaxName+1), Email: valid.Email, Message: strings.Repeat("\xe2\x80", MaxMessage/2) + "\xff"},
			Errors{"name": "Name must be less than 100 characters", "message": "Message must be less than 1000 characters"}},
		{"an invalid byte does not split an address", Message{Name: "A", Email: "ada\xff@example", Message: "m"}, Errors{"email": "Invalid email address"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Validate(tt.in); fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("Validate(%+q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

var messages = map[string]bool{
	"name: Name is required":                             true,
	"name: Name must be less than 100 characters":        true,
	"email: Invalid email address":                       true,
	"email: Email must be less than 255 characters":      true,
	"message: Message is required":                       true,
	"message: Message must be less than 1000 characters": true,
}

func FuzzValidate(f *testing.F) {
	f.Add("Ada", "ada@example.com", "Hello")
	f.Add("", "", "")
	f.Add("\u00a0\ufeff", "a@b.c\u2028", "\u0085")
	f.Add("\xff", "\xe2\x80@\xff.\xfe", " \xc3")
	f.Fuzz(func(t *testing.T, name, email, message string) {
		m := Message{Name: name, Email: email, Message: message}
		errs := Validate(m)
		for field, msg := range errs {
			if !messages[field+": "+msg] {
				t.Errorf("unknown error %q: %q", field, msg)
			}
		}
		tm := m.Trimmed()
		if tm.Trimmed() != tm {
			t.Errorf("Trimmed is not idempotent on %+q", m)
		}
		if again := Validate(tm); fmt.Sprint(again) != fmt.Sprint(errs) {
			t.Errorf("Validate(%+q) = %q but on trimmed values %q", m, errs, again)
		}
	})
}
