package gallery

import (
	"os"
	"path/filepath"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/stage"
)

// Warnings are what the loader said about the project as it will be; set by
// Apply's check.
func (g *Gallery) Warnings() diag.List { return g.warnings }

// check assembles the project as it will be in a hidden staging folder
// (hard links, so no image is copied twice) and loads it with `portfolio
// validate`'s loader: an invalid result is a *stage.InvalidError.
func (g *Gallery) check(j *journal) error {
	staged, err := stage.NewProject(g.ProjectDir, ".gallery-", "the project after this change")
	if err != nil {
		return err
	}
	defer staged.Remove()
	if err := staged.LinkFiles(g.ProjectDir, content.GalleryDir); err != nil {
		return err
	}
	// The gallery as it will be: files keeping their name, and each rename.
	moved := map[string]string{}
	for _, r := range j.Renames {
		moved[r.From] = r.To
	}
	final := map[string]bool{}
	for i, n := range g.Names() {
		final[n] = true
		if im := g.Images[i]; im.Poster != "" {
			final[PosterName(n, im.posterExt())] = true
		}
	}
	galleryDir := filepath.Join(g.ProjectDir, content.GalleryDir)
	entries, _ := os.ReadDir(galleryDir)
	for _, e := range entries {
		name := e.Name()
		to, renamed := moved[name]
		if !renamed {
			if !final[name] {
				continue // not an image of the gallery (notes.txt, a folder)
			}
			to = name
		}
		if to != "" {
			if err := staged.Link(filepath.Join(galleryDir, name), filepath.Join(content.GalleryDir, to)); err != nil {
				return err
			}
		}
	}
	if err := os.WriteFile(staged.Path(content.ProjectFile), []byte(j.YAML), 0o644); err != nil {
		return err
	}
	g.warnings, err = staged.Check()
	return err
}
