package tsgen

import (
	"strings"
	"testing"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/content/yamldoc"
	"portfolio/cli/internal/schemamodel"
	"portfolio/schema"
)

// TestSchemaFieldFlowsThrough adds a property to the project schema and
// checks that it appears in the generated type and in the data, with its
// description, and no change to the generator.
func TestSchemaFieldFlowsThrough(t *testing.T) {
	src := strings.Replace(string(schema.Project), `"properties": {
    "title": {`, `"properties": {
    "client": {
      "description": "Who the work was for.",
      "type": "string",
      "maxLength": 80
    },
    "title": {`, 1)
	if src == string(schema.Project) {
		t.Fatal("could not insert the new property into the schema")
	}
	root, err := schemamodel.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	g := &gen{emitted: map[string]*schemamodel.Schema{}}
	g.types(root, "Project")
	if !strings.Contains(g.b.String(), "  /** Who the work was for. */\n  readonly client?: string;\n") {
		t.Errorf("the new property is missing from the Project type:\n%s", g.b.String())
	}
	value := map[string]any{"client": "A university", "title": "T"}
	p := &content.Project{Slug: "p", Doc: &yamldoc.Document{Value: value}}
	v, err := g.data(root, root.Schema, "Project", value, resolver{project: p})
	if err != nil {
		t.Fatal(err)
	}
	got := render(v, 0)
	if !strings.HasPrefix(got, "{\n  client: 'A university',\n  title: 'T',\n") {
		t.Errorf("data does not start with the new property, in schema order:\n%s", got)
	}
}
