package scaffold

import (
	"os"
	"path/filepath"
	"testing"
)

// A --from file with a mistake is refused at the key, in words that say
// what the key takes. With several mistakes, the first one in key order is
// reported, the same at every run.
func TestReadAnswersRefuses(t *testing.T) {
	tests := []struct{ name, yaml, want string }{
		{"not a mapping", "- a\n", "the answers must be a mapping (title: …, page: …)"},
		{"unknown key", "titel: x\n", `1:1: unknown key "titel"; the keys are active, category, cover, coverAlt, description, document, featured, gallery, page, prototype, role, skills, slug, subtitle, texts, title`},
		{"text as a list", "title: [a]\n", "1:1: title must be text"},
		{"bool as text", "featured: yes please\n", "1:1: featured must be true or false"},
		{"list as a mapping", "skills: {a: b}\n", "1:1: skills must be a list, or text with commas between the items"},
		{"list item as a list", "skills:\n  - [a]\n", "2:5: skills must be text"},
		{"texts as text", "texts: x\n", "1:1: texts must be a list of {alt, caption}, one per gallery image in gallery order"},
		{"texts item as text", "texts:\n  - x\n", "2:5: each item of texts is a mapping with alt and caption (or empty: {})"},
		{"texts unknown key", "texts:\n  - {alt: a, title: b}\n", `2:14: unknown key "title" in texts; the keys are alt, caption`},
		{"link as text", "document: x\n", "1:1: document must be a mapping with label and url and file"},
		{"link unknown key", "prototype:\n  name: x\n", `2:3: unknown key "name" in prototype; the keys are title, url`},
		{"the first of two mistakes, by key", "title: [a]\nfeatured: x\nactive: y\n", "3:1: active must be true or false"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "answers.yaml")
			if err := os.WriteFile(path, []byte(tt.yaml), 0o644); err != nil {
				t.Fatal(err)
			}
			for range 5 { // a map's order would change from run to run
				_, _, err := ReadAnswers(path)
				if want := path + ":" + tt.want; tt.name == "not a mapping" {
					want = path + ": " + tt.want
					if err == nil || err.Error() != want {
						t.Fatalf("got %v\nwant %s", err, want)
					}
				} else if err == nil || err.Error() != want {
					t.Fatalf("got %v\nwant %s", err, want)
				}
			}
		})
	}
}
