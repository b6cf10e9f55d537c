package site

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// MovedAside lists the folders Replace (or Restore) moved dir to that hold
// the sample content: dir-sample-YYYY-MM-DD[-N] beside it with SampleFile,
// oldest first.
func MovedAside(dir string) ([]string, error) {
	found, err := filepath.Glob(filepath.Clean(dir) + "-sample-*")
	if err != nil {
		return nil, err
	}
	var out []string
	for _, f := range found {
		if fi, err := os.Stat(filepath.Join(f, SampleFile)); err == nil && fi.Mode().IsRegular() {
			out = append(out, f)
		}
	}
	slices.Sort(out)
	return out, nil
}

// NotContentError means a folder to restore is not a content folder.
type NotContentError struct{ Dir, Reason string }

func (e *NotContentError) Error() string { return e.Dir + " " + e.Reason }

// CheckRestorable returns nil when from is a content folder (it has
// site.yaml), else a *NotContentError saying why.
func CheckRestorable(from string) error {
	fi, err := os.Stat(from)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &NotContentError{Dir: from, Reason: "does not exist"}
	case err != nil:
		return err
	case !fi.IsDir():
		return &NotContentError{Dir: from, Reason: "is not a folder"}
	}
	if fi, err := os.Stat(File(from)); err != nil || !fi.Mode().IsRegular() {
		return &NotContentError{Dir: from, Reason: "has no " + filepath.Base(File(from)) + ": it is not a content folder"}
	}
	return nil
}

// Restore puts the folder from back in place of the content folder dir,
// which first moves to aside (when it exists): two renames, the first
// undone if the second fails. Nothing is deleted; from and aside must be on
// dir's disk (siblings are).
func Restore(dir, from, aside string) error {
	dir = filepath.Clean(dir)
	if err := CheckRestorable(from); err != nil {
		return err
	}
	moved := false
	if _, err := os.Lstat(dir); err == nil {
		if _, err := os.Lstat(aside); err == nil {
			return &fs.PathError{Op: "restore", Path: aside, Err: fs.ErrExist}
		}
		if err := os.Rename(dir, aside); err != nil {
			return err
		}
		moved = true
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err := os.Rename(from, dir); err != nil {
		if moved {
			if undo := os.Rename(aside, dir); undo != nil {
				return fmt.Errorf("%w; and moving %s back to %s failed: %w", err, aside, dir, undo)
			}
		}
		return err
	}
	return nil
}
