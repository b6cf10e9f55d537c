package content

import (
	"os"
	"path/filepath"
	"portfolio/cli/internal/content/schemacheck"
	"portfolio/cli/internal/content/yamldoc"
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

// BenchmarkSchemaCheck checks the repository's own site.yaml and every
// project.yaml against their schemas, parsed once: the JSON Schema
// validator alone, with the reduction of its result to diagnostics.
//
//	go test ./cli/internal/content -run '^$' -bench SchemaCheck -benchmem
func BenchmarkSchemaCheck(b *testing.B) {
	dir := filepath.Join("..", "..", "..", "content")
	site, err := schemacheck.SiteSchema()
	if err != nil {
		b.Fatal(err)
	}
	project, err := schemacheck.ProjectSchema()
	if err != nil {
		b.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(dir, ProjectsDir, "*", ProjectFile))
	if err != nil {
		b.Fatal(err)
	}
	type check struct {
		schema *schemacheck.Schema
		doc    *yamldoc.Document
	}
	var checks []check
	for i, f := range append([]string{filepath.Join(dir, SiteFile)}, files...) {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		doc, d := yamldoc.Parse(f, data)
		if d != nil {
			b.Fatal(d)
		}
		s := project
		if i == 0 {
			s = site
		}
		checks = append(checks, check{s, doc})
	}
	for b.Loop() {
		for _, c := range checks {
			if diags := c.schema.Check(c.doc); len(diags) > 0 {
				b.Fatalf("the repository's content is invalid: %v", diags[0])
			}
		}
	}
	b.ReportMetric(float64(len(checks)), "files")
}
