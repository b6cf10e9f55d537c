// Package scaffold creates a new project folder from the owner's answers:
// it checks every answer by the rules and in the words of `portfolio
// validate` (package fieldcheck), renders project.yaml with its schema
// modeline and short comments, copies the cover and the gallery images
// in, and moves the finished folder into place in one step (package
// stage), so a failure or an interruption leaves nothing behind and an
// existing project is never touched.
package scaffold

import (
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/fieldcheck"
)

// Answers are what the owner tells about a new project: its details (the
// one list of them, content.Details: decision 0110) and the rest. Paths
// (cover, gallery) are files on the owner's disk, not yet in the content
// folder.
type Answers struct {
	content.Details
	Slug string // empty: made from the title
	// Cover is the cover image to copy next to project.yaml.
	Cover string
	// Gallery lists folders (their images in natural file-name order) and
	// image files, in the order the gallery shows them.
	Gallery []string
	// Texts are the gallery images' alt texts and captions, in gallery
	// order; an image past the end, or with both empty, has the alt text
	// "<title> <n>" alone (a given one follows it).
	Texts     []ImageText
	Document  *Document
	Prototype *Prototype
}

// ImageText is one gallery image's alt text and caption.
type ImageText struct {
	Alt     string `yaml:"alt"`
	Caption string `yaml:"caption"`
}

// Document is a link to a document, opened in a new tab: a PDF of the
// owner's (File, copied into the project folder) or one on another site
// (URL).
type Document struct {
	Label string `yaml:"label"`
	URL   string `yaml:"url"`
	File  string `yaml:"file"`
}

// Prototype is a Figma prototype embedded in the page.
type Prototype struct {
	Title string `yaml:"title"`
	URL   string `yaml:"url"`
}

// NewAnswers returns answers with the defaults a new project starts from,
// the schema's: active, not featured.
func NewAnswers() Answers {
	var a Answers
	a.ProjectDetails = content.ProjectDefaults().ProjectDetails
	return a
}

// Normalize trims every text answer and drops empty skills and gallery
// entries, so that what is checked is what is written.
func (a *Answers) Normalize() {
	for _, f := range content.DetailFields() {
		switch v := f.Ptr(&a.Details).(type) {
		case *string:
			*v = strings.TrimSpace(*v)
		case *[]string:
			*v = fieldcheck.TrimList(*v)
		}
	}
	a.Slug, a.Cover = strings.TrimSpace(a.Slug), fieldcheck.CleanPath(strings.TrimSpace(a.Cover))
	a.Gallery = fieldcheck.TrimList(a.Gallery)
	for i := range a.Texts {
		a.Texts[i].Alt, a.Texts[i].Caption = strings.TrimSpace(a.Texts[i].Alt), strings.TrimSpace(a.Texts[i].Caption)
	}
	if d := a.Document; d != nil {
		d.Label, d.URL, d.File = strings.TrimSpace(d.Label), strings.TrimSpace(d.URL), strings.TrimSpace(d.File)
		if d.File == "" && d.URL != "" && !fieldcheck.IsAddress(d.URL) {
			d.File, d.URL = d.URL, "" // a path given as the document's address
		}
		d.File = fieldcheck.CleanPath(d.File)
		if d.Label == "" && d.URL == "" && d.File == "" {
			a.Document = nil
		}
	}
	if p := a.Prototype; p != nil {
		p.Title, p.URL = strings.TrimSpace(p.Title), strings.TrimSpace(p.URL)
		if p.Title == "" && p.URL == "" {
			a.Prototype = nil
		}
	}
}

// Required names the answers a project cannot do without, in the order the
// form asks them: the required details (content.DetailField.Required) and
// the cover. Slug and category have defaults (from the title and the
// page), featured and active too; gallery and links are optional. The
// cover's alt text is required too when the cover opens the page
// (CoverOpensPage).
var Required = func() []string {
	var out []string
	for _, f := range content.AskedDetails() {
		if f.Required() {
			out = append(out, f.Key)
		}
	}
	return append(out, "cover")
}()

// CoverOpensPage reports whether the page opens with the cover, in an
// image block whose alt text is CoverAlt: it has no gallery, document or
// prototype, and the description is never repeated as a text block.
func (a *Answers) CoverOpensPage() bool {
	return len(fieldcheck.TrimList(a.Gallery)) == 0 && a.Document == nil && a.Prototype == nil
}

// Missing lists the required answers that are empty, by name.
func (a *Answers) Missing() []string {
	var out []string
	for _, name := range Required {
		if a.isEmpty(name) {
			out = append(out, name)
		}
	}
	if a.CoverOpensPage() && a.CoverAlt == "" {
		out = append(out, "coverAlt")
	}
	if d := a.Document; d != nil {
		if d.Label == "" {
			out = append(out, "document.label")
		}
		if d.URL == "" && d.File == "" {
			out = append(out, "document.url")
		}
	}
	if p := a.Prototype; p != nil {
		if p.Title == "" {
			out = append(out, "prototype.title")
		}
		if p.URL == "" {
			out = append(out, "prototype.url")
		}
	}
	return out
}

func (a *Answers) isEmpty(name string) bool {
	if f, ok := content.DetailByKey(name); ok {
		return f.IsEmpty(&a.Details)
	}
	return name == "cover" && a.Cover == ""
}

// Page is one category a project can be listed on, as site.yaml declares it.
type Page struct {
	Name  string // the value of `page:`, the category's slug
	Label string // the category's title, the default category label
}

// Categories returns the categories the content folder's site.yaml
// declares, in its order (the navigation's): what the form offers for
// `page`. None when site.yaml cannot be read or declares none.
func Categories(contentDir string) []Page {
	var out []Page
	for _, c := range content.ReadCategories(contentDir) {
		out = append(out, Page{Name: c.Slug, Label: c.Title})
	}
	return out
}

// CategoryLabels returns the default category label of each page: the
// title site.yaml gives its category.
func CategoryLabels(contentDir string) map[string]string {
	out := map[string]string{}
	for _, p := range Categories(contentDir) {
		if len(p.Label) <= 40 {
			out[p.Name] = p.Label
		}
	}
	return out
}
