package content

import (
	"fmt"
	"slices"
	"strings"

	"portfolio/cli/internal/content/schemacheck"
	"portfolio/cli/internal/diag"
)

// ProjectOrderKey is the site.yaml key that orders the project cards.
const ProjectOrderKey = "projectOrder"

// projectOrder is site.yaml's projectOrder list: the slugs in the order the
// owner chose (empty when not given; an item that is not text is "").
func (c *Content) projectOrder() []string {
	if c.Site == nil {
		return nil
	}
	return c.Site.ProjectOrder
}

// Listed returns the projects in the order of their cards on the home and
// category pages: those site.yaml's projectOrder names, in its order, then
// the others by slug.
func (c *Content) Listed() []*Project {
	rank := map[string]int{}
	for i, slug := range c.projectOrder() {
		if _, dup := rank[slug]; !dup {
			rank[slug] = i
		}
	}
	out := slices.Clone(c.Projects)
	slices.SortStableFunc(out, func(a, b *Project) int {
		ra, okA := rank[a.Slug]
		rb, okB := rank[b.Slug]
		switch {
		case okA && okB:
			return ra - rb
		case okA:
			return -1
		case okB:
			return 1
		}
		return strings.Compare(a.Slug, b.Slug)
	})
	return out
}

// checkProjectOrder warns of the slugs in site.yaml's projectOrder that name
// no project folder (a typo, or a project deleted or renamed): a warning, not
// an error, since such a slug changes nothing in the site and `delete
// project` must not leave the content invalid. Only run when
// every project folder was read, so a project that failed to load is not
// reported as unknown too.
func (l *loader) checkProjectOrder(c *Content) {
	slugs := make([]string, 0, len(c.Projects))
	for _, p := range c.Projects {
		slugs = append(slugs, p.Slug)
	}
	for i, slug := range c.projectOrder() {
		if slug == "" || slices.Contains(slugs, slug) {
			continue
		}
		hint := "list only folder names of content/projects, or remove the line"
		if near := schemacheck.Closest(slug, slugs); near != "" {
			hint = fmt.Sprintf("did you mean %q?", near)
		}
		l.add(c.SiteDoc.Diag(diag.Warning, fmt.Sprintf("/%s/%d", ProjectOrderKey, i), hint,
			"%s: no project folder is named %q", ProjectOrderKey, slug))
	}
}
