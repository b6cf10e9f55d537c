// The data: the content's values in the shape of the types, with every
// image and document resolved and the derived fields computed.

package tsgen

import (
	"fmt"
	"math"
	"path"
	"reflect"
	"strconv"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/images/manifest"
	"portfolio/cli/internal/photofacts"
	"portfolio/cli/internal/richtext"
)

// resolver serialises the values of one file: site.yaml (project nil) or
// a project's.
type resolver struct {
	project *content.Project
	assets  Assets
	// pub records the site's files the module names (private.go); nil
	// records nothing.
	pub *published
	// downloads names each photo's own download by its path in the
	// project (PhotoDownloads).
	downloads map[string]string
}

// image resolves a path relative to the project folder to its variants.
func (r resolver) image(rel string) (obj, error) {
	if r.project == nil {
		return nil, fmt.Errorf("images are only supported in project files")
	}
	return r.asset(r.project.ImageKey(rel))
}

// asset is the image of the manifest key's variants.
func (r resolver) asset(key string) (obj, error) {
	a, ok := r.assets[key]
	if !ok {
		return nil, fmt.Errorf("%s has no web variants: run `portfolio images`", key)
	}
	// AVIF first, where `portfolio images` kept it (absent where it did
	// not pay), then WebP, then the fallback: a picture's sources' order.
	var srcset obj
	if avif := a.Srcset(manifest.AVIF); avif != "" {
		srcset = append(srcset, kv{"avif", r.srcset(avif)})
	}
	srcset = append(srcset, kv{"webp", r.srcset(a.Srcset(manifest.WebP))}, kv{"fallback", r.srcset(a.Srcset(a.FallbackType()))})
	src := r.url(a.FallbackSrc())
	if a.CDN() {
		// Netlify Image CDN answers each address of one srcset in the
		// best format the browser's Accept header names; every address
		// is made from where the original is published.
		published := r.url(a.Original())
		parts := make([]string, len(a.Widths))
		for i, w := range a.Widths {
			parts[i] = r.cdn(published, w) + " " + strconv.Itoa(w) + "w"
		}
		srcset = obj{{"fallback", strings.Join(parts, ", ")}}
		if a.AVIF && !r.private() {
			// A photograph: AVIF asked for by name, since without fm the
			// Image CDN prefers WebP to it (decision 0104).
			avif := make([]string, len(a.Widths))
			for i, w := range a.Widths {
				avif[i] = manifest.CDNAVIFAddress(published, w) + " " + strconv.Itoa(w) + "w"
			}
			srcset = obj{{"avif", strings.Join(avif, ", ")}, srcset[0]}
		}
		src = r.cdn(published, a.CDNSrcWidth())
		if r.private() {
			// One file, the original, at its own width.
			srcset = obj{{"fallback", published + " " + strconv.Itoa(a.Variants[0].Width) + "w"}}
		}
	}
	return obj{
		{"src", src},
		{"width", a.Width},
		{"height", a.Height},
		{"srcset", srcset},
		{"placeholder", a.Placeholder},
	}, nil
}

// private says whether the file being resolved is a private project's.
func (r resolver) private() bool { return r.project != nil && r.project.Private() }

// cdn is the address of the image published at the site path published,
// at width w: its Image CDN address, or, for a private project's, the
// file itself: Netlify Image CDN fetches its sources past the Edge
// Function that guards the prefix (decision 0080). Every Image CDN
// address of a page is made here.
func (r resolver) cdn(published string, w int) string {
	if r.private() {
		return published
	}
	return manifest.CDNAddress(published, w)
}

// document resolves a path relative to the project folder to the
// published document.
func (r resolver) document(rel string) (obj, error) {
	if r.project == nil {
		return nil, fmt.Errorf("documents are only supported in project files")
	}
	d, ok := r.project.Documents[rel]
	if !ok {
		return nil, fmt.Errorf("%s: the document was not checked: run `portfolio validate`", rel)
	}
	return obj{{"href", r.url(d.Href(rel))}, {"bytes", d.Size}, {"size", content.SizeText(d.Size)}}, nil
}

// Captions are in the page's language: the site is written in English
// (site/index.html's lang).
const captionsLang, captionsLabel = "en", "English"

// video resolves a video of the project folder, with its alternative
// encodings (offered first) and its captions, to its published files and
// its poster's variants.
func (r resolver) video(rel string, alternatives []string, captions string) (obj, error) {
	if r.project == nil {
		return nil, fmt.Errorf("videos are only supported in project files")
	}
	v, ok := r.project.Videos[rel]
	if !ok {
		return nil, fmt.Errorf("%s: the video was not checked: run `portfolio validate`", rel)
	}
	poster, err := r.image(v.Poster)
	if err != nil {
		return nil, err
	}
	sources := list{}
	for _, f := range append(alternatives, rel) {
		a, ok := r.project.Videos[f]
		if !ok {
			return nil, fmt.Errorf("%s: the video was not checked: run `portfolio validate`", f)
		}
		sources = append(sources, obj{{"src", r.url(a.Href(f))}, {"type", a.Info.Type}, {"bytes", a.Info.Size}})
	}
	seconds := math.Round(v.Info.Duration.Seconds()*1000) / 1000
	whole := int(math.Round(v.Info.Duration.Seconds()))
	out := obj{
		{"sources", sources},
		{"width", v.Info.Width},
		{"height", v.Info.Height},
		{"duration", seconds},
		{"durationText", fmt.Sprintf("%d:%02d", whole/60, whole%60)},
		{"audio", v.Info.Audio},
		{"poster", poster},
	}
	if captions != "" {
		c, ok := r.project.Captions[captions]
		if !ok {
			return nil, fmt.Errorf("%s: the captions were not checked: run `portfolio validate`", captions)
		}
		out = append(out, kv{"captions", obj{{"src", r.url(c.Href(captions))}, {"srclang", captionsLang}, {"label", captionsLabel}}})
	}
	return out, nil
}

// value serialises a typed content value as ordered data: a struct's
// fields in their order under their ts names (json for rich text), a list
// item by item. The
// kinds the schemas define (ImagePath, Markdown, DocumentPath) and the
// loaded files (a video, a gallery's images) become what the site shows:
// their web variants, rich text, the published files.
func (r resolver) value(v reflect.Value) (any, error) {
	switch x := v.Interface().(type) {
	case content.ImagePath:
		return r.image(string(x))
	case content.DocumentPath:
		return r.document(string(x))
	case content.Markdown:
		blocks, err := richtext.Parse(string(x))
		if err != nil {
			return nil, err
		}
		return r.value(reflect.ValueOf(blocks))
	case content.VideoRef:
		return r.video(x.Src, x.Alternatives, x.Captions)
	case content.GalleryImage:
		return r.galleryImage(x)
	case content.HomePhoto:
		return r.homePhoto(x)
	case content.HomeVideo:
		return r.homeVideo(x)
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		return r.value(v.Elem())
	case reflect.Struct:
		out := obj{}
		for i := range v.NumField() {
			if v.Type().Field(i).Anonymous { // ProjectDetails: its fields in its place
				val, err := r.value(v.Field(i))
				if err != nil {
					return nil, err
				}
				out = append(out, val.(obj)...)
				continue
			}
			tag, ok := v.Type().Field(i).Tag.Lookup("ts")
			if !ok {
				tag = v.Type().Field(i).Tag.Get("json") // rich text's fields
			}
			name, opts, _ := strings.Cut(tag, ",")
			f := v.Field(i)
			if name == "-" || name == "" || strings.Contains(opts, "omitempty") && f.IsZero() {
				continue
			}
			val, err := r.value(f)
			if err != nil {
				return nil, err
			}
			if asset, ok := val.(obj); ok && opts == "inline" {
				out = append(out, asset...) // an image with more to say: see isImage
				continue
			}
			out = append(out, kv{name, val})
		}
		return out, nil
	case reflect.Slice:
		out := list{}
		for i := range v.Len() {
			val, err := r.value(v.Index(i))
			if err != nil {
				return nil, err
			}
			out = append(out, val)
		}
		return out, nil
	case reflect.String:
		return v.String(), nil // rich text's Text, as plain text
	}
	return v.Interface(), nil
}

// listed is a project as the projects list has it: its fields but the
// body, then its slug, link, and what loads the body from its own module.
func (r resolver) listed(p *content.Project) (any, error) {
	v, err := r.value(reflect.ValueOf(p.ProjectData))
	if err != nil {
		return nil, err
	}
	return append(v.(obj),
		kv{"slug", p.Slug},
		kv{"link", p.Link()},
		kv{"loadBody", code(fmt.Sprintf("() => import('./%s/%s').then((m) => m.body)", BodyDir, p.Slug))},
	), nil
}

// galleryImage is one image of a gallery, as its tile and the lightbox
// show it.
func (r resolver) galleryImage(img content.GalleryImage) (obj, error) {
	asset := obj{{"src", img.URL}, {"width", img.Width}, {"height", img.Height}}
	var video obj
	if img.Key != "" {
		var err error
		if asset, err = r.asset(img.Key); err != nil {
			return nil, err
		}
	}
	if img.Poster != "" {
		var err error
		if video, err = r.video(img.Path, nil, ""); err != nil {
			return nil, err
		}
	}
	asset = append(asset, kv{"alt", img.Alt})
	if img.Caption != "" {
		asset = append(asset, kv{"caption", img.Caption})
	}
	asset = append(asset, kv{"label", img.Label})
	if video != nil {
		asset = append(asset, kv{"video", video})
	}
	if img.Facts != nil {
		asset = append(asset, kv{"exif", photoFacts(*img.Facts)})
	}
	if r.project != nil && r.project.Private() && img.Path != "" {
		asset = append(asset, kv{"file", path.Base(img.Path)})
	}
	if name, ok := r.downloads[img.Path]; ok && img.Path != "" {
		asset = append(asset, kv{"download", DownloadLink(r.project, name)})
	}
	return asset, nil
}

// photoFacts is a photo's facts as the page shows them, each left out
// when the file does not record it.
func photoFacts(f photofacts.Facts) obj {
	out := obj{}
	for _, fact := range []kv{
		{"camera", f.Camera()}, {"lens", f.Lens()}, {"focalLength", f.Focal()},
		{"aperture", f.Aperture()}, {"shutter", f.Shutter()}, {"iso", int(f.ISO)}, {"taken", f.Taken()},
	} {
		if fact.v != "" && fact.v != 0 {
			out = append(out, fact)
		}
	}
	return out
}

// homePhoto is a photograph of the home page: its image's variants, alt
// text, project and place in the gallery.
func (r resolver) homePhoto(ph content.HomePhoto) (obj, error) {
	asset, err := r.asset(ph.Key)
	if err != nil {
		return nil, err
	}
	asset = append(asset, kv{"alt", ph.Alt}, kv{"project", ph.Project})
	if ph.N > 0 {
		asset = append(asset, kv{"photo", ph.N})
	}
	return asset, nil
}

// homeVideo is the home page's video, resolved as its project's.
func (r resolver) homeVideo(v content.HomeVideo) (obj, error) {
	if v.Project == nil {
		return nil, fmt.Errorf("home video %s was not checked: run `portfolio validate`", v.Path)
	}
	video, err := resolver{project: v.Project, assets: r.assets, pub: r.pub}.video(v.Rel, nil, "")
	if err != nil {
		return nil, err
	}
	return obj{{"video", video}, {"alt", v.Alt}, {"project", v.Project.Slug}}, nil
}
