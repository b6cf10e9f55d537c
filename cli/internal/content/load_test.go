package content

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"portfolio/cli/internal/content/contenttest"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/imagecheck/imagetest"
)

const testSite = contenttest.Site

// testProject's line numbers are referred to by the tests below.
const testProject = `# yaml-language-server: $schema=../../../schema/project.schema.json
title: Alpha
subtitle: Sub
description: A project.
role: Designer
skills: [Figma]
category: Web Design
page: web-design
featured: true
cover: cover.jpg
body:
  - type: text
    text: |
      Hello *world*.
  - type: gallery
`

func jpegBytes(_ testing.TB, w, h int) []byte { return imagetest.JPEG(w, h) }

func pngBytes(_ testing.TB, w, h int) []byte { return imagetest.PNG(w, h) }

// tree writes files (path → content) under a new temporary content folder.
func tree(t testing.TB, files map[string][]byte) string {
	dir := t.TempDir()
	for p, data := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func validFiles(t testing.TB) map[string][]byte {
	return map[string][]byte{
		"site.yaml":                        []byte(testSite),
		"projects/alpha/project.yaml":      []byte(testProject),
		"projects/alpha/cover.jpg":         jpegBytes(t, 30, 20),
		"projects/alpha/gallery/1.jpg":     jpegBytes(t, 10, 20),
		"projects/alpha/gallery/2.png":     pngBytes(t, 20, 10),
		"projects/alpha/gallery/10.jpg":    jpegBytes(t, 12, 12),
		"projects/alpha/gallery/.DS_Store": []byte("junk"),
	}
}

func TestLoadValid(t *testing.T) {
	dir := tree(t, validFiles(t))
	c, diags, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) != 0 {
		t.Fatalf("unexpected diagnostics: %+v", diags)
	}
	if len(c.Projects) != 1 || c.Projects[0].Slug != "alpha" || c.Projects[0].Link() != "/projects/alpha" {
		t.Fatalf("projects = %+v", c.Projects)
	}
	p := c.Projects[0]
	var got []string
	for _, g := range p.Gallery {
		got = append(got, g.Path)
	}
	if strings.Join(got, " ") != "gallery/1.jpg gallery/2.png gallery/10.jpg" {
		t.Errorf("gallery order = %v", got)
	}
	if info := p.Images["cover.jpg"]; info.Width != 30 || info.Height != 20 {
		t.Errorf("cover info = %+v", info)
	}
}

func TestLoadRules(t *testing.T) {
	replace := func(old, new string) func(t testing.TB, f map[string][]byte) {
		return func(t testing.TB, f map[string][]byte) {
			s := string(f["projects/alpha/project.yaml"])
			if !strings.Contains(s, old) {
				t.Fatalf("test project has no %q", old)
			}
			f["projects/alpha/project.yaml"] = []byte(strings.Replace(s, old, new, 1))
		}
	}
	tests := []struct {
		name   string
		mutate func(t testing.TB, f map[string][]byte)
		sev    diag.Severity
		file   string // suffix of the diagnostic's file
		line   int
		col    int
		msg    string
		hint   string
		// maxPixels lowers the limit, to test it without a huge file.
		maxPixels int64
	}{
		{name: "missing cover", mutate: replace("cover: cover.jpg", "cover: covr.jpg"),
			file: "alpha/project.yaml", line: 10, col: 8, msg: "file not found: covr.jpg", hint: `did you mean "cover.jpg"?`},
		{name: "wrong case", mutate: replace("cover: cover.jpg", "cover: Cover.jpg"),
			file: "alpha/project.yaml", line: 10, col: 8, msg: "letter case differs from cover.jpg", hint: "write cover.jpg: names are case-sensitive"},
		{name: "wrong case folder", mutate: func(t testing.TB, f map[string][]byte) {
			replace("cover: cover.jpg", "cover: Img/c.jpg")(t, f)
			f["projects/alpha/img/c.jpg"] = jpegBytes(t, 4, 4)
		}, file: "alpha/project.yaml", line: 10, msg: "letter case differs from img", hint: "write img/c.jpg"},
		{name: "dot-dot", mutate: replace("cover: cover.jpg", "cover: ../beta/cover.jpg"),
			file: "alpha/project.yaml", line: 10, msg: `path "../beta/cover.jpg" leaves the project folder`, hint: "copy the file into the project folder"},
		{name: "web address", mutate: replace("cover: cover.jpg", "cover: https://example.com/a.jpg"),
			file: "alpha/project.yaml", line: 10, msg: `path "https://example.com/a.jpg" is a web address`, hint: "images are files inside the project folder"},
		{name: "protocol-relative address", mutate: replace("cover: cover.jpg", "cover: //cdn.example.com/a.jpg"),
			file: "alpha/project.yaml", line: 10, msg: "is a web address", hint: "save it in the project folder"},
		{name: "data URL", mutate: replace("cover: cover.jpg", "cover: data:image/png;base64,AAAA"),
			file: "alpha/project.yaml", line: 10, msg: "is a web address", hint: "images are files"},
		{name: "absolute", mutate: replace("cover: cover.jpg", "cover: /etc/cover.jpg"),
			file: "alpha/project.yaml", line: 10, msg: "is absolute", hint: "relative to the project folder"},
		{name: "backslash", mutate: replace("cover: cover.jpg", `cover: img\cover.jpg`),
			file: "alpha/project.yaml", line: 10, msg: `uses \ between folders`, hint: "img/cover.jpg"},
		{name: "not simplest form", mutate: replace("cover: cover.jpg", "cover: ./cover.jpg"),
			file: "alpha/project.yaml", line: 10, msg: "not in its simplest form", hint: "write it as cover.jpg"},
		{name: "text file named jpg", mutate: func(t testing.TB, f map[string][]byte) {
			f["projects/alpha/cover.jpg"] = []byte("not an image")
		}, file: "alpha/project.yaml", line: 10, msg: "cover.jpg: not an image", hint: "export it again"},
		{name: "corrupt gallery image points at the gallery block", mutate: func(t testing.TB, f map[string][]byte) {
			f["projects/alpha/gallery/10.jpg"] = jpegBytes(t, 12, 12)[:100]
		}, file: "alpha/project.yaml", line: 15, col: 5, msg: "gallery/10.jpg: the file is truncated"},
		{name: "too many pixels", mutate: func(t testing.TB, f map[string][]byte) {
			f["projects/alpha/cover.jpg"] = jpegBytes(t, 300, 200)
		}, file: "alpha/project.yaml", line: 10, msg: "the image is too large: 300×200 px", maxPixels: 50_000},
		{name: "empty gallery", mutate: func(t testing.TB, f map[string][]byte) {
			delete(f, "projects/alpha/gallery/1.jpg")
			delete(f, "projects/alpha/gallery/2.png")
			delete(f, "projects/alpha/gallery/10.jpg")
		}, file: "alpha/project.yaml", line: 15, msg: "the gallery is empty", hint: "or remove the gallery block"},
		{name: "gallery folder wrong case", mutate: func(t testing.TB, f map[string][]byte) {
			for _, n := range []string{"1.jpg", "2.png", "10.jpg", ".DS_Store"} {
				f["projects/alpha/Gallery/"+n] = f["projects/alpha/gallery/"+n]
				delete(f, "projects/alpha/gallery/"+n)
			}
		}, file: "alpha/project.yaml", line: 15, msg: `the gallery folder must be named "gallery", not "Gallery"`},
		{name: "two gallery blocks", mutate: replace("  - type: gallery\n", "  - type: gallery\n  - type: gallery\n"),
			file: "alpha/project.yaml", line: 16, msg: "at most one gallery block"},
		{name: "gallery images without gallery block", mutate: replace("  - type: gallery\n", ""),
			sev: diag.Warning, file: "alpha/project.yaml", line: 12, msg: "gallery/ holds 3 images but body has no gallery block"},
		{name: "non-image in gallery", mutate: func(t testing.TB, f map[string][]byte) {
			f["projects/alpha/gallery/notes.txt"] = []byte("x")
		}, sev: diag.Warning, file: "alpha/project.yaml", line: 15, msg: "gallery/notes.txt is not an image or video file and is ignored"},
		{name: "featured but inactive", mutate: replace("featured: true", "featured: true\nactive: false"),
			sev: diag.Warning, file: "alpha/project.yaml", line: 9, msg: "featured but inactive"},
		{name: "bad slug", mutate: func(t testing.TB, f map[string][]byte) {
			for k, v := range f {
				if strings.HasPrefix(k, "projects/alpha/") {
					f["projects/My_Project/"+strings.TrimPrefix(k, "projects/alpha/")] = v
					delete(f, k)
				}
			}
		}, file: "My_Project/project.yaml", line: 2, msg: `the folder name "My_Project" is not a valid slug`, hint: "rename the folder to my-project"},
		{name: "folder without project.yaml", mutate: func(t testing.TB, f map[string][]byte) {
			f["projects/beta/cover.jpg"] = jpegBytes(t, 4, 4)
		}, file: "projects/beta", msg: "project folder has no project.yaml", hint: "portfolio new project"},
		{name: "project.yaml with wrong case", mutate: func(t testing.TB, f map[string][]byte) {
			f["projects/beta/Project.yaml"] = []byte(testProject)
		}, file: "projects/beta", msg: "project folder has no project.yaml", hint: "rename Project.yaml to project.yaml"},
		{name: "markdown heading", mutate: replace("      Hello *world*.\n", "      Hello.\n\n      # Heading\n"),
			file: "alpha/project.yaml", line: 16, col: 7, msg: "a heading (#) is not supported", hint: "heading:"},
		{name: "markdown javascript link", mutate: replace("Hello *world*.", "[x](javascript:alert(1))"),
			file: "alpha/project.yaml", line: 14, msg: `link target "javascript:alert(1)" is not allowed`},
		{name: "missing site.yaml", mutate: func(t testing.TB, f map[string][]byte) { delete(f, "site.yaml") },
			file: "site.yaml", msg: "file not found", hint: "site.schema.json"},
		{name: "unknown property", mutate: replace("title: Alpha", "titel: Alpha"),
			file: "alpha/project.yaml", line: 2, col: 1, msg: `unknown property "titel"`, hint: `did you mean "title"?`},
		{name: "missing required", mutate: replace("role: Designer\n", ""),
			file: "alpha/project.yaml", line: 2, col: 1, msg: `missing required property "role"`, hint: "add `role:` — The owner's role"},
		{name: "number where text", mutate: replace("title: Alpha", "title: 2024"),
			file: "alpha/project.yaml", line: 2, col: 8, msg: `"title" must be text, not a number`, hint: "put the value in quotes"},
		{name: "null", mutate: replace("title: Alpha", "title:"),
			file: "alpha/project.yaml", line: 2, msg: `"title" has no value`},
		{name: "too long", mutate: replace("title: Alpha", "title: "+strings.Repeat("x", 81)),
			file: "alpha/project.yaml", line: 2, col: 8, msg: `"title" is too long: 81 characters, at most 80 allowed`},
		{name: "bad page", mutate: replace("page: web-design", "page: webdesign"),
			file: "alpha/project.yaml", line: 8, col: 7, msg: `"webdesign" names no category of site.yaml`, hint: `did you mean "web-design"? (categories: web-design, graphics, photography, higher-education)`},
		{name: "undeclared page", mutate: replace("page: web-design", "page: illustration"),
			file: "alpha/project.yaml", line: 8, col: 7, msg: `"illustration" names no category of site.yaml`, hint: `use one of "web-design", "graphics", "photography" or "higher-education", or declare "illustration" under categories in site.yaml`},
		{name: "unknown block type", mutate: replace("  - type: text\n", "  - type: txt\n"),
			file: "alpha/project.yaml", line: 12, col: 11, msg: "must be one of text, image, gallery"},
		{name: "misspelt required key", mutate: replace("title: Alpha", "titel: Alpha"),
			file: "alpha/project.yaml", line: 2, col: 1, msg: `unknown property "titel"`, hint: `did you mean "title"? It is required.`},
		{name: "misspelt key beside the real one", mutate: replace("title: Alpha", "title: Alpha\ntitel: Alpha"),
			file: "alpha/project.yaml", line: 3, col: 1, msg: `unknown property "titel"`, hint: `did you mean "title"? allowed here:`},
		{name: "enum near miss", mutate: replace("page: web-design", "page: Web Design"),
			file: "alpha/project.yaml", line: 8, col: 7, msg: `"Web Design" names no category`, hint: `did you mean "web-design"?`},
		{name: "yes is text", mutate: replace("featured: true", "featured: yes"),
			file: "alpha/project.yaml", line: 9, col: 11, msg: `"featured" must be true or false, not text`, hint: "yes, no, on and off are text in YAML 1.2"},
		{name: "quoted boolean", mutate: replace("featured: true", `featured: "true"`),
			file: "alpha/project.yaml", line: 9, col: 11, msg: `"featured" must be true or false, not text`, hint: "without quotes"},
		{name: "long value cut on a character boundary", mutate: replace("  - type: text\n", "  - type: "+strings.Repeat("é", 70)+"\n"),
			file: "alpha/project.yaml", line: 12, msg: `got "` + strings.Repeat("é", 56) + `…"`},
		{name: "timestamp", mutate: replace("title: Alpha", "title: !!timestamp 2020-01-01"),
			file: "alpha/project.yaml", line: 2, col: 8, msg: "a YAML timestamp is not supported here", hint: "in quotes"},
		{name: "NaN", mutate: replace("title: Alpha", "title: .nan"),
			file: "alpha/project.yaml", line: 2, col: 8, msg: "NaN and infinity are not supported"},
		{name: "Unicode normalization", mutate: func(t testing.TB, f map[string][]byte) {
			replace("cover: cover.jpg", "cover: caf\u00e9.jpg")(t, f)
			f["projects/alpha/cafe\u0301.jpg"] = jpegBytes(t, 4, 4)
		}, file: "alpha/project.yaml", line: 10, msg: "with different Unicode characters", hint: "typing its name again"},
		{name: "gallery text for a file not in the folder", mutate: replace("  - type: gallery\n", "  - type: gallery\n    texts:\n      - {file: 3.jpg, alt: A red door}\n"),
			file: "alpha/project.yaml", line: 17, col: 16, msg: "gallery/3.jpg is not in the gallery folder", hint: "e.g. 1.jpg"},
		{name: "gallery text with the wrong letter case", mutate: replace("  - type: gallery\n", "  - type: gallery\n    texts:\n      - {file: 1.JPG, alt: A red door}\n"),
			file: "alpha/project.yaml", line: 17, msg: "gallery/1.JPG is not in the gallery folder", hint: "write 1.jpg"},
		{name: "gallery text twice", mutate: replace("  - type: gallery\n", "  - type: gallery\n    texts:\n      - {file: 1.jpg, alt: A red door}\n      - {file: 1.jpg, caption: Again}\n"),
			file: "alpha/project.yaml", line: 18, msg: "1.jpg is described twice", hint: "merge"},
		{name: "gallery alt is a file name", mutate: replace("  - type: gallery\n", "  - type: gallery\n    texts:\n      - file: 2.png\n        alt: holiday-2.png\n"),
			file: "alpha/project.yaml", line: 18, col: 14, msg: `the alt text "holiday-2.png" is a file name`, hint: "what the picture shows"},
		{name: "gallery alt is a camera's name", mutate: replace("  - type: gallery\n", "  - type: gallery\n    texts:\n      - {file: 2.png, alt: IMG_0412}\n"),
			file: "alpha/project.yaml", line: 17, msg: `"IMG_0412" is a camera's file name`},
		{name: "gallery alt blank", mutate: replace("  - type: gallery\n", "  - type: gallery\n    texts:\n      - {file: 2.png, alt: '   '}\n"),
			file: "alpha/project.yaml", line: 17, msg: "the alt text is blank"},
		{name: "gallery alt too long", mutate: replace("  - type: gallery\n", "  - type: gallery\n    texts:\n      - {file: 2.png, alt: "+strings.Repeat("a", 251)+"}\n"),
			file: "alpha/project.yaml", line: 17, msg: "at most 250"},
		{name: "gallery text with a path", mutate: replace("  - type: gallery\n", "  - type: gallery\n    texts:\n      - {file: gallery/2.png, alt: A red door}\n"),
			file: "alpha/project.yaml", line: 17, msg: "file"},
		{name: "photography gallery without any text", mutate: func(t testing.TB, f map[string][]byte) {
			replace("page: web-design", "page: photography")(t, f)
			replace("category: Web Design", "category: Photography")(t, f)
		}, sev: diag.Warning, file: "alpha/project.yaml", line: 15, msg: "no photo of the gallery has alt text or a caption", hint: "portfolio gallery alpha"},
		{name: "gallery file name with newline", mutate: func(t testing.TB, f map[string][]byte) {
			f["projects/alpha/gallery/a\nb.jpg"] = jpegBytes(t, 4, 4)
		}, file: "alpha/project.yaml", line: 15, msg: `gallery/: the name "a\nb.jpg" holds a control or direction character`, hint: "rename it"},
		{name: "gallery file name with escape", mutate: func(t testing.TB, f map[string][]byte) {
			f["projects/alpha/gallery/\x1b]0;x\x07.jpg"] = jpegBytes(t, 4, 4)
		}, file: "alpha/project.yaml", line: 15, msg: `gallery/: the name "\x1b]0;x\a.jpg" holds a control or direction character`, hint: "rename it"},
		{name: "gallery file name with C1", mutate: func(t testing.TB, f map[string][]byte) {
			f["projects/alpha/gallery/a\u009b.jpg"] = jpegBytes(t, 4, 4)
		}, file: "alpha/project.yaml", line: 15, msg: `gallery/: the name "a\u009b.jpg" holds a control or direction character`, hint: "rename it"},
		{name: "gallery file name with bidi override", mutate: func(t testing.TB, f map[string][]byte) {
			f["projects/alpha/gallery/photo\u202egpj.png"] = jpegBytes(t, 4, 4)
		}, file: "alpha/project.yaml", line: 15, msg: `gallery/: the name "photo\u202egpj.png" holds a control or direction character`, hint: "rename it"},
		{name: "gallery file name with invalid UTF-8", mutate: func(t testing.TB, f map[string][]byte) {
			f["projects/alpha/gallery/caf\xe9.jpg"] = jpegBytes(t, 4, 4)
		}, file: "alpha/project.yaml", line: 15, msg: `gallery/: the name "caf\xe9.jpg" holds a control or direction character`, hint: "rename it"},
		{name: "project folder name with a newline", mutate: func(t testing.TB, f map[string][]byte) {
			f["projects/be\nta/project.yaml"] = []byte(testProject)
		}, file: "projects/be\nta", msg: `the name "be\nta" holds a control or direction character`, hint: "rename it"},
		{name: "image path with a control character", mutate: replace("cover: cover.jpg", `cover: "cover\e.jpg"`),
			file: "alpha/project.yaml", line: 10, msg: `path: the name "cover\x1b.jpg" holds a control`, hint: "without control characters"},
		{name: "stray file in projects", mutate: func(t testing.TB, f map[string][]byte) {
			f["projects/notes.txt"] = []byte("x")
			f["projects/README.md"] = []byte("x")
			f["projects/.DS_Store"] = []byte("x")
		}, sev: diag.Warning, file: "projects/notes.txt", msg: "this file is not a project folder and is ignored", hint: "move the file into a project folder"},
		{name: "duplicate skills", mutate: replace("skills: [Figma]", "skills: [Figma, Figma]"),
			file: "alpha/project.yaml", line: 6, col: 17, msg: "lists the same item twice (items 1 and 2)"},
		{name: "watermark on a public project", mutate: replace("featured: true\n", "featured: true\nwatermark: PROOF\n"),
			file: "alpha/project.yaml", line: 10, col: 12, msg: "watermark is only for a private project (access: private)", hint: "make the project private"},
		{name: "secretPage on a public project", mutate: replace("featured: true\n", "featured: true\nsecretPage: {cover: true}\n"),
			file: "alpha/project.yaml", line: 10, col: 13, msg: "secretPage is only for a private project (access: private)", hint: "make the project private"},
		{name: "secretPage hiding the title on a public project", mutate: replace("featured: true\n", "featured: true\nsecretPage: {title: false, cover: false}\n"),
			file: "alpha/project.yaml", line: 10, col: 13, msg: "secretPage is only for a private project (access: private)", hint: "make the project private"},
		{name: "unknown secretPage setting", mutate: replace("featured: true\n", "featured: true\naccess: private\nsecretPage: {blur: true}\n"),
			file: "alpha/project.yaml", line: 11, msg: "blur"},
		{name: "blank watermark", mutate: replace("featured: true\n", "featured: true\nwatermark: \"  \"\n"),
			file: "alpha/project.yaml", line: 10, col: 12, msg: `"watermark" must hold a letter or sign, not only spaces`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := validFiles(t)
			tt.mutate(t, f)
			dir := tree(t, f)
			opts := Options{MaxPixels: tt.maxPixels}
			_, diags, err := Load(dir, opts)
			if err != nil {
				t.Fatal(err)
			}
			var found *diag.Diagnostic
			for i, d := range diags {
				if strings.Contains(d.Message, tt.msg) {
					found = &diags[i]
				}
			}
			if found == nil {
				t.Fatalf("no diagnostic with %q; got:\n%s", tt.msg, dump(diags))
			}
			if found.Severity != tt.sev || !strings.HasSuffix(filepath.ToSlash(found.File), tt.file) ||
				(tt.line != 0 && found.Line != tt.line) || (tt.col != 0 && found.Column != tt.col) {
				t.Errorf("got %s %s, want %s at …%s:%d:%d", found.Severity, found.Position(), tt.sev, tt.file, tt.line, tt.col)
			}
			if !strings.Contains(found.Hint, tt.hint) {
				t.Errorf("hint %q, want it to contain %q", found.Hint, tt.hint)
			}
			if tt.sev == diag.Warning && diags.Errors() != 0 {
				t.Errorf("a warning case produced errors:\n%s", dump(diags))
			}
		})
	}
}

func TestLoadExternalWholeFloat(t *testing.T) {
	f := validFiles(t)
	f["projects/alpha/project.yaml"] = []byte(testProject + "    external: [{url: 'https://a.example/x.jpg', width: 1200.0, height: 800}]\n")
	c, diags, err := Load(tree(t, f), Options{})
	if err != nil || diags.Errors() > 0 {
		t.Fatalf("%v\n%s", err, dump(diags))
	}
	g := c.Projects[0].Gallery
	if len(g) != 4 || g[3].URL != "https://a.example/x.jpg" || g[3].Width != 1200 {
		t.Fatalf("gallery = %+v", g)
	}
}

func TestLoadCountsUnreadableProjects(t *testing.T) {
	f := validFiles(t)
	f["projects/beta/project.yaml"] = []byte("title: [\n")
	c, _, err := Load(tree(t, f), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if c.Folders != 2 || len(c.Projects) != 1 {
		t.Fatalf("folders %d, projects %d", c.Folders, len(c.Projects))
	}
}

func TestParallelPanicsOnCaller(t *testing.T) {
	defer func() {
		if r := recover(); r != "boom" {
			t.Fatalf("recovered %v, want boom", r)
		}
	}()
	parallel(10, func(i int) {
		if i == 3 {
			panic("boom")
		}
	})
	t.Fatal("no panic reached the caller")
}

func TestLoadDuplicateSlugs(t *testing.T) {
	f := validFiles(t)
	f["projects/Alpha/project.yaml"] = []byte(testProject)
	f["projects/Alpha/cover.jpg"] = jpegBytes(t, 4, 4)
	f["projects/Alpha/gallery/1.jpg"] = jpegBytes(t, 4, 4)
	_, diags, err := Load(tree(t, f), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(dump(diags), `two projects have the slug "alpha"`) {
		t.Fatalf("no duplicate-slug error:\n%s", dump(diags))
	}
}

func TestLoadMissingFolder(t *testing.T) {
	_, diags, err := Load(filepath.Join(t.TempDir(), "nope"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if diags.Errors() != 1 || diags[0].Message != "content folder not found" {
		t.Fatalf("got:\n%s", dump(diags))
	}
}

// A hint that names a command names it for this content folder: with
// --content, quoted for a shell where needed, unless it is the default one.
func TestHintsNameTheContentFolder(t *testing.T) {
	for _, tc := range []struct{ dir, want string }{
		{"content", "run `portfolio new project`"},
		{"./content/", "run `portfolio new project`"},
		{"work/site-content", "run `portfolio new project --content work/site-content`"},
		{"my work", "run `portfolio new project --content 'my work'`"},
		{"it's", `run ` + "`" + `portfolio new project --content 'it'\''s'` + "`"},
		{"$(reboot)", "run `portfolio new project --content '$(reboot)'`"},
	} {
		t.Run(tc.dir, func(t *testing.T) {
			t.Chdir(t.TempDir())
			if err := os.MkdirAll(tc.dir, 0o755); err != nil {
				t.Fatal(err)
			}
			_, diags, err := Load(tc.dir, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(dump(diags), tc.want) {
				t.Errorf("the hints do not say %s:\n%s", tc.want, dump(diags))
			}
		})
	}
}

func dump(l diag.List) string {
	var b strings.Builder
	_ = diag.WriteText(&b, l, diag.Style{})
	return b.String()
}

// soleDiagnostic loads the content files and returns the one diagnostic
// they give when want is true; with want false they must give none, and
// ok is false. Anything else fails the test.
func soleDiagnostic(t *testing.T, files map[string][]byte, want bool) (d diag.Diagnostic, ok bool) {
	t.Helper()
	_, diags, err := Load(tree(t, files), Options{})
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case want && len(diags) == 1:
		return diags[0], true
	case !want && len(diags) == 0:
		return diag.Diagnostic{}, false
	}
	what := "no diagnostic"
	if want {
		what = "one diagnostic"
	}
	t.Fatalf("want %s, got:\n%s", what, dump(diags))
	return diag.Diagnostic{}, false
}

// wantAt fails the test unless d has severity sev and is at line and col
// of the file named file, at pointer.
func wantAt(t *testing.T, d diag.Diagnostic, sev diag.Severity, file string, line, col int, pointer string) {
	t.Helper()
	if d.Severity != sev || filepath.Base(d.File) != file || d.Line != line || d.Column != col || d.Pointer != pointer {
		t.Errorf("got %s %s at %s, want %s at %s:%d:%d at %s", d.Severity, d.Position(), d.Pointer, sev, file, line, col, pointer)
	}
}

// FuzzLoadProject loads arbitrary project.yaml text (with the valid site
// and images around it): the loader may report problems but must not panic.
func FuzzLoadProject(f *testing.F) {
	f.Add(testProject)
	f.Add("title: [\n")
	f.Add("body:\n  - type: gallery\n    external: [{url: 'https://a.b/c.jpg', width: 1, height: 1}]\n")
	f.Add("a: &x {b: *x}\n")
	f.Add("cover: ../../site.yaml\nbody: [{type: image, src: /etc/passwd.jpg}]\n")
	f.Add("body:\n  - type: text\n    text: \"# h\\n\\n- [x](javascript:1)\"\n")
	// Hostile classes of issue 13: nesting, encodings, tags.
	f.Add("title: " + strings.Repeat("[", 200))
	f.Add("title:\n" + strings.Repeat("- ", 60) + "x\n")
	f.Add("title: " + strings.Repeat("a: ", 60) + "b\n")
	f.Add("title: |\n  [[[[\n [[[[\nx: '[[[[' # [[[\n")
	f.Add("\xFF\xFEt\x00i\x00t\x00l\x00e\x00:\x00 \x00a\x00")
	f.Add("t\x00i\x00t\x00l\x00e\x00:\x00")
	f.Add("title: caf\xE9\n")
	f.Add("title: \x93Alpha\x94\n")
	f.Add("title: !include x.yaml\nsubtitle: !!set {a}\n")
	// Positions and hints: unclosed brackets, over-indented keys, URLs as
	// image paths, files that are not mappings; Markdown outside the subset.
	f.Add("title: Alpha\nskills: [a, b\nrole: x\n")
	f.Add("title: Alpha\n  role: x\n")
	f.Add("cover: https://example.com/a.jpg\n")
	f.Add("- title: Alpha\n")
	f.Add("Just text: with a colon\n")
	f.Add("body:\n  - type: text\n    text: \"| a |\\n|---|\\n| 1 |\\n\\n~~x~~ https://a.b [^1]\\n\\n[^1]: n\"\n")
	f.Add("cover: \"a\\nb.jpg\"\n")
	files := validFiles(f)
	dir := tree(f, files)
	file := filepath.Join(dir, "projects/alpha/project.yaml")
	f.Fuzz(func(t *testing.T, src string) {
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		_, diags, err := Load(dir, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range diags {
			if d.Severity == diag.Error && (d.File == "" || d.Message == "") {
				t.Fatalf("diagnostic without file or message: %+v", d)
			}
		}
	})
}

// TestLoadNotAMapping: a project file or site.yaml that is a list, text or
// a number gets one error with a hint, and no follow-on warnings (schema
// comment, gallery images without a gallery block).
func TestLoadNotAMapping(t *testing.T) {
	for _, file := range []string{"projects/alpha/project.yaml", "site.yaml"} {
		for name, src := range map[string]string{
			"list":    "- a\n- b\n",
			"text":    "just some garbage text\n",
			"number":  "# a comment\n42\n",
			"garbage": "\x7fELF binary-ish: [ \n",
			"prose":   "This is my site. Name: Test Owner\nMore words: here\n",
		} {
			t.Run(file+"/"+name, func(t *testing.T) {
				f := validFiles(t)
				f[file] = []byte(src)
				_, diags, err := Load(tree(t, f), Options{})
				if err != nil {
					t.Fatal(err)
				}
				if len(diags) != 1 || diags[0].Hint == "" || !strings.HasSuffix(filepath.ToSlash(diags[0].File), file) {
					t.Fatalf("want one error with a hint for %s, got:\n%s", file, dump(diags))
				}
			})
		}
	}
}

// TestLoadBounds: a content folder with more project folders, or more YAML
// in all, than a portfolio can have is refused before any project is read.
func TestLoadBounds(t *testing.T) {
	t.Run("project folders", func(t *testing.T) {
		f := validFiles(t)
		for i := range MaxProjects {
			f[fmt.Sprintf("projects/p%d/project.yaml", i)] = []byte("title: T\n")
		}
		c, diags, err := Load(tree(t, f), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Projects) != 0 || diags.Errors() != 1 || !strings.Contains(diags[0].Message, "501 project folders, more than the 500") {
			t.Fatalf("got %d projects and:\n%s", len(c.Projects), dump(diags))
		}
	})
	t.Run("total size", func(t *testing.T) {
		f := validFiles(t)
		big := []byte(testProject + strings.Repeat("# padding padding padding padding padding\n", 120<<10/42))
		for i := range 9 {
			f[fmt.Sprintf("projects/p%d/project.yaml", i)] = big
		}
		c, diags, err := Load(tree(t, f), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Projects) != 0 || diags.Errors() != 1 || !strings.Contains(diags[0].Message, "more than the 1,024 KB a content folder may have") {
			t.Fatalf("got %d projects and:\n%s", len(c.Projects), dump(diags))
		}
	})
}

// A meta description longer than a search result shows is a warning at the
// description's own line and column, with how much to cut; 160 characters
// (counted as characters, not bytes) are fine.
func TestLoadDescriptionLength(t *testing.T) {
	long := func(n int) string { return strings.Repeat("é", n) }
	tests := []struct {
		name      string
		file, old string
		new       string
		line, col int
		wantToCut int // 0: no warning
	}{
		{"project at the limit, in characters", "projects/alpha/project.yaml", "description: A project.", "description: " + long(160), 0, 0, 0},
		{"project one over", "projects/alpha/project.yaml", "description: A project.", "description: " + long(161), 4, 14, 1},
		{"project, folded block", "projects/alpha/project.yaml", "description: A project.", "description: >-\n  " + long(100) + "\n  " + long(99), 4, 14, 40},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := validFiles(t)
			s := string(f[tt.file])
			if !strings.Contains(s, tt.old) {
				t.Fatalf("%s has no %q", tt.file, tt.old)
			}
			f[tt.file] = []byte(strings.Replace(s, tt.old, tt.new, 1))
			_, diags, err := Load(tree(t, f), Options{})
			if err != nil {
				t.Fatal(err)
			}
			var found []diag.Diagnostic
			for _, d := range diags {
				if strings.Contains(d.Message, "description is") {
					found = append(found, d)
				}
			}
			if tt.wantToCut == 0 {
				if len(found) != 0 || len(diags) != 0 {
					t.Fatalf("unexpected diagnostics:\n%s", dump(diags))
				}
				return
			}
			if len(found) != 1 {
				t.Fatalf("want one description warning, got:\n%s", dump(diags))
			}
			d := found[0]
			if d.Severity != diag.Warning || d.Line != tt.line || d.Column != tt.col || d.Pointer != "/description" {
				t.Errorf("got %s %s at %s, want a warning at %d:%d", d.Severity, d.Position(), d.Pointer, tt.line, tt.col)
			}
			if want := fmt.Sprintf("(%d to cut)", tt.wantToCut); !strings.Contains(d.Hint, want) {
				t.Errorf("hint %q, want %q", d.Hint, want)
			}
		})
	}

	// The site's own descriptions (home, About, Contact, category pages) too.
	f := validFiles(t)
	site := string(f["site.yaml"])
	i := strings.Index(site, "\ndescription: ")
	if i < 0 {
		t.Fatal("the test site has no description")
	}
	j := strings.Index(site[i+1:], "\n") + i + 1
	f["site.yaml"] = []byte(site[:i] + "\ndescription: " + long(200) + site[j:])
	_, diags, err := Load(tree(t, f), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) != 1 || !strings.HasSuffix(diags[0].File, "site.yaml") || diags[0].Pointer != "/description" || diags[0].Severity != diag.Warning {
		t.Fatalf("want one warning on site.yaml's description, got:\n%s", dump(diags))
	}

	// A category page's, in the list of categories: at its line and column.
	f = validFiles(t)
	f["site.yaml"] = []byte(strings.Replace(string(f["site.yaml"]), "description: Graphics.,", "description: '"+long(170)+"',", 1))
	_, diags, err = Load(tree(t, f), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) != 1 || diags[0].Pointer != "/categories/1/description" || diags[0].Severity != diag.Warning ||
		diags[0].Line != 23 || diags[0].Column != 52 || !strings.Contains(diags[0].Hint, "(10 to cut)") {
		t.Fatalf("want one warning on the second category's description at 23:52, got:\n%s", dump(diags))
	}
}

func TestDirFlag(t *testing.T) {
	wd := t.TempDir()
	t.Chdir(wd)
	for in, want := range map[string]string{
		DefaultDir:         "",
		"":                 "",
		"/srv/my site":     " --content '/srv/my site'",
		"/srv/it's":        ` --content '/srv/it'\''s'`,
		"mysite":           " --content " + filepath.Join(wd, "mysite"),
		"/srv/plain-site1": " --content /srv/plain-site1",
	} {
		if got := DirFlag(in); got != want {
			t.Errorf("DirFlag(%q) = %q, want %q", in, got, want)
		}
	}
}
