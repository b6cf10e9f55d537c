package cards

import (
	"net/url"
	"path/filepath"
	"sort"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/content/yamldoc"
)

// Pages lists the card of every page the site prerenders: home, about,
// contact, the category pages it builds, the not-found page and every
// project.
// Texts are the ones the pages show (their titles as in <title>).
func Pages(c *content.Content) []Page {
	str := func(d *yamldoc.Document, ptr, def string) string {
		if d == nil {
			return def
		}
		if v, ok := d.At(ptr); ok {
			if s, ok := v.(string); ok && s != "" {
				return s
			}
		}
		return def
	}
	owner := str(c.Site, "/name", "")
	host := str(c.Site, "/url", "")
	if u, err := url.Parse(host); err == nil && u.Host != "" {
		host = u.Host
	}
	alt := func(title string) string {
		if title == owner {
			return owner
		}
		return title + " · " + owner
	}
	page := func(route, eyebrow, title string) Page {
		return Page{Route: route, Eyebrow: eyebrow, Title: title, Footer: owner, Alt: alt(title)}
	}
	role := str(c.Site, "/taglines/role", "")
	home := Page{Route: "/", Eyebrow: role, Title: owner, Footer: host, Alt: owner}
	if role != "" {
		home.Alt = owner + " · " + role
	}
	pages := []Page{
		home,
		page("/about", "", str(c.Site, "/about/title", "About Me")),
		page("/contact", "", str(c.Site, "/contact/title", "Contact")),
		page("/privacy", "", "Privacy"),
		page("/404", "", "Page not found"),
	}
	// The category pages the site builds (docs/site.md §2), in slug order
	// as before: the order does not matter to a card.
	cats := c.Categories()
	sort.Slice(cats, func(i, j int) bool { return cats[i].Slug < cats[j].Slug })
	for _, cat := range cats {
		if cat.Built() {
			pages = append(pages, page("/"+cat.Slug, "", cat.Title))
		}
	}
	for _, p := range c.Projects {
		title := str(p.Doc, "/title", p.Slug)
		pg := page(p.Link(), str(p.Doc, "/category", ""), title)
		if cover := str(p.Doc, "/cover", ""); cover != "" {
			pg.Cover = filepath.Join(p.Dir, filepath.FromSlash(cover))
		}
		pages = append(pages, pg)
	}
	return pages
}
