package content

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color/palette"
	"image/gif"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/imagecheck/imagetest"
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

// The browser editor writes secretPage's defaults into every project it
// makes; on a public project they mean nothing and pass (decision 0095).
// A setting that would do something is an error there (TestLoadRules).
func TestSecretPageDefaultsOnPublicProject(t *testing.T) {
	for _, yaml := range []string{"secretPage: {title: true, cover: false}\n", "secretPage: {}\n", "secretPage: {cover: false}\n"} {
		f := validFiles(t)
		f["projects/alpha/project.yaml"] = []byte(strings.Replace(testProject, "featured: true\n", "featured: true\n"+yaml, 1))
		_, diags, err := Load(tree(t, f), Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range diags {
			if d.Severity == diag.Error {
				t.Errorf("%s: unexpected error:\n%s", strings.TrimSpace(yaml), dump(diag.List{d}))
			}
		}
	}
}

// watermarkImage names a PNG or JPEG inside the project folder, checked
// for its size before its pixels are read; anything else is an error at
// the line (decision 0093, "Image watermark").
func TestWatermarkImage(t *testing.T) {
	var gifBuf bytes.Buffer
	if err := gif.Encode(&gifBuf, image.NewPaletted(image.Rect(0, 0, 8, 8), palette.Plan9), nil); err != nil {
		t.Fatal(err)
	}
	mark := pngBytes(t, 40, 20)
	// A 1×1 lossless WebP, as cwebp writes it.
	webp, _ := base64.StdEncoding.DecodeString("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==")
	tests := []struct {
		name   string
		yaml   string            // replaces "featured: true\n"
		files  map[string][]byte // added to the project folder
		link   bool              // mark.png is a link to a file outside the content folder
		want   string            // in the error's message; "" for none
		marked bool              // the project's WatermarkMark is the file's bytes
	}{
		{name: "png", yaml: "access: private\nwatermarkImage: brand/mark.png\n", files: map[string][]byte{"brand/mark.png": mark}, marked: true},
		{name: "jpeg", yaml: "access: private\nwatermarkImage: mark.jpg\n", files: map[string][]byte{"mark.jpg": jpegBytes(t, 40, 20)}, marked: true},
		{name: "missing", yaml: "access: private\nwatermarkImage: mark.png\n", want: "file not found: mark.png"},
		{name: "letter case", yaml: "access: private\nwatermarkImage: Mark.png\n", files: map[string][]byte{"mark.png": mark}, want: "letter case differs"},
		{name: "leaves the folder", yaml: "access: private\nwatermarkImage: ../../brand/mark.png\n", files: map[string][]byte{"../../brand/mark.png": mark}, want: "leaves the project folder"},
		{name: "absolute", yaml: "access: private\nwatermarkImage: /etc/mark.png\n", want: "is absolute"},
		{name: "link out", yaml: "access: private\nwatermarkImage: mark.png\n", link: true, want: "symbolic link to a file outside the project folder"},
		{name: "not an image", yaml: "access: private\nwatermarkImage: mark.png\n", files: map[string][]byte{"mark.png": []byte("not a picture at all")}, want: "mark.png: not an image"},
		{name: "gif", yaml: "access: private\nwatermarkImage: mark.png\n", files: map[string][]byte{"mark.png": gifBuf.Bytes()}, want: "mark.png: not an image"},
		{name: "webp", yaml: "access: private\nwatermarkImage: mark.png\n", files: map[string][]byte{"mark.png": webp}, want: "mark.png: the file is WEBP data but its name ends in .png"},
		{name: "too many pixels", yaml: "access: private\nwatermarkImage: mark.png\n", files: map[string][]byte{"mark.png": imagetest.PNGHeaderOnly(2001, 2000)}, want: "mark.png: the image is too large: 2001×2000 px (4.0 MP), the limit is 4.0 MP"},
		{name: "too many bytes", yaml: "access: private\nwatermarkImage: mark.png\n", files: map[string][]byte{"mark.png": append(slices.Clone(mark), make([]byte, MaxWatermarkBytes)...)}, want: "more than the 2.0 MB"},
		{name: "wrong extension", yaml: "access: private\nwatermarkImage: mark.gif\n", files: map[string][]byte{"mark.gif": gifBuf.Bytes()}, want: "PNG or JPEG"},
		{name: "public", yaml: "watermarkImage: mark.png\n", files: map[string][]byte{"mark.png": mark}, want: "only for a private project"},
		{name: "text too", yaml: "access: private\nwatermark: PROOF\nwatermarkImage: mark.png\n", files: map[string][]byte{"mark.png": mark}, want: "both set"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := validFiles(t)
			f["projects/alpha/project.yaml"] = []byte(strings.Replace(testProject, "featured: true\n", tt.yaml, 1))
			for name, data := range tt.files {
				f[path.Join("projects/alpha", name)] = data
			}
			dir := tree(t, f)
			if tt.link {
				outside := filepath.Join(t.TempDir(), "mark.png")
				if err := os.WriteFile(outside, mark, 0o644); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(outside, filepath.Join(dir, "projects/alpha/mark.png")); err != nil {
					t.Fatal(err) // Linux, where CI runs, has symbolic links: the case must run
				}
			}
			c, diags, err := Load(dir, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var errs diag.List
			for _, d := range diags {
				if d.Severity == diag.Error {
					errs = append(errs, d)
				}
			}
			switch {
			case tt.want == "" && len(errs) > 0:
				t.Errorf("unexpected errors:\n%s", dump(errs))
			case tt.want != "":
				if len(errs) != 1 || !strings.Contains(errs[0].Message, tt.want) {
					t.Fatalf("want one error with %q, got:\n%s", tt.want, dump(errs))
				}
				before, _, _ := strings.Cut(tt.yaml, "watermarkImage")
				line := strings.Count(before, "\n") + 9 // the replaced line is line 9
				if d := errs[0]; d.Line != line || d.Column == 0 || !strings.HasSuffix(d.File, "project.yaml") {
					t.Errorf("error at %s:%d:%d, want project.yaml:%d", d.File, d.Line, d.Column, line)
				}
			}
			if got := c.Projects[0].WatermarkMark; tt.marked != (got != nil) || tt.marked && !bytes.Equal(got, f["projects/alpha/"+markName(tt.yaml)]) {
				t.Errorf("WatermarkMark is %d bytes, want marked=%v", len(got), tt.marked)
			}
		})
	}
}

// markName is the path after `watermarkImage: ` in yaml.
func markName(yaml string) string {
	_, after, _ := strings.Cut(yaml, "watermarkImage: ")
	name, _, _ := strings.Cut(after, "\n")
	return name
}
