// Package contact validates a contact-form message with the site's rules and
// messages (docs/site.md §5; site/src/features/contact/validation.ts), so a
// local server can refuse a message with the same words the form shows. Both
// implementations run the shared cases in
// site/src/features/contact/validation.cases.json.
//
// The rules follow JavaScript, not Go, where the two differ:
//
//   - Trimming removes what String.prototype.trim removes: U+0009–U+000D,
//     U+0020, U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F,
//     U+3000 and U+FEFF. strings.TrimSpace would also remove U+0085 and keep
//     U+FEFF.
//   - A length counts code points, as [...s].length does: an emoji is one
//     character, but a letter with a combining accent is two.
//   - The email check is /^[^\s@]+@[^\s@]+\.[^\s@]+$/ with JavaScript's \s.
//
// Invalid UTF-8, which a browser never sends, does not panic: each invalid
// byte counts as one character (as utf8.RuneCountInString counts it) and is
// neither whitespace nor "@". Trimmed keeps such bytes as they are.
package contact

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Longest trimmed values accepted, in code points.
const (
	MaxName    = 100
	MaxEmail   = 255
	MaxMessage = 1000
)

// MaxPost is the longest form post read, in bytes: `portfolio serve`'s
// default, and the Edge Function's for a favourites post.
const MaxPost = 64 << 10

// The form's names as a post carries them: the form's own, its name field
// and honeypot (the host's form handling reads both), and the fields. The
// site's are in site/src/features/contact/form.ts; TestFormNames checks
// that the two agree.
const (
	FormName      = "contact"
	FormNameField = "form-name"
	Honeypot      = "bot-field"
	FieldName     = "name"
	FieldEmail    = "email"
	FieldMessage  = "message"
	// FieldLanguage carries, on a site in several languages, the language
	// of the page the message was sent from (decision 0116).
	FieldLanguage = "language"
)

// Message is a contact message as submitted.
type Message struct {
	Name, Email, Message string
}

// Errors maps a field (FieldName, FieldEmail or FieldMessage) to the message shown
// under it; fields that are valid are absent. It has the shape of the site's
// ContactErrors, so it can be sent as JSON in a 400 answer.
type Errors map[string]string

// Validate checks the trimmed values of m and reports every invalid field.
// The result is empty, never nil, when m is valid.
func Validate(m Message) Errors {
	m = m.Trimmed()
	errs := Errors{}
	if m.Name == "" {
		errs[FieldName] = "Name is required"
	} else if utf8.RuneCountInString(m.Name) > MaxName {
		errs[FieldName] = fmt.Sprintf("Name must be less than %d characters", MaxName)
	}
	// The length comes first, so a long address that is also malformed gets
	// the length message. An empty address is simply invalid.
	if utf8.RuneCountInString(m.Email) > MaxEmail {
		errs[FieldEmail] = fmt.Sprintf("Email must be less than %d characters", MaxEmail)
	} else if !emailPattern.MatchString(m.Email) {
		errs[FieldEmail] = "Invalid email address"
	}
	if m.Message == "" {
		errs[FieldMessage] = "Message is required"
	} else if utf8.RuneCountInString(m.Message) > MaxMessage {
		errs[FieldMessage] = fmt.Sprintf("Message must be less than %d characters", MaxMessage)
	}
	return errs
}

// Language returns the language a post names in FieldLanguage when it is
// a language code as the site writes it (two lowercase ASCII letters,
// ISO 639-1), else "": the field is the visitor's to change, and only a
// code is kept.
func Language(v string) string {
	if len(v) != 2 || v[0] < 'a' || v[0] > 'z' || v[1] < 'a' || v[1] > 'z' {
		return ""
	}
	return v
}

// Trimmed returns m with each value trimmed as JavaScript trims it: the values
// the site submits, and the ones to store.
func (m Message) Trimmed() Message {
	return Message{Name: trim(m.Name), Email: trim(m.Email), Message: trim(m.Message)}
}

func trim(s string) string { return strings.TrimFunc(s, isSpace) }

// isSpace reports whether r is whitespace to JavaScript (the WhiteSpace and
// LineTerminator code points of ECMAScript: what trim removes and \s matches).
func isSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ',
		0x00A0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return 0x2000 <= r && r <= 0x200A
}

// jsSpaceClass is isSpace as the inside of a regexp character class (a test
// checks that the two agree). Go's \s is only [\t\n\f\r ].
const jsSpaceClass = `\t\n\v\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}`

// One @, something on both sides, a dot inside the domain, no whitespace: the
// site's pattern, character for character. Go matches runes where JavaScript
// matches UTF-16 units; as every excluded character is a single unit, both
// accept the same strings.
var emailPattern = regexp.MustCompile(
	`^[^@` + jsSpaceClass + `]+@[^@` + jsSpaceClass + `]+\.[^@` + jsSpaceClass + `]+$`)
