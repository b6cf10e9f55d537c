package cards

import (
	"net/url"
	"path/filepath"
	"sort"

	"portfolio/cli/internal/content"
)

// Pages lists the card of every page the site prerenders: home, about,
// contact, the category pages, the not-found page and every project.
// Texts are the ones the pages show (their titles as in <title>).
func Pages(c *content.Content) []Page {
	str := func(d *content.Document, ptr, def string) string {
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
	if c.Site != nil {
		if v, ok := c.Site.At("/pages"); ok {
			if m, ok := v.(map[string]any); ok {
				keys := make([]string, 0, len(m))
				for k := range m {
					keys = append(keys, k)
				}
				sort.Strings(keys)
				for _, k := range keys {
					pages = append(pages, page("/"+k, "", str(c.Site, "/pages/"+k+"/title", k)))
				}
			}
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
