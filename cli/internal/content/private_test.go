package content

import (
	"strings"
	"testing"

	"portfolio/cli/internal/diag"
)

// A private project's watermark is read and valid (decision 0093); the
// same line on a public project is an error (TestLoadRules).
func TestWatermarkOnPrivateProject(t *testing.T) {
	f := validFiles(t)
	f["projects/alpha/project.yaml"] = []byte(strings.Replace(testProject, "featured: true\n", "access: private\nwatermark: PROOF · Studio\n", 1))
	c, diags, err := Load(tree(t, f), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range diags {
		if d.Severity == diag.Error || strings.Contains(d.Message, "watermark") {
			t.Errorf("unexpected diagnostic:\n%s", dump(diag.List{d}))
		}
	}
	if got := c.Projects[0].Watermark; got != "PROOF · Studio" {
		t.Errorf("watermark %q, want %q", got, "PROOF · Studio")
	}
}
