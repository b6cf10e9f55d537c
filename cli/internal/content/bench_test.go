package content

import (
	"path/filepath"
	"testing"
)

// BenchmarkLoadContent validates the repository's own content folder: site
// settings, every project, every image's header and structure. This is what
// `portfolio validate` does, minus printing.
//
//	go test ./cli/internal/content -run '^$' -bench LoadContent -benchmem
func BenchmarkLoadContent(b *testing.B) {
	dir := filepath.Join("..", "..", "..", "content")
	if _, _, err := Load(dir, Options{}); err != nil { // compiles the schemas once
		b.Fatal(err)
	}
	for b.Loop() {
		c, diags, err := Load(dir, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if diags.Errors() > 0 {
			b.Fatalf("the repository's content is invalid: %d errors", diags.Errors())
		}
		b.ReportMetric(float64(len(c.Projects)), "projects")
	}
}
