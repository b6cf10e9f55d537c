package fieldcheck

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/content/schemacheck"
	"portfolio/cli/internal/english"
	"portfolio/cli/internal/termsafe"
)

// ErrNoProject is the kind of a FieldError whose slug names no project of
// the content folder: a mistake in the command line (exit status 2) for
// every command that takes a project's slug.
var ErrNoProject = errors.New("no such project")

// ExistingProject returns the folder of the project slug names in
// contentDir (one holding project.yaml). When there is none, or slug is not
// a slug at all, the problem is a *FieldError of kind ErrNoProject that
// offers the nearest project ("did you mean"), or lists the projects.
func ExistingProject(contentDir, slug string) (string, error) {
	projects := filepath.Join(contentDir, content.ProjectsDir)
	dir := filepath.Join(projects, slug)
	if ValidateSlug(slug) == nil {
		if fi, err := os.Stat(filepath.Join(dir, content.ProjectFile)); err == nil && fi.Mode().IsRegular() {
			return dir, nil
		}
	}
	var slugs, shown []string
	entries, _ := os.ReadDir(projects)
	for _, e := range entries {
		if fi, err := os.Stat(filepath.Join(projects, e.Name(), content.ProjectFile)); err == nil && fi.Mode().IsRegular() {
			slugs, shown = append(slugs, e.Name()), append(shown, termsafe.String(e.Name()))
		}
	}
	near := content.SuggestSlug(slug)
	if !slices.Contains(slugs, near) {
		near = schemacheck.Closest(slug, slugs)
	}
	where := termsafe.String(projects)
	msg := fmt.Sprintf("no project %q in %s", slug, where)
	switch {
	case near != "":
		msg += fmt.Sprintf("; did you mean %q?", near)
	case len(slugs) == 0:
		msg += "; there is no project yet (`portfolio new project` adds one)"
	case len(slugs) <= 12:
		msg += "; the projects are " + strings.Join(shown, ", ")
	default:
		msg += fmt.Sprintf("; the slug is a project's folder name there (%s)", english.Count(len(slugs), "project"))
	}
	return "", &FieldError{Field: "slug", Msg: msg, kind: ErrNoProject}
}

// ValidateCoverAlt checks the alt text of the cover where the page shows
// it (an image block of the cover): required, a description rather than a
// file name, within the schema's limits.
func ValidateCoverAlt(s string) error {
	s = strings.TrimSpace(s)
	if s == "" {
		return &FieldError{Field: "coverAlt", Msg: "the cover opens the page, so it needs an alt text",
			Hint: `say what the cover shows, for people who cannot see it, e.g. "The poster on a wall: a trumpet in orange on navy"`}
	}
	if p := content.AltProblem(s); p != "" {
		return &FieldError{Field: "coverAlt", Msg: p, Hint: "say what the cover shows"}
	}
	return checkPart("coverAlt", "/body/0/alt",
		schemacheck.Value{Pointer: "/body/0/type", Value: "image"},
		schemacheck.Value{Pointer: "/body/0/src", Value: "cover.jpg"},
		schemacheck.Value{Pointer: "/body/0/alt", Value: s})
}
