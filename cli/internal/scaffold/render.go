package scaffold

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/goccy/go-yaml"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/english"
)

// Modeline is project.yaml's first line: editors find the schema through it
// and check the file as the owner types.
const Modeline = ModelinePrefix + "../../../schema/project.schema.json"

// ModelinePrefix starts the first line of every YAML file the commands
// write: the schema's path follows.
const ModelinePrefix = "# yaml-language-server: $schema="

func textBlock(text string) map[string]any { return map[string]any{"type": "text", "text": text} }

// Render returns project.yaml for the plan: the modeline, then every answer
// with a short comment that says what it is for, then the page's blocks: the
// gallery and the links after a commented example of a text block for the
// story (the description is on the card already and is never repeated; the
// cover opens a page that has nothing else). Pure: the same plan gives the same bytes.
func Render(p *Plan) []byte {
	a := p.Answers
	var b strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	pageLabel := a.Page
	if pg, ok := PageNamed(a.Page); ok {
		pageLabel = pg.Label
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
	line("title: %s", scalar(a.Title))
	line("subtitle: %s", scalar(a.Subtitle))
	line("# Card text and the page's meta description: one or two sentences.")
	line("description: %s", scalar(a.Description))
	line("role: %s", scalar(a.Role))
	line("skills:")
	for _, s := range a.Skills {
		line("  - %s", scalar(s))
	}
	line("# category: the badge on the card; page: the category page that lists the")
	line("# project (web-design, graphics, photography or higher-education).")
	line("category: %s", scalar(a.Category))
	line("page: %s", scalar(a.Page))
	line("# featured: shown in Selected Work on the home page; active: listed on /%s.", a.Page)
	line("featured: %t", a.Featured)
	line("active: %t", a.Active)
	line("# Cover image on cards and in link previews, beside this file.")
	line("cover: %s", scalar(p.Cover.Name))
	line("# The page, top to bottom. Blocks: text, image, gallery, document, caseStudy,")
	line("# screenshots, prototype. Text takes *emphasis*, **strong**, [links](https://…)")
	line("# and lists; separate paragraphs with a blank line.")
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
		line("    src: %s", scalar(p.Cover.Name))
		line("    alt: %s", scalar(a.Title))
	}
	if len(p.Gallery) > 0 {
		n := len(p.Gallery)
		line("  # Every image in gallery/ in file-name order: %s to %s (%s).",
			p.Gallery[0].Name[len(content.GalleryDir)+1:], p.Gallery[n-1].Name[len(content.GalleryDir)+1:], english.Count(n, "image"))
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
			line("      - file: %s", scalar(p.Gallery[i].Name[len(content.GalleryDir)+1:]))
			if t.Alt != "" {
				line("        alt: %s", scalar(t.Alt))
			}
			if t.Caption != "" {
				line("        caption: %s", scalar(t.Caption))
			}
		}
	}
	if d := a.Document; d != nil {
		if p.Document != nil {
			line("  # A PDF in this folder, opened in a new tab; the build publishes it.")
			line("  - type: document")
			line("    label: %s", scalar(d.Label))
			line("    file: %s", scalar(p.Document.Name))
		} else {
			line("  # A link to an external document, opened in a new tab.")
			line("  - type: document")
			line("    label: %s", scalar(d.Label))
			line("    url: %s", scalar(d.URL))
		}
	}
	if pr := a.Prototype; pr != nil {
		line("  # A Figma prototype in a sandboxed frame; title names the frame for screen readers.")
		line("  - type: prototype")
		line("    title: %s", scalar(pr.Title))
		line("    url: %s", scalar(pr.URL))
	}
	return []byte(b.String())
}

// Scalar writes s as a YAML scalar that reads back as exactly s: plain when
// it is unambiguous, double-quoted otherwise. `portfolio init` writes
// site.yaml with it too.
func Scalar(s string) string { return scalar(s) }

func scalar(s string) string {
	if plainOK(s) {
		return s
	}
	return quote(s)
}

func plainOK(s string) bool {
	if s == "" || s != strings.TrimSpace(s) || strings.ContainsAny(s[:1], "-?:,[]{}#&*!|>'\"%@`") {
		return false
	}
	if strings.Contains(s, ": ") || strings.Contains(s, " #") || strings.HasSuffix(s, ":") {
		return false
	}
	for _, r := range s {
		if !unicode.IsPrint(r) || r == '\t' {
			return false
		}
	}
	// Words YAML reads as something else: true, null, 2024, 1e3, …
	var v any
	if err := yaml.Unmarshal([]byte("v: "+s), &v); err != nil {
		return false
	}
	m, ok := v.(map[string]any)
	return ok && m["v"] == s
}

// quote writes a double-quoted YAML scalar. YAML's escapes are a superset of
// Go's for valid UTF-8 text, which is all the answers can be.
func quote(s string) string { return strconv.Quote(s) }
