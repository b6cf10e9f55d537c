package gallery

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/scaffold"
)

// InvalidError means the project would not be valid after the change;
// nothing was changed. Diagnostics name the files as they would be.
type InvalidError struct{ Diagnostics diag.List }

func (e *InvalidError) Error() string {
	n := e.Diagnostics.Errors()
	s := "s"
	if n == 1 {
		s = ""
	}
	return fmt.Sprintf("the project would not be valid after this change (%d error%s); nothing was changed", n, s)
}

// Warnings are what the loader said about the project as it will be; set by
// Apply's check.
func (g *Gallery) Warnings() diag.List { return g.warnings }

// check assembles the project as it will be in a hidden staging folder
// (hard links, so no image is copied twice) and loads it with `portfolio
// validate`'s loader.
func (g *Gallery) check(j *journal) error {
	projects := filepath.Dir(g.ProjectDir)
	staging, err := os.MkdirTemp(projects, ".gallery-"+g.Slug+"-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(staging)
	stage := filepath.Join(staging, content.ProjectsDir, g.Slug)
	galleryDir := filepath.Join(g.ProjectDir, content.GalleryDir)
	err = filepath.WalkDir(g.ProjectDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(g.ProjectDir, path)
		if rel == "." {
			return nil
		}
		if strings.HasPrefix(d.Name(), ".") || rel == content.GalleryDir {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() || !d.Type().IsRegular() || rel == content.ProjectFile {
			// project.yaml is written below, never through a link to the real one
			return nil // symbolic links are the loader's concern when in place
		}
		return link(path, filepath.Join(stage, rel))
	})
	if err != nil {
		return err
	}
	// The gallery as it will be: files keeping their name, and each rename.
	moved := map[string]string{}
	for _, r := range j.Renames {
		moved[r.From] = r.To
	}
	final := map[string]bool{}
	for _, n := range g.Names() {
		final[n] = true
	}
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
			if err := link(filepath.Join(galleryDir, name), filepath.Join(stage, content.GalleryDir, to)); err != nil {
				return err
			}
		}
	}
	if err := os.WriteFile(filepath.Join(stage, content.ProjectFile), []byte(j.YAML), 0o644); err != nil {
		return err
	}
	mine, err := scaffold.CheckStaged(filepath.Dir(projects), staging, stage, g.ProjectDir)
	if err != nil {
		return err
	}
	g.warnings = mine
	if mine.Errors() > 0 {
		return &InvalidError{Diagnostics: mine}
	}
	return nil
}

func link(src, dst string) error {
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	if err := os.Link(src, dst); err == nil {
		return nil
	}
	_, err := copyIn(src, dst, 0)
	return err
}
