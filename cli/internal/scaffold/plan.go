package scaffold

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/fieldcheck"
	"portfolio/cli/internal/importimage"
	"portfolio/cli/internal/poster"
	"portfolio/cli/internal/videocheck"
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
	// Posters are the gallery's videos' posters: each copied from beside
	// its video, or drawn by ffmpeg from it (PosterOf).
	Posters []Copy
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
	// PosterOf is, for a poster, the video it is drawn from when Source
	// is empty (no poster beside the video).
	PosterOf string
}

// DocumentName is the name a document's PDF gets in the project folder:
// its own, in lowercase letters (any alphabet), digits and hyphens (document.pdf when
// nothing is left).
func DocumentName(path string) string {
	stem := strings.TrimSuffix(filepath.Base(fieldcheck.ExpandHome(fieldcheck.CleanPath(path))), filepath.Ext(path))
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(stem) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	name := strings.TrimSuffix(b.String(), "-")
	if name == "" || name == "cover" {
		name = "document"
	}
	return name + ".pdf"
}

// galleryCopies names the gallery's files in order (01.jpg, 02.mp4, …;
// three digits from 100 files), and each video's poster beside it.
func galleryCopies(images []string) (gallery, posters []Copy) {
	width := max(2, len(strconv.Itoa(len(images))))
	for i, src := range images {
		name := fmt.Sprintf("%s/%0*d%s", content.GalleryDir, width, i+1, strings.ToLower(filepath.Ext(src)))
		gallery = append(gallery, Copy{Source: src, Name: name})
		if videocheck.HasVideoExt(src) {
			stem := strings.TrimSuffix(name, filepath.Ext(name))
			posters = append(posters, Copy{Source: poster.Beside(src), Name: stem + content.PosterSuffix + poster.Ext(src), PosterOf: src})
		}
	}
	return gallery, posters
}

// checkSlug checks the new project's slug, made from title when not given.
func checkSlug(contentDir, title, slug string) error {
	if slug == "" && title != "" {
		return &fieldcheck.FieldError{Field: "slug", Msg: fmt.Sprintf("no slug can be made from the title %q", title),
			Hint: "give one: lowercase letters, digits and single hyphens, e.g. my-project"}
	}
	return fieldcheck.ValidateNewSlug(contentDir, slug)
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
	var problems fieldcheck.Problems
	add := func(err error) {
		var fe *fieldcheck.FieldError
		switch {
		case err == nil:
		case errors.As(err, &fe):
			problems = append(problems, fe)
		default:
			problems = append(problems, &fieldcheck.FieldError{Msg: err.Error()})
		}
	}
	if fi, err := os.Stat(contentDir); err != nil || !fi.IsDir() {
		return nil, fieldcheck.Problems{{Field: "content", Msg: fmt.Sprintf("%s: content folder not found", contentDir),
			Hint: "run the command from the repository root, or pass --content DIR"}}
	}
	var pageErr error
	for _, f := range content.AskedDetails() { // in the form's order, the slug after the title
		switch f.Key {
		case "page":
			pageErr = fieldcheck.ValidateDeclaredPage(contentDir, a.Page)
			add(pageErr)
		case "category":
			if pageErr == nil || a.Category != "" { // no page, no default category: one problem, not two
				add(fieldcheck.ValidateCategory(a.Category))
			}
		default:
			add(fieldcheck.CheckDetail(f, &a.Details))
		}
		if f.Key == "title" {
			add(checkSlug(contentDir, a.Title, a.Slug))
		}
	}
	add(fieldcheck.ValidateCover(a.Cover))
	if a.CoverOpensPage() {
		add(fieldcheck.ValidateCoverAlt(a.CoverAlt))
	} else if a.CoverAlt != "" {
		// Written nowhere: the cover is on cards only, beside the title.
		add(&fieldcheck.FieldError{Field: "coverAlt", Msg: "the page opens with its gallery, not its cover (or with its document or prototype): the cover is on cards only, beside the title, and has no alt text of its own",
			Hint: "leave it out, or describe the gallery's images with --alt"})
	}
	p := &Plan{Answers: a, ContentDir: contentDir, Dir: filepath.Join(contentDir, content.ProjectsDir, a.Slug),
		MaxEdge: importimage.DefaultMaxEdge}
	p.Cover = Copy{Source: fieldcheck.ExpandHome(a.Cover), Name: "cover" + strings.ToLower(filepath.Ext(a.Cover))}
	images, skipped, err := fieldcheck.ExpandGallery(a.Gallery)
	add(err)
	p.Skipped = skipped
	p.Gallery, p.Posters = galleryCopies(images)
	if len(a.Texts) > len(images) && err == nil {
		add(&fieldcheck.FieldError{Field: "texts", Msg: fmt.Sprintf("%d alt texts or captions for %d gallery images", len(a.Texts), len(images)),
			Hint: "give one per gallery image, in gallery order"})
	}
	for i, t := range a.Texts {
		for _, e := range []error{fieldcheck.ValidateAlt(t.Alt), fieldcheck.ValidateCaption(t.Caption)} {
			var fe *fieldcheck.FieldError
			if errors.As(e, &fe) {
				add(&fieldcheck.FieldError{Field: "texts", Msg: fmt.Sprintf("gallery image %d: %s", i+1, fe.Msg), Hint: fe.Hint})
			} else {
				add(e)
			}
		}
	}
	if d := a.Document; d != nil {
		add(fieldcheck.ValidateDocumentLabel(d.Label))
		switch {
		case d.File != "" && d.URL != "":
			add(&fieldcheck.FieldError{Field: "document.url", Msg: "a document has a file or an address, not both",
				Hint: "keep the PDF's path for a document of your own, or the https address of one on another site"})
		case d.File != "":
			if err := fieldcheck.ValidateDocumentFile(d.File); err != nil {
				add(err)
			} else {
				p.Document = &Copy{Source: fieldcheck.ExpandHome(d.File), Name: DocumentName(d.File)}
			}
		default:
			add(fieldcheck.ValidateDocumentURL(d.URL))
		}
	}
	if pr := a.Prototype; pr != nil {
		add(fieldcheck.ValidatePrototypeTitle(pr.Title))
		add(fieldcheck.ValidatePrototypeURL(pr.URL))
	}
	if len(problems) > 0 {
		return nil, problems
	}
	return p, nil
}
