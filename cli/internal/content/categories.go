package content

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"portfolio/cli/internal/content/schemacheck"
	"portfolio/cli/internal/content/yamldoc"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/english"
)

// CategoriesKey is the site.yaml key that declares the category pages.
const CategoriesKey = "categories"

// Category is one category page as site.yaml declares it.
type Category struct {
	Slug, Title string
	// BackLink is the label of its projects' link back to it.
	BackLink string
	// KeepWhenEmpty builds the page even with no active project.
	KeepWhenEmpty bool
	// PhotoGalleries says its projects' galleries are the work itself.
	PhotoGalleries bool
	// Index is its place in the list, from 0: its pointer is
	// /categories/<Index>.
	Index int
	// Projects and Active count the projects that name it, all of them
	// and the active ones.
	Projects, Active int
}

// Pointer is where the category is declared in site.yaml.
func (c Category) Pointer() string { return fmt.Sprintf("/%s/%d", CategoriesKey, c.Index) }

// Built reports whether the site has a page for the category (and lists it
// in the navigation): it has an active project, or the owner keeps it.
func (c Category) Built() bool { return c.Active > 0 || c.KeepWhenEmpty }

// Categories returns site.yaml's categories in their order (the
// navigation's), each with its projects counted; none when site.yaml could
// not be read. An entry without a slug is left out.
func (c *Content) Categories() []Category {
	if c.Site == nil {
		return nil
	}
	out := DeclaredCategories(c.Site.Value)
	for i := range out {
		for _, p := range c.Projects {
			root, _ := p.Doc.Value.(map[string]any)
			if page, _ := root["page"].(string); page == out[i].Slug {
				out[i].Projects++
				if active, ok := root["active"].(bool); active || !ok {
					out[i].Active++
				}
			}
		}
	}
	return out
}

// DeclaredCategories reads the categories of site.yaml's value as parsed
// (map[string]any), leniently: what a form offers before the file is
// valid.
func DeclaredCategories(site any) []Category {
	root, _ := site.(map[string]any)
	list, _ := root[CategoriesKey].([]any)
	var out []Category
	for i, v := range list {
		m, _ := v.(map[string]any)
		slug, _ := m["slug"].(string)
		if slug = strings.TrimSpace(slug); slug == "" {
			continue
		}
		title, _ := m["title"].(string)
		title = strings.TrimSpace(title)
		if title == "" {
			title = slug
		}
		back, _ := m["backLink"].(string)
		if back = strings.TrimSpace(back); back == "" {
			back = "All " + title + " Projects"
		}
		keep, _ := m["keepWhenEmpty"].(bool)
		photo, _ := m["photoGalleries"].(bool)
		out = append(out, Category{Slug: slug, Title: title, BackLink: back, KeepWhenEmpty: keep, PhotoGalleries: photo, Index: i})
	}
	return out
}

// Category returns the declared category named slug.
func (c *Content) Category(slug string) (Category, bool) {
	for _, cat := range c.Categories() {
		if cat.Slug == slug {
			return cat, true
		}
	}
	return Category{}, false
}

// checkCategories applies the rules about categories a schema cannot say:
// slugs are unique and not a fixed address, every project's page names a
// declared category; and it warns of a category the site will leave out
// and of a home page with nothing to show in Selected Work.
func (l *loader) checkCategories(c *Content) {
	if c.Site == nil {
		return
	}
	cats := c.Categories()
	first := map[string]Category{}
	var slugs []string
	for _, cat := range cats {
		ptr := cat.Pointer() + "/slug"
		if other, dup := first[cat.Slug]; dup {
			l.add(c.Site.Diag(diag.Error, ptr, "give each category its own slug, or merge the two",
				"the category slug %q is declared twice (categories %d and %d): each is one page at /%s", cat.Slug, other.Index+1, cat.Index+1, cat.Slug))
			continue
		}
		first[cat.Slug] = cat
		if slices.Contains(FixedRoutes, cat.Slug) {
			l.add(c.Site.Diag(diag.Error, ptr, "choose another slug, e.g. "+cat.Slug+"-work",
				"the category slug %q is the address of one of the site's own pages or folders (/%s); category slugs cannot be %s", cat.Slug, cat.Slug, english.Or(FixedRoutes)))
			continue
		}
		slugs = append(slugs, cat.Slug)
	}
	if len(cats) == 0 {
		return // the schema reports the missing or empty list
	}
	featured, undeclared := false, false
	for _, p := range c.Projects {
		root, _ := p.Doc.Value.(map[string]any)
		if _, isBool := root["featured"].(bool); root["featured"] != nil && !isBool {
			featured = true // not known: the schema reports the value
		}
		if f, _ := root["featured"].(bool); f {
			if active, ok := root["active"].(bool); active || !ok {
				featured = true
			}
		}
		page, ok := root["page"].(string)
		if !ok || page == "" {
			continue // the schema reports it
		}
		if _, declared := first[page]; declared {
			continue
		}
		undeclared = true
		msg, hint := UndeclaredPage(page, slugs)
		l.add(p.Doc.Diag(diag.Error, "/page", hint, "%s", msg))
	}
	if len(c.Projects) != c.Folders || c.Folders == 0 || undeclared {
		// A project that could not be read, or whose page is misspelt,
		// may be the one missing; with no project yet, a new site, there
		// is nothing to hint at.
		return
	}
	for _, cat := range cats {
		if cat.Built() || first[cat.Slug].Index != cat.Index {
			continue
		}
		what := "no project names it"
		if cat.Projects > 0 {
			what = fmt.Sprintf("none of its %s is active", english.Count(cat.Projects, "project"))
		}
		l.add(c.Site.Diag(diag.Warning, cat.Pointer(),
			"add a project with `page: "+cat.Slug+"`, make one of its projects active, or set `keepWhenEmpty: true` to show the page with a note that work is on its way",
			"the category %q has no active project (%s), so the site leaves it out: no page at /%s and no link in the navigation", cat.Slug, what, cat.Slug))
	}
	if !featured {
		l.add(diag.Diagnostic{Severity: diag.Warning, File: c.Site.File,
			Message: "no project is both featured and active, so the home page has no Selected Work section",
			Hint:    "set `featured: true` in the project.yaml of the work to show first (it must be active too)"})
	}
}

// UndeclaredPage is the problem with a project's page that names none of
// the declared categories (slugs): the message, and a hint with the
// nearest slug when there is one.
func UndeclaredPage(page string, slugs []string) (msg, hint string) {
	hint = fmt.Sprintf("use one of %s, or declare %q under categories in %s", english.Or(quoted(slugs)), page, SiteFile)
	if near := schemacheck.ClosestValue(page, toAny(slugs)); near != "" {
		hint = fmt.Sprintf("did you mean %q? (categories: %s)", near, strings.Join(slugs, ", "))
	}
	return fmt.Sprintf("%q names no category of %s", page, SiteFile), hint
}

func quoted(in []string) []string {
	out := make([]string, len(in))
	for i, s := range in {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}

func toAny(in []string) []any {
	out := make([]any, len(in))
	for i, s := range in {
		out[i] = s
	}
	return out
}

// ReadCategories returns the categories the site.yaml of the content
// folder declares, read leniently (DeclaredCategories): what the forms offer
// and check a project's page against. None when the file cannot be read.
func ReadCategories(contentDir string) []Category {
	path := filepath.Join(contentDir, SiteFile)
	data, err := yamldoc.ReadFile(path)
	if err != nil {
		return nil
	}
	doc, derr := yamldoc.Parse(path, data)
	if derr != nil {
		return nil
	}
	return DeclaredCategories(doc.Value)
}

// ActiveIn counts the projects of the content folder that name page and
// are active, read leniently (a file that cannot be read counts for
// nothing), leaving out the project skip: what is left of a category
// once skip is deleted or moved.
func ActiveIn(contentDir, page, skip string) int {
	dirs, _ := os.ReadDir(filepath.Join(contentDir, ProjectsDir))
	n := 0
	for _, d := range dirs {
		if d.Name() == skip || !d.IsDir() {
			continue
		}
		if p, active := ProjectPage(filepath.Join(contentDir, ProjectsDir, d.Name())); p == page && active {
			n++
		}
	}
	return n
}

// ProjectPage reads the page and active fields of the project folder dir,
// leniently ("" when the file cannot be read).
func ProjectPage(dir string) (page string, active bool) {
	path := filepath.Join(dir, ProjectFile)
	data, err := yamldoc.ReadFile(path)
	if err != nil {
		return "", false
	}
	doc, derr := yamldoc.Parse(path, data)
	if derr != nil {
		return "", false
	}
	root, _ := doc.Value.(map[string]any)
	page, _ = root["page"].(string)
	active, ok := root["active"].(bool)
	return page, active || !ok
}

// LeftEmpty says what becomes of the page of category page once the
// project slug leaves it (deleted, or moved to another category), when it
// was that category's last active project; "" otherwise.
func LeftEmpty(contentDir, page, slug string) string {
	if page == "" || ActiveIn(contentDir, page, slug) > 0 {
		return ""
	}
	for _, c := range ReadCategories(contentDir) {
		if c.Slug != page {
			continue
		}
		if c.KeepWhenEmpty {
			return fmt.Sprintf("/%s has no active project left: its page stays (keepWhenEmpty), saying that work is on its way", page)
		}
		return fmt.Sprintf("/%s has no active project left: the site leaves it out (no page, no link in the navigation) until one is; `keepWhenEmpty: true` under its category in %s keeps it", page, SiteFile)
	}
	return ""
}
