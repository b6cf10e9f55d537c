package content

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"portfolio/cli/internal/content/schemacheck"
	"portfolio/cli/internal/diag"
)

// checkHome resolves what site.yaml's home names, each "<project>/<path>"
// to a project's image or video, and each gallery to its photos, and
// reports what names nothing: a project that does not exist, a file the
// project does not show (so `portfolio images` made no variants of it and
// the build did not publish it), a project without a gallery. It runs
// after every project's images and videos were inspected.
func (l *loader) checkHome(c *Content) {
	h := c.Site.Home
	if h == nil {
		return
	}
	bySlug := map[string]*Project{}
	for _, p := range c.Projects {
		bySlug[p.Slug] = p
	}
	switch h.Layout {
	case HomePhotos:
		for i := range h.Photos {
			l.resolveHomePhoto(c, bySlug, &h.Photos[i], fmt.Sprintf("/home/photos/%d", i))
		}
	case HomeFeatured:
		h.Photos = l.featuredPhotos(c, bySlug, h)
	case HomeVideos:
		if h.Video != nil {
			l.resolveHomeVideo(c, bySlug, h.Video)
		}
	}
}

// homeProject splits "<project>/<path>" and finds the project, or reports
// that there is none.
func (l *loader) homeProject(c *Content, bySlug map[string]*Project, pointer, written string) (*Project, string) {
	slug, rel, _ := strings.Cut(written, "/")
	p := bySlug[slug]
	if p == nil {
		l.add(c.SiteDoc.Diag(diag.Error, pointer, projectHint(bySlug, slug),
			"%q: no project folder %q in %s/", written, slug, ProjectsDir))
		return nil, ""
	}
	if l.privateOnHome(c, p, pointer, written) {
		return nil, ""
	}
	return p, rel
}

// projectHint names the project folder closest to slug, or those there are.
func projectHint(bySlug map[string]*Project, slug string) string {
	slugs := slices.Sorted(maps.Keys(bySlug))
	if near := schemacheck.Closest(slug, slugs); near != "" {
		return fmt.Sprintf("did you mean %q?", near)
	}
	if len(slugs) == 0 {
		return "add a project first: " + ProjectsDir + "/ has none"
	}
	return "the project folders are: " + listSome(slugs)
}

// listSome lists up to six names, then an ellipsis.
func listSome(names []string) string {
	if len(names) > 6 {
		names = append(names[:6:6], "…")
	}
	return strings.Join(names, ", ")
}

// fileHint names the file of names closest to rel (the project's images or
// videos), or some of them.
func fileHint(p *Project, names []string, rel, kind string) string {
	slices.Sort(names)
	if near := schemacheck.Closest(rel, names); near != "" {
		return fmt.Sprintf("did you mean %q?", p.Slug+"/"+near)
	}
	if len(names) == 0 {
		return fmt.Sprintf("project %s shows no %s: add one to its gallery or page first", p.Slug, kind)
	}
	full := make([]string, len(names))
	for i, n := range names {
		full[i] = p.Slug + "/" + n
	}
	return fmt.Sprintf("the %ss of project %s: %s", kind, p.Slug, listSome(full))
}

// resolveHomePhoto finds the image a home photo names among the images its
// project shows, with its alt text and its place in the gallery.
func (l *loader) resolveHomePhoto(c *Content, bySlug map[string]*Project, ph *HomePhoto, pointer string) {
	p, rel := l.homeProject(c, bySlug, pointer, ph.Path)
	if p == nil {
		return
	}
	if _, ok := p.Images[rel]; !ok || IsPoster(rel) {
		images := slices.Collect(maps.Keys(p.Images))
		images = slices.DeleteFunc(images, IsPoster)
		l.add(c.SiteDoc.Diag(diag.Error, pointer, fileHint(p, images, rel, "image"),
			"%q: project %s shows no image %q (a home photo is its cover, a photo of its gallery or an image of its page)",
			ph.Path, p.Slug, rel))
		return
	}
	ph.Key, ph.Alt, ph.Project = p.ImageKey(rel), p.Title, p.Slug
	for i, g := range p.Gallery {
		if g.Path == rel && g.Poster == "" {
			ph.Alt, ph.N = g.Alt, i+1
		}
	}
}

// featuredPhotos takes the featured layout's photos from the galleries
// named: the first of each in order, then the second of each, up to Count.
func (l *loader) featuredPhotos(c *Content, bySlug map[string]*Project, h *Home) []HomePhoto {
	var galleries [][]HomePhoto
	for i, slug := range h.Galleries {
		pointer := fmt.Sprintf("/home/galleries/%d", i)
		p := bySlug[slug]
		if p == nil {
			l.add(c.SiteDoc.Diag(diag.Error, pointer, projectHint(bySlug, slug),
				"no project folder %q in %s/", slug, ProjectsDir))
			continue
		}
		if l.privateOnHome(c, p, pointer, slug) {
			continue
		}
		var photos []HomePhoto
		for n, g := range p.Gallery {
			if g.Key != "" && g.Poster == "" {
				photos = append(photos, HomePhoto{Path: slug + "/" + g.Path, Key: g.Key, Alt: g.Alt, Project: slug, N: n + 1})
			}
		}
		if len(photos) == 0 {
			l.add(c.SiteDoc.Diag(diag.Error, pointer, withGallery(bySlug),
				"project %s has no photos in a gallery to feature", slug))
			continue
		}
		galleries = append(galleries, photos)
	}
	var out []HomePhoto
	for round := 0; len(out) < h.Count; round++ {
		added := false
		for _, g := range galleries {
			if round < len(g) && len(out) < h.Count {
				out = append(out, g[round])
				added = true
			}
		}
		if !added {
			break
		}
	}
	return out
}

// withGallery says how to fix a featured gallery without photos.
func withGallery(bySlug map[string]*Project) string {
	var slugs []string
	for slug, p := range bySlug {
		if slices.ContainsFunc(p.Gallery, func(g GalleryImage) bool { return g.Key != "" && g.Poster == "" }) {
			slugs = append(slugs, slug)
		}
	}
	slices.Sort(slugs)
	if len(slugs) == 0 {
		return "add a gallery block and photos in the project's gallery/ folder (`portfolio gallery SLUG`)"
	}
	return "add photos to its gallery (`portfolio gallery SLUG`), or name a project with photos: " + listSome(slugs)
}

// resolveHomeVideo finds the video the home page names among the videos
// its project shows, with its alt text.
func (l *loader) resolveHomeVideo(c *Content, bySlug map[string]*Project, v *HomeVideo) {
	const pointer = "/home/video"
	p, rel := l.homeProject(c, bySlug, pointer, v.Path)
	if p == nil {
		return
	}
	if f, ok := p.Videos[rel]; !ok || f.Poster == "" {
		l.add(c.SiteDoc.Diag(diag.Error, pointer, fileHint(p, slices.Collect(maps.Keys(p.Videos)), rel, "video"),
			"%q: project %s shows no video %q (a home video is one of its gallery or of a video block)",
			v.Path, p.Slug, rel))
		return
	}
	v.Project, v.Rel, v.Alt = p, rel, p.Title
	for _, g := range p.Gallery {
		if g.Path == rel {
			v.Alt = g.Alt
		}
	}
}
