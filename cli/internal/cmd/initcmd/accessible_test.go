package initcmd

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/scaffold/site"
)

// lines joins answers, one per prompt, as a screen-reader user types them.
func lines(answers ...string) string { return strings.Join(answers, "\n") + "\n" }

// answers are the replies to every prompt before the confirmation: the
// kind of work, the categories, name, role, mission, description, hero,
// url, analytics, languages, then label and address of each profile (an
// empty reply keeps the value shown: the kind designer, the first, and its
// categories; no languages: English alone).
func answers() []string {
	return []string{"", "", "Jo Rivera", "", "", "Portfolio of Jo Rivera, a graphic designer.", "", "https://jorivera.design", "", "",
		"", "https://www.linkedin.com/in/jo", "", "https://github.com/jo", "Mastodon", "https://mastodon.social/@jo",
		"", "https://www.instagram.com/jo"}
}

// runAccessibly runs the command in accessible mode on answers fed through
// a reader, as `--accessible` does with piped input, in a fresh folder.
func runAccessibly(t *testing.T, given site.Site, input string) (stdout, stderr string, err error) {
	t.Helper()
	t.Chdir(t.TempDir())
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // drafts
	ios, in, out, errOut := iostreams.Test()
	in.WriteString(input)
	err = Run(context.Background(), &Options{IO: ios, Dir: "content", Site: given, Accessible: true, AccessibleFlag: true})
	return out.String(), errOut.String(), err
}

func TestAccessibleHappyPath(t *testing.T) {
	out, errOut, err := runAccessibly(t, site.Site{}, lines(append(answers(), "y")...))
	if err != nil {
		t.Fatalf("%v\nstdout:\n%s\nstderr:\n%s", err, out, errOut)
	}
	for _, want := range []string{
		"Your name \n", "What you do [Designer] \n", "Professional network: service [LinkedIn] \n",
		"site.yaml\n# yaml-language-server: $schema=../schema/site.schema.json\n",
		"Write content/site.yaml? [y/N]",
		"✓ created content/site.yaml\n", "✓ created content/projects/ (empty)\n", "✓ content/site.yaml is valid\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\x1b[") {
		t.Error("escape codes in plain output")
	}
	data, err := os.ReadFile("content/site.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"name: Jo Rivera\n", "  role: Designer\n", "hero: Portfolio of Jo Rivera, a graphic designer.\n",
		"    label: Mastodon\n    url: https://mastodon.social/@jo\n", "    label: GitHub\n", "# measurementId: G-XXXXXXXXXX\n"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("site.yaml lacks %q:\n%s", want, data)
		}
	}
	if fi, err := os.Stat("content/projects"); err != nil || !fi.IsDir() {
		t.Errorf("projects folder: %v", err)
	}
}

func TestAccessibleGivenValuesKept(t *testing.T) {
	given := required()
	given.Contact.Heading = "Say hello"
	// Enter on every prompt keeps what the flags gave.
	input := lines(append(slices.Repeat([]string{""}, len(answers())), "y")...)
	out, errOut, err := runAccessibly(t, given, input)
	if err != nil {
		t.Fatalf("%v\n%s\n%s", err, out, errOut)
	}
	if !strings.Contains(out, "Your name [Avery Morgan] \n") {
		t.Errorf("given name not shown:\n%s", out)
	}
	data, _ := os.ReadFile("content/site.yaml")
	if !strings.Contains(string(data), "name: Avery Morgan\n") || !strings.Contains(string(data), "heading: Say hello\n") {
		t.Errorf("given values not written:\n%s", data)
	}
}

func TestAccessibleInvalidThenCorrected(t *testing.T) {
	a := answers()
	// A site address with a trailing slash, then the right one.
	i := slices.Index(a, "https://jorivera.design")
	a = slices.Insert(a, i, "https://jorivera.design/")
	// A bad analytics ID and an unknown service, then none.
	a = slices.Insert(a, i+2, "G-12", "matomo")
	// A profile address without https, then a good one.
	i = slices.Index(a, "https://github.com/jo")
	a = slices.Insert(a, i, "github.com/jo")
	out, errOut, err := runAccessibly(t, site.Site{}, lines(append(a, "y")...))
	if err != nil {
		t.Fatalf("%v\n%s\n%s", err, out, errOut)
	}
	for _, want := range []string{
		"must be the site's https:// address without a trailing slash",
		"must be a Google Analytics 4 measurement ID",
		`"matomo" is none of the analytics services init knows: ga4, plausible, umami, goatcounter, none`,
		"must be an absolute https:// URL",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	data, _ := os.ReadFile("content/site.yaml")
	if !strings.Contains(string(data), "url: https://jorivera.design\n") || !strings.Contains(string(data), "url: https://github.com/jo\n") {
		t.Errorf("corrected values not written:\n%s", data)
	}
}

func TestAccessibleCancelWritesNothing(t *testing.T) {
	tests := map[string]string{
		"input ends":       lines("", "", "Jo Rivera", "", ""),
		"no at the end":    lines(append(answers(), "n")...),
		"Enter at the end": lines(answers()...) + "\n",
		"nothing typed":    "",
	}
	for name, input := range tests {
		t.Run(name, func(t *testing.T) {
			_, errOut, err := runAccessibly(t, site.Site{}, input)
			if !errors.Is(err, cmdutil.ErrCancel) {
				t.Fatalf("err = %v", err)
			}
			if !strings.HasPrefix(errOut, "nothing was written\n") {
				t.Errorf("stderr %q", errOut)
			}
			if kept := strings.Contains(errOut, "your answers are kept in "); kept != (input != "") {
				t.Errorf("draft kept: %v, stderr %q", kept, errOut)
			}
			if entries, _ := os.ReadDir("."); len(entries) != 0 {
				t.Errorf("files written: %v", entries)
			}
		})
	}
}

func TestRunRefusesExistingSite(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.MkdirAll("content", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("content", "site.yaml"), []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ios, _, out, errOut := iostreams.Test()
	err := Run(context.Background(), &Options{IO: ios, Dir: "content", Site: required(), Yes: true})
	if !errors.Is(err, cmdutil.ErrInvalid) || cmdutil.ExitCode(err) != 1 {
		t.Fatalf("err = %v", err)
	}
	if !strings.Contains(errOut.String(), "content/site.yaml already exists; portfolio init never overwrites it") || out.Len() != 0 {
		t.Errorf("stdout %q stderr %q", out, errOut)
	}
	if data, _ := os.ReadFile("content/site.yaml"); string(data) != "mine\n" {
		t.Error("site.yaml changed")
	}
	if _, err := os.Stat("content/projects"); err == nil {
		t.Error("projects folder made")
	}
}

// TestDraftResumes leaves the form after a few answers, then finishes from
// the draft without a terminal: the answers given come back.
func TestDraftResumes(t *testing.T) {
	_, errOut, err := runAccessibly(t, site.Site{}, lines(answers()[:12]...))
	if !errors.Is(err, cmdutil.ErrCancel) {
		t.Fatalf("err = %v", err)
	}
	_, path, ok := strings.Cut(errOut, "--from ")
	if !ok {
		t.Fatalf("no draft named: %q", errOut)
	}
	path = strings.TrimSpace(path)
	s, err := site.ReadAnswers(path)
	if err != nil {
		t.Fatal(err)
	}
	if s.Name != "Jo Rivera" || s.URL != "https://jorivera.design" || s.Social.ProfessionalNetwork.URL != "https://www.linkedin.com/in/jo" {
		t.Fatalf("draft read back as %+v", s)
	}
	s.Social.CodeHosting.URL = "https://github.com/jo"
	s.Social.Microblog.URL = "https://bsky.app/profile/jo"
	s.Social.PhotoSharing.URL = "https://www.instagram.com/jo"
	ios, _, _, stderr := iostreams.Test()
	if err := Run(context.Background(), &Options{IO: ios, Dir: "content", Site: s, Yes: true}); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if data, _ := os.ReadFile("content/site.yaml"); !strings.Contains(string(data), "name: Jo Rivera\n") {
		t.Errorf("site.yaml:\n%s", data)
	}
}

// required gives every setting without a default.
func required() site.Site {
	var s site.Site
	s.Name = "Avery Morgan"
	s.Description = "Portfolio of Avery Morgan, a UX/UI designer and frontend developer."
	s.URL = "https://averymorgan.design"
	s.Social.ProfessionalNetwork.URL = "https://www.linkedin.com/in/averymorgan"
	s.Social.CodeHosting.URL = "https://github.com/averymorgan"
	s.Social.Microblog.URL = "https://bsky.app/profile/averymorgan.design"
	s.Social.PhotoSharing.URL = "https://www.instagram.com/averymorgan.photo"
	return s
}

// Without a terminal, name, description and address are enough: the file
// has no profile link and passes validate's loader.
func TestRunWithoutProfiles(t *testing.T) {
	t.Chdir(t.TempDir())
	s := required()
	s.Social = site.Social{CodeHosting: site.Link{URL: "https://codeberg.org/jo", Label: "Codeberg"}}
	ios, _, out, errOut := iostreams.Test()
	if err := Run(context.Background(), &Options{IO: ios, Dir: "content", Site: s, Yes: true}); err != nil {
		t.Fatalf("%v\n%s", err, errOut)
	}
	data, _ := os.ReadFile("content/site.yaml")
	if !strings.Contains(string(data), "social:\n  codeHosting:\n    label: Codeberg\n    url: https://codeberg.org/jo\n\n") ||
		strings.Contains(string(data), "linkedin") {
		t.Errorf("site.yaml:\n%s", data)
	}
	if !strings.Contains(out.String(), "is valid") {
		t.Errorf("stdout:\n%s", out)
	}
}

// The first question is the kind of work: the photographer's answer makes
// her role and mission the ones shown, and her site.yaml a photographer's.
func TestAccessibleKind(t *testing.T) {
	a := answers()
	a[0] = "2"                                     // Photographer
	a[1] = "Portraits, bw=Black & White, Weddings" // her own categories
	a[2] = "Mara Lindqvist"
	i := slices.Index(a, "https://jorivera.design")
	a[i+1] = "goatcounter:mara"
	out, errOut, err := runAccessibly(t, site.Site{}, lines(append(a, "y")...))
	if err != nil {
		t.Fatalf("%v\n%s\n%s", err, out, errOut)
	}
	for _, want := range []string{
		"What kind of work do you show? \n1. Designer: interfaces, brands, print\n2. Photographer: portraits, landscapes, weddings\n",
		"5. Other: your own categories, nothing trade-specific\n",
		"Your categories [Portraits, Landscapes, Weddings] \n",
		"What you do [Photographer] \n", "Why, in a phrase [Portraits · Black & White · Weddings] \n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	data, _ := os.ReadFile("content/site.yaml")
	for _, want := range []string{"  role: Photographer\n", "  - slug: portraits\n", "  - slug: bw\n    title: Black & White\n",
		"    card: {role: false, skills: false, description: true, category: true}\n",
		"gallery:\n  columns:\n    xs: 1\n    sm: 2\n", "analytics:\n  provider: goatcounter\n  code: mara\n"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("site.yaml lacks %q:\n%s", want, data)
		}
	}
}

// A photographer who leaves the form is told to resume as one: the kind is
// no key of site.yaml, so the draft cannot hold it.
func TestDraftKeepsTheKind(t *testing.T) {
	a := answers()[:4]
	a[0], a[2] = "2", "Mara Lindqvist"
	_, errOut, err := runAccessibly(t, site.Site{}, lines(a...))
	if !errors.Is(err, cmdutil.ErrCancel) || !strings.Contains(errOut, "resume with: portfolio init --kind photographer --from ") {
		t.Fatalf("err = %v, stderr:\n%s", err, errOut)
	}
}

// TestAccessibleLanguages: the languages question takes them
// comma-separated, the default first; a language the site has no strings
// in is refused and asked again (decision 0115).
func TestAccessibleLanguages(t *testing.T) {
	a := answers()
	i := slices.Index(a, "https://jorivera.design")
	a[i+2] = "sv, EN"
	a = slices.Insert(a, i+2, "sv, fr")
	out, errOut, err := runAccessibly(t, site.Site{}, lines(append(a, "y")...))
	if err != nil {
		t.Fatalf("%v\n%s\n%s", err, out, errOut)
	}
	for _, want := range []string{"Languages (optional) \n", `"fr": the site ships its own strings in en (English), sv (Swedish) only`} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	data, _ := os.ReadFile("content/site.yaml")
	if !strings.Contains(string(data), "\nlanguages: [sv, en]\n") {
		t.Errorf("site.yaml has no languages: [sv, en]:\n%s", data)
	}
}
