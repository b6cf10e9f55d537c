package content

import (
	"strings"

	"portfolio/cli/internal/content/schemacheck"
	"portfolio/cli/internal/content/yamldoc"
	"portfolio/cli/internal/diag"
)

// CheckPart checks part of a file while a form fills it in: partial holds
// some of the file's properties, as the YAML parser gives them (text,
// []any, map[string]any, booleans), and the result is the problems at
// pointer or inside it, in the words `portfolio validate` uses (schema and
// Markdown rules alike). Problems elsewhere, such as the properties not
// filled in yet, are left out. The value is checked as it is, with no
// detour through YAML text: an answer has no position of its own, and the
// file it ends up in is loaded whole, with every position, before it is
// written (stage.Stage).
func CheckPart(s *schemacheck.Schema, partial map[string]any, pointer string) diag.List {
	doc := yamldoc.FromValue(s.Name, partial)
	var out diag.List
	for _, d := range append(s.Check(doc), checkMarkdown(s, doc)...) {
		if d.Pointer == pointer || strings.HasPrefix(d.Pointer, pointer+"/") {
			d.File, d.Line, d.Column = "", 0, 0
			out = append(out, d)
		}
	}
	return out
}
