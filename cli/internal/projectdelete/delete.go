// Package projectdelete deletes a project: its folder, in one rename
// that the loader sees at once (Delete), and its slug in site.yaml's
// projectOrder, changing only those lines (RemoveFromOrder).
package projectdelete

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/fieldcheck"
)

// deletingPrefix starts the hidden name a project folder is renamed to
// before it is removed: the loader skips it at once, and a removal cut
// short leaves only a hidden folder, which the next Delete clears.
const deletingPrefix = ".deleting-"

// Delete removes the project folder content/projects/<slug> and everything
// in it: first renamed (one atomic step: from then on the project is gone
// for every command), then removed. It returns the number of files
// removed.
func Delete(contentDir, slug string) (files int, err error) {
	if err := fieldcheck.ValidateSlug(slug); err != nil {
		return 0, err
	}
	projects := filepath.Join(contentDir, content.ProjectsDir)
	dir := filepath.Join(projects, slug)
	fi, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) || err == nil && !fi.IsDir() {
		return 0, &fieldcheck.FieldError{Field: "slug", Msg: fmt.Sprintf("no project %q: %s does not exist", slug, dir),
			Hint: "the slug is the project's folder name under " + projects}
	}
	if err != nil {
		return 0, err
	}
	clearDeleted(projects)
	trash, err := os.MkdirTemp(projects, deletingPrefix+slug+"-")
	if err != nil {
		return 0, err
	}
	if err := os.Rename(dir, filepath.Join(trash, slug)); err != nil {
		os.Remove(trash)
		return 0, err
	}
	_ = filepath.WalkDir(trash, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files++
		}
		return nil
	})
	return files, os.RemoveAll(trash)
}

// clearDeleted removes what an interrupted Delete left.
func clearDeleted(projects string) {
	entries, _ := os.ReadDir(projects)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), deletingPrefix) && e.IsDir() {
			os.RemoveAll(filepath.Join(projects, e.Name()))
		}
	}
}
