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

// Pointer is where the category is declared in site.yaml.
func (c Category) Pointer() string { return fmt.Sprintf("/%s/%d", CategoriesKey, c.Index) }

// Categories returns site.yaml's categories in their order (the
// navigation's), each with its projects counted; none when site.yaml could
// not be read. An entry without a slug is left out.
func (c *Content) Categories() []Category {
	if c.Site == nil {
		return nil
	}
	return slices.Clone(c.Site.Categories)
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

// countCategories resolves site.yaml's categories once, in place: the
// entries without a slug go, each category's projects are counted and
// whether it is built is said.
func (c *Content) countCategories() {
	if c.Site == nil {
		return
	}
	c.Site.Categories = declared(c.Site)
	for i := range c.Site.Categories {
		cat := &c.Site.Categories[i]
		for _, p := range c.Projects {
			if p.Page == cat.Slug {
				cat.Projects++
				if p.Listed() {
					cat.Active++
				}
			}
		}
		cat.Built = cat.Active > 0 || cat.KeepWhenEmpty
	}
}

// declared returns the categories of site, leniently (what a form offers
// before the file is valid): an entry without a slug is left out, the
// title defaults to the slug and the back link to "All <title> Projects".
func declared(site *Site) []Category {
	var out []Category
	for i, cat := range site.Categories {
		if cat.Slug = strings.TrimSpace(cat.Slug); cat.Slug == "" {
			continue
		}
		if cat.Title = strings.TrimSpace(cat.Title); cat.Title == "" {
			cat.Title = cat.Slug
		}
		if cat.BackLink = strings.TrimSpace(cat.BackLink); cat.BackLink == "" {
			cat.BackLink = "All " + cat.Title + " Projects"
		}
		cat.Index = i
		out = append(out, cat)
	}
	return out
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
			l.add(c.SiteDoc.Diag(diag.Error, ptr, "give each category its own slug, or merge the two",
				"the category slug %q is declared twice (categories %d and %d): each is one page at /%s", cat.Slug, other.Index+1, cat.Index+1, cat.Slug))
			continue
		}
		first[cat.Slug] = cat
		if slices.Contains(FixedRoutes, cat.Slug) {
			l.add(c.SiteDoc.Diag(diag.Error, ptr, "choose another slug, e.g. "+cat.Slug+"-work",
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
		if v, given := p.Doc.At("/featured"); given && v != nil {
			if _, isBool := v.(bool); !isBool {
				featured = true // not known: the schema reports the value
			}
		}
		if p.Featured && p.Listed() {
			featured = true
		}
		page := p.Page
		if page == "" {
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
		if cat.Built || first[cat.Slug].Index != cat.Index {
			continue
		}
		var n unlisted
		for _, p := range c.Projects {
			if p.Page == cat.Slug {
				n.add(p.Active, p.Private())
			}
		}
		hint := "add an active, public project with `page: " + cat.Slug + "`"
		if n.inactive > 0 {
			hint = "make one of its inactive projects active, " + hint
		}
		l.add(c.SiteDoc.Diag(diag.Warning, cat.Pointer(),
			hint+", or set `keepWhenEmpty: true` to show the page with a note that work is on its way",
			"the category %q has no project to list (%s), so the site leaves it out: no page at /%s and no link in the navigation", cat.Slug, n.why(), cat.Slug))
	}
	if !featured {
		l.add(diag.Diagnostic{Severity: diag.Warning, File: c.SiteDoc.File,
			Message: "no project is both featured and active, so the home page has no Selected Work section",
			Hint:    "set `featured: true` in the project.yaml of the work to show first (it must be active too)"})
	}
}

// unlisted counts a category's projects that its page does not list, by
// why: a category page lists its active, public projects (docs/site.md,
// "Category pages"), so a project is left off it when inactive, private,
// or both.
type unlisted struct{ inactive, private, both int }

func (n *unlisted) add(active, private bool) {
	switch {
	case !active && private:
		n.both++
	case private:
		n.private++
	case !active:
		n.inactive++
	}
}

// why says, as a clause, why a category of such projects lists none:
// "no project names it", "its 1 project is private", "of its 3 projects,
// 2 are inactive and 1 is private".
func (n unlisted) why() string {
	kinds := []struct {
		count int
		what  string
	}{{n.inactive, "inactive"}, {n.private, "private"}, {n.both, "inactive and private"}}
	total := n.inactive + n.private + n.both
	var parts []string
	for _, k := range kinds {
		if k.count == 0 {
			continue
		}
		if k.count == total {
			return fmt.Sprintf("its %s %s %s", english.Count(total, "project"), isAre(total), k.what)
		}
		parts = append(parts, fmt.Sprintf("%d %s %s", k.count, isAre(k.count), k.what))
	}
	if total == 0 {
		return "no project names it"
	}
	return fmt.Sprintf("of its %s, %s", english.Count(total, "project"), english.And(parts))
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
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
// folder declares, read leniently: what the forms offer and check a
// project's page against. None when the file cannot be read.
func ReadCategories(contentDir string) []Category {
	var site Site
	if !readLeniently(filepath.Join(contentDir, SiteFile), schemacheck.SiteSchema, &site) {
		return nil
	}
	return declared(&site)
}

// readLeniently reads, parses and decodes the file at path as much as it
// can, with the schema's defaults; false when it cannot be read or parsed.
func readLeniently(path string, schema func() (*schemacheck.Schema, error), out any) bool {
	data, err := yamldoc.ReadFile(path)
	if err != nil {
		return false
	}
	doc, derr := yamldoc.Parse(path, data)
	if derr != nil {
		return false
	}
	return decodeLeniently(doc, schema, out) == nil
}

// decodeLeniently decodes doc into out with the schema's defaults; what
// does not decode stays zero (validate reports it). The error is only for
// a schema that does not compile.
func decodeLeniently(doc *yamldoc.Document, schema func() (*schemacheck.Schema, error), out any) error {
	s, err := schema()
	if err != nil {
		return err
	}
	_ = s.Decode(doc, out)
	return nil
}

// DecodeProject decodes a project.yaml that an editor has parsed, with
// the schema's defaults, leniently: what does not decode stays zero.
func DecodeProject(doc *yamldoc.Document) (ProjectData, error) {
	var p ProjectData
	return p, decodeLeniently(doc, schemacheck.ProjectSchema, &p)
}

// ProjectDefaults is a new project's values where the schema gives a
// default (active, not featured): what a form or a flag starts from.
func ProjectDefaults() ProjectData {
	var p ProjectData
	if empty, err := schemacheck.Partial(ProjectFile); err == nil {
		_ = decodeLeniently(empty, schemacheck.ProjectSchema, &p)
	}
	return p
}

// DecodeSite decodes a site.yaml that an editor has parsed, with the
// schema's defaults, leniently: what does not decode stays zero.
func DecodeSite(doc *yamldoc.Document) (Site, error) {
	var s Site
	return s, decodeLeniently(doc, schemacheck.SiteSchema, &s)
}

// ActiveIn counts the projects of the content folder that name page and
// are listed on it (active and public), read leniently (a file that cannot be read counts for
// nothing), leaving out the project skip: what is left of a category
// once skip is deleted or moved.
func ActiveIn(contentDir, page, skip string) int {
	dirs, _ := os.ReadDir(filepath.Join(contentDir, ProjectsDir))
	n := 0
	for _, d := range dirs {
		if d.Name() == skip || !d.IsDir() {
			continue
		}
		if p, listed := ProjectPage(filepath.Join(contentDir, ProjectsDir, d.Name())); p == page && listed {
			n++
		}
	}
	return n
}

// ProjectPage reads the page of the project folder dir and whether its
// category page lists it (active and public, as Project.Listed),
// leniently ("" when the file cannot be read).
func ProjectPage(dir string) (page string, listed bool) {
	var p ProjectData
	if !readLeniently(filepath.Join(dir, ProjectFile), schemacheck.ProjectSchema, &p) {
		return "", false
	}
	return p.Page, p.Active && p.Access != AccessPrivate
}

// LeftEmpty says what becomes of the page of category page once the
// project slug leaves it (deleted, or moved to another category), when it
// was that category's last listed (active, public) project; "" otherwise.
func LeftEmpty(contentDir, page, slug string) string {
	if page == "" || ActiveIn(contentDir, page, slug) > 0 {
		return ""
	}
	for _, c := range ReadCategories(contentDir) {
		if c.Slug != page {
			continue
		}
		if c.KeepWhenEmpty {
			return fmt.Sprintf("/%s has no active, public project left: its page stays (keepWhenEmpty), saying that work is on its way", page)
		}
		return fmt.Sprintf("/%s has no active, public project left: the site leaves it out (no page, no link in the navigation) until one is; `keepWhenEmpty: true` under its category in %s keeps it", page, SiteFile)
	}
	return ""
}
