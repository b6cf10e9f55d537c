package initcmd

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
	"portfolio/cli/internal/scaffold"
)

// ExistsError means the folder has a site.yaml already: init never
// overwrites it.
type ExistsError struct{ Path string }

func (e *ExistsError) Error() string { return e.Path + " already exists" }

// InvalidError means the written site.yaml did not pass `portfolio
// validate`'s checks; nothing was kept.
type InvalidError struct{ Diagnostics diag.List }

func (e *InvalidError) Error() string {
	return fmt.Sprintf("the new site.yaml would not be valid (%d errors); nothing was written", e.Diagnostics.Errors())
}

// Result is what Create made.
type Result struct {
	File        string // the new site.yaml
	Projects    string // the projects folder
	NewProjects bool   // the projects folder was made here
	// Warnings are what `portfolio validate` says that does not make the
	// content invalid.
	Warnings diag.List
}

// checkFree fails with ExistsError when dir has a site.yaml.
func checkFree(dir string) error {
	path := siteYAML(dir)
	if _, err := os.Lstat(path); err == nil {
		return &ExistsError{Path: path}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// stagingPrefix starts the name of the hidden folder the content folder is
// assembled in, inside dir, so that putting site.yaml in place is a link on
// the same disk.
const stagingPrefix = ".init-"

// Create writes data as dir/site.yaml and makes dir/projects/: it assembles
// both in a hidden folder inside dir, checks them with the same loader as
// `portfolio validate` (site settings and zero projects), and only then puts
// site.yaml in place, in one step that fails rather than replace a file. On
// any failure or cancellation nothing is left behind.
func Create(ctx context.Context, dir string, data []byte) (res *Result, err error) {
	if err := checkFree(dir); err != nil {
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
	staging, err := os.MkdirTemp(dir, stagingPrefix)
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(staging)
	staged := siteYAML(staging)
	if err := fsutil.WriteFileAtomic(staged, data, 0o644); err != nil {
		return nil, err
	}
	if err := os.Mkdir(filepath.Join(staging, content.ProjectsDir), 0o755); err != nil {
		return nil, err
	}
	diags, err := scaffold.CheckStaged("", staging, staging, dir)
	if err != nil {
		return nil, err
	}
	if diags.Errors() > 0 {
		return nil, &InvalidError{Diagnostics: diags}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	res = &Result{File: siteYAML(dir), Projects: filepath.Join(dir, content.ProjectsDir), Warnings: diags}
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
	if err := place(staged, res.File); err != nil {
		return nil, err
	}
	return res, nil
}

// place moves the staged file to path unless path exists: a hard link fails
// rather than replace a file another program wrote meanwhile. Where links
// are not supported, it checks and renames.
func place(staged, path string) error {
	err := os.Link(staged, path)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, fs.ErrExist):
		return &ExistsError{Path: path}
	}
	if err := checkFree(filepath.Dir(path)); err != nil {
		return err
	}
	return os.Rename(staged, path)
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
