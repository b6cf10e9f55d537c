package content

import (
	"strings"

	"portfolio/cli/internal/content/schemacheck"
	"portfolio/cli/internal/diag"
)

// CheckPart checks answers while a form fills a file in: values hold some
// of the file's properties (schemacheck.Partial), and the result is the
// problems at pointer or inside it, in the words `portfolio validate` uses
// (schema and Markdown rules alike). Problems elsewhere, such as the
// properties not filled in yet, are left out. The values are checked as
// they are, with no detour through YAML text: the file they end up in is
// loaded whole, with every position, before it is written (stage.Stage).
func CheckPart(s *schemacheck.Schema, pointer string, values ...schemacheck.Value) (diag.List, error) {
	doc, err := schemacheck.Partial(s.Name, values...)
	if err != nil {
		return nil, err
	}
	var out diag.List
	for _, d := range append(s.Check(doc), checkMarkdown(s, doc)...) {
		if d.Pointer == pointer || strings.HasPrefix(d.Pointer, pointer+"/") {
			d.File, d.Line, d.Column = "", 0, 0
			out = append(out, d)
		}
	}
	return out, nil
}
