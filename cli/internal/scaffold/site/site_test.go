package site

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/fieldcheck"
	"portfolio/cli/internal/golden"
	"portfolio/cli/internal/stage"
)

// required gives every setting without a default.
func required() Site {
	var s Site
	s.Name = "Avery Morgan"
	s.Description = "Portfolio of Avery Morgan, a UX/UI designer and frontend developer."
	s.URL = "https://averymorgan.design"
	s.Social.ProfessionalNetwork.URL = "https://www.linkedin.com/in/averymorgan"
	s.Social.CodeHosting.URL = "https://github.com/averymorgan"
	s.Social.Microblog.URL = "https://bsky.app/profile/averymorgan.design"
	s.Social.PhotoSharing.URL = "https://www.instagram.com/averymorgan.photo"
	return s
}

func TestCheckText(t *testing.T) {
	tests := []struct {
		key, value, want string // want: part of the message, "" for valid
	}{
		{"name", "Avery Morgan", ""},
		{"name", "", `"name" must not be empty`},
		{"name", strings.Repeat("x", 81), "at most 80"},
		{"taglines.role", "UX/UI Designer · Frontend Developer", ""},
		{"taglines.mission", strings.Repeat("x", 121), "at most 120"},
		{"url", "https://example.com", ""},
		{"url", "https://example.com/", "without a trailing slash"},
		{"url", "http://example.com", "https://"},
		{"measurementId", "G-ABC123XYZ9", ""},
		{"measurementId", "UA-1234", "Google Analytics 4 measurement ID"},
		{"social.codeHosting.url", "https://github.com/x", ""},
		{"social.codeHosting.url", "github.com/x", "absolute https:// URL"},
		{"social.microblog.label", strings.Repeat("x", 41), "at most 40"},
		{"contact.heading", "Let's Connect", ""},
		{"pages.web-design.title", "Web Design", ""},
		{"contact.intro", strings.Repeat("x", 301), "at most 300"},
		{"about.intro", "Hello: I'm \"Avery\" # not a comment", ""},
	}
	for _, tt := range tests {
		t.Run(tt.key+"="+tt.value, func(t *testing.T) {
			err := CheckText(tt.key, tt.value)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("CheckText(%q, %q) = %v, want nil", tt.key, tt.value, err)
				}
				return
			}
			var fe *fieldcheck.FieldError
			if !errors.As(err, &fe) || !strings.Contains(fe.Text(), tt.want) || fe.Field != tt.key {
				t.Fatalf("CheckText(%q, %q) = %#v, want a %s error with %q", tt.key, tt.value, err, tt.key, tt.want)
			}
		})
	}
}

func TestCheckList(t *testing.T) {
	tests := []struct {
		key   string
		items []string
		want  string
	}{
		{"about.skills", []string{"Design", "Figma"}, ""},
		{"about.skills", []string{"Design", "Design"}, "same item twice"},
		{"about.skills", slices.Repeat([]string{"a"}, 9), "at most 8"},
		{"about.summary", nil, "at least 1"},
		{"about.values", []string{strings.Repeat("x", 301)}, "at most 300"},
	}
	for _, tt := range tests {
		t.Run(tt.key, func(t *testing.T) {
			err := CheckList(tt.key, tt.items)
			if (err == nil) != (tt.want == "") || (err != nil && !strings.Contains(err.Error(), tt.want)) {
				t.Fatalf("CheckList(%q, %q) = %v, want %q", tt.key, tt.items, err, tt.want)
			}
		})
	}
}

func TestMissing(t *testing.T) {
	var s Site
	var got []string
	for _, f := range s.Missing() {
		got = append(got, f.Flag)
	}
	// Profile links are optional: an owner without a code-hosting (or any)
	// profile is not asked for one.
	want := []string{"name", "description", "url"}
	if !slices.Equal(got, want) {
		t.Errorf("Missing() = %v, want %v", got, want)
	}
	s = required()
	s.Name = "   " // blanks only: missing once trimmed
	s.Normalize()
	if m := s.Missing(); len(m) != 1 || m[0].Key != "name" {
		t.Errorf("Missing() = %v, want name", m)
	}
}

func TestWithDefaults(t *testing.T) {
	s := required()
	s.Taglines.Role = "UX/UI Designer · Frontend Developer"
	d := s.WithDefaults()
	checks := map[string][2]string{
		"role kept":            {d.Taglines.Role, "UX/UI Designer · Frontend Developer"},
		"mission":              {d.Taglines.Mission, defaultMission},
		"hero":                 {d.Hero, s.Description},
		"label":                {d.Social.CodeHosting.Label, "GitHub"},
		"about description":    {d.About.Description, "About Avery Morgan: UX/UI Designer · Frontend Developer."},
		"about intro":          {d.About.Intro, s.Description},
		"contact heading":      {d.Contact.Heading, "Let's Connect"},
		"contact title":        {d.Contact.Title, "Contact"},
		"category slug":        {d.Categories[0].Slug, "work"},
		"category title":       {d.Categories[0].Title, "Work"},
		"category description": {d.Categories[0].Description, "Work by Avery Morgan."},
		"blurb stays absent":   {d.Categories[0].Blurb, ""},
	}
	for name, c := range checks {
		if c[0] != c[1] {
			t.Errorf("%s: %q, want %q", name, c[0], c[1])
		}
	}
	if want := []string{"UX/UI Designer", "Frontend Developer"}; !slices.Equal(d.About.Skills, want) {
		t.Errorf("skills %q, want %q", d.About.Skills, want)
	}
	// Given texts win; the input is not changed.
	s.Contact.Heading = "Say hello"
	s.About.Skills = []string{" Figma ", ""}
	d = s.WithDefaults()
	if d.Contact.Heading != "Say hello" || !slices.Equal(d.About.Skills, []string{"Figma"}) {
		t.Errorf("given texts not kept: %q %q", d.Contact.Heading, d.About.Skills)
	}
	if s.About.Skills[0] != " Figma " {
		t.Error("WithDefaults changed its input")
	}
}

func TestSkillsFrom(t *testing.T) {
	tests := map[string][]string{
		"UX/UI Designer · Frontend Developer": {"UX/UI Designer", "Frontend Developer"},
		"Photographer, Designer":              {"Photographer", "Designer"},
		"Designer":                            {"Designer"},
		"":                                    {defaultSkill},
		"A, A":                                {defaultSkill},
		strings.Repeat("x", 41):               {defaultSkill},
	}
	for role, want := range tests {
		if got := skillsFrom(role); !slices.Equal(got, want) {
			t.Errorf("skillsFrom(%q) = %q, want %q", role, got, want)
		}
	}
}

func TestPrepareListsEveryProblem(t *testing.T) {
	s := required()
	s.URL = "https://example.com/"
	s.Social.Microblog.URL = "bsky.app/profile/x"
	s.MeasurementID = "nope"
	_, err := Prepare(s)
	var problems fieldcheck.Problems
	if !errors.As(err, &problems) {
		t.Fatalf("Prepare: %v, want problems", err)
	}
	var fields []string
	for _, p := range problems {
		fields = append(fields, p.Field)
	}
	if want := []string{"url", "measurementId", "social.microblog.url"}; !slices.Equal(fields, want) {
		t.Errorf("problems at %v, want %v", fields, want)
	}
	if _, err := Prepare(required()); err != nil {
		t.Errorf("Prepare(required) = %v", err)
	}
}

func fullSite() Site {
	s := required()
	s.Taglines = Taglines{Role: "UX/UI Designer · Frontend Developer", Mission: "Crafting intuitive, human-centered, digital products"}
	s.Hero = "I design and build clear, accessible interfaces for research teams, universities and nonprofits, and I bring the same care to print, branding and photography."
	s.MeasurementID = "G-7QX2M4K9PL"
	s.Social.Microblog.Label = "Mastodon"
	*s.About.Section("Summary") = []string{"Over 7 years of experience: websites, print, brands.", "Teaching design thinking."}
	*s.About.Section("Values") = []string{"Accessibility first", "yes"} // "yes" must stay text
	*s.About.Section("Fun Facts") = []string{"#1 fan of parking signs"}
	s.About.Skills = []string{"UX/UI Design", "Photography"}
	s.Contact.Intro = "Write to me: I answer within a week."
	s.Categories = []Category{
		{Slug: "print", Title: "Print & Brand", Blurb: "Branding, print design and visual communications: annual reports that turn a year of work into a clear story."},
		{Slug: "photos", Title: "Photos", Description: "Photographs of campus life."},
	}
	return s
}

func TestRenderGolden(t *testing.T) {
	s, err := Prepare(fullSite())
	if err != nil {
		t.Fatal(err)
	}
	golden.File(t, filepath.Join("testdata", "golden", "site.yaml"), Render(s, DefaultSchemaRef))
	// Two profiles of four (a label given without its address is dropped),
	// then none: the file says how to add them.
	some := required()
	some.Social = Social{CodeHosting: Link{URL: "https://codeberg.org/jo", Label: "Codeberg"},
		PhotoSharing: Link{URL: "https://www.flickr.com/photos/jo"}, Microblog: Link{Label: "Mastodon"}}
	if s, err = Prepare(some); err != nil {
		t.Fatal(err)
	}
	golden.File(t, filepath.Join("testdata", "golden", "site-two-links.yaml"), Render(s, DefaultSchemaRef))
	none := required()
	none.Social = Social{}
	if s, err = Prepare(none); err != nil {
		t.Fatal(err)
	}
	golden.File(t, filepath.Join("testdata", "golden", "site-no-links.yaml"), Render(s, DefaultSchemaRef))
}

// The file reads back as exactly the settings, whatever their characters.
func TestRenderRoundTrip(t *testing.T) {
	tricky := []string{"Let's Connect", "yes", "2024", "a: b", "#hash", "- dash", `"quoted"`, "tab\there",
		"ends with colon:", "long " + strings.Repeat("word ", 30) + "end", "x  two  spaces " + strings.Repeat("y ", 40)}
	for _, text := range tricky {
		s := fullSite()
		s.Name, s.Hero, s.Contact.Heading = text, text, text
		*s.About.Section("Values") = []string{text}
		s = s.WithDefaults()
		var back Site
		if err := yaml.Unmarshal(Render(s, DefaultSchemaRef), &back); err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if !reflect.DeepEqual(back, s) {
			t.Errorf("%q does not read back:\n%+v\n%+v", text, back, s)
		}
	}
}

func TestSchemaRef(t *testing.T) {
	root := t.TempDir()
	t.Chdir(root)
	if got := SchemaRef(filepath.Join(root, "content")); got != DefaultSchemaRef {
		t.Errorf("no schema folder: %q", got)
	}
	if err := os.MkdirAll(filepath.Join(root, "schema"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "schema", "site.schema.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	for dir, want := range map[string]string{
		"content":          "../schema/site.schema.json",
		"owners/jo/site":   "../../../schema/site.schema.json",
		".":                "schema/site.schema.json",
		"content/../other": "../schema/site.schema.json",
	} {
		if got := SchemaRef(filepath.Join(root, dir)); got != want {
			t.Errorf("SchemaRef(%s) = %q, want %q", dir, got, want)
		}
	}
	// A content folder elsewhere, the command run in the repository: the
	// path climbs out of the content folder and into the repository, and
	// resolves from the folder of site.yaml.
	elsewhere := filepath.Join(t.TempDir(), "jo", "content")
	got := SchemaRef(elsewhere)
	if resolved := filepath.Join(elsewhere, filepath.FromSlash(got)); !sameFile(resolved, filepath.Join(root, "schema", "site.schema.json")) {
		t.Errorf("SchemaRef(%s) = %q resolves to %s", elsewhere, got, resolved)
	}
}

func sameFile(a, b string) bool {
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(fa, fb)
}

func TestCreate(t *testing.T) {
	s, err := Prepare(required())
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "new", "content")
	res, err := Create(context.Background(), dir, Render(s, DefaultSchemaRef))
	if err != nil {
		t.Fatal(err)
	}
	// The texts init invented for the owner are warned about, at their
	// place in the new file, by init and by validate alike: nothing else.
	placeholders := []string{"/taglines/mission", "/about/sections/1/items/0", "/about/sections/2/items/0", "/contact/intro"}
	if !res.NewProjects || !slices.Equal(warned(res.Warnings), placeholders) {
		t.Errorf("result %+v, want warnings at %q", res, placeholders)
	}
	c, diags, err := content.Load(dir, content.Options{})
	if err != nil || diags.Errors() != 0 || !slices.Equal(warned(diags), placeholders) || len(c.Projects) != 0 {
		t.Fatalf("load: %v %v", err, diags)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 { // site.yaml and projects: no staging left
		t.Errorf("entries %v", entries)
	}
	// A second time: refused, the file untouched.
	before, _ := os.ReadFile(res.File)
	_, err = Create(context.Background(), dir, []byte("name: other\n"))
	var exists *ExistsError
	if !errors.As(err, &exists) {
		t.Fatalf("second Create: %v, want ExistsError", err)
	}
	if after, _ := os.ReadFile(res.File); !bytes.Equal(before, after) {
		t.Error("site.yaml changed")
	}
}

// warned lists the pointers of the placeholder warnings, in file order.
func warned(l diag.List) []string {
	var out []string
	for _, d := range l {
		if d.Severity == diag.Warning && strings.Contains(d.Message, "placeholder") {
			out = append(out, d.Pointer)
		}
	}
	return out
}

func TestCreateInvalidLeavesNothing(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "a", "content")
	_, err := Create(context.Background(), dir, []byte("name: Only a name\n"))
	var invalid *stage.InvalidError
	if !errors.As(err, &invalid) {
		t.Fatalf("Create: %v, want InvalidError", err)
	}
	if !strings.Contains(invalid.Diagnostics[0].File, filepath.Join("a", "content", "site.yaml")) {
		t.Errorf("diagnostics name %s", invalid.Diagnostics[0].File)
	}
	if entries, _ := os.ReadDir(root); len(entries) != 0 {
		t.Errorf("left behind: %v", entries)
	}
	// A cancelled context writes nothing either.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s, _ := Prepare(required())
	if _, err := Create(ctx, dir, Render(s, DefaultSchemaRef)); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled Create: %v", err)
	}
	if entries, _ := os.ReadDir(root); len(entries) != 0 {
		t.Errorf("left behind: %v", entries)
	}
}
