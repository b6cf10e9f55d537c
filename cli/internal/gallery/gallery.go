// Package gallery changes a project's gallery in place: it inserts, moves
// and removes images and edits their alt text and captions, then renumbers
// the files 01.jpg, 02.jpg, … so that their names say the order. The change
// is checked with `portfolio validate`'s loader before anything moves, and
// applied by a journalled two-phase rename: a crash at any point leaves
// every image present exactly once, and the next Open finishes the job.
package gallery

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/fieldcheck"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/importimage"
	"portfolio/cli/internal/poster"
	"portfolio/cli/internal/videocheck"
)

// Image is one image of the gallery, in display order.
type Image struct {
	// File is the image's current name in the gallery folder; empty for an
	// image being added.
	File string
	// Source is the file to copy in, for an image being added.
	Source       string
	Alt, Caption string
	// KeepSize copies an added image at its size even when it is larger
	// than MaxEdge: the owner said so when asked.
	KeepSize bool
	// Poster is, for a video of the gallery folder, its poster's current
	// name (02.poster.jpg); it moves and goes with its video. An added
	// video's poster is copied from beside its Source, or drawn by ffmpeg.
	Poster string
}

// IsVideo reports whether the item is a video.
func (im Image) IsVideo() bool {
	if im.File != "" {
		return videocheck.HasVideoExt(im.File)
	}
	return videocheck.HasVideoExt(im.Source)
}

// posterExt is the extension of the item's poster: its current one, or
// that it will have when added.
func (im Image) posterExt() string {
	if im.Poster != "" {
		return filepath.Ext(im.Poster)
	}
	return poster.Ext(im.Source)
}

// PosterName is the name of the poster of a video named name.
func PosterName(name, ext string) string {
	return strings.TrimSuffix(name, filepath.Ext(name)) + content.PosterSuffix + ext
}

// Ext is the image's extension as it will be kept, e.g. ".jpg".
func (im Image) Ext() string {
	if im.File != "" {
		return filepath.Ext(im.File)
	}
	return strings.ToLower(filepath.Ext(im.Source))
}

// Gallery is a project's gallery being edited. Nothing changes on disk until
// Apply.
type Gallery struct {
	ProjectDir string
	Slug       string
	Images     []Image
	// Recovered is true when Open finished a change an earlier run left
	// unfinished.
	Recovered bool
	// MaxEdge shrinks added JPEG and PNG images whose long edge is larger;
	// 0 keeps every size. Open sets the default.
	MaxEdge int

	// AddedBlock is true when AddBlock gave the page a gallery block that
	// Apply writes.
	AddedBlock bool

	yaml  []byte // project.yaml as read
	texts map[string]content.ImageText
	// byTexts: the block says `order: texts`, so the texts list holds the
	// order and Apply writes an entry for every image (decision 0081).
	byTexts  bool
	removed  []string // files of the gallery folder to delete
	warnings diag.List
}

// ErrNoGalleryBlock means the project's body has no gallery block to edit.
var ErrNoGalleryBlock = errors.New("the project has no gallery block")

// Open reads a project's gallery, first finishing any change an interrupted
// run left behind. A slug that names no project is a *fieldcheck.FieldError
// of kind fieldcheck.ErrNoProject.
func Open(contentDir, slug string) (*Gallery, error) {
	dir, err := fieldcheck.ExistingProject(contentDir, slug)
	if err != nil {
		return nil, err
	}
	recovered, err := Recover(dir, nil)
	if err != nil {
		return nil, fmt.Errorf("finishing the interrupted gallery change in %s: %w", dir, err)
	}
	data, err := os.ReadFile(filepath.Join(dir, content.ProjectFile))
	if err != nil {
		return nil, err
	}
	texts, order, err := readTexts(filepath.Join(dir, content.ProjectFile), data)
	if err != nil {
		return nil, err
	}
	names, posters, err := listImages(filepath.Join(dir, content.GalleryDir))
	if err != nil {
		return nil, err
	}
	g := &Gallery{ProjectDir: dir, Slug: slug, Recovered: recovered, yaml: data, texts: texts, MaxEdge: importimage.DefaultMaxEdge, byTexts: order != nil}
	for _, n := range names {
		t := texts[n]
		im := Image{File: n, Alt: t.Alt, Caption: t.Caption}
		if videocheck.HasVideoExt(n) {
			for _, c := range content.PosterCandidates(n) {
				if posters[c] {
					im.Poster = c
					break
				}
			}
		}
		g.Images = append(g.Images, im)
	}
	if g.byTexts {
		// The site's order: the files texts names, in its order, then the
		// rest by name (a stable sort keeps listImages's natural order).
		rank := map[string]int{}
		for i, f := range order {
			rank[f] = i + 1
		}
		at := func(im Image) int {
			if r := rank[im.File]; r > 0 {
				return r
			}
			return len(order) + 1
		}
		slices.SortStableFunc(g.Images, func(a, b Image) int { return at(a) - at(b) })
	}
	return g, nil
}

// HasBlock reports whether the project's page has a gallery block, which
// the images in the gallery folder need to be shown.
func (g *Gallery) HasBlock() bool {
	doc, err := parse(filepath.Join(g.ProjectDir, content.ProjectFile), g.yaml)
	if err != nil {
		return true // not readable: Apply says why
	}
	_, _, ok := galleryBlock(doc)
	return ok
}

// AddBlock gives the page an empty gallery block at the end of its body,
// written by Apply with the rest of the change.
func (g *Gallery) AddBlock() error {
	data, err := AddBlock(filepath.Join(g.ProjectDir, content.ProjectFile), g.yaml)
	if err != nil {
		return err
	}
	g.yaml, g.AddedBlock = data, true
	return nil
}

// listImages lists the gallery folder's image and video files in natural
// order, as the loader does, and apart from them the videos' posters; a
// missing folder is an empty gallery.
func listImages(dir string) (names []string, posters map[string]bool, err error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	posters = map[string]bool{}
	for _, e := range entries {
		n := e.Name()
		switch {
		case strings.HasPrefix(n, ".") || !e.Type().IsRegular():
		case content.IsPoster(n):
			posters[n] = true
		case imagecheck.HasImageExt(n) || videocheck.HasVideoExt(n):
			names = append(names, n)
		}
	}
	slices.SortFunc(names, content.NaturalCompare)
	return names, posters, nil
}

// position checks a 1-based position among n images.
func position(what string, p, n int) error {
	if n == 0 {
		return fmt.Errorf("the gallery is empty")
	}
	if p < 1 || p > n {
		return fmt.Errorf("%s %d is not in the gallery: give a number from 1 to %d", what, p, n)
	}
	return nil
}

// Move moves image from (1-based) to position to.
func (g *Gallery) Move(from, to int) error {
	if err := position("image", from, len(g.Images)); err != nil {
		return err
	}
	if err := position("position", to, len(g.Images)); err != nil {
		return err
	}
	im := g.Images[from-1]
	g.Images = slices.Delete(g.Images, from-1, from)
	g.Images = slices.Insert(g.Images, to-1, im)
	return nil
}

// Remove takes image n (1-based) out of the gallery; Apply deletes its file.
func (g *Gallery) Remove(n int) error {
	if err := position("image", n, len(g.Images)); err != nil {
		return err
	}
	if f := g.Images[n-1].File; f != "" {
		g.removed = append(g.removed, f)
	}
	if p := g.Images[n-1].Poster; p != "" {
		g.removed = append(g.removed, p)
	}
	g.Images = slices.Delete(g.Images, n-1, n)
	return nil
}

// Insert adds image files at position at (1-based; len+1 appends), in the
// order given: files, folders (their images in natural order) or patterns,
// as `new project` takes them. Each image is checked as `portfolio
// validate` checks images.
func (g *Gallery) Insert(at int, sources ...string) error {
	if at < 1 || at > len(g.Images)+1 {
		return fmt.Errorf("position %d is not in the gallery: give a number from 1 to %d", at, len(g.Images)+1)
	}
	files, _, err := fieldcheck.ExpandGallery(sources)
	if err != nil {
		return err
	}
	var add []Image
	for _, f := range files {
		add = append(add, Image{Source: f})
	}
	g.Images = slices.Insert(g.Images, at-1, add...)
	return nil
}

// SetText sets image n's alt text and caption (empty removes them).
func (g *Gallery) SetText(n int, alt, caption string) error {
	if err := position("image", n, len(g.Images)); err != nil {
		return err
	}
	if alt = strings.TrimSpace(alt); alt != "" {
		if p := content.AltProblem(alt); p != "" {
			return fmt.Errorf("%s: say what the picture shows", p)
		}
	}
	g.Images[n-1].Alt, g.Images[n-1].Caption = alt, strings.TrimSpace(caption)
	return nil
}

// Names returns the file names the images will have: 01.jpg, 02.png, …, two
// digits at least, each keeping its extension.
func (g *Gallery) Names() []string {
	width := max(2, len(fmt.Sprint(len(g.Images))))
	out := make([]string, len(g.Images))
	for i, im := range g.Images {
		out[i] = fmt.Sprintf("%0*d%s", width, i+1, im.Ext())
	}
	return out
}
