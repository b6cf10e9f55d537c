package projectedit

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"portfolio/cli/internal/content/contenttest"
	"portfolio/cli/internal/golden"
	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/stage"
)

func fixture(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	src, err := os.ReadFile("testdata/project.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for p, data := range map[string][]byte{
		"site.yaml":                      []byte(contenttest.Site),
		"projects/harbour/project.yaml":  src,
		"projects/harbour/cover.jpg":     imagetest.JPEG(20, 20),
		"projects/harbour/.notes/a.txt":  []byte("hidden"),
		"projects/harbour/images/01.jpg": imagetest.JPEG(20, 20),
	} {
		full := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestEdits(t *testing.T) {
	for _, tt := range []struct {
		name string
		edit func(f *Fields)
	}{
		{"title keeps its comment", func(f *Fields) { f.Title = "Harbour Lights" }},
		{"skills as a list", func(f *Fields) { f.Skills = []string{"Photography", "Drone: DJI"} }},
		{"featured added before body", func(f *Fields) { f.Featured = true }},
		{"page and category", func(f *Fields) { f.Page, f.Category = "graphics", "Graphics" }},
		{"cover alt keeps its comment", func(f *Fields) { f.CoverAlt = "Three boats moored at dawn: mist on the water" }},
		{"nothing changed", func(f *Fields) {}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := fixture(t)
			p, err := Read(dir, "harbour")
			if err != nil {
				t.Fatal(err)
			}
			f := p.Fields
			f.Skills = append([]string(nil), f.Skills...)
			tt.edit(&f)
			out, err := p.Render(f)
			if err != nil {
				t.Fatal(err)
			}
			golden.File(t, filepath.Join("testdata", strings.ReplaceAll(tt.name, " ", "-")+".golden.yaml"), out)
			if _, err := p.Save(out); err != nil {
				t.Fatalf("Save: %v", err)
			}
			again, err := Read(dir, "harbour")
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(again.Fields.Skills, "|") != strings.Join(f.Skills, "|") || again.Fields.Title != f.Title ||
				again.Fields.Featured != f.Featured || again.Fields.Page != f.Page {
				t.Errorf("read back %+v, want %+v", again.Fields, f)
			}
			entries, _ := os.ReadDir(filepath.Join(dir, "projects"))
			if len(entries) != 1 {
				t.Errorf("projects/ holds %d entries: the staging folder was left", len(entries))
			}
		})
	}
}

func TestInvalidEditWritesNothing(t *testing.T) {
	dir := fixture(t)
	p, _ := Read(dir, "harbour")
	f := p.Fields
	f.Page = "photos"
	out, _ := p.Render(f)
	_, err := p.Save(out)
	var inv *stage.InvalidError
	if !errors.As(err, &inv) || !strings.Contains(inv.Diagnostics[0].Message, `"photos" names no category of site.yaml`) {
		t.Fatalf("err = %v", err)
	}
	now, _ := os.ReadFile(p.File)
	if string(now) != string(p.YAML) {
		t.Error("project.yaml changed")
	}
	if _, err := Read(dir, "nope"); err == nil || !strings.Contains(err.Error(), `no project "nope"`) {
		t.Errorf("Read(nope) = %v", err)
	}
}

func TestChangedLines(t *testing.T) {
	got := ChangedLines("a\nb\nc\nd", "a\nB\nc\nd\ne")
	if got != "- b\n+ B\n+ e" {
		t.Errorf("changedLines = %q", got)
	}
}
