package cards

import (
	"cmp"
	"net/url"
	"path/filepath"
	"sort"

	"portfolio/cli/internal/content"
)

// Pages lists the card of every page the site prerenders: home, about,
// contact, the category pages it builds, the not-found page and every
// project.
// Texts are the ones the pages show (their titles as in <title>).
func Pages(c *content.Content) []Page {
	var site content.Site
	if c.Site != nil {
		site = *c.Site
	}
	owner, host := site.Name, site.URL
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
	role := site.Taglines.Role
	home := Page{Route: "/", Eyebrow: role, Title: owner, Footer: host, Alt: owner}
	if role != "" {
		home.Alt = owner + " · " + role
	}
	pages := []Page{
		home,
		page("/about", "", "About Me"),
		page("/contact", "", cmp.Or(site.Contact.Title, "Contact")),
		page("/privacy", "", "Privacy"),
		page("/404", "", "Page not found"),
	}
	// The category pages the site builds (docs/site.md §2), in slug order
	// as before: the order does not matter to a card.
	cats := c.Categories()
	sort.Slice(cats, func(i, j int) bool { return cats[i].Slug < cats[j].Slug })
	for _, cat := range cats {
		if cat.Built {
			pages = append(pages, page("/"+cat.Slug, "", cat.Title))
		}
	}
	for _, p := range c.Projects {
		if p.Private() {
			// A card is public (/img/cards/): a private project's page
			// is previewed by its cover, behind the same secret.
			continue
		}
		pg := page(p.Link(), p.Category, cmp.Or(p.Title, p.Slug))
		if p.Cover != "" {
			pg.Cover = filepath.Join(p.Dir, filepath.FromSlash(string(p.Cover)))
		}
		pages = append(pages, pg)
	}
	return pages
}
