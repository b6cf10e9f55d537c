package newproject

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content/contenttest"
	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/scaffold"
)

const alphaYAML = `# yaml-language-server: $schema=../../../schema/project.schema.json
title: Alpha
subtitle: Sub
description: A project.
role: Designer
skills: [Figma]
category: Web Design
page: web-design
cover: cover.jpg
body:
  - type: text
    text: Hello.
`

func write(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// fixture makes, in a temporary folder it moves into, content/ with one
// project (alpha) and photos/ with a cover and a gallery of three.
func fixture(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // drafts
	t.Chdir(root)
	write(t, "content/site.yaml", []byte(contenttest.Site))
	write(t, "content/projects/alpha/project.yaml", []byte(alphaYAML))
	write(t, "content/projects/alpha/cover.jpg", imagetest.JPEG(30, 20))
	write(t, "photos/cover.jpg", imagetest.JPEG(60, 40))
	for i := 1; i <= 3; i++ {
		write(t, filepath.Join("photos", "set", []string{"x", "b", "a"}[i-1]+".jpg"), imagetest.JPEG(20+i, 20))
	}
	return root
}

func tree(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	_ = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil {
			out = append(out, filepath.ToSlash(path))
		}
		return nil
	})
	slices.Sort(out)
	return out
}

// parse runs the command line through the cobra command and returns the
// options the run would get.
func parse(t *testing.T, args ...string) (*Options, error) {
	t.Helper()
	ios, _, _, _ := iostreams.Test()
	var got *Options
	cmd := NewCmdProject(&cmdutil.Factory{IOStreams: ios}, func(_ context.Context, o *Options) error { got = o; return nil })
	cmd.Flags().String("content", "content", "")
	cmd.SetArgs(args)
	cmd.SilenceErrors, cmd.SilenceUsage = true, true
	err := cmd.Execute()
	return got, err
}

func TestFlags(t *testing.T) {
	fixture(t)
	t.Setenv("ACCESSIBLE", "")
	o, err := parse(t, "--title", "Camp", "--page", "photography", "--skills", "A, B", "--skills", "C",
		"--gallery", "photos/set", "--gallery", "photos/cover.jpg", "--featured", "--active=false",
		"--document-url", "https://example.com/d.pdf", "--yes")
	if err != nil {
		t.Fatal(err)
	}
	a := o.Answers
	if a.Title != "Camp" || a.Page != "photography" || strings.Join(a.Skills, "|") != "A|B|C" ||
		strings.Join(a.Gallery, "|") != "photos/set|photos/cover.jpg" || !a.Featured || a.Active ||
		a.Document == nil || a.Document.URL != "https://example.com/d.pdf" || a.Prototype != nil {
		t.Errorf("answers %+v", a)
	}
	if !o.Yes || o.Accessible || o.Terminal || o.ContentDir != "content" || o.Origin["title"] != "--title" || o.Origin["document.url"] != "--document-url" {
		t.Errorf("options %+v", o)
	}
	o, _ = parse(t)
	if !o.Answers.Active || o.Answers.Featured {
		t.Errorf("defaults: %+v", o.Answers)
	}
	t.Setenv("ACCESSIBLE", "1")
	if o, _ = parse(t); !o.Accessible || o.AccessibleFlag {
		t.Errorf("ACCESSIBLE=1: %+v", o)
	}
	if o, _ = parse(t, "--accessible"); !o.Accessible || !o.AccessibleFlag {
		t.Errorf("--accessible: %+v", o)
	}
	var ue *cmdutil.UsageError
	if _, err := parse(t, "extra"); !errors.As(err, &ue) {
		t.Errorf("positional argument: err = %v", err)
	}
}

func TestFromFile(t *testing.T) {
	fixture(t)
	write(t, "answers/new.yaml", []byte(`title: Camp Photos
subtitle: A week of camp
page: photography
description: Photos of a camp.
role: Photographer
skills: Photography, Lightroom
featured: true
cover: ../photos/cover.jpg
gallery:
  - ../photos/set
document:
  label: Read the Guide
  url: https://docs.example.org/guide.pdf
`))
	o, err := parse(t, "--from", "answers/new.yaml", "--role", "Lead Photographer")
	if err != nil {
		t.Fatal(err)
	}
	a := o.Answers
	if a.Title != "Camp Photos" || a.Role != "Lead Photographer" || strings.Join(a.Skills, "|") != "Photography| Lightroom" ||
		a.Cover != filepath.Join("answers", "../photos/cover.jpg") || a.Gallery[0] != filepath.Join("answers", "../photos/set") ||
		!a.Featured || !a.Active || a.Document.Label != "Read the Guide" {
		t.Errorf("answers %+v", a)
	}
	if o.Origin["title"] != "answers/new.yaml: title" || o.Origin["role"] != "--role" || o.Origin["document.url"] != "answers/new.yaml: document.url" {
		t.Errorf("origin %v", o.Origin)
	}

	bad := []struct{ yaml, want string }{
		{"titel: X\n", `answers/bad.yaml:1:1: unknown key "titel"; the keys are active, category, cover`},
		{"title: [a]\n", "answers/bad.yaml:1:1: title must be text"},
		{"featured: yes\n", "featured must be true or false"},
		{"skills: {a: b}\n", "skills must be a list, or text with commas between the items"},
		{"document: {label: x, href: y}\n", `answers/bad.yaml:1:22: unknown key "href" in document; the keys are label, url`},
		{"document: x\n", "document must be a mapping with label and url"},
		{"- a\n", "the answers must be a mapping"},
		{"title: 'x\n", "answers/bad.yaml:1:8: YAML syntax error"},
	}
	for _, tt := range bad {
		write(t, "answers/bad.yaml", []byte(tt.yaml))
		_, err := parse(t, "--from", "answers/bad.yaml")
		var ue *cmdutil.UsageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: err = %v, want usage error %q", tt.yaml, err, tt.want)
		}
	}
	if _, err := parse(t, "--from", "answers/none.yaml"); err == nil || err.Error() != "--from answers/none.yaml: file not found" {
		t.Errorf("missing file: %v", err)
	}
}

func complete() scaffold.Answers {
	a := scaffold.NewAnswers()
	a.Title = "Camp Photos"
	a.Subtitle = "A week of camp"
	a.Page = "photography"
	a.Description = "Photos of a camp."
	a.Role = "Photographer"
	a.Skills = []string{"Photography"}
	a.Cover = "photos/cover.jpg"
	a.Gallery = []string{"photos/set"}
	return a
}

func run(t *testing.T, o *Options) (stdout, stderr string, err error) {
	t.Helper()
	ios, _, out, errOut := iostreams.Test()
	o.IO = ios
	if o.ContentDir == "" {
		o.ContentDir = "content"
	}
	err = Run(context.Background(), o)
	return out.String(), errOut.String(), err
}

func TestRunWithoutTerminal(t *testing.T) {
	fixture(t)
	out, errOut, err := run(t, &Options{Answers: complete()})
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut)
	}
	for _, want := range []string{
		"✓ created content/projects/camp-photos/\n",
		"  gallery/01.jpg … gallery/03.jpg (3 images, copied in this order)\n",
		"✓ content/projects/camp-photos/project.yaml is valid\n",
		"  portfolio images   make the web versions of its images\n",
		"  portfolio serve    see it at /projects/camp-photos\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	// Natural order of the folder: a.jpg (22 px wide), b.jpg, x.jpg.
	got, _ := os.ReadFile("content/projects/camp-photos/gallery/01.jpg")
	want, _ := os.ReadFile("photos/set/a.jpg")
	if string(got) != string(want) {
		t.Error("gallery/01.jpg is not photos/set/a.jpg")
	}

	before := tree(t, "content")
	_, errOut, err = run(t, &Options{Answers: complete(), Origin: map[string]string{"title": "--title"}})
	if !errors.Is(err, cmdutil.ErrInvalid) || cmdutil.ExitCode(err) != 1 {
		t.Fatalf("duplicate: err = %v", err)
	}
	if !strings.Contains(errOut, `error: slug: a project with the slug "camp-photos" already exists: content/projects/camp-photos`) ||
		!strings.Contains(errOut, "    hint: choose another slug") || !strings.HasSuffix(errOut, "nothing was written\n") {
		t.Errorf("stderr:\n%s", errOut)
	}
	if after := tree(t, "content"); !slices.Equal(before, after) {
		t.Errorf("content changed")
	}
}

func TestRunMissing(t *testing.T) {
	fixture(t)
	a := scaffold.NewAnswers()
	a.Title = "Camp"
	a.Document = &scaffold.Document{URL: "https://example.com"}
	_, _, err := run(t, &Options{Answers: a})
	var ue *cmdutil.UsageError
	if !errors.As(err, &ue) || err.Error() != "missing --subtitle, --page, --description, --role, --skills, --cover, --document-label: required when not running interactively (give them as flags or in --from FILE)" {
		t.Errorf("err = %v", err)
	}
	// --yes never asks, even on a terminal.
	_, _, err = run(t, &Options{Answers: a, Yes: true, Terminal: true})
	if !errors.As(err, &ue) {
		t.Errorf("--yes on a terminal: err = %v", err)
	}
}

func TestRunBadValues(t *testing.T) {
	fixture(t)
	before := tree(t, "content")
	a := complete()
	a.Title = strings.Repeat("Long ", 20)
	a.Slug = "Bad Slug"
	a.Page = "photo"
	a.Cover = "photos/nope.jpg"
	origin := map[string]string{"title": "--title", "slug": "--slug", "page": "--page", "cover": "--cover"}
	_, errOut, err := run(t, &Options{Answers: a, Origin: origin})
	if !errors.Is(err, cmdutil.ErrInvalid) {
		t.Fatalf("err = %v", err)
	}
	want := []string{
		`error: --title: "title" is too long: 99 characters, at most 80 allowed`,
		`error: --slug: the folder name "Bad Slug" is not a valid slug`,
		"    hint: use bad-slug",
		`error: --page: "photo" names no category of site.yaml`,
		`error: --cover: file not found: photos/nope.jpg`,
		"nothing was written",
	}
	for _, w := range want {
		if !strings.Contains(errOut, w) {
			t.Errorf("stderr lacks %q:\n%s", w, errOut)
		}
	}
	if after := tree(t, "content"); !slices.Equal(before, after) {
		t.Errorf("content changed")
	}
}
