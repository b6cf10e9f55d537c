package editorconfig_test

import (
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"

	"portfolio/cli/internal/editorconfig"
	"portfolio/cli/internal/golden"
	"portfolio/cli/internal/schemamodel"
	"portfolio/schema"
)

var opts = editorconfig.Options{Categories: []string{"graphics", "web-design"}, Repo: "owner/portfolio"}

// TestGolden keeps the configuration of the schemas as reviewed: a change
// of the schemas or the generator shows as a diff of testdata/config.yml.
func TestGolden(t *testing.T) {
	got, _, err := editorconfig.Generate(schema.Site, schema.Project, opts)
	if err != nil {
		t.Fatal(err)
	}
	golden.File(t, filepath.Join("testdata", "config.yml"), got)
}

// notInEditor are the schema fields the configuration leaves out on
// purpose, with the reason. A field of docs/content.md that is neither in
// the configuration nor here fails TestEveryFieldIsEditable.
var notInEditor = map[string]string{
	// The union keys are the typed list's typeKey, chosen from its menu.
	"project.body[].type": "a block's type is the typed list's typeKey: the Add menu chooses it",
}

// sampleConfig is the configuration Generate writes for the schemas with
// opts, read back: its collections.
func sampleConfig(t *testing.T) (cfg struct {
	Collections []map[string]any `yaml:"collections"`
}) {
	t.Helper()
	out, _, err := editorconfig.Generate(schema.Site, schema.Project, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(out, &cfg); err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TestEveryFieldIsEditable walks the schemas as docs/content.md does
// (every property, through definitions, list items and each kind of a
// union) and fails on a field the configuration lacks without a reason.
func TestEveryFieldIsEditable(t *testing.T) {
	cfg := sampleConfig(t)
	have := map[string]bool{}
	var walkCfg func(path string, fields []any)
	walkCfg = func(path string, fields []any) {
		for _, x := range fields {
			f := x.(map[string]any)
			p := path + "." + f["name"].(string)
			have[p] = true
			if sub, ok := f["fields"].([]any); ok {
				if f["widget"] == "list" {
					walkCfg(p+"[]", sub)
				} else {
					walkCfg(p, sub)
				}
			}
			if one, ok := f["field"].(map[string]any); ok {
				walkCfg(p, []any{one})
			}
			if types, ok := f["types"].([]any); ok {
				have[p+"[]."+f["typeKey"].(string)] = true
				for _, ty := range types {
					walkCfg(p+"[]", ty.(map[string]any)["fields"].([]any))
				}
			}
		}
	}
	for _, c := range cfg.Collections {
		if fields, ok := c["fields"].([]any); ok {
			walkCfg("project", fields)
		}
		if files, ok := c["files"].([]any); ok {
			walkCfg("site", files[0].(map[string]any)["fields"].([]any))
		}
	}
	var missing []string
	for name, data := range map[string][]byte{"site": schema.Site, "project": schema.Project} {
		root, err := schemamodel.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range schemaFields(root, root.Schema, name, map[string]bool{}) {
			// A list of scalars is one field in the editor: its items have no name.
			if !have[p] && !have[strings.TrimSuffix(p, "[]")] && notInEditor[p] == "" {
				missing = append(missing, p)
			}
		}
	}
	slices.Sort(missing)
	missing = slices.Compact(missing)
	for _, p := range missing {
		t.Errorf("%s is in the schemas (docs/content.md) but not in the editor's configuration, and notInEditor gives no reason", p)
	}
}

// schemaFields lists every field path under s: objects' properties (list
// items as [], each kind of a union at the same path as the others).
func schemaFields(root *schemamodel.Root, raw *schemamodel.Schema, path string, seen map[string]bool) []string {
	s, _ := root.Resolve(raw)
	if s == nil || seen[path] {
		return nil
	}
	seen[path] = true
	var out []string
	for _, p := range s.Properties {
		out = append(out, path+"."+p.Name)
		out = append(out, schemaFields(root, p.Schema, path+"."+p.Name, seen)...)
	}
	for _, a := range s.AllOf {
		if a.Then != nil {
			then, def := root.Resolve(a.Then)
			key := path + "{" + def + "}"
			if !seen[key] {
				seen[key] = true
				for _, p := range then.Properties {
					out = append(out, path+"."+p.Name)
					out = append(out, schemaFields(root, p.Schema, path+"."+p.Name, seen)...)
				}
			}
		}
	}
	if s.Type == "array" && s.Items != nil {
		out = append(out, schemaFields(root, s.Items, path+"[]", seen)...)
	}
	return out
}

// TestUnmappedGolden keeps the list of constraints the widgets cannot
// carry (testdata/unmapped.txt), each with the reason.
func TestUnmappedGolden(t *testing.T) {
	_, unmapped, err := editorconfig.Generate(schema.Site, schema.Project, opts)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, u := range unmapped {
		b.WriteString(u.Path + ": " + u.Reason + "\n")
	}
	golden.File(t, filepath.Join("testdata", "unmapped.txt"), []byte(b.String()))
}

// field finds a field of the configuration by its path of names: the
// collection's, then the fields' (a typed list's type by its name).
func field(t *testing.T, cfg map[string]any, path ...string) map[string]any {
	t.Helper()
	var fields []any
	for _, c := range cfg["collections"].([]any) {
		c := c.(map[string]any)
		if c["name"] != path[0] {
			continue
		}
		if files, ok := c["files"].([]any); ok {
			fields = files[0].(map[string]any)["fields"].([]any)
		} else {
			fields = c["fields"].([]any)
		}
	}
	var f map[string]any
	for _, name := range path[1:] {
		f = nil
		for _, x := range fields {
			if x.(map[string]any)["name"] == name {
				f = x.(map[string]any)
			}
		}
		if f == nil {
			t.Fatalf("%v: no field %s", path, name)
		}
		switch {
		case f["fields"] != nil:
			fields = f["fields"].([]any)
		case f["types"] != nil:
			fields = f["types"].([]any)
		case f["field"] != nil:
			fields = []any{f["field"]}
		}
	}
	return f
}

// TestLanguages: a site in several languages gets Sveltia's i18n in
// decision 0113's shape (a file per language beside the default one, which
// keeps its name), each field's i18n from the schemas' marks, a text
// required in the default language only; a site in one gets none.
func TestLanguages(t *testing.T) {
	two := opts
	two.Languages = []string{"en", "sv"}
	out, _, err := editorconfig.Generate(schema.Site, schema.Project, two)
	if err != nil {
		t.Fatal(err)
	}
	var cfg map[string]any
	if err := yaml.Unmarshal(out, &cfg); err != nil {
		t.Fatal(err)
	}
	wantI18n := map[string]any{
		"structure": "multiple_files", "locales": []any{"en", "sv"}, "default_locale": "en",
		"omit_default_locale_from_file_path": true, "initial_locales": "default",
	}
	if got := cfg["i18n"]; !reflect.DeepEqual(got, wantI18n) {
		t.Errorf("i18n = %v, want %v", got, wantI18n)
	}
	settings := cfg["collections"].([]any)[1].(map[string]any)
	if file := settings["files"].([]any)[0].(map[string]any); file["file"] != "content/site.{{locale}}.yaml" || file["i18n"] != true {
		t.Errorf("the site's file is %v, i18n %v; want content/site.{{locale}}.yaml (site.yaml for the default), true", file["file"], file["i18n"])
	}
	for _, tc := range []struct {
		path     []string
		i18n     any // nil: no option, the default file only
		required any // nil: no option (required everywhere it is shown)
	}{
		{[]string{"projects", "title"}, true, []any{"en"}},
		{[]string{"projects", "subtitle"}, true, []any{"en"}},
		{[]string{"projects", "cover"}, nil, nil},                         // an image: shared
		{[]string{"projects", "page"}, nil, nil},                          // a category: shared
		{[]string{"projects", "skills"}, true, []any{"en"}},               // a list of texts, marked whole
		{[]string{"projects", "skills", "skill"}, true, []any{"en"}},      // its items are the language's
		{[]string{"projects", "body"}, true, []any{"en"}},                 // holds texts: lined up by position
		{[]string{"projects", "body", "text", "heading"}, true, false},    // a text in a block
		{[]string{"projects", "body", "text", "text"}, true, []any{"en"}}, // markdown, marked on its definition
		{[]string{"projects", "body", "gallery", "texts"}, true, false},   // lined up by file
		{[]string{"projects", "body", "gallery", "texts", "file"}, "duplicate", nil},
		{[]string{"projects", "body", "gallery", "texts", "alt"}, true, false},
		{[]string{"projects", "body", "image", "src"}, "duplicate", nil}, // shared, copied to line up
		{[]string{"settings", "languages"}, nil, false},
		{[]string{"settings", "name"}, nil, nil},
		{[]string{"settings", "taglines"}, true, []any{"en"}}, // holds texts
		{[]string{"settings", "taglines", "role"}, true, []any{"en"}},
		{[]string{"settings", "categories"}, true, []any{"en"}},
		{[]string{"settings", "categories", "slug"}, "duplicate", nil}, // the key it lines up by
		{[]string{"settings", "categories", "title"}, true, []any{"en"}},
		{[]string{"settings", "about", "skills"}, true, false},
		{[]string{"settings", "url"}, nil, nil},
	} {
		f := field(t, cfg, tc.path...)
		if !reflect.DeepEqual(f["i18n"], tc.i18n) || !reflect.DeepEqual(f["required"], tc.required) {
			t.Errorf("%s: i18n %v, required %v; want %v, %v", strings.Join(tc.path, "."), f["i18n"], f["required"], tc.i18n, tc.required)
		}
	}

	for _, langs := range [][]string{nil, {"en"}, {"sv"}} {
		one := opts
		one.Languages = langs
		out, _, err := editorconfig.Generate(schema.Site, schema.Project, one)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(out), "i18n") || !strings.Contains(string(out), "file: content/site.yaml\n") {
			t.Errorf("languages %v: the configuration has i18n or no content/site.yaml; a site in one language has no translation", langs)
		}
	}
}

// TestFileCollectionHasNoDelete: Sveltia's schema of its configuration has
// no delete on a file collection (decision 0114); the folder collection
// keeps delete: false.
func TestFileCollectionHasNoDelete(t *testing.T) {
	cfg := sampleConfig(t)
	for _, c := range cfg.Collections {
		_, has := c["delete"]
		if _, files := c["files"]; files == has {
			t.Errorf("collection %v: delete %v; want none on the file collection, false on the folder one", c["name"], c["delete"])
		}
	}
}
