package headers_test

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/headers"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/videocheck"
)

// TestContentTypes: every file the build publishes from the content gets
// its type from contenttypes.json (the table netlify/dev/edge.mjs reads
// too), in any letter case, never from the machine's MIME table.
func TestContentTypes(t *testing.T) {
	data, err := os.ReadFile("contenttypes.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Types map[string]string `json:"types"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatalf("contenttypes.json: %v", err)
	}
	for ext, want := range file.Types {
		for _, name := range []string{"a" + ext, "dir/A" + strings.ToUpper(ext)} {
			if got := headers.ContentType(name); got != want {
				t.Errorf("ContentType(%q) = %q, want %q", name, got, want)
			}
		}
	}
	// The content's images and their variants, videos, captions, documents
	// and a private project's downloads.
	published := slices.Concat(imagecheck.Extensions, []string{".avif"}, videocheck.Extensions, []string{".vtt", ".pdf", ".zip"})
	for _, ext := range published {
		if _, ok := file.Types[ext]; !ok {
			t.Errorf("contenttypes.json has no %s: its type would be the machine's", ext)
		}
	}
}
