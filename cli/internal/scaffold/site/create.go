package site

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/fsutil"
	"portfolio/cli/internal/stage"
)

// ExistsError means the folder has a site.yaml already: init never
// overwrites it.
type ExistsError struct{ Path string }

func (e *ExistsError) Error() string { return e.Path + " already exists" }

// Result is what Create made.
type Result struct {
	File        string // the new site.yaml
	Projects    string // the projects folder
	NewProjects bool   // the projects folder was made here
	// Warnings are what `portfolio validate` says that does not make the
	// content invalid.
	Warnings diag.List
}

// File names the site.yaml of the content folder dir.
func File(dir string) string { return filepath.Join(dir, content.SiteFile) }

// CheckFree fails with ExistsError when dir has a site.yaml.
func CheckFree(dir string) error {
	path := File(dir)
	if _, err := os.Lstat(path); err == nil {
		return &ExistsError{Path: path}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// Create writes data as dir/site.yaml and makes dir/projects/, by the
// stage → check → place path (package stage): both are assembled in a hidden
// folder inside dir, checked with the same loader as `portfolio validate`
// (site settings and zero projects; an invalid file is a
// *stage.InvalidError), and only then is site.yaml put in place, in one
// step that fails rather than replace a file. On any failure or
// cancellation nothing is left behind.
func Create(ctx context.Context, dir string, data []byte) (res *Result, err error) {
	if err := CheckFree(dir); err != nil {
		return nil, err
	}
	made, err := mkdirAll(dir)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil && made != "" {
			os.RemoveAll(made) // made here, holding only what was made here
		}
	}()
	staged, err := stage.New("", dir, ".init-", "", dir, "the new site.yaml")
	if err != nil {
		return nil, err
	}
	defer staged.Remove()
	if err := fsutil.WriteFileAtomic(staged.Path(content.SiteFile), data, 0o644); err != nil {
		return nil, err
	}
	if err := os.Mkdir(staged.Path(content.ProjectsDir), 0o755); err != nil {
		return nil, err
	}
	diags, err := staged.Check()
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	res = &Result{File: File(dir), Projects: filepath.Join(dir, content.ProjectsDir), Warnings: diags}
	if _, statErr := os.Stat(res.Projects); errors.Is(statErr, fs.ErrNotExist) {
		if err := os.Mkdir(res.Projects, 0o755); err != nil {
			return nil, err
		}
		res.NewProjects = true
		defer func() {
			if err != nil {
				os.Remove(res.Projects) // only when still empty: it was made here
			}
		}()
	}
	if err := staged.Place(content.SiteFile); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return nil, &ExistsError{Path: res.File}
		}
		return nil, err
	}
	return res, nil
}

// mkdirAll makes dir and the folders above it that are missing, and returns
// the topmost folder it made ("" when dir existed).
func mkdirAll(dir string) (string, error) {
	top := ""
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Stat(d); err == nil {
			break
		}
		top = d
		if filepath.Dir(d) == d {
			break
		}
	}
	if top == "" {
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			return "", fmt.Errorf("%s is not a folder", dir)
		}
		return "", nil
	}
	return top, os.MkdirAll(dir, 0o755)
}
