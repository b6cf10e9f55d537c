// Package images is the `portfolio images` command: flags and wiring; the
// work is pipeline.Images.
package images

import (
	"strings"

	"github.com/spf13/cobra"

	"portfolio/cli/internal/cards"
	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/images"
	"portfolio/cli/internal/pipeline"
)

// Options are the inputs of an images run.
type Options = pipeline.ImagesOptions

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
			return pipeline.Images(opts)
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
