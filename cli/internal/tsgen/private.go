package tsgen

import (
	"encoding/json"
	"maps"
	"path"
	"slices"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/privateaccess"
)

// PrivateFile lists the files of site/public that a private project's
// pages use, and where the site build publishes them instead: under the
// project's prefix (/private/<slug>/), which the host guards
// (docs/decisions/0080). Written only when the content has a private
// project; site/scripts/prerender.mjs reads it.
const PrivateFile = "private.json"

// published records the site's own files (images, videos, documents)
// that the generated module names, by who names them.
type published struct {
	public  map[string]bool            // path in site/public, named by a public page
	private map[string]map[string]bool // slug → paths named by that private project
}

func newPublished() *published {
	return &published{public: map[string]bool{}, private: map[string]map[string]bool{}}
}

// ownRoots are the folders of site/public whose files the content names.
var ownRoots = []string{"/img/", content.VideosRoute, content.DocumentsRoute}

// url records a site address the resolver writes and returns the address
// the pages use: under /private/<slug> for a private project's files.
func (r resolver) url(u string) string {
	if r.pub == nil || !slices.ContainsFunc(ownRoots, func(root string) bool { return strings.HasPrefix(u, root) }) {
		return u
	}
	file := strings.TrimPrefix(u, "/")
	if r.project == nil || !r.project.Private() {
		r.pub.public[file] = true
		return u
	}
	set := r.pub.private[r.project.Slug]
	if set == nil {
		set = map[string]bool{}
		r.pub.private[r.project.Slug] = set
	}
	set[file] = true
	return strings.TrimSuffix(r.project.Link(), "/") + u
}

// srcset rewrites each address of a srcset ("url 480w, url 800w") with url.
func (r resolver) srcset(s string) string {
	if s == "" {
		return s
	}
	parts := strings.Split(s, ", ")
	for i, part := range parts {
		u, w, _ := strings.Cut(part, " ")
		parts[i] = r.url(u) + " " + w
	}
	return strings.Join(parts, ", ")
}

// privateJSON is PrivateFile's content: for each private project, its
// prefix, the files it names (published under the prefix) and those of
// them a public page names too (published at their public address as
// well: their bytes are public anyway). Nil when there is none.
func (p *published) privateJSON() []byte {
	if len(p.private) == 0 {
		return nil
	}
	type project struct {
		Slug   string   `json:"slug"`
		Prefix string   `json:"prefix"`
		Files  []string `json:"files"`
		Public []string `json:"public"`
	}
	var out []project
	for _, slug := range slices.Sorted(maps.Keys(p.private)) {
		files := slices.Sorted(maps.Keys(p.private[slug]))
		public := []string{}
		for _, f := range files {
			if p.public[f] {
				public = append(public, f)
			}
		}
		out = append(out, project{Slug: slug, Prefix: content.PrivateRoute + slug + "/", Files: files, Public: public})
	}
	b, _ := json.MarshalIndent(struct {
		Projects []project `json:"projects"`
	}{out}, "", "  ")
	return append(b, '\n')
}

// galleriesJSON is privateaccess.GalleriesFile's content: each private
// project's title and the file names of its gallery, as its favourites
// form names them (the base name of each local file), by slug; and, when
// its access ends, its last day and the owner's name (decision 0094); its clients not
// revoked (decision 0096). Written on
// every build, with no project when there is none: the Edge Function
// bundles it (netlify/edge-functions/private.js), so it must exist.
func galleriesJSON(c *content.Content) []byte {
	out := privateaccess.Galleries{Projects: map[string]privateaccess.Gallery{}}
	for _, p := range c.Projects {
		if !p.Private() {
			continue
		}
		g := privateaccess.Gallery{Title: p.Title, Photos: []string{}, Expires: p.Expires}
		if p.Expires != "" && c.Site != nil {
			// Named with the contact page once access has ended (decision 0094).
			g.Owner = c.Site.Name
		}
		// Only the names not revoked: the gate admits these, and a revoked
		// one is gone from the next deploy (decision 0096).
		for _, cl := range p.Clients {
			if !cl.Revoked {
				g.Clients = append(g.Clients, cl.Name)
			}
		}
		for _, img := range p.Gallery {
			if img.Path != "" && !slices.Contains(g.Photos, path.Base(img.Path)) {
				g.Photos = append(g.Photos, path.Base(img.Path))
			}
		}
		out.Projects[p.Slug] = g
	}
	b, _ := json.MarshalIndent(out, "", "  ")
	return append(b, '\n')
}
