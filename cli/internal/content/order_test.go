package content

import (
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/diag"
)

// orderFiles is the valid tree with three projects: alpha, beta and gamma.
func orderFiles(t *testing.T, order string) map[string][]byte {
	f := validFiles(t)
	for _, slug := range []string{"beta", "gamma"} {
		f["projects/"+slug+"/project.yaml"] = []byte(testProject)
		f["projects/"+slug+"/cover.jpg"] = jpegBytes(t, 30, 20)
		f["projects/"+slug+"/gallery/1.jpg"] = jpegBytes(t, 10, 20)
	}
	f["site.yaml"] = []byte(testSite + order)
	return f
}

func TestListedOrder(t *testing.T) {
	tests := []struct {
		name, order string
		want        []string
	}{
		{"no projectOrder: by slug", "", []string{"alpha", "beta", "gamma"}},
		{"every project listed", "projectOrder: [gamma, alpha, beta]\n", []string{"gamma", "alpha", "beta"}},
		{"the unlisted follow by slug", "projectOrder: [gamma]\n", []string{"gamma", "alpha", "beta"}},
		{"an empty list changes nothing", "projectOrder: []\n", []string{"alpha", "beta", "gamma"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, diags, err := Load(tree(t, orderFiles(t, tt.order)), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if diags.Errors() > 0 {
				t.Fatalf("unexpected errors:\n%s", dump(diags))
			}
			var got []string
			for _, p := range c.Listed() {
				got = append(got, p.Slug)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("Listed() = %v, want %v", got, tt.want)
			}
			// The loader's own list stays in slug order.
			if c.Projects[0].Slug != "alpha" || c.Projects[2].Slug != "gamma" {
				t.Errorf("Projects reordered: %v", c.Projects)
			}
		})
	}
}

func TestProjectOrderProblems(t *testing.T) {
	tests := []struct {
		name, order string
		line, col   int
		msg, hint   string
		sev         diag.Severity
	}{
		{"a misspelt slug", "projectOrder:\n  - gamma\n  - alpah\n", 0, 5, `projectOrder: no project folder is named "alpah"`, `did you mean "alpha"?`, diag.Warning},
		{"an unknown slug", "projectOrder: [gamma, zeta-project]\n", 0, 23, `no project folder is named "zeta-project"`, "list only folder names", diag.Warning},
		{"a slug twice", "projectOrder: [gamma, alpha, gamma]\n", 0, 30, `"projectOrder" lists the same item twice`, "remove the repeated item", diag.Error},
		{"not a list", "projectOrder: gamma\n", 0, 15, "projectOrder", "", diag.Error},
	}
	siteLines := strings.Count(testSite, "\n")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, diags, err := Load(tree(t, orderFiles(t, tt.order)), Options{})
			if err != nil {
				t.Fatal(err)
			}
			var found *diag.Diagnostic
			for i, d := range diags {
				if strings.HasSuffix(d.File, "site.yaml") {
					found = &diags[i]
					break
				}
			}
			if found == nil {
				t.Fatalf("no problem reported in site.yaml:\n%s", dump(diags))
			}
			if found.Severity != tt.sev {
				t.Errorf("severity %v, want %v:\n%s", found.Severity, tt.sev, dump(diags))
			}
			all := dump(diags)
			if !strings.Contains(all, tt.msg) || !strings.Contains(all, tt.hint) {
				t.Errorf("want %q with hint %q, got:\n%s", tt.msg, tt.hint, all)
			}
			if found.Line <= siteLines {
				t.Errorf("error at line %d, want it on the projectOrder lines (after line %d):\n%s", found.Line, siteLines, all)
			}
			if tt.col != 0 && found.Column != tt.col {
				t.Errorf("error at column %d, want %d:\n%s", found.Column, tt.col, all)
			}
		})
	}
}
