package draft_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"portfolio/cli/internal/draft"
)

// answers is shaped like an answers file, as the commands' are.
type answers struct {
	Title    string   `json:"title,omitempty"`
	Skills   []string `json:"skills,omitempty"`
	Featured bool     `json:"featured,omitempty"`
	Links    struct {
		Live string `yaml:"live"`
	} `json:"links,omitempty"`
}

// TestReadSaysWhatIsWrongInTheFilesWords: a value of the wrong kind is
// named by its key and kinds as YAML has them, at its line and column,
// never by Go's type or struct field names; the answers' struct may be one
// made by reflection (edit project's is).
func TestReadSaysWhatIsWrongInTheFilesWords(t *testing.T) {
	reflected := reflect.StructOf([]reflect.StructField{
		{Name: "Title", Type: reflect.TypeFor[string](), Tag: `json:"title,omitempty"`},
	})
	for _, c := range []struct {
		name, file string
		into       func() any
		want       string
	}{
		{"a list for text", "title:\n  - a\n  - b\n", func() any { return new(answers) }, "a.yaml:2:3: title takes text, not a list"},
		{"text for a list", "skills: Portraits\n", func() any { return new(answers) }, "a.yaml:1:9: skills takes a list, not text"},
		{"a list for true or false", "featured: [yes]\n", func() any { return new(answers) }, "a.yaml:1:11: featured takes true or false, not a list"},
		{"text for keys", "links: https://example.com\n", func() any { return new(answers) }, "a.yaml:1:8: links takes keys with values, not text"},
		{"a struct made by reflection", "title: {a: b}\n", func() any { return reflect.New(reflected).Interface() }, "a.yaml:1:8: title takes text, not keys with values"},
		{"an unknown key", "titel: Harbour\n", func() any { return new(answers) }, `a.yaml:1:1: unknown field "titel"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "a.yaml")
			if err := os.WriteFile(path, []byte(c.file), 0o600); err != nil {
				t.Fatal(err)
			}
			err := draft.Read(path, c.into(), "title, skills, featured, links")
			if err == nil {
				t.Fatal("no error")
			}
			got := strings.TrimPrefix(err.Error(), filepath.Dir(path)+string(filepath.Separator))
			if !strings.HasPrefix(got, c.want+"; the keys are ") {
				t.Errorf("got  %s\nwant %s; the keys are …", got, c.want)
			}
			if strings.Contains(got, "Go ") || strings.Contains(got, "interface") {
				t.Errorf("names Go's types: %s", got)
			}
		})
	}
}
