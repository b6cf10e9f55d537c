// Package stage stages every content write (Stage): assembled apart,
// checked with `portfolio validate`'s loader, then put in place, or
// refused as an *InvalidError with nothing written.
package stage

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/english"
	"portfolio/cli/internal/fsutil"
)

// Stage is the one way every command that writes content goes: stage →
// check → place. What is made (a new project, a new site.yaml, a project
// after an edit or a gallery change) is assembled in a content folder of
// its own, hidden beside the real one on the same disk (the loader skips
// names starting with a dot); Check loads it with `portfolio validate`'s
// loader, with every file position; only then does the command put it in
// place (Place, or its own atomic write), so a failure or an interruption
// leaves the real content untouched.
type Stage struct {
	Root  string // the staging content folder
	Part  string // what is made, inside Root: a project folder, or Root itself
	Final string // where Part goes once in place
	// What names the result in messages: "the new project".
	What string
	// contentDir is the real content folder, whose site.yaml a project is
	// checked with.
	contentDir string
}

// New makes the hidden folder parent/prefix… and, inside it, part (a
// path relative to the staging content folder: "projects/<slug>", or ""
// for the folder itself), which goes to final once checked.
func New(contentDir, parent, prefix, part, final, what string) (*Stage, error) {
	root, err := os.MkdirTemp(parent, prefix)
	if err != nil {
		return nil, err
	}
	s := &Stage{Root: root, Part: filepath.Join(root, part), Final: final, What: what, contentDir: contentDir}
	if err := os.MkdirAll(s.Part, 0o755); err != nil {
		s.Remove()
		return nil, err
	}
	return s, nil
}

// NewProject stages the project folder dir (content/projects/<slug>)
// in a hidden folder beside it.
func NewProject(dir, prefix, what string) (*Stage, error) {
	projects := filepath.Dir(dir)
	return New(filepath.Dir(projects), projects, prefix+filepath.Base(dir)+"-",
		filepath.Join(content.ProjectsDir, filepath.Base(dir)), dir, what)
}

// Remove deletes the staging folder and all in it.
func (s *Stage) Remove() { os.RemoveAll(s.Root) }

// Path is the staged file at rel (a path inside Part).
func (s *Stage) Path(rel string) string { return filepath.Join(s.Part, rel) }

// LinkFiles puts the files of the folder dir in Part, at the same paths:
// hard links (a copy across disks), so no image is copied twice. Hidden
// files and folders, symbolic links (the loader's concern once in place),
// project.yaml (staged apart, never through a link to the real one) and
// the folders skip names (by path relative to dir) are left out.
func (s *Stage) LinkFiles(dir string, skip ...string) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if rel == "." {
			return nil
		}
		if strings.HasPrefix(d.Name(), ".") || d.IsDir() && containsPath(skip, rel) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() || !d.Type().IsRegular() || rel == content.ProjectFile {
			return nil
		}
		return s.Link(path, rel)
	})
}

func containsPath(list []string, p string) bool {
	for _, l := range list {
		if filepath.Clean(l) == p {
			return true
		}
	}
	return false
}

// Link puts the file src at rel inside Part: a hard link, else a copy.
func (s *Stage) Link(src, rel string) error {
	dst := s.Path(rel)
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return fsutil.LinkOrCopy(src, dst)
}

// Check loads the staging folder with `portfolio validate`'s loader and
// returns the diagnostics about Part, their files and hints named as they
// will be once in place; when one is an error, it returns them as an
// *InvalidError too. A project is checked with the real content folder's
// site.yaml linked in (when staging has none), so the site's rules apply
// to it as well (an address on the site's own host, for one).
func (s *Stage) Check() (diag.List, error) {
	site := filepath.Join(s.Root, content.SiteFile)
	if _, err := os.Lstat(site); errors.Is(err, fs.ErrNotExist) && s.contentDir != "" {
		real := filepath.Join(s.contentDir, content.SiteFile)
		if fi, err := os.Stat(real); err == nil && fi.Mode().IsRegular() {
			if err := (&Stage{Part: s.Root}).Link(real, content.SiteFile); err != nil {
				return nil, err
			}
		}
	}
	// Nothing said about the staged content may name the staging folder,
	// which is gone by the time it is read: commands in hints name the
	// real content folder, paths the place the staged part goes.
	shown := s.contentDir
	if shown == "" {
		shown = s.Final
	}
	_, diags, err := content.Load(s.Root, content.Options{ShownDir: shown})
	if err != nil {
		return nil, err
	}
	var out diag.List
	for _, d := range diags {
		rel, err := filepath.Rel(s.Part, d.File)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			continue // the site's own file, or another part: not this one's concern
		}
		d.File = filepath.Join(s.Final, rel)
		d.Message, d.Hint = s.unstage(d.Message), s.unstage(d.Hint)
		out = append(out, d)
	}
	if out.Errors() > 0 {
		return out, &InvalidError{What: s.What, Diagnostics: out}
	}
	return out, nil
}

// unstage rewrites the staging folder's paths in text to where they
// will be: Part's to Final's, then the rest of Root's to the real content
// folder's.
func (s *Stage) unstage(text string) string {
	text = strings.ReplaceAll(text, s.Part, s.Final)
	if s.contentDir != "" {
		text = strings.ReplaceAll(text, s.Root, s.contentDir)
	}
	return text
}

// Place puts the staged rel (a path inside Part; "" for Part itself) at
// the same place under Final, never over something there: a folder is
// renamed (which would replace an empty folder, so its absence is checked
// first), a file hard-linked (which fails rather than replace a file
// another program wrote meanwhile; where links are not supported, checked
// and renamed). Something in the way is an error wrapping fs.ErrExist.
func (s *Stage) Place(rel string) error {
	from, to := filepath.Join(s.Part, rel), filepath.Join(s.Final, rel)
	fi, err := os.Lstat(from)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		err := os.Link(from, to)
		if err == nil || errors.Is(err, fs.ErrExist) {
			return err
		}
	}
	if _, err := os.Lstat(to); err == nil {
		return &fs.PathError{Op: "place", Path: to, Err: fs.ErrExist}
	}
	return os.Rename(from, to)
}

// InvalidError means what was staged would not pass `portfolio validate`'s
// checks; nothing was written. Diagnostics name the files as they would
// have been.
type InvalidError struct {
	What        string // "the new project"
	Diagnostics diag.List
}

func (e *InvalidError) Error() string {
	n := e.Diagnostics.Errors()
	return fmt.Sprintf("%s would not be valid (%s); nothing was written", e.What, english.Count(n, "error"))
}
