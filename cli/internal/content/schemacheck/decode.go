package schemacheck

import (
	"encoding/json"

	"portfolio/cli/internal/content/yamldoc"
	"portfolio/cli/internal/schemamodel"
)

// Decode decodes the document's value into out, a pointer to the typed
// value of its file (content.Site, content.ProjectData), with the schema's
// defaults applied: this is the one place they are. A property left out
// takes its default, and so do the properties of that default, as the
// schema nests them (site.yaml's gallery: {} gives columns {xs: 4, …}).
//
// Decoding is lenient: a value of another type than the schema's takes
// the default, if there is one, else out's field is left at its zero
// value, and the rest is decoded (Check reports the mistake),
// so the rules a schema cannot say still run on a file with a problem.
// The error is the first such mismatch, for callers that need a valid
// file.
func (s *Schema) Decode(doc *yamldoc.Document, out any) error {
	data, err := json.Marshal(withDefaults(s.Model, s.Model.Schema, doc.Value))
	if err != nil {
		return err
	}
	return json.Unmarshal(data, out)
}

// withDefaults returns a copy of v with the defaults of s filled in.
func withDefaults(root *schemamodel.Root, s *schemamodel.Schema, v any) any {
	if s == nil {
		return v
	}
	if s.Ref != "" {
		return withDefaults(root, root.Def(s.Ref), v)
	}
	switch x := v.(type) {
	case map[string]any:
		if branch, ok := s.Branch(x); ok {
			return withDefaults(root, branch, v)
		}
		out := make(map[string]any, len(x)+len(s.Properties))
		for k, e := range x {
			out[k] = e
		}
		for _, p := range s.Properties {
			pv, ok := x[p.Name]
			if resolved, _ := root.Resolve(p.Schema); !ok || resolved.HasDefault && !ofType(pv, resolved.Type) {
				if !resolved.HasDefault {
					continue
				}
				pv = resolved.Default
			}
			out[p.Name] = withDefaults(root, p.Schema, pv)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = withDefaults(root, s.Items, e)
		}
		return out
	}
	return v
}

// ofType reports whether v is a value of the JSON type t ("" is any).
func ofType(v any, t string) bool {
	return t == "" || jsonType(v) == t || t == "integer" && jsonType(v) == "number"
}
