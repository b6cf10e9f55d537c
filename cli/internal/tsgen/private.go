package tsgen

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image/jpeg"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/disintegration/imaging"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/fsutil"
	"portfolio/cli/internal/hostmsg"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/images"
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
// its access ends, its last day and the owner's name (decision 0094); its
// clients not revoked (decision 0096); what its secret page shows of it,
// and of the site (decision 0095). Written on
// every build, with no project when there is none: the Edge Function
// bundles it (netlify/edge-functions/private.js), so it must exist.
func galleriesJSON(c *content.Content) ([]byte, error) {
	out := privateaccess.Galleries{Projects: map[string]privateaccess.Gallery{}}
	if c.Site != nil {
		// The fonts' addresses are known once the site is built
		// (SetGateFonts).
		out.Site = &privateaccess.Site{Name: c.Site.Name, SystemFonts: c.Site.Fonts == content.FontsSystem}
	}
	for i, p := range c.Projects {
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
		page, err := secretPage(p)
		if err != nil {
			return nil, fmt.Errorf("%s/%s/%s: secretPage: %w", content.ProjectsDir, p.Slug, content.ProjectFile, err)
		}
		if page.Title != "" {
			page.Titles = translatedTitles(c, i, page.Title)
		}
		if page.Title != "" || page.Cover != "" {
			g.Page = &page
		}
		out.Projects[p.Slug] = g
	}
	b, _ := json.MarshalIndent(out, "", "  ")
	return append(b, '\n'), nil
}

// translatedTitles are the titles of c's project i in each other
// language whose translation gives it another than title (decision 0115):
// the secret page at that language's address shows it (decision 0123,
// amended); nil when none does.
func translatedTitles(c *content.Content, i int, title string) map[string]string {
	var out map[string]string
	for _, t := range c.Translations {
		if i >= len(t.Projects) || t.Projects[i] == nil || t.Projects[i].Title == "" || t.Projects[i].Title == title {
			continue
		}
		if out == nil {
			out = map[string]string{}
		}
		out[t.Lang] = t.Projects[i].Title
	}
	return out
}

// Decision 0095: the blurred cover is coverSize pixels on its longer
// side, blurred by coverBlur pixels and stored as a JPEG of coverQuality:
// under a kilobyte in the page, too small and too soft to show more than
// the photo's colours and shapes.
const (
	coverSize    = 24
	coverBlur    = 1.2
	coverQuality = 60
)

// secretPage is what a private project's secret page shows of it: its
// title unless the owner hides it, and a blurred cover only when the owner
// opts in, made here from the cover's own file (never an address).
func secretPage(p *content.Project) (privateaccess.Page, error) {
	var page privateaccess.Page
	if p.SecretPage.ShowsTitle() {
		page.Title = p.Title
	}
	if !p.SecretPage.ShowsCover() || p.Cover == "" {
		return page, nil
	}
	data, err := os.ReadFile(filepath.Join(p.Dir, filepath.FromSlash(string(p.Cover))))
	if err != nil {
		return page, fmt.Errorf("reading the cover: %w", err)
	}
	img, err := images.DecodeToCover(data, imagecheck.DefaultMaxPixels, coverSize, coverSize)
	if err != nil {
		return page, fmt.Errorf("the cover %s: %w", p.Cover, err)
	}
	small := imaging.Blur(imaging.Fit(img, coverSize, coverSize, imaging.Box), coverBlur)
	var b bytes.Buffer
	if err := jpeg.Encode(&b, small, &jpeg.Options{Quality: coverQuality}); err != nil {
		return page, err
	}
	page.Cover = "data:image/jpeg;base64," + base64.StdEncoding.EncodeToString(b.Bytes())
	return page, nil
}

// gateFonts are the site's two web fonts as the site build names them in
// dist/assets (site/src/theme/fonts.css; Vite adds a hash of the bytes).
var gateFonts = [2]string{"inter-*.woff2", "fraunces-*.woff2"}

// SetGateFonts writes into file (privateaccess.GalleriesFile) where the
// site build in dist published the site's two web fonts, which the secret
// page loads (decision 0095): known only once the site is built. A font
// not found exactly once is left out, and the page falls back to the
// system's font. It writes the secret page's strings in each of the
// site's languages too, from what the prerender wrote of the site's
// catalogue (hostmsg.File, decision 0123): the page is in English
// without them. Nothing changes without the site's part in file.
func SetGateFonts(file, dist string) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	withFonts, err := GateFonts(data, dist)
	if err != nil || bytes.Equal(withFonts, data) {
		return err
	}
	return fsutil.WriteFileAtomic(file, withFonts, 0o644)
}

// GateFonts is data (privateaccess.GalleriesFile's content) with the
// fonts' addresses the site build in dist published and the secret
// page's strings it wrote (SetGateFonts): what
// `portfolio generate` writes and checks once a site is built, so that its
// --check after a build agrees with the file the build left.
func GateFonts(data []byte, dist string) ([]byte, error) {
	g, err := privateaccess.ReadGalleries(data)
	if err != nil {
		return nil, err
	}
	if g.Site == nil {
		return data, nil
	}
	var found [2]string
	for i, pattern := range gateFonts {
		if g.Site.SystemFonts {
			break // the site's pages use none (decision 0124)
		}
		if files, _ := filepath.Glob(filepath.Join(dist, "assets", pattern)); len(files) == 1 {
			if u := "/assets/" + filepath.Base(files[0]); privateaccess.FontPath.MatchString(u) {
				found[i] = u
			}
		}
	}
	langs, messages, err := gateMessages(dist)
	if err != nil {
		return nil, err
	}
	if g.Site.Text == found[0] && g.Site.Display == found[1] && slices.Equal(g.Site.Languages, langs) && maps.Equal(g.Site.Messages, messages) {
		return data, nil
	}
	g.Site.Text, g.Site.Display = found[0], found[1]
	g.Site.Languages, g.Site.Messages = langs, messages
	b, err := json.MarshalIndent(g, "", "  ")
	return append(b, '\n'), err
}

// gateMessages is the secret page's part of hostmsg.File: the
// site's languages and the page's strings in each; none without the file.
func gateMessages(dist string) ([]string, map[string]privateaccess.GateMessages, error) {
	m, err := hostmsg.Read(dist)
	if err != nil || len(m.Languages) == 0 {
		return nil, nil, err
	}
	out := map[string]privateaccess.GateMessages{}
	for _, lang := range m.Languages {
		out[lang] = m.Messages[lang].Gate
	}
	return m.Languages, out, nil
}
