package schemamodel_test

import (
	"testing"

	"portfolio/cli/internal/schemamodel"
	"portfolio/schema"
)

// TestConventions checks what editors and the generator rely on: every
// object is closed (additionalProperties: false), every property has a
// description (written beside it or inherited from the definition it
// references), and every string has a maximum length.
func TestConventions(t *testing.T) {
	for name, data := range map[string][]byte{schema.SiteFile: schema.Site, schema.ProjectFile: schema.Project} {
		root, err := schemamodel.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var check func(where string, s *schemamodel.Schema)
		check = func(where string, s *schemamodel.Schema) {
			if s == nil {
				return
			}
			if s.Type == "object" && len(s.Properties) > 0 && len(s.AllOf) == 0 {
				if s.AdditionalProperties == nil || *s.AdditionalProperties {
					t.Errorf("%s %s: object without additionalProperties: false", name, where)
				}
			}
			if s.Type == "string" && s.MaxLength == nil {
				t.Errorf("%s %s: string without maxLength", name, where)
			}
			for _, p := range s.Properties {
				resolved, _ := root.Resolve(p.Schema)
				if resolved.Description == "" {
					t.Errorf("%s %s/%s: property without a description", name, where, p.Name)
				}
				check(where+"/"+p.Name, p.Schema)
			}
			check(where+"/items", s.Items)
			for _, a := range s.AllOf {
				check(where+"/then", a.Then)
			}
		}
		check("#", root.Schema)
		for _, d := range root.Defs {
			check("#/$defs/"+d.Name, d.Schema)
		}
	}
}
