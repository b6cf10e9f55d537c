package editor

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content/contenttest"
	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/iostreams"
)

const harbourYAML = `# yaml-language-server: $schema=../../../schema/project.schema.json
title: Harbour
subtitle: Boats
description: Photos of boats.
role: Photographer
skills: [Photography]
category: Photography
page: photography
cover: cover.jpg
body:
  - type: gallery
`

// fixture makes content/projects/harbour with gallery images 01.jpg…03.jpg
// of widths 31, 32, 33 in a new current folder, and photos/new.jpg (width 40).
func fixture(t *testing.T) {
	t.Helper()
	t.Chdir(t.TempDir())
	write := func(p string, data []byte) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("content/site.yaml", []byte(contenttest.Site))
	write("content/projects/harbour/project.yaml", []byte(harbourYAML))
	write("content/projects/harbour/cover.jpg", imagetest.JPEG(20, 20))
	for i := 1; i <= 3; i++ {
		write(filepath.Join("content/projects/harbour/gallery", "0"+string(rune('0'+i))+".jpg"), imagetest.JPEG(30+i, 20))
	}
	write("photos/new one.jpg", imagetest.JPEG(40, 20))
}

func lines(answers ...string) string { return strings.Join(answers, "\n") + "\n" }

func runAccessibly(t *testing.T, input string) (stdout, stderr string, err error) {
	t.Helper()
	ios, in, out, errOut := iostreams.Test()
	in.WriteString(input)
	err = Run(context.Background(), &Options{IO: ios, ContentDir: "content", Slug: "harbour", Accessible: true, AccessibleFlag: true})
	return out.String(), errOut.String(), err
}

func yamlText(t *testing.T) string {
	data, err := os.ReadFile("content/projects/harbour/project.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// Menu choices, by number in the accessible menu.
const (
	menuMove, menuAdd, menuRemove, menuDescribe, menuSave, menuQuit = "1", "2", "3", "4", "5", "6"
)

func TestAccessibleEditAndSave(t *testing.T) {
	fixture(t)
	input := lines(
		menuMove, "3", "1", // 03.jpg first
		menuDescribe, "1", "IMG_0042", "Gulls over the wall", "Low tide", // a camera name refused, then a description
		menuAdd, "'photos/new one.jpg'", "2",
		menuRemove, "4", "y",
		menuSave,
	)
	out, errOut, err := runAccessibly(t, input)
	if err != nil {
		t.Fatalf("%v\nstdout:\n%s\nstderr:\n%s", err, out, errOut)
	}
	for _, want := range []string{
		"What next?", "1. move an image", "Image to move", "New position",
		`the alt text "IMG_0042" is a camera's file name`,
		"✓ content/projects/harbour: saved (1 added, 1 removed, 2 renamed)",
		"  1  01.jpg  33×20", "       alt: Gulls over the wall", "  2  02.jpg  40×20", "  3  03.jpg  31×20",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\x1b[") {
		t.Error("escape codes in plain output")
	}
	entries, _ := os.ReadDir("content/projects/harbour/gallery")
	if len(entries) != 3 {
		t.Errorf("gallery holds %d files, want 3", len(entries))
	}
	if y := yamlText(t); !strings.Contains(y, "    texts:\n      - file: 01.jpg\n        alt: Gulls over the wall\n        caption: Low tide\n") {
		t.Errorf("project.yaml:\n%s", y)
	}
}

func TestAccessibleWrongNumberAskedAgain(t *testing.T) {
	fixture(t)
	out, _, err := runAccessibly(t, lines(menuMove, "9", "1", "2", menuSave))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "give a number from 1 to 3") || !strings.Contains(out, "  1  01.jpg  32×20") {
		t.Errorf("stdout:\n%s", out)
	}
}

func TestAccessibleNothingWrittenWithoutSave(t *testing.T) {
	for name, input := range map[string]string{
		"quit and discard": lines(menuMove, "1", "3", menuQuit, "y"),
		"input ends":       lines(menuMove, "1", "3"),
	} {
		t.Run(name, func(t *testing.T) {
			fixture(t)
			before := yamlText(t)
			_, errOut, err := runAccessibly(t, input)
			if !errors.Is(err, cmdutil.ErrCancel) {
				t.Fatalf("err = %v, want cancelled", err)
			}
			if !strings.Contains(errOut, "nothing was changed") {
				t.Errorf("stderr = %q", errOut)
			}
			data, _ := os.ReadFile("content/projects/harbour/gallery/01.jpg")
			if len(data) == 0 || yamlText(t) != before {
				t.Error("the gallery changed")
			}
			if _, err := os.Stat("content/projects/harbour/gallery/01.jpg"); err != nil {
				t.Error(err)
			}
		})
	}
}

// Quitting with changes asks; "no" goes back to the menu and the changes
// are still there to save.
func TestAccessibleQuitAsks(t *testing.T) {
	fixture(t)
	out, _, err := runAccessibly(t, lines(menuRemove, "1", "y", menuQuit, "n", menuSave))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "Discard your changes?") || !strings.Contains(out, "saved (1 removed, 2 renamed)") {
		t.Errorf("stdout:\n%s", out)
	}
}

func TestSafe(t *testing.T) {
	if got := safe("evil\x1b[2Jname.jpg"); got != `evil\x1b[2Jname.jpg` {
		t.Errorf("safe = %q", got)
	}
	if got := safe("Dún Laoghaire"); got != "Dún Laoghaire" {
		t.Errorf("safe = %q", got)
	}
}

// A page without a gallery block: accessible mode asks to add one before
// the list opens. Yes adds it with the change saved; no changes nothing.
func TestAccessibleAddsTheBlock(t *testing.T) {
	fixture(t)
	noBlock := strings.Replace(harbourYAML, "  - type: gallery\n", "  - type: text\n    text: The story.\n", 1)
	if err := os.WriteFile("content/projects/harbour/project.yaml", []byte(noBlock), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, err := runAccessibly(t, lines("n"))
	if !errors.Is(err, cmdutil.ErrCancel) || !strings.Contains(errOut, "nothing was changed") || yamlText(t) != noBlock {
		t.Fatalf("answered no: %v\n%s\n%s", err, errOut, yamlText(t))
	}
	out, errOut, err := runAccessibly(t, lines("y", menuDescribe, "1", "A red boat", "", menuSave))
	if err != nil {
		t.Fatalf("%v\n%s\n%s", err, out, errOut)
	}
	for _, want := range []string{"has no gallery block. Add one at the end of its page?", "✓ added a gallery block at the end of the page in content/projects/harbour/project.yaml"} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	if want := "  - type: text\n    text: The story.\n  - type: gallery\n    texts:\n      - file: 01.jpg\n        alt: A red boat\n"; !strings.HasSuffix(yamlText(t), want) {
		t.Errorf("project.yaml:\n%s\nwant it to end with\n%s", yamlText(t), want)
	}
}
