package schemadoc

import (
	"bytes"
	"path/filepath"
	"testing"

	"portfolio/cli/internal/golden"
	"portfolio/schema"
)

// TestContentDoc renders the reference of the repository's schemas and
// compares it with testdata/golden/content.md; run
// `go test ./cli/internal/schemadoc -update` after an intended change to
// the schemas or the renderer, and review the diff.
func TestContentDoc(t *testing.T) {
	got, err := Render(schema.Site, schema.Project)
	if err != nil {
		t.Fatal(err)
	}
	again, err := Render(schema.Site, schema.Project)
	if err != nil || !bytes.Equal(got, again) {
		t.Fatal("two renderings differ")
	}
	golden.File(t, filepath.Join("testdata", "golden", "content.md"), got)
}
