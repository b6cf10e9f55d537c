package scaffold

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/fieldcheck"
	"portfolio/cli/internal/fsutil"
	"portfolio/cli/internal/importimage"
	"portfolio/cli/internal/metastrip"
	"portfolio/cli/internal/poster"
	"portfolio/cli/internal/stage"
	"portfolio/cli/internal/termsafe"
	"portfolio/cli/internal/videocheck"
)

// Result is what Create made.
type Result struct {
	Dir  string // the new project folder
	File string // its project.yaml
	// Warnings are what `portfolio validate` says about the new project
	// that does not make it invalid.
	Warnings diag.List
	// Stripped says what private metadata was left out of the copies.
	Stripped metastrip.Report
	// Resized lists the images shrunk to the plan's MaxEdge: "name: W×H → W×H".
	Resized []string
}

// Create writes the planned project: it assembles the whole folder (the
// cover, the gallery images renamed 01.jpg, 02.jpg, …, and project.yaml,
// written atomically) in a hidden folder beside the other projects, checks
// it with the same loader as `portfolio validate`, and only then renames it
// to content/projects/<slug>. On any failure or cancellation nothing is left
// behind, and an existing project is never overwritten (ErrExists).
func Create(ctx context.Context, p *Plan) (res *Result, err error) {
	if err := fieldcheck.ValidateNewSlug(p.ContentDir, p.Answers.Slug); err != nil {
		return nil, err
	}
	projects := filepath.Join(p.ContentDir, content.ProjectsDir)
	if _, statErr := os.Stat(projects); errors.Is(statErr, fs.ErrNotExist) {
		if err := os.Mkdir(projects, 0o755); err != nil {
			return nil, err
		}
		defer func() {
			if err != nil {
				os.Remove(projects) // only when still empty: it was made here
			}
		}()
	}
	// A content folder of its own holding one project, hidden beside the
	// others, so moving it into place is a rename on the same disk.
	staged, err := stage.NewProject(p.Dir, ".new-", "the new project")
	if err != nil {
		return nil, err
	}
	defer staged.Remove()
	var stripped metastrip.Report
	var resized []string
	for _, c := range append(append([]Copy{p.Cover}, p.Gallery...), p.Posters...) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		dst := staged.Path(filepath.FromSlash(c.Name))
		switch {
		case c.Source == "" && c.PosterOf != "":
			// The frame at 1 s, drawn by ffmpeg (Plan checked it is there).
			if err := poster.Make(ctx, c.PosterOf, dst); err != nil {
				return nil, err
			}
			continue
		case videocheck.HasVideoExt(c.Name):
			// Copied as it is: the build publishes it as it is too.
			if err := copyVideo(c.Source, dst); err != nil {
				return nil, err
			}
			continue
		}
		maxEdge := p.MaxEdge
		if c.KeepSize {
			maxEdge = 0
		}
		prep, err := copyFile(c.Source, dst, maxEdge)
		if err != nil {
			return nil, err
		}
		stripped.Add(filepath.Base(c.Source)+" → "+c.Name, prep.Removed)
		if prep.Resized {
			resized = append(resized, fmt.Sprintf("%s: %d×%d → %d×%d", c.Name, prep.From.X, prep.From.Y, prep.To.X, prep.To.Y))
		}
	}
	if d := p.Document; d != nil {
		data, err := os.ReadFile(d.Source)
		if err != nil {
			return nil, err
		}
		if err := fsutil.WriteFileAtomic(staged.Path(d.Name), data, 0o644); err != nil {
			return nil, err
		}
	}
	if err := fsutil.WriteFileAtomic(staged.Path(content.ProjectFile), Render(p), 0o644); err != nil {
		return nil, err
	}
	diags, err := staged.Check()
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// Checked again at the last moment: rename would replace an empty folder.
	if err := fieldcheck.ValidateNewSlug(p.ContentDir, p.Answers.Slug); err != nil {
		return nil, err
	}
	if err := staged.Place(""); err != nil {
		return nil, err
	}
	return &Result{Dir: p.Dir, File: filepath.Join(p.Dir, content.ProjectFile), Warnings: diags, Stripped: stripped, Resized: resized}, nil
}

// copyVideo copies a video into the project, byte for byte.
func copyVideo(src, dst string) error {
	fi, err := os.Stat(src)
	if err != nil {
		return err
	}
	return fsutil.CopyFileAtomic(dst, src, fi.Size(), 0o644)
}

// copyFile copies an image into the project, without the private metadata
// of a JPEG (GPS, serial numbers, maker notes…; see metastrip), and says
// what it removed.
func copyFile(src, dst string, maxEdge int) (prep importimage.Result, err error) {
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return prep, err
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return prep, err
	}
	if data, prep, err = importimage.Prepare(data, maxEdge); err != nil {
		return prep, fmt.Errorf("%s: %w", termsafe.String(src), err)
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return prep, err
	}
	defer func() {
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	}()
	if _, err := out.Write(data); err != nil {
		return prep, fmt.Errorf("copying %s: %w", src, err)
	}
	return prep, out.Sync()
}
