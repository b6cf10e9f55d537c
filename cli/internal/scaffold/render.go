package scaffold

import (
	"fmt"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/english"
	"portfolio/cli/internal/yamltext"
)

// Modeline is project.yaml's first line: editors find the schema through it
// and check the file as the owner types.
const Modeline = ModelinePrefix + "../../../schema/project.schema.json"

// ModelinePrefix starts the first line of every YAML file the commands
// write: the schema's path follows.
const ModelinePrefix = "# yaml-language-server: $schema="

// Render returns project.yaml for the plan: the modeline, then every answer
// with a short comment that says what it is for, then the page's blocks: the
// gallery and the links after a commented example of a text block for the
// story (the description is on the card already and is never repeated; the
// cover opens a page that has nothing else). Pure: the same plan gives the same bytes.
func Render(p *Plan) []byte {
	a := p.Answers
	var b strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	pageLabel := a.Category
	if pageLabel == "" {
		pageLabel = a.Page
	}
	modeline := Modeline
	if p.Dir != "" {
		// The schema as an editor finds it from the project's folder,
		// wherever the content folder lives.
		modeline = ModelinePrefix + SchemaRef(p.Dir, "project.schema.json", Modeline[len(ModelinePrefix):])
	}
	line("%s", modeline)
	line("# %s project, made by `portfolio new project`. Page: %s%s", pageLabel, content.ProjectRoute, a.Slug)
	line("# Check it with `portfolio validate`; see it with `portfolio serve`.")
	renderDetails(line, &a)
	line("# Cover image on cards and in link previews, beside this file.")
	line("cover: %s", yamltext.Scalar(p.Cover.Name))
	line("# The page, top to bottom. Blocks: text, image, gallery, video, document,")
	line("# caseStudy, screenshots, prototype. Text takes *emphasis*, **strong**,")
	line("# [links](https://…) and lists; separate paragraphs with a blank line.")
	line("body:")
	// The description is on the card and in the meta tags already: the
	// page's story is the owner's to write, so it is only suggested.
	line("  # Tell the project's story here, e.g.:")
	line("  # - type: text")
	line("  #   heading: The challenge")
	line("  #   text: |")
	line("  #     What the project was for, what you did, what came of it.")
	if len(p.Gallery) == 0 && a.Document == nil && a.Prototype == nil {
		// A page needs one block: the cover opens it until the story is
		// written (the description would only repeat the card's text).
		line("  # The cover opens the page until there is more; alt says what it shows.")
		line("  - type: image")
		line("    src: %s", yamltext.Scalar(p.Cover.Name))
		line("    alt: %s", yamltext.Scalar(a.CoverAlt))
	}
	if len(p.Gallery) > 0 {
		renderGallery(line, p)
	}
	renderLinks(line, p)
	return []byte(b.String())
}

// renderDetails writes the project's details in the schema's order, each
// under its comment (content.ProjectDetails); an optional one left empty
// is left out.
func renderDetails(line func(format string, args ...any), a *Answers) {
	for _, f := range content.DetailFields() {
		if !f.InFile || f.Optional && f.IsEmpty(&a.Details) {
			continue
		}
		if f.Comment != "" {
			for _, c := range strings.Split(strings.ReplaceAll(f.Comment, "{page}", a.Page), "\n") {
				line("# %s", c)
			}
		}
		switch v := f.Ptr(&a.Details).(type) {
		case *[]string:
			line("%s:", f.Key)
			for _, s := range *v {
				line("  - %s", yamltext.Scalar(s))
			}
		case *bool:
			line("%s: %t", f.Key, *v)
		case *string:
			line("%s: %s", f.Key, yamltext.Scalar(*v))
		}
	}
}

// renderGallery writes the gallery block: what it shows, and the texts
// given for its images.
func renderGallery(line func(format string, args ...any), p *Plan) {
	a := p.Answers
	n := len(p.Gallery)
	first, last := p.Gallery[0].Name[len(content.GalleryDir)+1:], p.Gallery[n-1].Name[len(content.GalleryDir)+1:]
	if v := len(p.Posters); v > 0 {
		line("  # Every image and video in gallery/ in file-name order: %s to %s (%s and %s, each video with its poster beside it).",
			first, last, english.Count(n-v, "image"), english.Count(v, "video"))
	} else {
		line("  # Every image in gallery/ in file-name order: %s to %s (%s).", first, last, english.Count(n, "image"))
	}
	line("  - type: gallery")
	described := false
	for i, t := range a.Texts {
		if i >= n || t.Alt == "" && t.Caption == "" {
			continue
		}
		if !described {
			line("    # Alt text (what each picture shows) and captions, by file name; they follow")
			line("    # their image when `portfolio gallery` reorders the files.")
			line("    texts:")
			described = true
		}
		line("      - file: %s", yamltext.Scalar(p.Gallery[i].Name[len(content.GalleryDir)+1:]))
		if t.Alt != "" {
			line("        alt: %s", yamltext.Scalar(t.Alt))
		}
		if t.Caption != "" {
			line("        caption: %s", yamltext.Scalar(t.Caption))
		}
	}
}

// renderLinks writes the document and prototype blocks, when given.
func renderLinks(line func(format string, args ...any), p *Plan) {
	a := p.Answers
	if d := a.Document; d != nil {
		if p.Document != nil {
			line("  # A PDF in this folder, opened in a new tab; the build publishes it.")
			line("  - type: document")
			line("    label: %s", yamltext.Scalar(d.Label))
			line("    file: %s", yamltext.Scalar(p.Document.Name))
		} else {
			line("  # A link to an external document, opened in a new tab.")
			line("  - type: document")
			line("    label: %s", yamltext.Scalar(d.Label))
			line("    url: %s", yamltext.Scalar(d.URL))
		}
	}
	if pr := a.Prototype; pr != nil {
		line("  # A Figma prototype in a sandboxed frame; title names the frame for screen readers.")
		line("  - type: prototype")
		line("    title: %s", yamltext.Scalar(pr.Title))
		line("    url: %s", yamltext.Scalar(pr.URL))
	}
}
