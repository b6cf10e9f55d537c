package scaffold

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/importimage"
)

// Plan is a checked project, ready to be written: the answers with their
// defaults filled in, and every file to copy with its name in the project.
type Plan struct {
	Answers    Answers
	ContentDir string
	// Dir is the project folder to create: <content>/projects/<slug>.
	Dir     string
	Cover   Copy
	Gallery []Copy
	// Document is the document's PDF to copy, when it is a file.
	Document *Copy
	// Skipped lists files of gallery folders that are not images.
	Skipped []string
	// MaxEdge shrinks copied JPEG and PNG images whose long edge is
	// larger; 0 keeps every size. Prepare sets the default.
	MaxEdge int
}

// Copy is one image to copy into the project: Name is its path inside the
// project folder, with '/' separators.
type Copy struct {
	Source string
	Name   string
	// KeepSize copies the image at its size even when it is larger than
	// the plan's MaxEdge: the owner said so when asked.
	KeepSize bool
}

// Prepare fills in the defaults (slug from the title, category from the
// page) and checks every answer. Problems come back as Problems, one per
// answer, in the order the form asks them; a slug already taken is a
// problem that matches ErrExists.
func Prepare(contentDir string, a Answers) (*Plan, error) {
	a.Normalize()
	if a.Slug == "" {
		a.Slug = content.SuggestSlug(a.Title)
	}
	if a.Category == "" {
		a.Category = CategoryLabels(contentDir)[a.Page]
	}
	var problems Problems
	add := func(err error) {
		var fe *FieldError
		switch {
		case err == nil:
		case errors.As(err, &fe):
			problems = append(problems, fe)
		default:
			problems = append(problems, &FieldError{Msg: err.Error()})
		}
	}
	if fi, err := os.Stat(contentDir); err != nil || !fi.IsDir() {
		return nil, Problems{{Field: "content", Msg: fmt.Sprintf("%s: content folder not found", contentDir),
			Hint: "run the command from the repository root, or pass --content DIR"}}
	}
	add(ValidateTitle(a.Title))
	if a.Slug == "" && a.Title != "" {
		add(&FieldError{Field: "slug", Msg: fmt.Sprintf("no slug can be made from the title %q", a.Title),
			Hint: "give one: lowercase letters, digits and single hyphens, e.g. my-project"})
	} else {
		add(ValidateNewSlug(contentDir, a.Slug))
	}
	add(ValidateSubtitle(a.Subtitle))
	pageErr := ValidatePage(a.Page)
	add(pageErr)
	if pageErr == nil || a.Category != "" { // no page, no default category: one problem, not two
		add(ValidateCategory(a.Category))
	}
	add(ValidateDescription(a.Description))
	add(ValidateRole(a.Role))
	add(ValidateSkills(a.Skills))
	add(ValidateCover(a.Cover))
	p := &Plan{Answers: a, ContentDir: contentDir, Dir: filepath.Join(contentDir, content.ProjectsDir, a.Slug),
		MaxEdge: importimage.DefaultMaxEdge}
	p.Cover = Copy{Source: ExpandHome(a.Cover), Name: "cover" + strings.ToLower(filepath.Ext(a.Cover))}
	images, skipped, err := ExpandGallery(a.Gallery)
	add(err)
	p.Skipped = skipped
	width := max(2, len(strconv.Itoa(len(images))))
	for i, src := range images {
		name := fmt.Sprintf("%s/%0*d%s", content.GalleryDir, width, i+1, strings.ToLower(filepath.Ext(src)))
		p.Gallery = append(p.Gallery, Copy{Source: src, Name: name})
	}
	if len(a.Texts) > len(images) && err == nil {
		add(&FieldError{Field: "texts", Msg: fmt.Sprintf("%d alt texts or captions for %d gallery images", len(a.Texts), len(images)),
			Hint: "give one per gallery image, in gallery order"})
	}
	for i, t := range a.Texts {
		for _, e := range []error{ValidateAlt(t.Alt), ValidateCaption(t.Caption)} {
			var fe *FieldError
			if errors.As(e, &fe) {
				add(&FieldError{Field: "texts", Msg: fmt.Sprintf("gallery image %d: %s", i+1, fe.Msg), Hint: fe.Hint})
			} else {
				add(e)
			}
		}
	}
	if d := a.Document; d != nil {
		add(ValidateDocumentLabel(d.Label))
		switch {
		case d.File != "" && d.URL != "":
			add(&FieldError{Field: "document.url", Msg: "a document has a file or an address, not both",
				Hint: "keep the PDF's path for a document of your own, or the https address of one on another site"})
		case d.File != "":
			if err := ValidateDocumentFile(d.File); err != nil {
				add(err)
			} else {
				p.Document = &Copy{Source: ExpandHome(d.File), Name: DocumentName(d.File)}
			}
		default:
			add(ValidateDocumentURL(d.URL))
		}
	}
	if pr := a.Prototype; pr != nil {
		add(ValidatePrototypeTitle(pr.Title))
		add(ValidatePrototypeURL(pr.URL))
	}
	if len(problems) > 0 {
		return nil, problems
	}
	return p, nil
}

// ValidateGallery checks gallery sources typed as one line: a folder, or
// image files separated by commas.
func ValidateGallery(s string) error {
	_, _, err := ExpandGallery(ParseGallery(s))
	return err
}

// ParseGallery splits a gallery answer typed or pasted on one line: image
// files (or folders) separated by commas. A part in quotes or with
// backslash-escaped spaces, as a file manager's drag and drop pastes files
// ('/home/me/My Photos/a.jpg' '/home/me/b.jpg'), is split as a shell would;
// a part typed plainly is one path, spaces and all, unless it is not a file
// and each of its words is.
func ParseGallery(s string) []string {
	var out []string
	for _, part := range splitOutsideQuotes(s, ',') {
		part = strings.TrimSpace(part)
		switch {
		case part == "":
		case strings.ContainsAny(part, `'"\`):
			out = append(out, ParsePaths(part)...)
		case !strings.Contains(part, " ") || exists(part):
			out = append(out, FromFileURL(part))
		default:
			words := strings.Fields(part)
			all := true
			for _, w := range words {
				all = all && exists(w)
			}
			if all {
				out = append(out, words...)
			} else {
				out = append(out, part)
			}
		}
	}
	return out
}

// CleanPath unquotes a single path pasted in quotes or with escaped spaces;
// other text is only trimmed.
func CleanPath(s string) string {
	s = strings.TrimSpace(s)
	if strings.ContainsAny(s, `'"\`) {
		if p := ParsePaths(s); len(p) == 1 {
			return p[0]
		}
	}
	return FromFileURL(s)
}

func exists(path string) bool {
	_, err := os.Stat(ExpandHome(path))
	return err == nil
}

// splitOutsideQuotes splits s at sep where sep is not inside quotes.
func splitOutsideQuotes(s string, sep rune) []string {
	var out []string
	var quote rune
	start := 0
	for i, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote == 0 && (r == '\'' || r == '"'):
			quote = r
		case quote == 0 && r == sep:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// ExpandGallery lists the image files that sources name, in gallery order: a
// folder gives its image files in natural file-name order (2.jpg before
// 10.jpg), a pattern such as photos/*.jpg its matches in that order, a file
// itself. Files of a folder that are not images are skipped and listed;
// every image is inspected as `portfolio validate` does.
func ExpandGallery(sources []string) (images, skipped []string, err error) {
	fail := func(msg, hint string) ([]string, []string, error) {
		return nil, nil, &FieldError{Field: "gallery", Msg: msg, Hint: hint}
	}
	const hintTypes = "galleries take .jpg, .jpeg, .png and .webp files"
	seen := map[string]string{}
	addImage := func(shown, abs string) error {
		key, _ := filepath.Abs(abs)
		if first, dup := seen[key]; dup {
			return &FieldError{Field: "gallery", Msg: fmt.Sprintf("%s is listed twice (also as %s)", shown, first), Hint: "list each image once"}
		}
		seen[key] = shown
		if err := checkImage("gallery", shown, abs); err != nil {
			return err
		}
		images = append(images, abs)
		return nil
	}
	for _, src := range sources {
		abs := ExpandHome(src)
		if strings.ContainsAny(abs, "*?[") {
			matches, err := filepath.Glob(abs)
			if err != nil {
				return fail(fmt.Sprintf("%s is not a valid pattern: %v", src, err), "")
			}
			if len(matches) == 0 {
				return fail("no file matches "+src, "check the pattern; it is matched from the current folder")
			}
			slices.SortFunc(matches, content.NaturalCompare)
			for _, m := range matches {
				if fi, err := os.Stat(m); err != nil || !fi.Mode().IsRegular() || strings.HasPrefix(filepath.Base(m), ".") {
					continue // as a shell would, * leaves hidden files out
				}
				if !imagecheck.HasImageExt(m) {
					skipped = append(skipped, m)
					continue
				}
				if err := addImage(m, m); err != nil {
					return nil, nil, err
				}
			}
			continue
		}
		fi, err := os.Stat(abs)
		if err != nil {
			return nil, nil, fileError("gallery", src, err)
		}
		if !fi.IsDir() {
			if !imagecheck.HasImageExt(abs) {
				return fail(fmt.Sprintf("%s is not an image file", src), hintTypes)
			}
			if err := addImage(src, abs); err != nil {
				return nil, nil, err
			}
			continue
		}
		entries, err := os.ReadDir(abs)
		if err != nil {
			return nil, nil, fileError("gallery", src, err)
		}
		var names []string
		for _, e := range entries {
			name := e.Name()
			switch {
			case strings.HasPrefix(name, "."), e.IsDir():
			case !imagecheck.HasImageExt(name):
				skipped = append(skipped, filepath.Join(src, name))
			default:
				names = append(names, name)
			}
		}
		if len(names) == 0 {
			return fail(fmt.Sprintf("the folder %s holds no image files", src), hintTypes)
		}
		slices.SortFunc(names, content.NaturalCompare)
		for _, name := range names {
			if err := addImage(filepath.Join(src, name), filepath.Join(abs, name)); err != nil {
				return nil, nil, err
			}
		}
	}
	return images, skipped, nil
}
