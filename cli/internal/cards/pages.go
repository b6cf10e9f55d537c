package cards

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sort"

	"portfolio/cli/internal/content"
)

// Titles are the titles of the pages whose title is the site's own
// string, not the owner's, in one language: the catalogue's
// (site/src/i18n/<lang>/titles.json, which the site's pages read too;
// decision 0123).
type Titles struct {
	About    string `json:"about"`
	Privacy  string `json:"privacy"`
	NotFound string `json:"notFound"`
}

// english is what a card says without the catalogue (a site folder
// without it): English's titles.
var english = Titles{About: "About Me", Privacy: "Privacy", NotFound: "Page not found"}

// ReadTitles reads each language's titles from the catalogue in dir
// (site/src/i18n); a language whose file is missing has none (its cards
// say English's), and a file that cannot be read is an error.
func ReadTitles(dir string, langs []string) (map[string]Titles, error) {
	out := map[string]Titles{}
	for _, lang := range langs {
		name := filepath.Join(dir, lang, "titles.json")
		data, err := os.ReadFile(name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		var t Titles
		if err := json.Unmarshal(data, &t); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if t.About == "" || t.Privacy == "" || t.NotFound == "" {
			return nil, fmt.Errorf("%s: about, privacy and notFound must each be a title", name)
		}
		out[lang] = t
	}
	return out, nil
}

// Pages lists the card of every page the site prerenders, in each of its
// languages: home, about, contact, the category pages it builds, the
// not-found page and every project. Texts are the ones the pages show
// (their titles as in <title>), in the page's language: the content's
// translation and the catalogue's titles (titles, by language). Another
// language's cards are at its pages' addresses (/sv/about, /sv/ for its
// home; decision 0116), so a site in one language has the cards it had.
func Pages(c *content.Content, titles map[string]Titles) []Page {
	pages := languagePages(c, "", titleIn(titles, c.Lang))
	for _, t := range c.Translations {
		pages = append(pages, languagePages(t, "/"+t.Lang, titleIn(titles, t.Lang))...)
	}
	return pages
}

func titleIn(titles map[string]Titles, lang string) Titles {
	if t, ok := titles[lang]; ok {
		return t
	}
	return english
}

// languagePages are the cards of one language's pages, each route under
// prefix ("" for the default language).
func languagePages(c *content.Content, prefix string, titles Titles) []Page {
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
	at := func(route string) string {
		if prefix != "" && route == "/" {
			return prefix + "/"
		}
		return prefix + route
	}
	page := func(route, eyebrow, title string) Page {
		return Page{Route: at(route), Eyebrow: eyebrow, Title: title, Footer: owner, Alt: alt(title)}
	}
	role := site.Taglines.Role
	home := Page{Route: at("/"), Eyebrow: role, Title: owner, Footer: host, Alt: owner}
	if role != "" {
		home.Alt = owner + " · " + role
	}
	pages := []Page{
		home,
		page("/about", "", titles.About),
		page("/contact", "", cmp.Or(site.Contact.Title, "Contact")),
		page("/privacy", "", titles.Privacy),
		page("/404", "", titles.NotFound),
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
