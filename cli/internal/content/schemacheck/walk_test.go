package schemacheck

import (
	"strings"
	"testing"

	"portfolio/cli/internal/content/yamldoc"
	"portfolio/cli/internal/schemamodel"
)

// Walk visits a document's values in schema order (not the file's), each
// block by the definition its type selects, and names the definition a
// value came through: how the rules find every image path or Markdown
// text whatever its field.
func TestWalk(t *testing.T) {
	s, err := ProjectSchema()
	if err != nil {
		t.Fatal(err)
	}
	doc := yamldoc.FromValue("project.yaml", map[string]any{
		"cover": "c.jpg", "title": "T",
		"body": []any{
			map[string]any{"type": "image", "alt": "A", "src": "a.jpg"},
			map[string]any{"text": "x", "type": "text"},
		},
	})
	var visits []string
	s.Walk(doc, func(ptr string, _ *schemamodel.Schema, def string, _ any) {
		visits = append(visits, ptr+"="+def)
	})
	want := "=,/title=,/cover=imagePath,/body=,/body/0=imageBlock,/body/0/type=,/body/0/src=imagePath,/body/0/alt=alt," +
		"/body/1=textBlock,/body/1/type=,/body/1/text=markdown"
	if got := strings.Join(visits, ","); got != want {
		t.Errorf("visits\n got %s\nwant %s", got, want)
	}
}
