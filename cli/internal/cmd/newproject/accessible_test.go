package newproject

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/scaffold"
)

// lines joins answers, one per prompt, as a screen-reader user types them.
func lines(answers ...string) string { return strings.Join(answers, "\n") + "\n" }

// runAccessibly runs the command in accessible mode on answers fed through a
// reader, as `--accessible` does with piped input.
func runAccessibly(t *testing.T, given scaffold.Answers, input string) (stdout, stderr string, err error) {
	t.Helper()
	ios, in, out, errOut := iostreams.Test()
	in.WriteString(input)
	err = Run(context.Background(), &Options{IO: ios, ContentDir: "content", Answers: given, Accessible: true, AccessibleFlag: true})
	return out.String(), errOut.String(), err
}

// details are the answers to every question before the link's: title,
// slug, subtitle, page (a number), category, description, role, skills,
// featured, active, cover, gallery, link (a number).
func details(title, slug string, link string) []string {
	return []string{title, slug, "A week of camp", "3", "", "Photos of a summer camp.", "Photographer",
		"Photography, Lightroom", "y", "", "photos/cover.jpg", "photos/set/x.jpg, photos/set/a.jpg", link}
}

func TestAccessibleHappyPath(t *testing.T) {
	fixture(t)
	input := lines(append(details("Camp Photos", "", "2"), "Read the Guide", "https://docs.example.org/guide.pdf", "y")...)
	out, errOut, err := runAccessibly(t, scaffold.NewAnswers(), input)
	if err != nil {
		t.Fatalf("%v\nstdout:\n%s\nstderr:\n%s", err, out, errOut)
	}
	for _, want := range []string{
		"Title \n", "Slug [camp-photos] \n", "1. web-design ", "4. higher-education ", "Category [Photography] \n",
		"Featured? [y/N]", "Active? [Y/n]", "Add a link? \n1. no\n",
		"Document link text \n", "project.yaml\n# yaml-language-server: $schema=../../../schema/project.schema.json\n",
		"  - type: document\n    label: Read the Guide\n",
		"Write content/projects/camp-photos? [y/N]",
		"✓ created content/projects/camp-photos/\n",
		"  gallery/01.jpg … gallery/02.jpg (2 images, copied in this order)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\x1b[") {
		t.Error("escape codes in plain output")
	}
	data, err := os.ReadFile("content/projects/camp-photos/project.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"title: Camp Photos\n", "category: Photography\n", "featured: true\n", "active: true\n",
		"skills:\n  - Photography\n  - Lightroom\n", "url: https://docs.example.org/guide.pdf\n"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("project.yaml lacks %q:\n%s", want, data)
		}
	}
	// The order typed: x.jpg first.
	got, _ := os.ReadFile("content/projects/camp-photos/gallery/01.jpg")
	want, _ := os.ReadFile("photos/set/x.jpg")
	if string(got) != string(want) {
		t.Error("gallery/01.jpg is not photos/set/x.jpg")
	}
}

func TestAccessibleInvalidThenCorrected(t *testing.T) {
	fixture(t)
	answers := details(strings.Repeat("x", 81), "", "1")
	// After the rejected title, the corrected one; the slug then follows it.
	answers = slices.Insert(answers, 1, "Camp Photos")
	// A skills list with a repeat, then a good one.
	i := slices.Index(answers, "Photography, Lightroom")
	answers = slices.Insert(answers, i, "Figma, Figma")
	// A cover that does not exist, then the real one.
	i = slices.Index(answers, "photos/cover.jpg")
	answers = slices.Insert(answers, i, "photos/nope.jpg")
	out, errOut, err := runAccessibly(t, scaffold.NewAnswers(), lines(append(answers, "y")...))
	if err != nil {
		t.Fatalf("%v\n%s\n%s", err, out, errOut)
	}
	for _, want := range []string{
		`"title" is too long: 81 characters, at most 80 allowed — shorten it`,
		`"skills" lists the same item twice (items 1 and 2) — remove the repeated item`,
		"file not found: photos/nope.jpg — check the path",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	if _, err := os.Stat("content/projects/camp-photos/project.yaml"); err != nil {
		t.Error(err)
	}
}

func TestAccessibleDuplicateSlug(t *testing.T) {
	fixture(t)
	answers := details("Alpha", "", "1")
	answers = slices.Insert(answers, 2, "alpha-2") // after Enter on the taken suggestion
	out, errOut, err := runAccessibly(t, scaffold.NewAnswers(), lines(append(answers, "y")...))
	if err != nil {
		t.Fatalf("%v\n%s\n%s", err, out, errOut)
	}
	if !strings.Contains(out, `Slug [alpha] a project with the slug "alpha" already exists: content/projects/alpha — choose another slug`) {
		t.Errorf("no duplicate message:\n%s", out)
	}
	if _, err := os.Stat("content/projects/alpha-2/project.yaml"); err != nil {
		t.Error(err)
	}
	if data, _ := os.ReadFile("content/projects/alpha/project.yaml"); string(data) != alphaYAML {
		t.Error("alpha changed")
	}
}

func TestAccessibleCancelWritesNothing(t *testing.T) {
	tests := map[string]string{
		"input ends":       lines("Camp Photos", "", "A week"),
		"no at the end":    lines(append(details("Camp Photos", "", "1"), "n")...),
		"Enter at the end": lines(details("Camp Photos", "", "1")...) + "\n",
		"nothing typed":    "",
	}
	for name, input := range tests {
		t.Run(name, func(t *testing.T) {
			fixture(t)
			before := tree(t, ".")
			_, errOut, err := runAccessibly(t, scaffold.NewAnswers(), input)
			if !errors.Is(err, cmdutil.ErrCancel) {
				t.Fatalf("err = %v", err)
			}
			if !strings.HasPrefix(errOut, "nothing was written\n") {
				t.Errorf("stderr %q", errOut)
			}
			// Answers given are kept as a draft, outside the content.
			kept := strings.Contains(errOut, "your answers are kept in "+os.Getenv("XDG_CACHE_HOME"))
			if kept != (input != "") {
				t.Errorf("draft kept: %v, stderr %q", kept, errOut)
			}
			if after := tree(t, "."); !slices.Equal(before, after) {
				t.Errorf("files changed:\n%v\n%v", before, after)
			}
		})
	}
}

func TestAccessibleKeepsGivenValues(t *testing.T) {
	fixture(t)
	given := complete()
	given.Slug = "camp-2024"
	given.Category = "Camps"
	given.Featured = true
	// Enter keeps every given value; only the link is chosen.
	input := lines("", "", "", "", "", "", "", "", "", "", "", "", "", "y")
	out, errOut, err := runAccessibly(t, given, input)
	if err != nil {
		t.Fatalf("%v\n%s\n%s", err, out, errOut)
	}
	for _, want := range []string{"Title [Camp Photos] \n", "Slug [camp-2024] \n", "Category [Camps] \n", "Featured? [Y/n]"} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	data, err := os.ReadFile("content/projects/camp-2024/project.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "category: Camps\n") || !strings.Contains(string(data), "featured: true\n") {
		t.Errorf("project.yaml:\n%s", data)
	}
}

func TestAccessibleInterrupted(t *testing.T) {
	fixture(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ios, _, _, _ := iostreams.Test()
	r, w, err := os.Pipe() // never written: the prompt blocks as on a terminal
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	ios.In = r
	err = Run(ctx, &Options{IO: ios, ContentDir: "content", Answers: scaffold.NewAnswers(), Accessible: true, AccessibleFlag: true})
	if !errors.Is(err, cmdutil.ErrCancel) {
		t.Fatalf("err = %v", err)
	}
}

// After writing, the form offers to describe the gallery images; each is
// asked in turn, a file-name alt text is refused, Enter keeps the default.
func TestAccessibleDescribeGallery(t *testing.T) {
	fixture(t)
	input := lines(append(details("Camp Photos", "", "1"), "y",
		"y", "x.jpg", "Campfire at dusk", "Night two", "", "")...)
	out, errOut, err := runAccessibly(t, scaffold.NewAnswers(), input)
	if err != nil {
		t.Fatalf("%v\nstdout:\n%s\nstderr:\n%s", err, out, errOut)
	}
	for _, want := range []string{
		"Describe the 2 gallery images now (alt text and caption)?",
		"Image 1 of 2 (gallery/01.jpg): alt text",
		`the alt text "x.jpg" is a file name`,
		"✓ 1 of 2 gallery images described in camp-photos",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	data, _ := os.ReadFile("content/projects/camp-photos/project.yaml")
	if !strings.Contains(string(data), "    texts:\n      - file: 01.jpg\n        alt: Campfire at dusk\n        caption: Night two\n") {
		t.Errorf("project.yaml:\n%s", data)
	}
}

// TestDraftResumes leaves the form halfway (the input ends, as Ctrl-D or a
// screen reader user leaving does), then resumes from the draft in another
// folder, without a terminal: the answers given come back, paths included.
func TestDraftResumes(t *testing.T) {
	root := fixture(t)
	answers := details("Camp Photos", "", "1")[:11] // up to the cover
	_, errOut, err := runAccessibly(t, scaffold.NewAnswers(), lines(answers...))
	if !errors.Is(err, cmdutil.ErrCancel) {
		t.Fatalf("err = %v\n%s", err, errOut)
	}
	m := regexp.MustCompile(`--from (\S+)`).FindStringSubmatch(errOut)
	if m == nil {
		t.Fatalf("no draft named:\n%s", errOut)
	}
	data, err := os.ReadFile(m[1])
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"title: Camp Photos\n", "page: photography\n", "featured: true\n",
		"cover: " + filepath.Join(root, "photos/cover.jpg") + "\n", "- Lightroom\n"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("draft lacks %q:\n%s", want, data)
		}
	}
	if fi, err := os.Stat(m[1]); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("draft mode: %v %v", fi, err)
	}
	a, origin, err := scaffold.ReadAnswers(m[1])
	if err != nil {
		t.Fatal(err)
	}
	a.CoverAlt = "Tents under pines at dusk" // asked after the cover: not reached
	ios, _, out, stderr := iostreams.Test()
	err = Run(context.Background(), &Options{IO: ios, ContentDir: filepath.Join(root, "content"), Answers: a, Origin: origin, Yes: true})
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if !strings.Contains(out.String(), "created") {
		t.Errorf("stdout:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(root, "content/projects/camp-photos/cover.jpg")); err != nil {
		t.Error(err)
	}
}

// A page with no gallery and no link opens with its cover: the form asks
// what the cover shows (a file name refused, as validate refuses it), and
// the answer is the image block's alt text, not the title.
func TestAccessibleCoverAlt(t *testing.T) {
	fixture(t)
	answers := details("Poster", "", "1")
	answers[len(answers)-2] = "" // no gallery
	answers = append(answers, "IMG_0042.jpg", "A tall poster: a trumpet in orange on navy", "y")
	out, errOut, err := runAccessibly(t, scaffold.NewAnswers(), lines(answers...))
	if err != nil {
		t.Fatalf("%v\n%s\n%s", err, out, errOut)
	}
	for _, want := range []string{"Cover alt text \n", `the alt text "IMG_0042.jpg" is a file name`} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	data, err := os.ReadFile("content/projects/poster/project.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "  - type: image\n    src: cover.jpg\n    alt: \"A tall poster: a trumpet in orange on navy\"\n") {
		t.Errorf("project.yaml:\n%s", data)
	}
}

// Alt texts and captions given as flags stay through the form, paired as
// given: the form neither drops them nor asks to describe the gallery.
func TestAccessibleKeepsTextsGiven(t *testing.T) {
	fixture(t)
	given := scaffold.NewAnswers()
	given.Texts = []scaffold.ImageText{{Alt: "A red tent"}, {Alt: "Canoes on the shore", Caption: "By the lake"}}
	out, errOut, err := runAccessibly(t, given, lines(append(details("Camp Photos", "", "1"), "y")...))
	if err != nil {
		t.Fatalf("%v\n%s\n%s", err, out, errOut)
	}
	if strings.Contains(out, "Describe the") {
		t.Errorf("asked to describe the gallery again:\n%s", out)
	}
	data, err := os.ReadFile("content/projects/camp-photos/project.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want := "      - file: 01.jpg\n        alt: A red tent\n      - file: 02.jpg\n        alt: Canoes on the shore\n        caption: By the lake\n"
	if !strings.Contains(string(data), want) {
		t.Errorf("project.yaml lacks\n%s\n%s", want, data)
	}
}
