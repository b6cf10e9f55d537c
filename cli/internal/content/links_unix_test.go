//go:build unix

// Symbolic links need privileges on Windows; these tests run on Unix.

package content

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"portfolio/cli/internal/diag"
)

func TestLoadSymlinks(t *testing.T) {
	f := validFiles(t)
	f["outside.jpg"] = jpegBytes(t, 4, 4)
	f["projects/alpha/images/inside.jpg"] = jpegBytes(t, 4, 4)
	body := strings.Index(testProject, "body:")
	f["projects/alpha/project.yaml"] = []byte(testProject[:body] + `body:
  - type: image
    src: out.jpg
    alt: x
  - type: image
    src: in.jpg
    alt: y
`)
	dir := tree(t, f)
	if err := os.Symlink(filepath.Join(dir, "outside.jpg"), filepath.Join(dir, "projects/alpha/out.jpg")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("images/inside.jpg", filepath.Join(dir, "projects/alpha/in.jpg")); err != nil {
		t.Fatal(err)
	}
	_, diags, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	errs := diag.List{}
	for _, d := range diags {
		if d.Severity == diag.Error {
			errs = append(errs, d)
		}
	}
	if len(errs) != 1 || !strings.Contains(errs[0].Message, "out.jpg is a symbolic link to a file outside the project folder") || errs[0].Line != 13 {
		t.Fatalf("want one error for out.jpg at line 13, got:\n%s", dump(diags))
	}
}

// TestLoadLinksOutOfContent: a project folder, a project.yaml or site.yaml
// that links outside the content folder is refused, since the repository
// stores only the link.
func TestLoadLinksOutOfContent(t *testing.T) {
	outside := tree(t, map[string][]byte{
		"beta/project.yaml": []byte(testProject),
		"beta/cover.jpg":    jpegBytes(t, 4, 4),
		"site.yaml":         []byte(testSite),
		"p.yaml":            []byte(testProject),
	})
	tests := []struct {
		name, target, link, msg string
	}{
		{"project folder", "beta", "projects/beta", "this folder is a symbolic link to"},
		{"project file", "p.yaml", "projects/gamma/project.yaml", "this file is a symbolic link to"},
		{"site file", "site.yaml", "site.yaml", "this file is a symbolic link to"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := validFiles(t)
			delete(f, tt.link)
			dir := tree(t, f)
			if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, tt.link)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(filepath.Join(outside, tt.target), filepath.Join(dir, tt.link)); err != nil {
				t.Fatal(err)
			}
			_, diags, err := Load(dir, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(dump(diags), tt.msg) || !strings.Contains(dump(diags), "outside the content folder") {
				t.Fatalf("want %q, got:\n%s", tt.msg, dump(diags))
			}
		})
	}
}

func TestLoadLinkedFolders(t *testing.T) {
	outside := tree(t, map[string][]byte{"g/1.jpg": jpegBytes(t, 4, 4), "g/2.jpg": jpegBytes(t, 4, 4), "img/c.jpg": jpegBytes(t, 4, 4)})
	f := validFiles(t)
	for k := range f {
		if strings.HasPrefix(k, "projects/alpha/gallery/") {
			delete(f, k)
		}
	}
	f["projects/alpha/project.yaml"] = []byte(strings.Replace(testProject, "cover: cover.jpg", "cover: shots/c.jpg", 1))
	dir := tree(t, f)
	for link, target := range map[string]string{"projects/alpha/gallery": "g", "projects/alpha/shots": "img"} {
		if err := os.Symlink(filepath.Join(outside, target), filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	_, diags, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := dump(diags)
	if diags.Errors() != 2 || !strings.Contains(out, "gallery/ is a symbolic link to") ||
		!strings.Contains(out, "shots/ is a symbolic link to a folder outside the project folder") {
		t.Fatalf("want one error for each linked folder, got:\n%s", out)
	}
}
