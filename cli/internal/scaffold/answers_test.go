package scaffold

import (
	"os"
	"path/filepath"
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

func TestPagesMatchSchema(t *testing.T) {
	for _, p := range Pages {
		if err := fieldcheck.ValidatePage(p.Name); err != nil {
			t.Errorf("page %q: %v", p.Name, err)
		}
		if err := fieldcheck.ValidateCategory(p.Label); err != nil {
			t.Errorf("label %q: %v", p.Label, err)
		}
	}
	if len(Pages) != 4 {
		t.Errorf("%d pages, the schema has 4", len(Pages))
	}
}

func TestCategoryLabels(t *testing.T) {
	dir := t.TempDir()
	if got := CategoryLabels(dir)["graphics"]; got != "Graphics" {
		t.Errorf("without site.yaml: %q", got)
	}
	writeFile(t, filepath.Join(dir, "site.yaml"), []byte("pages:\n  graphics: {title: Print & Brand}\n"))
	labels := CategoryLabels(dir)
	if labels["graphics"] != "Print & Brand" || labels["photography"] != "Photography" {
		t.Errorf("labels = %v", labels)
	}
}
