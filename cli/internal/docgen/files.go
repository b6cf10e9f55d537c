// Package docgen makes the generated reference documents (docs/commands/
// from the command tree) and keeps the committed copies current: every
// output is a File, written or checked the same way, so one more document is
// one more File.
package docgen

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"portfolio/cli/internal/fsutil"
)

// File is one generated document: where it goes and how to make its bytes.
type File struct {
	Path   string // slash-separated, relative to the repository root
	Render func() ([]byte, error)
}

// Set is everything the generator owns: its files, and the folders it owns
// whole, where a Markdown file that no File names is left over (a page of a
// command that was removed or renamed).
type Set struct {
	Files []File
	Dirs  []string
}

// Problem is one way the files on disk differ from what would be written.
type Problem struct {
	Path string
	What string // "is out of date", "does not exist", "is left over"
}

func (p Problem) String() string { return p.Path + " " + p.What }

// Result says what Write did.
type Result struct {
	Written, Removed []string
	Unchanged        int
}

// render makes every file's bytes before anything is written, so a failing
// renderer leaves the documents on disk as they were.
func (s Set) render() (map[string][]byte, error) {
	out := make(map[string][]byte, len(s.Files))
	for _, f := range s.Files {
		if _, dup := out[f.Path]; dup {
			return nil, fmt.Errorf("%s is generated twice", f.Path)
		}
		data, err := f.Render()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.Path, err)
		}
		out[f.Path] = data
	}
	return out, nil
}

// leftOver lists the Markdown files in the owned folders that no File names.
// Hidden files (a temporary file of an interrupted write) and other kinds of
// file are not the generator's.
func (s Set) leftOver(root string, want map[string][]byte) ([]string, error) {
	var extra []string
	for _, dir := range s.Dirs {
		entries, err := os.ReadDir(filepath.Join(root, filepath.FromSlash(dir)))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			name := path.Join(dir, e.Name())
			if e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".md") && !strings.HasPrefix(e.Name(), ".") && want[name] == nil {
				extra = append(extra, name)
			}
		}
	}
	return extra, nil
}

// Check compares the files under root with what Write would make, and
// returns the differences sorted by path; none means current.
func (s Set) Check(root string) ([]Problem, error) {
	want, err := s.render()
	if err != nil {
		return nil, err
	}
	var problems []Problem
	for p, data := range want {
		current, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			problems = append(problems, Problem{p, "does not exist"})
		case err != nil:
			return nil, err
		case !bytes.Equal(current, data):
			problems = append(problems, Problem{p, "is out of date"})
		}
	}
	extra, err := s.leftOver(root, want)
	if err != nil {
		return nil, err
	}
	for _, p := range extra {
		problems = append(problems, Problem{p, "is left over"})
	}
	slices.SortFunc(problems, func(a, b Problem) int { return strings.Compare(a.Path, b.Path) })
	return problems, nil
}

// Write brings the files under root up to date: each changed file is
// written atomically (a temporary file renamed over it), an unchanged one
// is not touched, and left-over pages are removed.
func (s Set) Write(root string) (Result, error) {
	var r Result
	want, err := s.render()
	if err != nil {
		return r, err
	}
	paths := make([]string, 0, len(want))
	for p := range want {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, p := range paths {
		file := filepath.Join(root, filepath.FromSlash(p))
		if current, err := os.ReadFile(file); err == nil && bytes.Equal(current, want[p]) {
			r.Unchanged++
			continue
		}
		if err := fsutil.WriteFileAtomic(file, want[p], 0o644); err != nil {
			return r, fmt.Errorf("writing %s: %w", p, err)
		}
		r.Written = append(r.Written, p)
	}
	extra, err := s.leftOver(root, want)
	if err != nil {
		return r, err
	}
	for _, p := range extra {
		if err := os.Remove(filepath.Join(root, filepath.FromSlash(p))); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return r, err
		}
		r.Removed = append(r.Removed, p)
	}
	return r, nil
}
