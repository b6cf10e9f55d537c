package content

import (
	"strings"

	"portfolio/cli/internal/diag"
)

// CheckProjectPart checks part of a project while it is being written, as a
// form fills it in: partial holds some of a project's properties, and the
// result is the problems at pointer or inside it, in the words `portfolio
// validate` uses (schema and Markdown rules alike). Problems elsewhere, such
// as the properties not filled in yet, are left out. The diagnostics have no
// file position; the error is only for a schema that does not compile.
func CheckProjectPart(partial map[string]any, pointer string) (diag.List, error) {
	s, err := ProjectSchema()
	if err != nil {
		return nil, err
	}
	doc := &Document{File: ProjectFile, Value: partial, pos: map[string]Pos{}, key: map[string]Pos{}, block: map[string]bool{}}
	var out diag.List
	all := append(s.Check(doc), checkMarkdown(s, doc)...)
	for _, d := range all {
		if d.Pointer == pointer || strings.HasPrefix(d.Pointer, pointer+"/") {
			d.File, d.Line, d.Column = "", 0, 0
			out = append(out, d)
		}
	}
	return out, nil
}
