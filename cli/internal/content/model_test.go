package content

import (
	"reflect"
	"strings"
	"testing"

	"portfolio/cli/internal/content/schemacheck"
	"portfolio/cli/internal/schemamodel"
)

// TestModelFollowsSchema holds the typed model against the schemas: every
// property of a schema has its field (json tag), and the fields the
// generator writes come in the schema's order. A property added to a
// schema fails here until the model has it, rather than being dropped
// on the way to the site.
func TestModelFollowsSchema(t *testing.T) {
	site, err := schemacheck.SiteSchema()
	if err != nil {
		t.Fatal(err)
	}
	project, err := schemacheck.ProjectSchema()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		root *schemamodel.Root
		typ  reflect.Type
	}{
		{site.Model, reflect.TypeFor[Site]()},
		{project.Model, reflect.TypeFor[ProjectData]()},
	} {
		for _, problem := range follows(tt.root, tt.root.Schema, tt.typ, tt.typ.Name()) {
			t.Error(problem)
		}
	}
}

// follows lists where typ departs from schema s.
func follows(root *schemamodel.Root, s *schemamodel.Schema, typ reflect.Type, where string) []string {
	s, _ = root.Resolve(s)
	for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice {
		typ = typ.Elem()
		if s.Type == "array" && s.Items != nil {
			s, _ = root.Resolve(s.Items)
		}
	}
	if s.Type == "array" && s.Items != nil {
		s, _ = root.Resolve(s.Items)
	}
	var out []string
	if typ == reflect.TypeFor[Block]() {
		// Each branch of the block schema is one type of the closed set.
		for _, a := range s.AllOf {
			_, kind, ok := a.Discriminator()
			b := newBlock(kind.(string))
			if !ok || b == nil {
				out = append(out, where+": the block type "+kind.(string)+" has no Go type: add it to newBlock")
				continue
			}
			bt := reflect.TypeOf(b).Elem()
			out = append(out, follows(root, a.Then, bt, bt.Name())...)
		}
		return out
	}
	if typ.Kind() != reflect.Struct {
		return nil
	}
	props := s.Properties
	for _, a := range s.AllOf { // the branches of a union share one type
		if a.Then != nil {
			branch, _ := root.Resolve(a.Then)
			props = append(props, branch.Properties...)
		}
	}
	fields := map[string]reflect.StructField{}
	var written []string
	for _, f := range reflect.VisibleFields(typ) {
		if f.Anonymous { // ProjectDetails: its fields follow it
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		fields[name] = f
		// A field the loader resolves (resolved) comes after the file's.
		if ts, opts, _ := strings.Cut(f.Tag.Get("ts"), ","); ts != "-" && ts != "" && ts == name && opts != "resolved" {
			written = append(written, name)
		}
	}
	order := map[string]int{}
	for i, p := range s.Properties {
		order[p.Name] = i
	}
	for _, p := range props {
		f, ok := fields[p.Name]
		if !ok {
			out = append(out, where+"."+p.Name+": the schema's property has no field in "+typ.String()+": add one, with json and ts tags")
			continue
		}
		out = append(out, follows(root, p.Schema, f.Type, where+"."+p.Name)...)
	}
	last := -1
	for _, name := range written {
		i, ok := order[name]
		if !ok {
			continue
		}
		if i < last {
			out = append(out, where+"."+name+": the field comes before a property the schema has before it: keep the schema's order")
		}
		last = i
	}
	return out
}

// A new project starts from the schema's defaults: listed, not featured.
// The forms and the flags take them from here, not from a copy.
func TestProjectDefaults(t *testing.T) {
	if d := ProjectDefaults(); !d.Active || d.Featured {
		t.Errorf("defaults: active %v, featured %v; want active, not featured", d.Active, d.Featured)
	}
}
