package content

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"portfolio/cli/internal/content/schemacheck"
	"portfolio/cli/internal/content/yamldoc"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/schemamodel"
)

// controlNames are the short names of the C0 controls and DEL.
var controlNames = map[rune]string{
	0x00: "NUL", 0x01: "SOH", 0x02: "STX", 0x03: "ETX", 0x04: "EOT", 0x05: "ENQ", 0x06: "ACK", 0x07: "BEL",
	0x08: "BS", 0x0B: "VT", 0x0C: "FF", 0x0D: "CR", 0x0E: "SO", 0x0F: "SI", 0x10: "DLE", 0x11: "DC1",
	0x12: "DC2", 0x13: "DC3", 0x14: "DC4", 0x15: "NAK", 0x16: "SYN", 0x17: "ETB", 0x18: "CAN", 0x19: "EM",
	0x1A: "SUB", 0x1B: "ESC", 0x1C: "FS", 0x1D: "GS", 0x1E: "RS", 0x1F: "US", 0x7F: "DEL",
}

// isControl reports a character that is no text: a C0 control but tab and
// line feed (a multi-line text's own), DEL, or a C1 control (U+0080 to
// U+009F). Direction marks and isolates are left alone: right-to-left text
// needs them, and every terminal output escapes them (termsafe).
func isControl(r rune) bool { return unicode.IsControl(r) && r != '\t' && r != '\n' }

// Names of the definitions whose values are paths: the path rules refuse a
// control character in them, naming the file.
var pathDefs = map[string]bool{DefImagePath: true, DefVideoPath: true, DefCaptionsPath: true, DefDocumentPath: true}

// checkControls reports every text of doc that holds a control character:
// each of them reaches a page (its text, title, link previews, structured
// data), where ESC [2J or a C1 code is not text and garbles what shows it.
// YAML writes them from escapes in double-quoted text (\e, \x1b, \u009b),
// and takes some raw. A value the schema already refused (reported) is
// left to that message, and so are paths.
func checkControls(s *schemacheck.Schema, doc *yamldoc.Document, reported diag.List) diag.List {
	skip := map[string]bool{}
	for _, d := range reported {
		skip[d.Pointer] = true
	}
	s.Walk(doc, func(ptr string, _ *schemamodel.Schema, def string, _ any) {
		if pathDefs[def] {
			skip[ptr] = true
		}
	})
	var out diag.List
	doc.Walk(func(ptr, _ string, v any) bool {
		x, ok := v.(string)
		if !ok {
			return true
		}
		i := strings.IndexFunc(x, isControl)
		if i < 0 || skip[ptr] {
			return true
		}
		r, _ := utf8.DecodeRuneInString(x[i:])
		name := ""
		if n, ok := controlNames[r]; ok {
			name = " (" + n + ")"
		}
		d := doc.Diag(diag.Error, ptr,
			`remove it: a control character is not text, and garbles the page, its title and link previews; in "double-quoted" YAML, escapes such as \e, \x1b or \u009b write one`,
			"%s holds a control character, U+%04X%s, at character %d", schemacheck.FieldName(ptr), r, name, utf8.RuneCountInString(x[:i])+1)
		if line, col, ok := doc.RawPos(ptr, x, i); ok {
			d.Line, d.Column = line, col
		}
		out = append(out, d)
		return true
	})
	return out
}
