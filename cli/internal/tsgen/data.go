// The data: the content's values in the shape of the types, with every
// image and document resolved and the derived fields computed.

package tsgen

import (
	"fmt"
	"math"
	"slices"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/images/manifest"
	"portfolio/cli/internal/richtext"
	"portfolio/cli/internal/schemamodel"
)

type resolver struct {
	project *content.Project
	assets  Assets
	// content is what site.yaml's derived fields are computed from.
	content *content.Content
}

// image resolves a path relative to the project folder to its variants.
func (r resolver) image(rel string) (obj, error) {
	if r.project == nil {
		return nil, fmt.Errorf("images are only supported in project files")
	}
	key := content.ProjectsDir + "/" + r.project.Slug + "/" + rel
	a, ok := r.assets[key]
	if !ok {
		return nil, fmt.Errorf("%s has no web variants: run `portfolio images`", key)
	}
	return obj{
		{"src", a.FallbackSrc()},
		{"width", a.Width},
		{"height", a.Height},
		{"srcset", obj{{"webp", a.Srcset(manifest.WebP)}, {"fallback", a.Srcset(a.FallbackType())}}},
		{"placeholder", a.Placeholder},
	}, nil
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
	return obj{{"href", d.Href(rel)}, {"bytes", d.Size}, {"size", content.SizeText(d.Size)}}, nil
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
		sources = append(sources, obj{{"src", a.Href(f)}, {"type", a.Info.Type}, {"bytes", a.Info.Size}})
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
		out = append(out, kv{"captions", obj{{"src", c.Href(captions)}, {"srclang", captionsLang}, {"label", captionsLabel}}})
	}
	return out, nil
}

// data converts a document value into ordered data, guided by its schema.
func (g *gen) data(root *schemamodel.Root, s *schemamodel.Schema, typeName string, v any, r resolver) (any, error) {
	if s.Ref != "" {
		def := schemamodel.DefName(s.Ref)
		switch def {
		case content.DefImagePath:
			rel, _ := v.(string)
			return r.image(rel)
		case content.DefDocumentPath:
			rel, _ := v.(string)
			return r.document(rel)
		case content.DefMarkdown:
			text, _ := v.(string)
			blocks, err := richtext.Parse(text)
			return normalize(any(blocks)), err
		}
		return g.data(root, root.Def(s.Ref), pascal(def), v, r)
	}
	switch x := v.(type) {
	case map[string]any:
		if branch, ok := s.Branch(x); ok {
			return g.data(root, branch, "", v, r)
		}
		out := obj{}
		d := derived[typeName]
		for _, p := range s.Properties {
			if slices.Contains(d.drop, p.Name) {
				continue
			}
			pv, ok := x[p.Name]
			if !ok {
				resolved, _ := root.Resolve(p.Schema)
				if !resolved.HasDefault {
					continue
				}
				pv = resolved.Default
			}
			val, err := g.data(root, p.Schema, typeName+pascal(p.Name), pv, r)
			if err != nil {
				return nil, err
			}
			if asset, ok := val.(obj); ok && p.Name == "src" && isImage(s) {
				out = append(out, asset...) // flattened: see isImage
				continue
			}
			out = append(out, kv{p.Name, val})
		}
		for _, f := range d.add {
			val, err := derive(typeName, f.name, r, x)
			if err != nil {
				return nil, err
			}
			out = append(out, kv{f.name, val})
		}
		return out, nil
	case []any:
		out := list{}
		for _, e := range x {
			val, err := g.data(root, s.Items, typeName+"Item", e, r)
			if err != nil {
				return nil, err
			}
			out = append(out, val)
		}
		return out, nil
	}
	return v, nil
}

func derive(typeName, field string, r resolver, v map[string]any) (any, error) {
	p := r.project
	switch typeName + "." + field {
	case "Category.backLink", "Category.built":
		slug, _ := v["slug"].(string)
		cat, ok := r.content.Category(slug)
		if !ok {
			return nil, fmt.Errorf("no category %q", slug)
		}
		if field == "built" {
			return cat.Built(), nil
		}
		return cat.BackLink, nil
	case "Project.slug":
		return p.Slug, nil
	case "Project.link":
		return p.Link(), nil
	case "Project.loadBody":
		return code(fmt.Sprintf("() => import('./%s/%s').then((m) => m.body)", BodyDir, p.Slug)), nil
	case "VideoBlock.video":
		src, _ := v["src"].(string)
		captions, _ := v["captions"].(string)
		var alternatives []string
		list, _ := v["alternatives"].([]any)
		for _, a := range list {
			if s, ok := a.(string); ok {
				alternatives = append(alternatives, s)
			}
		}
		return r.video(src, alternatives, captions)
	case "GalleryBlock.images":
		title, _ := p.Doc.Value.(map[string]any)["title"].(string)
		images := list{}
		for i, img := range p.Gallery {
			n := i + 1
			asset := obj{{"src", img.URL}, {"width", img.Width}, {"height", img.Height}}
			var video obj
			switch {
			case img.Poster != "":
				var err error
				if video, err = r.video(img.Path, nil, ""); err != nil {
					return nil, err
				}
				if asset, err = r.image(img.Poster); err != nil {
					return nil, err
				}
			case img.URL == "":
				var err error
				if asset, err = r.image(img.Path); err != nil {
					return nil, err
				}
			}
			asset = append(asset, kv{"alt", content.GalleryAlt(title, n, img.Alt)})
			if img.Caption != "" {
				asset = append(asset, kv{"caption", img.Caption})
			}
			if video != nil {
				asset = append(asset, kv{"label", fmt.Sprintf("Open video %d", n)}, kv{"video", video})
			} else {
				asset = append(asset, kv{"label", fmt.Sprintf("Open image %d", n)})
			}
			images = append(images, asset)
		}
		return images, nil
	}
	return nil, fmt.Errorf("no rule derives %s.%s", typeName, field)
}
