// Package images is the `portfolio images` command.
package images

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"portfolio/cli/internal/cards"
	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/images"
	"portfolio/cli/internal/iostreams"
)

// Options are the inputs of an images run.
type Options struct {
	IO         *iostreams.IOStreams
	Ctx        context.Context
	ContentDir string
	OutDir     string
	CacheDir   string
	Manifest   string
	Widths     []int
	Quality    int
	Jobs       int
	GC         bool
	MaxPixels  int64
	// FontDir holds the site's @fontsource-variable packages, which draw
	// the social preview cards; without them no card is drawn.
	FontDir string
}

// maxWidth bounds --widths: beyond it a variant only costs bytes.
const maxWidth = 8192

// NewCmdImages builds the command; runF replaces the run in tests.
func NewCmdImages(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams}
	cmd := &cobra.Command{
		Use:   "images",
		Short: "Make responsive web images and their placeholders",
		Long: strings.TrimSpace(`
Turn every local image of the content (covers, heroes, inline images,
screenshots, galleries) into web variants: each width of --widths that the
image can fill (never enlarged; the largest is the image's own width when it is
smaller than the last one), in WebP and in JPEG (PNG for an image with
transparency). Each image is turned upright by its EXIF orientation and loses
all its metadata, GPS positions included. A tiny blurred placeholder is made
too, so the page reserves the space and shows a preview while the image loads.

Variant files are named from a hash of the source bytes and the options, and
a cache remembers what was made: a run with nothing changed decodes nothing.
The manifest written for ` + "`portfolio generate`" + ` lists every image's variants.
An image that cannot be read is reported and the others are still done; the
exit status is then 1. Interrupted, a run keeps every finished image whole,
and the next run completes the work.`),
		Example: strings.TrimRight(`  portfolio images
  portfolio images --gc                 # also delete variants no image needs
  portfolio images -j 1 --quality 75`, "\n"),
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ContentDir = cmdutil.ContentDir(cmd)
			opts.Ctx = cmd.Context()
			if err := checkFlags(opts); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return Run(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.OutDir, "out", images.DefaultOutDir, "folder for the variant files (served at "+"/img/)")
	fl.StringVar(&opts.CacheDir, "cache", images.DefaultCacheDir, "cache `folder`")
	fl.StringVar(&opts.Manifest, "manifest", images.DefaultManifest, "manifest `file` that `portfolio generate` reads")
	fl.IntSliceVar(&opts.Widths, "widths", images.DefaultWidths, "variant widths in pixels, ascending")
	fl.IntVar(&opts.Quality, "quality", images.DefaultQuality, "WebP and JPEG quality, 1–100")
	fl.IntVarP(&opts.Jobs, "jobs", "j", 0, "images processed at once (default: one per CPU core)")
	fl.BoolVar(&opts.GC, "gc", false, "delete variant files and cache entries no image needs")
	fl.StringVar(&opts.FontDir, "fonts", cards.DefaultFontDir, "the site's @fontsource-variable `folder` (draws the social preview cards)")
	fl.Int64Var(&opts.MaxPixels, "max-pixels", imagecheck.DefaultMaxPixels, "refuse images with more pixels than this (as validate does)")
	_ = cmd.MarkFlagDirname("out")
	_ = cmd.MarkFlagDirname("cache")
	return cmd
}

func checkFlags(opts *Options) error {
	if len(opts.Widths) == 0 {
		return cmdutil.Usagef("--widths needs at least one width")
	}
	for i, w := range opts.Widths {
		if w < 16 || w > maxWidth {
			return cmdutil.Usagef("--widths: %d is out of range: use widths from 16 to %d pixels", w, maxWidth)
		}
		if i > 0 && w <= opts.Widths[i-1] {
			return cmdutil.Usagef("--widths must be in ascending order with no repeats, as in 480,800,1200")
		}
	}
	if opts.Quality < 1 || opts.Quality > 100 {
		return cmdutil.Usagef("--quality must be from 1 to 100, got %d", opts.Quality)
	}
	if opts.Jobs < 0 {
		return cmdutil.Usagef("--jobs must be 0 (one per core) or more, got %d", opts.Jobs)
	}
	if opts.MaxPixels <= 0 {
		return cmdutil.Usagef("--max-pixels must be a positive number")
	}
	return nil
}

// Run makes the variants, then writes the manifest.
func Run(opts *Options) error {
	ctx := opts.Ctx
	if ctx == nil {
		ctx = context.Background()
	}
	c, diags, err := content.Load(opts.ContentDir, content.Options{MaxPixels: opts.MaxPixels})
	if err != nil {
		return err
	}
	// Problems in the content are shown first; every image that passed its
	// own checks is still processed, so fixing one file never costs the
	// work on the others.
	if err := cmdutil.WriteDiagnostics(opts.IO, diags); err != nil {
		return err
	}
	sources := images.Sources(c)
	ui := newReporter(opts.IO, sources)
	res, err := images.Run(ctx, sources, images.Options{
		Widths:    opts.Widths,
		Quality:   opts.Quality,
		MaxPixels: opts.MaxPixels,
		Workers:   opts.Jobs,
		OutDir:    opts.OutDir,
		CacheDir:  opts.CacheDir,
		GC:        opts.GC,
		OnEvent:   ui.event,
	})
	ui.close()
	if errors.Is(err, context.Canceled) {
		fmt.Fprintln(opts.IO.ErrOut, "interrupted: every finished image is kept; run `portfolio images` again to complete the rest")
		return cmdutil.ErrCancel
	}
	if err != nil {
		return err
	}
	if err := res.Manifest.Write(opts.Manifest); err != nil {
		return fmt.Errorf("writing %s: %w", opts.Manifest, err)
	}

	if err := cmdutil.WriteDiagnostics(opts.IO, failureDiagnostics(opts.ContentDir, res.Failures)); err != nil {
		return err
	}
	s := cmdutil.NewStyler(opts.IO)
	fmt.Fprintln(opts.IO.Out, summaryLine(res.Summary, s))
	if n := res.Summary.Unused; n > 0 {
		what := fmt.Sprintf("%s (%s) no image needs", plural(n, "file"), size(res.Summary.UnusedBytes))
		switch {
		case res.Summary.Removed:
			fmt.Fprintf(opts.IO.Out, "removed %s\n", what)
		case opts.GC:
			fmt.Fprintf(opts.IO.Out, "kept %s: --gc removes nothing while an image fails\n", what)
		default:
			fmt.Fprintf(opts.IO.Out, "%s: `portfolio images --gc` removes them\n", what)
		}
	}
	if errs := diags.Errors() + len(res.Failures); errs > 0 {
		fmt.Fprintf(opts.IO.ErrOut, "%s (see above); every other image is ready\n", s.Red(plural(errs, "error")))
		return cmdutil.ErrInvalid
	}
	return MakeCards(opts, c)
}

// MakeCards draws the social preview card of every page and the site's
// icons into the images output (cards/, icons/), with their manifests
// beside the images manifest (cards.json, icons.json), which the prerender
// reads. Unchanged cards are kept. Without the site's fonts (npm packages
// not installed) it says so and draws nothing: the site's build then
// refuses to run without the cards.
func MakeCards(opts *Options, c *content.Content) error {
	dir := filepath.Dir(opts.Manifest)
	if _, err := cards.MakeIcons(opts.OutDir, filepath.Join(dir, "icons.json")); err != nil {
		return fmt.Errorf("drawing the site's icons: %w", err)
	}
	if !cards.HaveFonts(opts.FontDir) {
		fmt.Fprintf(opts.IO.Out, "no social preview cards: the site's fonts are not in %s (run `npm ci` in the site folder, then `portfolio images` again)\n", opts.FontDir)
		return nil
	}
	start := time.Now()
	res, err := cards.Run(cards.Pages(c), cards.Options{
		OutDir:   opts.OutDir,
		Manifest: filepath.Join(dir, "cards.json"),
		FontDir:  opts.FontDir,
	})
	if err != nil {
		return fmt.Errorf("drawing the social preview cards: %w", err)
	}
	fmt.Fprintf(opts.IO.Out, "%d social preview cards: %d made, %d unchanged, %d removed, in %s\n", len(res.Manifest), res.Made, res.Reused, res.Removed, time.Since(start).Round(time.Millisecond))
	return nil
}

// failureDiagnostics reports failed images at their path under the content
// folder.
func failureDiagnostics(contentDir string, fs []images.Failure) diag.List {
	var out diag.List
	for _, f := range fs {
		d := diag.Diagnostic{
			File:     filepath.Join(contentDir, filepath.FromSlash(f.Source.Rel)),
			Severity: diag.Error,
			Message:  f.Err.Error(),
		}
		if p, ok := imagecheck.IsProblem(f.Err); ok {
			d.Message, d.Hint = p.Msg, p.Hint
		}
		out = append(out, d)
	}
	return out
}

func summaryLine(s images.Summary, st cmdutil.Styler) string {
	parts := []string{fmt.Sprintf("%d made", s.VariantsMade), fmt.Sprintf("%d reused", s.VariantsReused)}
	if s.Failed > 0 {
		parts = append(parts, st.Red(plural(s.Failed, "image")+" failed"))
	}
	return fmt.Sprintf("%s (%s) → %s (%s): %s, in %s",
		plural(s.Images, "image"), size(s.BytesIn),
		plural(s.VariantsMade+s.VariantsReused, "variant"), size(s.BytesOut),
		strings.Join(parts, ", "), s.Elapsed.Round(time.Millisecond))
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func size(b int64) string {
	switch {
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(b)/(1<<20))
	case b >= 1<<10:
		return fmt.Sprintf("%.0f KB", float64(b)/(1<<10))
	}
	return fmt.Sprintf("%d B", b)
}
