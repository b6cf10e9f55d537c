// A gallery's settings and order: the block's, its category's and the
// site's settings resolved once, each photo's facts read from its file
// when they are shown or order the gallery, and the gallery put in order.

package content

import (
	"cmp"
	"path"
	"slices"

	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/photofacts"
)

// The values of a gallery's exif and order settings that ask for the
// photos' facts.
const (
	ExifShow   = "show"
	OrderTaken = "taken"
)

// OrderTexts orders a gallery as its block's texts list names the files
// (decision 0081): the one order the browser editor can change.
const OrderTexts = "texts"

// resolveGallery completes the gallery block's settings: what the block
// leaves out comes from its category's gallery, then from the site's
// (whose own defaults the schema gave). Columns are merged breakpoint by
// breakpoint.
func resolveGallery(b *GalleryBlock, cat *GalleryOptions, site Gallery) {
	levels := []GalleryOptions{{Columns: b.Columns, Exif: b.Exif, Order: b.Order, Reverse: b.Reverse}}
	if cat != nil {
		levels = append(levels, *cat)
	}
	levels = append(levels, GalleryOptions{Columns: site.Columns, Exif: site.Exif, Order: site.Order, Reverse: &site.Reverse})
	var out GalleryOptions
	for _, l := range levels {
		out.Columns.XS = cmp.Or(out.Columns.XS, l.Columns.XS)
		out.Columns.SM = cmp.Or(out.Columns.SM, l.Columns.SM)
		out.Columns.MD = cmp.Or(out.Columns.MD, l.Columns.MD)
		out.Columns.LG = cmp.Or(out.Columns.LG, l.Columns.LG)
		out.Columns.XL = cmp.Or(out.Columns.XL, l.Columns.XL)
		out.Exif = cmp.Or(out.Exif, l.Exif)
		out.Order = cmp.Or(out.Order, l.Order)
		if out.Reverse == nil && l.Reverse != nil {
			reverse := *l.Reverse
			out.Reverse = &reverse
		}
	}
	b.Columns, b.Exif, b.Order, b.Reverse = out.Columns, out.Exif, out.Order, out.Reverse
}

// galleryBlock is the project's gallery block, or nil.
func (p *Project) galleryBlock() *GalleryBlock {
	if p.gallery == nil {
		return nil
	}
	b, _ := p.blockAt(p.gallery.pointer).(*GalleryBlock)
	return b
}

// resolveGalleries resolves every gallery block's settings, then reads the
// facts of the photos of those that show them or are ordered by them, on
// all cores.
func (l *loader) resolveGalleries(c *Content) {
	var site Gallery
	if c.Site != nil {
		site = c.Site.Gallery
	}
	type task struct {
		p     *Project
		rel   string
		facts photofacts.Facts
	}
	var tasks []*task
	for _, p := range c.Projects {
		b := p.galleryBlock()
		if b == nil {
			continue
		}
		cat, _ := c.Category(p.Page)
		resolveGallery(b, cat.Gallery, site)
		if b.Exif != ExifShow && b.Order != OrderTaken {
			continue
		}
		p.facts = map[string]photofacts.Facts{}
		for _, rel := range p.gallery.files {
			if _, ok := p.Images[rel]; ok {
				tasks = append(tasks, &task{p: p, rel: rel})
			}
		}
	}
	parallel(len(tasks), func(i int) {
		t := tasks[i]
		format := map[imagecheck.Format]photofacts.Format{
			imagecheck.JPEG: photofacts.JPEG, imagecheck.PNG: photofacts.PNG, imagecheck.WebP: photofacts.WebP,
		}[t.p.Images[t.rel].Format]
		// A file that cannot be read now was reported when it was inspected.
		t.facts, _ = photofacts.File(t.p.Dir+"/"+t.rel, format)
	})
	for _, t := range tasks {
		t.p.facts[t.rel] = t.facts
	}
}

// orderGallery puts the gallery folder's images in the order the block
// asks for and gives each its facts when they are shown. Ordered by date
// taken, the photos without one come last, in file-name order, and each
// is a warning.
func (l *loader) orderGallery(p *Project, local []GalleryImage) {
	b := p.galleryBlock()
	if b == nil {
		return
	}
	for i := range local {
		if f := p.facts[local[i].Path]; b.Exif == ExifShow && !f.IsZero() {
			local[i].Facts = &f
		}
	}
	reverse := b.Reverse != nil && *b.Reverse
	if b.Order == OrderTexts {
		// The files texts names, in its order; the rest keep file-name
		// order after them (a stable sort).
		rank := map[string]int{}
		for i, t := range b.Texts {
			rank[t.File] = i + 1
		}
		at := func(img GalleryImage) int {
			if r := rank[path.Base(img.Path)]; r > 0 {
				return r
			}
			return len(b.Texts) + 1
		}
		slices.SortStableFunc(local, func(x, y GalleryImage) int { return cmp.Compare(at(x), at(y)) })
	}
	if b.Order != OrderTaken {
		if reverse {
			slices.Reverse(local)
		}
		return
	}
	taken := func(img GalleryImage) string { return p.facts[img.Path].Taken() }
	// The dated photos by the time the camera recorded (its wall clock:
	// the offset, when there is one, is not compared), then the rest; a
	// stable sort keeps file-name order among equals.
	slices.SortStableFunc(local, func(a, b GalleryImage) int {
		ta, tb := taken(a), taken(b)
		switch {
		case ta == "" || tb == "":
			return cmp.Compare(boolInt(ta == ""), boolInt(tb == ""))
		case reverse:
			return cmp.Compare(wallClock(tb), wallClock(ta))
		}
		return cmp.Compare(wallClock(ta), wallClock(tb))
	})
	for _, img := range local {
		if taken(img) != "" || img.Poster != "" {
			continue // a video has no date to set: it follows the photos
		}
		l.add(p.Doc.Diag(diag.Warning, p.gallery.pointer,
			"set its date taken in a photo editor, or leave it: it is shown after the dated photos",
			"%s has no date taken (EXIF DateTimeOriginal): `order: taken` puts it after the dated photos, in file-name order",
			img.Path))
	}
}

// wallClock is an ISO 8601 date and time without its offset.
func wallClock(iso string) string { return iso[:min(len(iso), len("2006-01-02T15:04:05"))] }

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
