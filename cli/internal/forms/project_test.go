package forms

import (
	"os"
	"path/filepath"
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
	if s.Link != linkPrototype || s.Skills != "Photography" || s.Gallery != "photos/set, photos/cover.jpg" || !s.Confirmed {
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
