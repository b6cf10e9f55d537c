package forms

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/content/contenttest"
	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/scaffold"
)

// fixture makes, in a temporary folder it moves into, content/ with its
// site.yaml and photos/ with a cover and a gallery of three.
func fixture(t *testing.T) {
	t.Helper()
	t.Chdir(t.TempDir())
	for path, data := range map[string][]byte{
		"content/site.yaml": []byte(contenttest.Site), "photos/cover.jpg": imagetest.JPEG(60, 40),
		"photos/set/x.jpg": imagetest.JPEG(21, 20), "photos/set/b.jpg": imagetest.JPEG(22, 20), "photos/set/a.jpg": imagetest.JPEG(23, 20),
	} {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func complete() scaffold.Answers {
	a := scaffold.NewAnswers()
	a.Title = "Camp Photos"
	a.Subtitle = "A week of camp"
	a.Page = "photography"
	a.Description = "Photos of a camp."
	a.Role = "Photographer"
	a.Skills = []string{"Photography"}
	a.Cover = "photos/cover.jpg"
	a.Gallery = []string{"photos/set"}
	return a
}

func TestFormStateRoundTrip(t *testing.T) {
	a := complete()
	a.Gallery = []string{"photos/set", "photos/cover.jpg"}
	a.Prototype = &scaffold.Prototype{Title: "Proto", URL: "https://embed.figma.com/x"}
	s := stateFrom(a, nil)
	if s.Link != linkPrototype || *s.lists["skills"] != "Photography" || s.Gallery != "photos/set, photos/cover.jpg" || !s.Confirmed {
		t.Errorf("state %+v", s)
	}
	b := s.answers()
	if b.Title != a.Title || strings.Join(b.Gallery, "|") != "photos/set|photos/cover.jpg" || b.Prototype.URL != a.Prototype.URL || b.Document != nil {
		t.Errorf("answers %+v", b)
	}
	// The page starts at the first category site.yaml declares.
	if s := stateFrom(scaffold.NewAnswers(), []scaffold.Page{{Name: "prints", Label: "Prints"}, {Name: "films", Label: "Films"}}); s.Page != "prints" || !s.Active {
		t.Errorf("empty state %+v", s)
	}
}

func TestPreview(t *testing.T) {
	fixture(t)
	f := NewProject("content", complete(), false)
	if got := f.preview(); !strings.HasPrefix(got, scaffold.Modeline+"\n") {
		t.Errorf("accessible preview:\n%s", got)
	}
	f.state.Title = ""
	if got := f.preview(); !strings.HasPrefix(got, `Not ready: title: "title" must not be empty`) {
		t.Errorf("preview of a bad state: %s", got)
	}
}

// TestNewProjectOffersDeclaredCategories: the Page question of `new project`
// offers the categories site.yaml declares, in its order, and nothing else
// (none of the sample's four when the owner declares others); the category's
// title is the badge Enter keeps. Driven as a screen reader user or a pipe
// would, in huh's accessible mode.
func TestNewProjectOffersDeclaredCategories(t *testing.T) {
	fixture(t)
	settings, _, found := strings.Cut(contenttest.Site, "categories:\n")
	if !found {
		t.Fatal("contenttest.Site declares no categories")
	}
	site := settings + `categories:
  - {slug: murals, title: Murals, description: Walls.}
  - {slug: prints, title: Prints, description: Paper., backLink: All the Prints}
  - {slug: type-specimens, title: Type Specimens, description: Letters., keepWhenEmpty: true}
`
	if err := os.WriteFile("content/site.yaml", []byte(site), 0o644); err != nil {
		t.Fatal(err)
	}
	answers := strings.Join([]string{
		"Poster Run", "", "A week of posters", // title, slug (kept), subtitle
		"2", "", // page: the second declared category; its badge kept
		"Posters for a festival.", "Printer", "Risograph",
		"n", "y", "photos/cover.jpg", "", "1", // featured, active, cover, no gallery, no link
		"n", // the confirmation: not written, the answers are what counts here
	}, "\n") + "\n"
	var out strings.Builder
	f := NewProject("content", scaffold.NewAnswers(), true)
	if err := f.runAccessible(t.Context(), strings.NewReader(answers), &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	// The Page question's options: the lines between its title and huh's
	// "Enter a number" prompt.
	text := out.String()
	start := strings.Index(text, "Page")
	end := strings.Index(text[max(start, 0):], "Enter a number")
	if start < 0 || end < 0 {
		t.Fatalf("no Page question:\n%s", text)
	}
	var offered []string
	for _, m := range regexp.MustCompile(`(?m)^\d+\. (\S+) +(.+)$`).FindAllStringSubmatch(text[start:start+end], -1) {
		offered = append(offered, m[1]+" "+m[2])
	}
	if want := []string{"murals Murals", "prints Prints", "type-specimens Type Specimens"}; !slices.Equal(offered, want) {
		t.Errorf("Page offers %q, want %q:\n%s", offered, want, text)
	}
	a := f.Answers()
	if a.Page != "prints" || a.Category != "Prints" {
		t.Errorf("page %q, category %q; want prints, Prints", a.Page, a.Category)
	}
}
