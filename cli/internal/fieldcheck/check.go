// Package fieldcheck checks the owner's answers one at a time (a form
// field, a flag, a key of an answers file) by the rules and in the words
// of `portfolio validate`: the value against the schema (CheckPart), the
// files named (an image as validate inspects it, a PDF's header), a slug
// not taken. A problem is a *FieldError with a hint. It also reads the
// answers typed on one line: paths as a file manager pastes them, gallery
// sources, comma-separated skills.
package fieldcheck

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/content/schemacheck"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/imagecheck"
)

// FieldError is a problem with one answer: what is wrong, in the words of
// `portfolio validate`, and how to fix it.
type FieldError struct {
	Field string // the answer's name: "title", "document.url", …
	Msg   string
	Hint  string
	kind  error // ErrExists, or nil
}

func (e *FieldError) Error() string { return e.Msg }

// Unwrap lets errors.Is tell a slug already taken (ErrExists).
func (e *FieldError) Unwrap() error { return e.kind }

// Text is the message followed by its hint, for an inline form error.
func (e *FieldError) Text() string {
	if e.Hint == "" {
		return e.Msg
	}
	return e.Msg + " — " + e.Hint
}

// Problems are the answers that are not valid, one error each.
type Problems []*FieldError

func (p Problems) Error() string {
	msgs := make([]string, len(p))
	for i, e := range p {
		msgs[i] = e.Field + ": " + e.Msg
	}
	return strings.Join(msgs, "; ")
}

// Unwrap lets errors.Is and errors.As look at each problem.
func (p Problems) Unwrap() []error {
	out := make([]error, len(p))
	for i, e := range p {
		out[i] = e
	}
	return out
}

// ErrExists is the kind of error a slug already taken gives.
var ErrExists = errors.New("project already exists")

// CheckPart checks the property at pointer of a file that holds values
// alone (schemacheck.Partial), by the rules of schema
// (schemacheck.ProjectSchema or schemacheck.SiteSchema), and returns the
// first error as a *FieldError named field: the one check every form field
// and flag goes through.
func CheckPart(schema func() (*schemacheck.Schema, error), field, pointer string, values ...schemacheck.Value) error {
	s, err := schema()
	if err != nil {
		return err // the embedded schema does not compile: a bug, reported as is
	}
	problems, err := content.CheckPart(s, pointer, values...)
	if err != nil {
		return err
	}
	for _, d := range problems {
		if d.Severity == diag.Error {
			return &FieldError{Field: field, Msg: d.Message, Hint: d.Hint}
		}
	}
	return nil
}

// checkPart checks the value at pointer of a project.yaml holding values.
func checkPart(field, pointer string, values ...schemacheck.Value) error {
	return CheckPart(schemacheck.ProjectSchema, field, pointer, values...)
}

func checkProperty(name, value string) error {
	return checkPart(name, "/"+name, schemacheck.Value{Pointer: "/" + name, Value: value})
}

// ValidateCategory checks the card's badge label.
func ValidateCategory(s string) error { return checkProperty("category", strings.TrimSpace(s)) }

// ValidatePage checks the category page's name.
func ValidatePage(s string) error { return checkProperty("page", strings.TrimSpace(s)) }

// ValidateDeclaredPage checks that s names a category the content folder's
// site.yaml declares, in the words of `portfolio validate`.
func ValidateDeclaredPage(contentDir, s string) error {
	s = strings.TrimSpace(s)
	if err := ValidatePage(s); err != nil {
		return err
	}
	cats := content.ReadCategories(contentDir)
	if len(cats) == 0 {
		return &FieldError{Field: "page", Msg: fmt.Sprintf("%s declares no category for the project to name", filepath.Join(contentDir, content.SiteFile)),
			Hint: "add one under categories in site.yaml (slug, title, description), or run `portfolio init` to start a site"}
	}
	var slugs []string
	for _, c := range cats {
		if c.Slug == s {
			return nil
		}
		slugs = append(slugs, c.Slug)
	}
	msg, hint := content.UndeclaredPage(s, slugs)
	return &FieldError{Field: "page", Msg: msg, Hint: hint}
}

// ValidateDescription checks the card text. It also opens the page's text
// block, so it must be valid there too (the Markdown subset).
func ValidateDescription(s string) error {
	s = strings.TrimSpace(s)
	if err := checkProperty("description", s); err != nil {
		return err
	}
	err := checkBlock("description", "text", "text", s)
	var fe *FieldError
	if errors.As(err, &fe) {
		fe.Msg += " (the description also starts the page's text)"
	}
	return err
}

// TrimList trims every item and drops the empty ones.
func TrimList(in []string) []string {
	var out []string
	for _, s := range in {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// ParseSkills splits a comma-separated list of skills.
func ParseSkills(s string) []string { return TrimList(strings.Split(s, ",")) }

// ValidateSlug checks the slug's form, as `portfolio validate` checks a
// project folder's name.
func ValidateSlug(slug string) error {
	if msg := content.SlugProblem(slug); msg != "" {
		hint := "letters a–z, digits and single hyphens, e.g. my-project"
		if s := content.SuggestSlug(slug); s != "" {
			hint = "use " + s
		}
		return &FieldError{Field: "slug", Msg: msg, Hint: hint}
	}
	return nil
}

// ValidateNewSlug checks the slug's form and that no project in contentDir
// has it already. Folder names that differ only in letter case count as the
// same slug, as they do for `portfolio validate`: a web host on a
// case-insensitive disk would serve one for the other.
func ValidateNewSlug(contentDir, slug string) error {
	if err := ValidateSlug(slug); err != nil {
		return err
	}
	projects := filepath.Join(contentDir, content.ProjectsDir)
	entries, err := os.ReadDir(projects)
	if err != nil {
		return nil // no projects folder yet: no project has the slug
	}
	for _, e := range entries {
		if strings.EqualFold(e.Name(), slug) {
			return &FieldError{Field: "slug", kind: ErrExists,
				Msg:  fmt.Sprintf("a project with the slug %q already exists: %s", slug, filepath.Join(projects, e.Name())),
				Hint: "choose another slug; an existing project is never overwritten (edit its project.yaml to change it)"}
		}
	}
	return nil
}

// ValidateDocumentLabel checks the link text of an external document.
func ValidateDocumentLabel(s string) error {
	return checkBlock("document.label", "document", "label", strings.TrimSpace(s))
}

// ValidateDocumentURL checks the address of an external document.
func ValidateDocumentURL(s string) error {
	return checkBlock("document.url", "document", "url", strings.TrimSpace(s))
}

// IsAddress tells an address (https://…, www.…) from a file path, for
// the form's one document field.
func IsAddress(s string) bool {
	s = strings.ToLower(strings.TrimSpace(s))
	return strings.Contains(s, "://") && !strings.HasPrefix(s, "file:") || strings.HasPrefix(s, "www.")
}

// ValidateDocument checks the form's document field: an address
// (https://…) or the path of a PDF file.
func ValidateDocument(s string) error {
	if IsAddress(s) {
		return ValidateDocumentURL(s)
	}
	return ValidateDocumentFile(s)
}

// ValidateDocumentFile checks a document's PDF as `portfolio validate`
// will once it is in the project folder: a file, named .pdf, at most
// content.MaxDocumentBytes, starting with the %PDF- header (the loader
// checks the rest once it is copied).
func ValidateDocumentFile(path string) error {
	path = CleanPath(path)
	const field = "document.url"
	if path == "" {
		return &FieldError{Field: field, Msg: "the document must not be empty",
			Hint: "give the path of a PDF file (copied into the project folder) or an https address"}
	}
	abs := ExpandHome(path)
	fi, err := os.Stat(abs)
	if err != nil {
		return fileError(field, path, err)
	}
	switch {
	case !fi.Mode().IsRegular():
		return &FieldError{Field: field, Msg: fmt.Sprintf("%s is not a file", path), Hint: "point to a PDF file"}
	case !strings.EqualFold(filepath.Ext(abs), ".pdf"):
		return &FieldError{Field: field, Msg: fmt.Sprintf("%s is not a .pdf file", path),
			Hint: "export the document as PDF (File → Export or Print → Save as PDF), or give an https address"}
	case fi.Size() > content.MaxDocumentBytes:
		return &FieldError{Field: field, Msg: fmt.Sprintf("%s is %s, more than the %s a document may be", path,
			content.SizeText(fi.Size()), content.SizeText(content.MaxDocumentBytes)), Hint: "export it again at a lower image quality"}
	}
	f, err := os.Open(abs)
	if err != nil {
		return fileError(field, path, err)
	}
	defer f.Close()
	head := make([]byte, 5)
	if n, _ := io.ReadFull(f, head); n < 5 || string(head) != "%PDF-" {
		return &FieldError{Field: field, Msg: fmt.Sprintf("%s is not a PDF: it does not start with the %%PDF- header", path),
			Hint: "export the document as PDF again (File → Export or Print → Save as PDF)"}
	}
	return nil
}

// ValidatePrototypeTitle checks the accessible name of an embedded prototype.
func ValidatePrototypeTitle(s string) error {
	return checkBlock("prototype.title", "prototype", "title", strings.TrimSpace(s))
}

// ValidatePrototypeURL checks a prototype's embed address.
func ValidatePrototypeURL(s string) error {
	return checkBlock("prototype.url", "prototype", "url", strings.TrimSpace(s))
}

// checkBlock checks the value of property prop of a block of the type
// named, alone on a page.
func checkBlock(field, blockType, prop string, value any) error {
	return checkPart(field, "/body/0/"+prop,
		schemacheck.Value{Pointer: "/body/0/type", Value: blockType},
		schemacheck.Value{Pointer: "/body/0/" + prop, Value: value})
}

// ValidateCover checks that path names an image file that `portfolio
// validate` accepts as a cover.
func ValidateCover(path string) error {
	path = CleanPath(path)
	if path == "" {
		return &FieldError{Field: "cover", Msg: `"cover" must not be empty`, Hint: "give the path of a .jpg, .png or .webp image"}
	}
	abs := ExpandHome(path)
	fi, err := os.Stat(abs)
	if err != nil {
		return fileError("cover", path, err)
	}
	if !fi.Mode().IsRegular() {
		return &FieldError{Field: "cover", Msg: fmt.Sprintf("%s is not a file", path), Hint: "point to an image file"}
	}
	// The schema's rule on the cover's name, applied to the file's name.
	if err := checkProperty("cover", filepath.Base(abs)); err != nil {
		return err
	}
	return checkImage("cover", path, abs)
}

// checkImage inspects an image file as `portfolio validate` does.
func checkImage(field, shown, abs string) error {
	if _, err := imagecheck.File(abs, imagecheck.DefaultMaxPixels); err != nil {
		if p, ok := imagecheck.IsProblem(err); ok {
			return &FieldError{Field: field, Msg: fmt.Sprintf("%s: %s", shown, p.Msg), Hint: p.Hint}
		}
		return fileError(field, shown, err)
	}
	return nil
}

func fileError(field, path string, err error) *FieldError {
	if errors.Is(err, fs.ErrNotExist) {
		hint := "check the path"
		if !filepath.IsAbs(ExpandHome(path)) {
			if wd, err := os.Getwd(); err == nil {
				hint += "; it is relative to " + wd
			}
		}
		return &FieldError{Field: field, Msg: "file not found: " + path, Hint: hint}
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return &FieldError{Field: field, Msg: fmt.Sprintf("cannot read %s: %v", path, err)}
}

// ValidateAlt checks a gallery image's alt text by validate's rules; empty
// is fine (the image is then described as "<title> <n>" alone).
func ValidateAlt(s string) error {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	if p := content.AltProblem(s); p != "" {
		return &FieldError{Field: "alt", Msg: p, Hint: `say what the picture shows, e.g. "Harbour at dusk, boats moored"`}
	}
	return checkGalleryText("alt", s)
}

// ValidateCaption checks a gallery image's caption; empty is fine.
func ValidateCaption(s string) error {
	if s = strings.TrimSpace(s); s == "" {
		return nil
	}
	return checkGalleryText("caption", s)
}

func checkGalleryText(name, value string) error {
	return checkPart(name, "/body/0/texts/0/"+name,
		schemacheck.Value{Pointer: "/body/0/type", Value: "gallery"},
		schemacheck.Value{Pointer: "/body/0/texts/0/file", Value: "01.jpg"},
		schemacheck.Value{Pointer: "/body/0/texts/0/" + name, Value: value})
}
