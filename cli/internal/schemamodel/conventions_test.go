package schemamodel_test

import (
	"encoding/json"
	"fmt"
	"sort"
	"testing"

	"github.com/kaptinlin/jsonschema"

	"portfolio/cli/internal/schemamodel"
	"portfolio/schema"
)

// TestConventions checks what editors, the generator and the content
// reference (docs/content.md) rely on: every object is closed
// (additionalProperties: false); every property and definition has a title
// and a description (written beside it or inherited from the definition it
// references); every value typed by hand (text or a number, not a choice)
// has an example; and every string has a maximum length.
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
				if resolved.Title == "" {
					t.Errorf("%s %s/%s: property without a title", name, where, p.Name)
				}
				if typedByHand(resolved) && len(resolved.Examples) == 0 {
					t.Errorf("%s %s/%s: property without examples", name, where, p.Name)
				}
				check(where+"/"+p.Name, p.Schema)
			}
			if items, _ := root.Resolve(s.Items); items != nil && typedByHand(items) && len(items.Examples) == 0 {
				t.Errorf("%s %s/items: list item without examples", name, where)
			}
			check(where+"/items", s.Items)
			for _, a := range s.AllOf {
				check(where+"/then", a.Then)
			}
		}
		check("#", root.Schema)
		for _, d := range root.Defs {
			if d.Schema.Title == "" || d.Schema.Description == "" {
				t.Errorf("%s #/$defs/%s: definition without a title and a description", name, d.Name)
			}
			check("#/$defs/"+d.Name, d.Schema)
		}
	}
}

// typedByHand reports whether a value is written freely (text, a number)
// rather than chosen (true or false, one of a list, a constant), so that an
// example helps.
func typedByHand(s *schemamodel.Schema) bool {
	return (s.Type == "string" || s.Type == "integer" || s.Type == "number") && s.Enum == nil && !s.HasConst
}

// TestExamplesAreValid checks every example in the schemas against the
// schema it illustrates, so that what editors and the content reference
// show as an example is content that validates.
func TestExamplesAreValid(t *testing.T) {
	for name, data := range map[string][]byte{schema.SiteFile: schema.Site, schema.ProjectFile: schema.Project} {
		var doc any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		url := "mem:///" + name
		// As schemacheck.Schema compiles it: format asserted.
		c := jsonschema.NewCompiler().SetAssertFormat(true)
		if _, err := c.Compile(data, url); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		found := 0
		for _, at := range exampleLocations(doc, "") {
			sch, err := c.Schema(url + "#" + at.pointer)
			if err != nil || sch == nil {
				t.Fatalf("%s#%s: %v", name, at.pointer, err)
			}
			for i, e := range at.examples {
				found++
				if res := sch.Validate(e); !res.IsValid() {
					j, _ := json.Marshal(e)
					why, _ := json.Marshal(res.DetailedErrors())
					t.Errorf("%s#%s: example %d (%s) is invalid: %s", name, at.pointer, i, j, why)
				}
			}
		}
		if found == 0 {
			t.Errorf("%s: no examples found", name)
		}
	}
}

type exampleLocation struct {
	pointer  string
	examples []any
}

// exampleLocations finds the subschemas with examples, by JSON pointer.
func exampleLocations(v any, at string) []exampleLocation {
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	var out []exampleLocation
	if ex, ok := m["examples"].([]any); ok {
		out = append(out, exampleLocation{at, ex})
	}
	for _, key := range []string{"properties", "$defs"} {
		members, _ := m[key].(map[string]any)
		names := make([]string, 0, len(members))
		for n := range members {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			out = append(out, exampleLocations(members[n], at+"/"+key+"/"+schemamodel.EscapePointer(n))...)
		}
	}
	for _, key := range []string{"items", "if", "then"} {
		out = append(out, exampleLocations(m[key], at+"/"+key)...)
	}
	all, _ := m["allOf"].([]any)
	for i, a := range all {
		out = append(out, exampleLocations(a, fmt.Sprintf("%s/allOf/%d", at, i))...)
	}
	return out
}
