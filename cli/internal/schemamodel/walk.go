package schemamodel

import (
	"strconv"
	"strings"
)

// Visitor is called for each value of a document, with the JSON pointer of the
// value, the schema that describes it and the name of the definition it came
// through ("" when none).
type Visitor func(pointer string, s *Schema, def string, v any)

// Walk visits every value of a schema-valid document, parents before children,
// object properties in schema order. For a discriminated object (allOf of
// if/then) it describes the object by its matching branch.
func (r *Root) Walk(v any, visit Visitor) {
	r.walk("", r.Schema, v, visit)
}

func (r *Root) walk(ptr string, s *Schema, v any, visit Visitor) {
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
				r.walk(ptr+"/"+EscapePointer(p.Name), p.Schema, child, visit)
			}
		}
	case []any:
		for i, e := range x {
			r.walk(ptr+"/"+strconv.Itoa(i), s.Items, e, visit)
		}
	}
}

var (
	pointerEscaper   = strings.NewReplacer("~", "~0", "/", "~1")
	pointerUnescaper = strings.NewReplacer("~1", "/", "~0", "~")
)

// EscapePointer escapes one JSON pointer token (RFC 6901).
func EscapePointer(tok string) string { return pointerEscaper.Replace(tok) }

// UnescapePointer reverses EscapePointer.
func UnescapePointer(tok string) string { return pointerUnescaper.Replace(tok) }
