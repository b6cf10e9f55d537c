package editorconfig_test

import (
	"path/filepath"
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

// TestEveryFieldIsEditable walks the schemas as docs/content.md does
// (every property, through definitions, list items and each kind of a
// union) and fails on a field the configuration lacks without a reason.
func TestEveryFieldIsEditable(t *testing.T) {
	out, _, err := editorconfig.Generate(schema.Site, schema.Project, opts)
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		Collections []map[string]any `yaml:"collections"`
	}
	if err := yaml.Unmarshal(out, &cfg); err != nil {
		t.Fatal(err)
	}
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
			// A list of scalars is one field in Decap: its items have no name.
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
