package stage

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/content/contenttest"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/imagecheck/imagetest"
)

// stageFixture makes content/ with site.yaml and projects/alpha (valid),
// and returns the content folder.
func stageFixture(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "content")
	files := map[string][]byte{
		content.SiteFile:                []byte(contenttest.Site),
		"projects/alpha/project.yaml":   []byte(contenttest.Project("Alpha")),
		"projects/alpha/cover.jpg":      imagetest.JPEG(30, 20),
		"projects/alpha/.notes.txt":     []byte("hidden: not staged"),
		"projects/alpha/gallery/01.jpg": imagetest.JPEG(20, 20),
	}
	for name, data := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// An edit staged beside the project is checked with validate's loader: an
// error comes back at its line and column, named as the real file, and the
// staging folder goes with Remove.
func TestStageCheckNamesTheFinalFile(t *testing.T) {
	dir := stageFixture(t)
	alpha := filepath.Join(dir, content.ProjectsDir, "alpha")
	s, err := NewProject(alpha, ".edit-", "the edited project")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.LinkFiles(alpha, content.GalleryDir); err != nil {
		t.Fatal(err)
	}
	for rel, want := range map[string]bool{"cover.jpg": true, ".notes.txt": false, "gallery/01.jpg": false, content.ProjectFile: false} {
		if _, err := os.Stat(s.Path(rel)); (err == nil) != want {
			t.Errorf("%s staged: %v, want %v", rel, err == nil, want)
		}
	}
	bad := strings.Replace(contenttest.Project("Alpha"), "page: web-design", "page: photos", 1)
	if err := os.WriteFile(s.Path(content.ProjectFile), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = s.Check()
	var invalid *InvalidError
	if !errors.As(err, &invalid) || len(invalid.Diagnostics) == 0 {
		t.Fatalf("Check = %v, want an InvalidError", err)
	}
	i := slices.IndexFunc(invalid.Diagnostics, func(d diag.Diagnostic) bool { return d.Severity == diag.Error })
	if i < 0 {
		t.Fatalf("no error among %v", invalid.Diagnostics)
	}
	d := invalid.Diagnostics[i]
	if d.File != filepath.Join(alpha, content.ProjectFile) || d.Line != 7 || d.Column != 7 || !strings.Contains(d.Message, `names no category of site.yaml`) {
		t.Errorf("diagnostic %s:%d:%d: %s", d.File, d.Line, d.Column, d.Message)
	}
	if !strings.HasPrefix(err.Error(), "the edited project would not be valid (1 error)") {
		t.Errorf("error %q", err)
	}
	s.Remove()
	entries, _ := os.ReadDir(filepath.Join(dir, content.ProjectsDir))
	if len(entries) != 1 {
		t.Errorf("projects/ holds %v after Remove, want alpha alone", entries)
	}
}

// Place never replaces: a file or a folder already at the final place
// stays as it is, and the error says it exists.
func TestStagePlaceNeverReplaces(t *testing.T) {
	dir := t.TempDir()
	final := filepath.Join(dir, "final")
	if err := os.MkdirAll(filepath.Join(final, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(final, "taken.yaml"), []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := New("", dir, ".stage-", "part", final, "it")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Remove()
	for _, rel := range []string{"taken.yaml", "free.yaml"} {
		if err := os.WriteFile(s.Path(rel), []byte("staged\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(s.Path("empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, rel := range []string{"taken.yaml", "empty"} {
		if err := s.Place(rel); !errors.Is(err, fs.ErrExist) {
			t.Errorf("Place(%s) = %v, want an error wrapping fs.ErrExist", rel, err)
		}
	}
	if data, _ := os.ReadFile(filepath.Join(final, "taken.yaml")); string(data) != "mine\n" {
		t.Errorf("taken.yaml was replaced: %q", data)
	}
	if err := s.Place("free.yaml"); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(filepath.Join(final, "free.yaml")); string(data) != "staged\n" {
		t.Errorf("free.yaml = %q", data)
	}
}
