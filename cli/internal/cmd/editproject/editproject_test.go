package editproject

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

const harbour = `# yaml-language-server: $schema=../../../schema/project.schema.json
# A comment that stays.
title: Harbour
subtitle: Boats
description: Photos of boats.
role: Photographer
skills: [Photography]
category: Photography
page: photography
cover: cover.jpg
body:
  - type: text
    text: Hello.
`

func fixture(t *testing.T) {
	t.Helper()
	t.Chdir(t.TempDir())
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // drafts
	for p, data := range map[string][]byte{
		"content/site.yaml":                     []byte(contenttest.Site),
		"content/projects/harbour/project.yaml": []byte(harbour),
		"content/projects/harbour/cover.jpg":    imagetest.JPEG(20, 20),
	} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func run(t *testing.T, input string) (string, string, error) {
	ios, in, out, errOut := iostreams.Test()
	in.WriteString(input)
	err := Run(context.Background(), &Options{IO: ios, ContentDir: "content", Slug: "harbour", Accessible: true, AccessibleFlag: true})
	return out.String(), errOut.String(), err
}

func lines(s ...string) string { return strings.Join(s, "\n") + "\n" }

// The form is filled with the current values: Enter keeps each; a bad value
// is asked again with validate's message; the changed lines are shown
// before writing.
func TestAccessibleEdit(t *testing.T) {
	fixture(t)
	out, errOut, err := run(t, lines("Harbour Lights", "", "3", "", "", "", "Photography, Lightroom, Lightroom", "Photography, Lightroom", "y", "", "y"))
	if err != nil {
		t.Fatalf("%v\n%s\n%s", err, out, errOut)
	}
	for _, want := range []string{"Title [Harbour]", "lists the same item twice", "- title: Harbour\n+ title: Harbour Lights",
		"+ featured: true", "✓ updated content/projects/harbour/project.yaml"} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	data, _ := os.ReadFile("content/projects/harbour/project.yaml")
	for _, want := range []string{"# A comment that stays.\ntitle: Harbour Lights\n", "skills:\n  - Photography\n  - Lightroom\n", "cover: cover.jpg\nfeatured: true\nbody:\n"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("project.yaml lacks %q:\n%s", want, data)
		}
	}
}

func TestAccessibleEditDeclinedWritesNothing(t *testing.T) {
	for name, input := range map[string]string{
		"no at the confirmation": lines("Harbour Lights", "", "3", "", "", "", "", "", "", "n"),
		"input ends":             lines("Harbour Lights"),
	} {
		t.Run(name, func(t *testing.T) {
			fixture(t)
			_, errOut, err := run(t, input)
			if !errors.Is(err, cmdutil.ErrCancel) || !strings.Contains(errOut, "nothing was written") {
				t.Fatalf("err = %v, stderr %q", err, errOut)
			}
			data, _ := os.ReadFile("content/projects/harbour/project.yaml")
			if string(data) != harbour {
				t.Error("project.yaml changed")
			}
		})
	}
}

// Leaving keeps the changes typed so far as a draft; --from resumes them
// without a terminal.
func TestDraftResumes(t *testing.T) {
	fixture(t)
	_, errOut, err := run(t, lines("Harbour Lights", "", "3", "", "Boats at night."))
	if !errors.Is(err, cmdutil.ErrCancel) {
		t.Fatalf("err = %v", err)
	}
	_, path, ok := strings.Cut(errOut, "--from ")
	if !ok {
		t.Fatalf("no draft named: %q", errOut)
	}
	apply, err := readDraft(strings.TrimSpace(path))
	if err != nil {
		t.Fatal(err)
	}
	ios, _, out, stderr := iostreams.Test()
	if err := Run(context.Background(), &Options{IO: ios, ContentDir: "content", Slug: "harbour", From: apply, Yes: true}); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	data, _ := os.ReadFile("content/projects/harbour/project.yaml")
	for _, want := range []string{"title: Harbour Lights\n", "description: Boats at night.\n", "# A comment that stays.\n"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("project.yaml lacks %q:\n%s\n%s", want, data, out)
		}
	}
}

// A page that opens with its cover: the form asks for the cover's alt
// text too, filled with the current one, and rewrites only that line.
func TestAccessibleEditCoverAlt(t *testing.T) {
	fixture(t)
	withCover := strings.Replace(harbour, "  - type: text\n    text: Hello.\n", "  - type: image\n    src: cover.jpg\n    alt: Harbour\n", 1)
	if err := os.WriteFile("content/projects/harbour/project.yaml", []byte(withCover), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, err := run(t, lines("", "", "3", "", "", "", "", "", "", "IMG_0042.JPG", "Three boats moored at dawn", "y"))
	if err != nil {
		t.Fatalf("%v\n%s\n%s", err, out, errOut)
	}
	for _, want := range []string{"Cover alt text [Harbour]", `the alt text "IMG_0042.JPG" is a file name`, "-     alt: Harbour\n+     alt: Three boats moored at dawn"} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	data, _ := os.ReadFile("content/projects/harbour/project.yaml")
	if want := strings.Replace(withCover, "alt: Harbour", "alt: Three boats moored at dawn", 1); string(data) != want {
		t.Errorf("project.yaml:\n%s\nwant:\n%s", data, want)
	}
}
