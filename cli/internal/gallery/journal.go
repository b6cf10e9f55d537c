package gallery

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/fsutil"
	"portfolio/cli/internal/importimage"
	"portfolio/cli/internal/metastrip"
	"portfolio/cli/internal/poster"
	"portfolio/cli/internal/termsafe"
)

// JournalFile is the hidden file in the project folder that records a
// gallery change in progress. While it exists the change is not finished;
// Open (every gallery command) finishes it.
const JournalFile = content.GalleryJournal

const (
	incomingPrefix = ".incoming-" // copies of added files, before the journal is written
	movingPrefix   = ".moving-"   // files between the two phases of the rename
)

// journal is the whole change: every rename, and project.yaml as it will be.
type journal struct {
	// Phase 1 moves every file to its temporary name; phase 2 moves each
	// to its final name (or deletes it) and writes project.yaml.
	Phase   int      `json:"phase"`
	Renames []rename `json:"renames"`
	YAML    string   `json:"projectYaml"`
}

// rename is one file's move, by names inside the gallery folder. An empty To
// deletes the file.
type rename struct {
	From string `json:"from"`
	Tmp  string `json:"tmp"`
	To   string `json:"to"`
}

// Hook, when set, is called before each step of applying a change (copying
// a file in, writing the journal, each rename, writing project.yaml,
// removing the journal), with the step's number from 0. Tests use it to
// stop a real process at each step.
type Hook func(step int, what string)

// Result says what Apply did.
type Result struct {
	Added, Removed, Renamed int
	// Stripped says what private metadata was left out of added files.
	Stripped metastrip.Report
	// Resized lists the added images shrunk to MaxEdge: "name: W×H → W×H".
	Resized []string
}

// Apply writes the change: it copies added files in under hidden names,
// checks the project as it will be with `portfolio validate`'s loader (an
// invalid result changes nothing: *stage.InvalidError), records every rename and
// the new project.yaml in the journal, then renames in two phases. hook may
// be nil.
func (g *Gallery) Apply(ctx context.Context, hook Hook) (*Result, error) {
	if hook == nil {
		hook = func(int, string) {}
	}
	step := 0
	next := func(what string) {
		hook(step, what)
		step++
	}
	galleryDir := filepath.Join(g.ProjectDir, content.GalleryDir)
	names := g.Names()
	newYAML, err := g.newYAML(names)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(galleryDir, 0o755); err != nil {
		return nil, err
	}
	j := journal{Phase: 1, YAML: string(newYAML)}
	res := &Result{Removed: len(g.removed)}
	var incoming []string
	cleanup := func() {
		for _, f := range incoming {
			os.Remove(filepath.Join(galleryDir, f))
		}
	}
	for i, im := range g.Images {
		from := im.File
		if im.Source != "" {
			if err := ctx.Err(); err != nil {
				cleanup()
				return nil, err
			}
			next("copy " + filepath.Base(im.Source))
			from = fmt.Sprintf("%s%d%s", incomingPrefix, i+1, im.Ext())
			if err := g.copyAdded(ctx, galleryDir, i, from, names[i], &j, res, &incoming); err != nil {
				cleanup()
				return nil, err
			}
		}
		if im.Poster != "" && PosterName(names[i], im.posterExt()) != im.Poster {
			j.Renames = append(j.Renames, rename{From: im.Poster, Tmp: PosterName(fmt.Sprintf("%s%d%s", movingPrefix, i+1, im.Ext()), im.posterExt()), To: PosterName(names[i], im.posterExt())})
		}
		if from != names[i] {
			j.Renames = append(j.Renames, rename{From: from, Tmp: fmt.Sprintf("%s%d%s", movingPrefix, i+1, im.Ext()), To: names[i]})
			if im.Source == "" {
				res.Renamed++
			}
		}
	}
	for i, f := range g.removed {
		j.Renames = append(j.Renames, rename{From: f, Tmp: fmt.Sprintf("%sremoved-%d%s", movingPrefix, i+1, filepath.Ext(f))})
	}
	if err := g.check(&j); err != nil {
		cleanup()
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		cleanup()
		return nil, err
	}
	// The commit point: once the journal is on disk, the change happens,
	// now or at the next Open.
	next("write the journal")
	if err := writeJournal(g.ProjectDir, &j); err != nil {
		cleanup()
		return nil, err
	}
	if err := finish(g.ProjectDir, &j, next); err != nil {
		return nil, err
	}
	// The gallery now is what was planned: it can be edited again.
	for i := range g.Images {
		if g.Images[i].IsVideo() {
			g.Images[i].Poster = PosterName(names[i], g.Images[i].posterExt())
		}
		g.Images[i].File, g.Images[i].Source = names[i], ""
	}
	g.removed, g.yaml = nil, newYAML
	return res, nil
}

// newYAML is project.yaml with the alt texts and captions of the images
// under their new names.
func (g *Gallery) newYAML(names []string) ([]byte, error) {
	texts := []Text{}
	for i, im := range g.Images {
		if im.Alt != "" || im.Caption != "" || g.byTexts {
			texts = append(texts, Text{File: names[i], Alt: im.Alt, Caption: im.Caption})
		}
	}
	newYAML, err := SetTexts(filepath.Join(g.ProjectDir, content.ProjectFile), g.yaml, texts)
	if errors.Is(err, ErrNoGalleryBlock) && len(texts) == 0 {
		return g.yaml, nil
	}
	return newYAML, err
}

// copyAdded copies added image i into galleryDir under the hidden name
// from (its final name is name). Each file it makes goes in *incoming, for
// the cleanup; a video's poster's rename goes in j.
func (g *Gallery) copyAdded(ctx context.Context, galleryDir string, i int, from, name string, j *journal, res *Result, incoming *[]string) error {
	im := g.Images[i]
	maxEdge := g.MaxEdge
	if im.KeepSize {
		maxEdge = 0
	}
	if im.IsVideo() {
		// Copied as it is, its poster beside it under a hidden name
		// too: copied from beside the source, or drawn by ffmpeg.
		*incoming = append(*incoming, from)
		if err := copyVideo(im.Source, filepath.Join(galleryDir, from)); err != nil {
			return err
		}
		posterFrom := PosterName(from, im.posterExt())
		*incoming = append(*incoming, posterFrom)
		if err := addPoster(ctx, im.Source, filepath.Join(galleryDir, posterFrom)); err != nil {
			return err
		}
		j.Renames = append(j.Renames, rename{From: posterFrom, Tmp: PosterName(fmt.Sprintf("%s%d%s", movingPrefix, i+1, im.Ext()), im.posterExt()), To: PosterName(name, im.posterExt())})
		res.Added++
		return nil
	}
	prep, err := copyIn(im.Source, filepath.Join(galleryDir, from), maxEdge)
	if err != nil {
		return err
	}
	res.Stripped.Add(filepath.Base(im.Source), prep.Removed)
	if prep.Resized {
		res.Resized = append(res.Resized, fmt.Sprintf("%s: %d×%d → %d×%d", filepath.Base(im.Source), prep.From.X, prep.From.Y, prep.To.X, prep.To.Y))
	}
	*incoming = append(*incoming, from)
	res.Added++
	return nil
}

// Recover finishes a change that an interrupted Apply committed (the
// journal exists), or removes what it copied in before committing. It
// reports whether there was anything to do.
func Recover(projectDir string, hook Hook) (bool, error) {
	galleryDir := filepath.Join(projectDir, content.GalleryDir)
	data, err := os.ReadFile(filepath.Join(projectDir, JournalFile))
	if errors.Is(err, fs.ErrNotExist) {
		entries, _ := os.ReadDir(galleryDir)
		found := false
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), incomingPrefix) {
				found = true
				if err := os.Remove(filepath.Join(galleryDir, e.Name())); err != nil {
					return found, err
				}
			}
		}
		return found, nil
	}
	if err != nil {
		return false, err
	}
	var j journal
	if err := json.Unmarshal(data, &j); err != nil || (j.Phase != 1 && j.Phase != 2) {
		return false, fmt.Errorf("%s is damaged (%v); the gallery folder holds the images under their old names and .moving-* names: rename them by hand, then delete it",
			filepath.Join(projectDir, JournalFile), err)
	}
	step := 0
	next := func(what string) {
		if hook != nil {
			hook(step, what)
		}
		step++
	}
	return true, finish(projectDir, &j, next)
}

// finish runs the journal from wherever it stopped. Every step can be run
// again: a rename whose source is gone was done.
func finish(projectDir string, j *journal, next func(string)) error {
	galleryDir := filepath.Join(projectDir, content.GalleryDir)
	at := func(name string) string { return filepath.Join(galleryDir, name) }
	if j.Phase == 1 {
		// In phase 1 no final name has been taken yet, so a file under its
		// old name has not moved.
		for _, r := range j.Renames {
			next("move " + r.From + " aside")
			if exists(at(r.From)) && !exists(at(r.Tmp)) {
				if err := os.Rename(at(r.From), at(r.Tmp)); err != nil {
					return err
				}
			}
		}
		if err := syncDir(galleryDir); err != nil {
			return err
		}
		next("mark phase 2")
		j.Phase = 2
		if err := writeJournal(projectDir, j); err != nil {
			return err
		}
	}
	for _, r := range j.Renames {
		next("place " + r.To)
		if !exists(at(r.Tmp)) {
			continue
		}
		var err error
		if r.To == "" {
			err = os.Remove(at(r.Tmp))
		} else {
			err = os.Rename(at(r.Tmp), at(r.To))
		}
		if err != nil {
			return err
		}
	}
	if err := syncDir(galleryDir); err != nil {
		return err
	}
	next("write project.yaml")
	if err := fsutil.WriteFileAtomic(filepath.Join(projectDir, content.ProjectFile), []byte(j.YAML), 0o644); err != nil {
		return err
	}
	next("remove the journal")
	if err := os.Remove(filepath.Join(projectDir, JournalFile)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return syncDir(projectDir)
}

func writeJournal(projectDir string, j *journal) error {
	data, err := json.MarshalIndent(j, "", "  ")
	if err != nil {
		return err
	}
	if err := fsutil.WriteFileAtomic(filepath.Join(projectDir, JournalFile), data, 0o644); err != nil {
		return err
	}
	return syncDir(projectDir)
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// syncDir makes renames in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return nil // some file systems cannot sync a folder; the rename is still atomic
	}
	return nil
}

// copyVideo copies an added video byte for byte: the build publishes it
// as it is.
func copyVideo(src, dst string) error {
	fi, err := os.Stat(src)
	if err != nil {
		return err
	}
	return fsutil.CopyFileAtomic(dst, src, fi.Size(), 0o644)
}

// addPoster puts the poster of the added video src at dst: the one beside
// src (without a JPEG's private metadata), or the frame at 1 s drawn by
// ffmpeg.
func addPoster(ctx context.Context, src, dst string) error {
	if b := poster.Beside(src); b != "" {
		_, err := copyIn(b, dst, 0)
		return err
	}
	return poster.Make(ctx, src, dst)
}

// copyIn copies an added image, without the private metadata of a JPEG
// (see metastrip), and says what it removed.
func copyIn(src, dst string, maxEdge int) (prep importimage.Result, err error) {
	data, err := os.ReadFile(src)
	if err != nil {
		return prep, err
	}
	if data, prep, err = importimage.Prepare(data, maxEdge); err != nil {
		return prep, fmt.Errorf("%s: %w", termsafe.String(src), err)
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return prep, err
	}
	defer func() {
		if cerr := out.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(dst)
		}
	}()
	if _, err := out.Write(data); err != nil {
		return prep, fmt.Errorf("copying %s: %w", src, err)
	}
	return prep, out.Sync()
}
