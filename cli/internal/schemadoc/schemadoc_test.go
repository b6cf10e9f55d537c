package schemadoc

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"portfolio/schema"
)

var update = flag.Bool("update", false, "rewrite testdata/golden/content.md from the renderer's output")

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
	golden := filepath.Join("testdata", "golden", "content.md")
	if *update {
		if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the rendering differs from %s; run `go test ./cli/internal/schemadoc -update` and review the diff.\n%s", golden, firstDifference(string(want), string(got)))
	}
}

func firstDifference(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\n  want: %s\n  got:  %s", i+1, wl, gl)
		}
	}
	return ""
}
