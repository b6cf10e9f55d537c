package site

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// MovedAside finds the sample folders beside the content folder, oldest
// first; a dated folder without SAMPLE.md is the owner's, not the sample.
func TestMovedAside(t *testing.T) {
	dir := t.TempDir()
	content := filepath.Join(dir, "content")
	for _, f := range []string{"content-sample-2026-11-25-2/" + SampleFile, "content-sample-2026-11-25/" + SampleFile, "content-replaced-2026-11-26/site.yaml", "content-sample-2026-11-27/site.yaml"} {
		write(t, filepath.Join(dir, f), "x")
	}
	got, err := MovedAside(content)
	want := []string{filepath.Join(dir, "content-sample-2026-11-25"), filepath.Join(dir, "content-sample-2026-11-25-2")}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("MovedAside = %v, %v; want %v", got, err, want)
	}
}

// Restore swaps by renames only: the content folder moves aside whole and
// the folder restored takes its place; what is not a content folder is
// refused with nothing moved.
func TestRestore(t *testing.T) {
	dir := t.TempDir()
	content, sample, aside := filepath.Join(dir, "content"), filepath.Join(dir, "content-sample-1"), filepath.Join(dir, "content-replaced-1")
	write(t, filepath.Join(content, "site.yaml"), "mine")
	write(t, filepath.Join(content, "projects/mine/project.yaml"), "my work")
	write(t, filepath.Join(sample, "site.yaml"), "sample")
	if err := Restore(content, sample, aside); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		filepath.Join(content, "site.yaml"):                "sample",
		filepath.Join(aside, "site.yaml"):                  "mine",
		filepath.Join(aside, "projects/mine/project.yaml"): "my work",
	} {
		if got, err := os.ReadFile(path); err != nil || string(got) != want {
			t.Errorf("%s = %q, %v; want %q", path, got, err, want)
		}
	}
	if _, err := os.Stat(sample); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the sample folder is still there: %v", err)
	}

	// Not a content folder, or the folder to move aside to taken: nothing moves.
	write(t, filepath.Join(dir, "notes", "a.txt"), "x")
	var nc *NotContentError
	if err := Restore(content, filepath.Join(dir, "notes"), filepath.Join(dir, "content-replaced-2")); !errors.As(err, &nc) {
		t.Errorf("a folder without site.yaml: %v", err)
	}
	if err := Restore(content, filepath.Join(dir, "nowhere"), filepath.Join(dir, "content-replaced-2")); !errors.As(err, &nc) {
		t.Errorf("no folder: %v", err)
	}
	write(t, filepath.Join(dir, "other", "site.yaml"), "other")
	if err := Restore(content, filepath.Join(dir, "other"), aside); !errors.Is(err, os.ErrExist) {
		t.Errorf("aside taken: %v", err)
	}
	if got, _ := os.ReadFile(filepath.Join(content, "site.yaml")); string(got) != "sample" {
		t.Errorf("content/site.yaml = %q after the refusals", got)
	}
}
