package fieldcheck

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A slug typed wrong is offered the nearest project, the projects are
// listed when none is near, and either way it is an ErrNoProject.
func TestExistingProject(t *testing.T) {
	contentDir := t.TempDir()
	for _, slug := range []string{"admin-portal", "college-sports"} {
		dir := filepath.Join(contentDir, "projects", slug)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "project.yaml"), []byte("title: x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(contentDir, "projects", "half-made"), 0o755); err != nil { // no project.yaml
		t.Fatal(err)
	}
	projects := filepath.Join(contentDir, "projects")
	tests := []struct {
		slug, want string // want: the message, or "" for found
	}{
		{"admin-portal", ""},
		{"admin-portl", `no project "admin-portl" in ` + projects + `; did you mean "admin-portal"?`},
		{"college-sport", `did you mean "college-sports"?`},
		{"Admin_Portal", `did you mean "admin-portal"?`},
		{"../admin-portal", `did you mean "admin-portal"?`},
		{"zzz", `no project "zzz" in ` + projects + `; the projects are admin-portal, college-sports`},
		{"half-made", "the projects are admin-portal, college-sports"},
		{"bad\x1b[2J", `no project "bad\x1b[2J"`},
	}
	for _, tt := range tests {
		t.Run(tt.slug, func(t *testing.T) {
			dir, err := ExistingProject(contentDir, tt.slug)
			if tt.want == "" {
				if err != nil || dir != filepath.Join(projects, tt.slug) {
					t.Errorf("dir = %q, err = %v", dir, err)
				}
				return
			}
			if !errors.Is(err, ErrNoProject) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want ErrNoProject with %q", err, tt.want)
			}
		})
	}
	if _, err := ExistingProject(t.TempDir(), "x"); err == nil || !strings.Contains(err.Error(), "there is no project yet") {
		t.Errorf("no projects: %v", err)
	}
}

func TestValidateCoverAlt(t *testing.T) {
	for _, tt := range []struct{ alt, want string }{
		{"A tall poster: a trumpet in orange", ""},
		{"  ", "the cover opens the page, so it needs an alt text"},
		{"IMG_0042", `the alt text "IMG_0042" is a camera's file name`},
		{"cover.jpg", `the alt text "cover.jpg" is a file name`},
	} {
		err := ValidateCoverAlt(tt.alt)
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("ValidateCoverAlt(%q) = %v, want %q", tt.alt, err, tt.want)
		}
	}
}
