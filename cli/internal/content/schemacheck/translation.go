package schemacheck

import (
	"encoding/json"
	"fmt"
	"sync"

	"portfolio/schema"
)

// The schemas of a translation file (site.<lang>.yaml, project.<lang>.yaml;
// decisions 0113, 0115): the default file's, with nothing required and no
// list's minimum, so that every key is optional and a list may stop early.
// The `required` of an `if` stays: it picks a block's branch by its type.
// Which keys may differ from the default file's is the model's
// x-translatable mark, which the loader checks (content.translate); this
// schema checks each value's type and bounds, at its line and column.
var translationSchemas = sync.OnceValues(func() (map[string]*Schema, error) {
	all, err := schemas()
	if err != nil {
		return nil, err
	}
	out := map[string]*Schema{}
	for name, data := range map[string][]byte{schema.SiteFile: schema.Site, schema.ProjectFile: schema.Project} {
		var raw any
		if err := json.Unmarshal(data, &raw); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		derived, err := json.Marshal(optional(raw, false))
		if err != nil {
			return nil, err
		}
		s, err := compileSchema(name, derived)
		if err != nil {
			return nil, err
		}
		// The default's model, in the schema's order: the same
		// properties, described the same way.
		s.Model = all[name].Model
		s.Translation = true
		out[name] = s
	}
	return out, nil
})

// SiteTranslationSchema returns the compiled schema of a site.<lang>.yaml.
func SiteTranslationSchema() (*Schema, error) { return translationNamed(schema.SiteFile) }

// ProjectTranslationSchema returns the compiled schema of a
// project.<lang>.yaml.
func ProjectTranslationSchema() (*Schema, error) { return translationNamed(schema.ProjectFile) }

func translationNamed(name string) (*Schema, error) {
	all, err := translationSchemas()
	if err != nil {
		return nil, err
	}
	return all[name], nil
}

// optional returns a copy of the schema document v without `required`
// (but inside an `if`) and `minItems`.
func optional(v any, inIf bool) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			switch {
			case k == "minItems", k == "required" && !inIf:
				continue
			case k == "examples" || k == "default" || k == "const" || k == "enum":
				out[k] = e // values, not schemas
			case k == "if":
				out[k] = optional(e, true)
			case k == "properties" || k == "$defs":
				// Names, not keywords: a property may be called "required".
				members, _ := e.(map[string]any)
				m := make(map[string]any, len(members))
				for name, s := range members {
					m[name] = optional(s, inIf)
				}
				out[k] = m
			default:
				out[k] = optional(e, inIf)
			}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = optional(e, inIf)
		}
		return out
	}
	return v
}
