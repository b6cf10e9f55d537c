package content

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/content/schemacheck"
	"portfolio/cli/internal/diag"
)

// The categories declared in the test site (contenttest.Site), one per line
// from line 21: web-design (the test project's), then graphics, photography
// and higher-education, kept while empty.
const categoriesLine = 22

func TestCategoryRules(t *testing.T) {
	site := func(old, new string) func(t testing.TB, f map[string][]byte) {
		return func(t testing.TB, f map[string][]byte) {
			s := string(f["site.yaml"])
			if !strings.Contains(s, old) {
				t.Fatalf("test site has no %q", old)
			}
			f["site.yaml"] = []byte(strings.Replace(s, old, new, 1))
		}
	}
	project := func(old, new string) func(t testing.TB, f map[string][]byte) {
		return func(t testing.TB, f map[string][]byte) {
			f["projects/alpha/project.yaml"] = []byte(strings.Replace(string(f["projects/alpha/project.yaml"]), old, new, 1))
		}
	}
	tests := []struct {
		name      string
		mutate    func(testing.TB, map[string][]byte)
		sev       diag.Severity
		file      string
		line, col int
		msg, hint string
	}{
		{name: "duplicate slug", mutate: site("slug: graphics", "slug: web-design"),
			file: "site.yaml", line: categoriesLine + 1, col: 12, msg: `the category slug "web-design" is declared twice (categories 1 and 2)`, hint: "its own slug"},
		{name: "slug of a fixed page", mutate: site("slug: graphics", "slug: about"),
			file: "site.yaml", line: categoriesLine + 1, col: 12, msg: `the category slug "about" is the address of one of the site's own pages`, hint: "e.g. about-work"},
		{name: "slug of the projects' folder", mutate: site("slug: graphics", "slug: projects"),
			file: "site.yaml", line: categoriesLine + 1, col: 12, msg: `the category slug "projects" is the address`},
		{name: "slug of the privacy page", mutate: site("slug: graphics", "slug: privacy"),
			file: "site.yaml", line: categoriesLine + 1, col: 12, msg: `the category slug "privacy" is the address`},
		{name: "slug of the videos' folder", mutate: site("slug: graphics", "slug: video"),
			file: "site.yaml", line: categoriesLine + 1, col: 12, msg: `the category slug "video" is the address of one of the site's own pages or folders (/video)`, hint: "e.g. video-work"},
		{name: "slug of the images' folder", mutate: site("slug: graphics", "slug: img"),
			file: "site.yaml", line: categoriesLine + 1, col: 12, msg: `the category slug "img" is the address`},
		{name: "slug of the documents' folder", mutate: site("slug: graphics", "slug: docs"),
			file: "site.yaml", line: categoriesLine + 1, col: 12, msg: `the category slug "docs" is the address`},
		{name: "slug of the scripts' folder", mutate: site("slug: graphics", "slug: assets"),
			file: "site.yaml", line: categoriesLine + 1, col: 12, msg: `the category slug "assets" is the address`},
		{name: "slug not a slug", mutate: site("slug: graphics", "slug: Graphic Design"),
			file: "site.yaml", line: categoriesLine + 1, col: 12, msg: "must be lowercase letters, digits and single hyphens"},
		{name: "empty title", mutate: site("title: Graphics,", `title: "",`),
			file: "site.yaml", line: categoriesLine + 1, msg: `"title" must not be empty`},
		{name: "no categories", mutate: func(t testing.TB, f map[string][]byte) {
			s := string(f["site.yaml"])
			f["site.yaml"] = []byte(regexp.MustCompile(`(?s)categories:\n.*`).ReplaceAllString(s, "categories: []\n"))
		}, file: "site.yaml", line: categoriesLine - 1, col: 13, msg: `"categories" needs at least 1 item, has 0`},
		{name: "too many categories", mutate: func(t testing.TB, f map[string][]byte) {
			var more strings.Builder
			for _, s := range []string{"a", "b", "c", "d", "e"} {
				more.WriteString("  - {slug: " + s + ", title: " + s + ", description: " + s + "., keepWhenEmpty: true}\n")
			}
			f["site.yaml"] = append(f["site.yaml"], more.String()...)
		}, file: "site.yaml", line: categoriesLine, col: 3, msg: `"categories" has 9 items, at most 8 allowed`},
		{name: "undeclared page", mutate: project("page: web-design", "page: illustration"),
			file: "alpha/project.yaml", line: 8, col: 7, msg: `"illustration" names no category of site.yaml`, hint: "or declare \"illustration\" under categories"},
		{name: "page misspelt", mutate: project("page: web-design", "page: web-desing"),
			file: "alpha/project.yaml", line: 8, col: 7, msg: `"web-desing" names no category`, hint: `did you mean "web-design"?`},
		{name: "empty category", mutate: site("title: Graphics, description: Graphics., keepWhenEmpty: true", "title: Graphics, description: Graphics."),
			sev: diag.Warning, file: "site.yaml", line: categoriesLine + 1, col: 5, msg: `the category "graphics" has no project to list (no project names it), so the site leaves it out`, hint: "keepWhenEmpty: true"},
		{name: "category of inactive projects", mutate: project("featured: true", "featured: false\nactive: false"),
			sev: diag.Warning, file: "site.yaml", line: categoriesLine, col: 5, msg: `the category "web-design" has no project to list (its 1 project is inactive)`, hint: "make one of its inactive projects active"},
		{name: "category of a private project", mutate: project("featured: true", "featured: false\naccess: private"),
			sev: diag.Warning, file: "site.yaml", line: categoriesLine, col: 5, msg: `the category "web-design" has no project to list (its 1 project is private), so the site leaves it out`, hint: "add an active, public project with `page: web-design`"},
		{name: "nothing featured", mutate: project("featured: true", "featured: false"),
			sev: diag.Warning, file: "site.yaml", msg: "no project is both featured and active, so the home page has no Selected Work section", hint: "featured: true"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := validFiles(t)
			tt.mutate(t, f)
			_, diags, err := Load(tree(t, f), Options{})
			if err != nil {
				t.Fatal(err)
			}
			i := slices.IndexFunc(diags, func(d diag.Diagnostic) bool { return strings.Contains(d.Message, tt.msg) })
			if i < 0 {
				t.Fatalf("no diagnostic with %q; got:\n%s", tt.msg, dump(diags))
			}
			found := diags[i]
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

// The warning of a category left out says why its page would list none
// of its projects, in a sentence that agrees with its counts.
func TestUnlistedWhy(t *testing.T) {
	tests := []struct {
		inactive, private, both int
		want                    string
	}{
		{0, 0, 0, "no project names it"},
		{1, 0, 0, "its 1 project is inactive"},
		{2, 0, 0, "its 2 projects are inactive"},
		{0, 1, 0, "its 1 project is private"},
		{0, 3, 0, "its 3 projects are private"},
		{0, 0, 1, "its 1 project is inactive and private"},
		{0, 0, 2, "its 2 projects are inactive and private"},
		{1, 1, 0, "of its 2 projects, 1 is inactive and 1 is private"},
		{2, 1, 0, "of its 3 projects, 2 are inactive and 1 is private"},
		{1, 0, 2, "of its 3 projects, 1 is inactive and 2 are inactive and private"},
		{1, 2, 1, "of its 4 projects, 1 is inactive, 2 are private and 1 is inactive and private"},
	}
	for _, tt := range tests {
		var n unlisted
		for range tt.inactive {
			n.add(false, false)
		}
		for range tt.private {
			n.add(true, true)
		}
		for range tt.both {
			n.add(false, true)
		}
		n.add(true, false) // listed: not counted (a category with one is built)
		if want := (unlisted{tt.inactive, tt.private, tt.both}); n != want {
			t.Errorf("counted %+v, want %+v", n, want)
		}
		if got := n.why(); got != tt.want {
			t.Errorf("why(%d inactive, %d private, %d both) = %q, want %q", tt.inactive, tt.private, tt.both, got, tt.want)
		}
	}
}

// The kept, empty categories of the test site are built and give no
// warning; the one with an active project is built too.
func TestCategoriesBuilt(t *testing.T) {
	c, diags, err := Load(tree(t, validFiles(t)), Options{})
	if err != nil || len(diags) != 0 {
		t.Fatalf("err %v, diags:\n%s", err, dump(diags))
	}
	var got []string
	for _, cat := range c.Categories() {
		if !cat.Built {
			t.Errorf("%s not built", cat.Slug)
		}
		got = append(got, cat.Slug+":"+cat.BackLink)
	}
	want := []string{"web-design:All Web Design Projects", "graphics:All Graphics Projects", "photography:All Photography Projects", "higher-education:All Higher Education Projects"}
	if !slices.Equal(got, want) {
		t.Errorf("categories %q, want %q", got, want)
	}
}

// FixedRoutes holds the first segment of every path site/src/config/paths.ts
// defines, so that no category can take a page's address.
func TestFixedRoutesCoverSitePaths(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "..", "site", "src", "config", "paths.ts"))
	if err != nil {
		t.Fatal(err)
	}
	// An infix (a part inside a path, such as a photo's /photos/ under its
	// project) is no first segment.
	var lines []string
	for line := range strings.Lines(string(src)) {
		if !strings.Contains(line, "Infix = ") {
			lines = append(lines, line)
		}
	}
	literals := regexp.MustCompile(`'/([a-z0-9-]+)[/']`).FindAllStringSubmatch(strings.Join(lines, ""), -1)
	if len(literals) < 4 {
		t.Fatalf("found only %d paths in paths.ts: %q", len(literals), literals)
	}
	for _, m := range literals {
		if !slices.Contains(FixedRoutes, m[1]) {
			t.Errorf("paths.ts has the address /%s, which FixedRoutes does not hold: a category could take it", m[1])
		}
	}
}

// The schema's description of a category slug, which editors show and
// docs/content.md prints, names every address a slug cannot take.
func TestSlugDescriptionNamesFixedRoutes(t *testing.T) {
	s, err := schemacheck.SiteSchema()
	if err != nil {
		t.Fatal(err)
	}
	def, _ := s.Model.Resolve(s.Model.Def("#/$defs/category").Prop("slug"))
	for _, r := range FixedRoutes {
		if !regexp.MustCompile(`\b` + r + `\b`).MatchString(def.Description) {
			t.Errorf("the category slug's description does not name %s: %q", r, def.Description)
		}
	}
}

// Every folder the build publishes at the top of the site is reserved, so
// no category page lands under a folder's rules (a year of immutable
// caching for /video/*). What the build publishes is read from the
// checkout: the folders of site/public (Vite copies them to the top of
// site/dist) and Vite's assets folder; the folders the build's steps
// write there are checked by pipeline's TestBuildOutputsAreIgnored, which
// runs them (.gitignore ignores all of site/public/ and names none).
func TestPublishedFoldersAreReserved(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	published := []string{ImagesFolder, DocumentsFolder, VideosFolder}
	entries, err := os.ReadDir(filepath.Join(root, "site", "public"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		published = append(published, e.Name())
	}
	vite, err := os.ReadFile(filepath.Join(root, "site", "vite.config.ts"))
	if err != nil {
		t.Fatal(err)
	}
	assets := "assets" // Vite's default build.assetsDir
	if m := regexp.MustCompile(`assetsDir:\s*'([^']+)'`).FindSubmatch(vite); m != nil {
		assets = string(m[1])
	}
	published = append(published, assets)
	for _, name := range published {
		// A name a slug cannot take (favicon.svg, _headers) needs no rule.
		if slugRE.MatchString(name) && !slices.Contains(FixedRoutes, name) {
			t.Errorf("the build publishes /%s/, which FixedRoutes does not hold: a category could take it", name)
		}
	}
}
