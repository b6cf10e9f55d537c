package schemacheck

import (
	"strconv"

	"portfolio/cli/internal/content/yamldoc"
	"portfolio/cli/internal/schemamodel"
)

// Visitor is called for each value of a document, with the JSON pointer of the
// value, the schema that describes it and the name of the definition it came
// through ("" when none).
type Visitor func(pointer string, s *schemamodel.Schema, def string, v any)

// Walk visits every value of doc that its schema describes, parents before
// children, object properties in schema order: the rules find values by
// definition (imagePath, markdown, galleryBlock), not by field name. For a
// discriminated object (allOf of if/then) it describes the object by its
// matching branch.
func (s *Schema) Walk(doc *yamldoc.Document, visit Visitor) {
	walk(s.Model, "", s.Model.Schema, doc.Value, visit)
}

func walk(r *schemamodel.Root, ptr string, s *schemamodel.Schema, v any, visit Visitor) {
	s, def := r.Resolve(s)
	if s == nil {
		return
	}
	if m, ok := v.(map[string]any); ok {
		if branch, ok := s.Branch(m); ok {
			s, def = r.Resolve(branch)
		}
	}
	visit(ptr, s, def, v)
	switch x := v.(type) {
	case map[string]any:
		for _, p := range s.Properties {
			if child, ok := x[p.Name]; ok {
				walk(r, ptr+"/"+schemamodel.EscapePointer(p.Name), p.Schema, child, visit)
			}
		}
	case []any:
		for i, e := range x {
			walk(r, ptr+"/"+strconv.Itoa(i), s.Items, e, visit)
		}
	}
}
