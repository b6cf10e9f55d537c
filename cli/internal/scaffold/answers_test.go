package scaffold

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/fieldcheck"
)

func writeFile(t *testing.T, path string, data []byte) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// The form offers the categories site.yaml declares, in its order, each
// labelled with its title; a page must name one of them.
func TestCategoriesFromSite(t *testing.T) {
	dir := t.TempDir()
	if got := Categories(dir); len(got) != 0 {
		t.Errorf("without site.yaml: %v", got)
	}
	writeFile(t, filepath.Join(dir, "site.yaml"), []byte("categories:\n  - {slug: prints, title: Print & Brand}\n  - {slug: films, title: Films}\n"))
	if got, want := Categories(dir), []Page{{"prints", "Print & Brand"}, {"films", "Films"}}; !slices.Equal(got, want) {
		t.Errorf("categories %v, want %v", got, want)
	}
	if labels := CategoryLabels(dir); labels["prints"] != "Print & Brand" || labels["films"] != "Films" {
		t.Errorf("labels = %v", labels)
	}
	for _, tc := range []struct{ page, want string }{
		{"films", ""},
		{"film", `"film" names no category of site.yaml; did you mean "films"?`},
		{"photography", `"photography" names no category of site.yaml; use one of "prints" or "films"`},
		{"", `"page" must not be empty`},
	} {
		err := fieldcheck.ValidateDeclaredPage(dir, tc.page)
		if tc.want == "" {
			if err != nil {
				t.Errorf("%q: %v", tc.page, err)
			}
			continue
		}
		var fe *fieldcheck.FieldError
		if !errors.As(err, &fe) || !strings.HasPrefix(fe.Msg+"; "+fe.Hint, tc.want) {
			t.Errorf("%q: %v, want %q", tc.page, err, tc.want)
		}
	}
}

// The cover's alt text is required exactly where the page opens with the
// cover: no gallery, document or prototype.
func TestCoverAltRequired(t *testing.T) {
	full := func() Answers {
		a := NewAnswers()
		a.Title, a.Subtitle, a.Page, a.Description, a.Role, a.Skills, a.Cover = "T", "S", "p", "D", "R", []string{"x"}, "c.jpg"
		return a
	}
	for _, tt := range []struct {
		name    string
		change  func(*Answers)
		missing bool
	}{
		{"cover only", func(a *Answers) {}, true},
		{"cover only, described", func(a *Answers) { a.CoverAlt = "A card" }, false},
		{"a gallery", func(a *Answers) { a.Gallery = []string{"set"} }, false},
		{"a gallery of blanks", func(a *Answers) { a.Gallery = []string{" "} }, true},
		{"a document", func(a *Answers) { a.Document = &Document{Label: "L", URL: "https://x.example/a.pdf"} }, false},
		{"a prototype", func(a *Answers) { a.Prototype = &Prototype{Title: "P", URL: "https://embed.figma.com/x"} }, false},
	} {
		a := full()
		tt.change(&a)
		if got := slices.Contains(a.Missing(), "coverAlt"); got != tt.missing {
			t.Errorf("%s: coverAlt missing = %v, want %v (%v)", tt.name, got, tt.missing, a.Missing())
		}
	}
}
