package projectdelete

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"portfolio/cli/internal/imagecheck/imagetest"
)

func TestDelete(t *testing.T) {
	dir := t.TempDir()
	project := filepath.Join(dir, "projects", "alpha")
	for _, f := range []string{"project.yaml", "cover.jpg", "gallery/01.jpg"} {
		p := filepath.Join(project, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, imagetest.JPEG(4, 4), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// What an interrupted deletion left behind is cleared too.
	leftover := filepath.Join(dir, "projects", deletingPrefix+"old-123", "old")
	if err := os.MkdirAll(leftover, 0o755); err != nil {
		t.Fatal(err)
	}

	n, err := Delete(dir, "alpha")
	if err != nil || n != 3 {
		t.Fatalf("Delete = %d, %v; want 3 files", n, err)
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "projects"))
	if len(entries) != 0 {
		t.Errorf("projects/ still holds %v", entries)
	}
	for slug, want := range map[string]string{"alpha": `no project "alpha"`, "../x": "slug", "": "slug"} {
		if _, err := Delete(dir, slug); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Delete(%q) = %v, want %q", slug, err, want)
		}
	}
}
