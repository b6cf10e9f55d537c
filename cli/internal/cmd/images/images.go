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
screenshots, galleries) into web variants in site/public/img/ (--out):

- each width of --widths that the image can fill: never enlarged; the
  largest is the image's own width when it is narrower than the last one,
  and a width within 10% of it is skipped;
- each in WebP and in JPEG (PNG for an image with transparency), at
  --quality, and in AVIF at the quality that looks the same, where it
  pays: an image keeps its AVIF only if its AVIF files are at least 10%
  smaller than its WebP files in all, and none is more than 10% larger
  than the WebP of its width; the summary counts those kept in WebP only.
  AVIF needs libavif (Debian's libavif-dev, Homebrew's libavif) when
  portfolio is built, and cgo; without them it makes none and says so;
- upright by its EXIF orientation, with the camera's metadata dropped: no
  GPS position, camera serial or thumbnail reaches the site; what it
  carries instead is site.yaml's rights as XMP (creator, copyright, web
  statement, licence and, unless aiTraining is allow, IPTC's Data Mining
  prohibition; docs/rights.md);
- and a placeholder the page paints in the image's box while it loads: soft
  CSS gradients of the photo's colours (about 400 bytes) or, for a
  transparent image, a 16 px WebP inside an SVG that blurs it and keeps its
  shape (about 0.6 KB).

Files are named <key>-<width>.webp (.avif, .jpg, .png), where the key
hashes the source bytes and every option, the encoders included, so a name
always means the same bytes and the host may cache them forever. The manifest (--manifest) that ` + "`portfolio generate`" + `
reads lists every image's variants; generate refuses to run when an image
has no current variants, naming it. The cache (--cache) remembers what was
made and each source's hash by file identity (size, times, inode): a run
with nothing changed reads no image. --gc deletes the variant files and
cache entries no image needs.

A broken image is reported with its path and the others are still made; the
exit status is then 1. Ctrl-C or even kill -9 leaves no half-written file
(each is written under a temporary name and renamed), and the next run picks
up where it stopped. On a terminal a progress bar shows the images done,
failures and time left; elsewhere (CI logs), one line per image made.

Then it draws the site's icons and every page's social preview card (home,
about, contact, the category pages, the not-found page and every project;
the contact form's landing page shares the contact card): a 1200×630 JPEG
(quality 85, 35–75 KB) in site/public/img/cards/<key>.jpg, listed by route
(file, width, height, alt) in cards.json beside the manifest, as the icons
are in icons.json; each page's og:image is its card. A project's card is its
cover cropped to fill under a dark scrim, with the category, the title and
the owner's name in white; a page without a cover gets a background in the
theme's colours.

The cards' titles are set in Fraunces and their other lines in Inter, read
from the site's @fontsource-variable packages (--fonts: the site's npm
packages must be installed; without them it says so and draws no card). Text
is wrapped to three lines, smaller type first, then an ellipsis; control and
format characters (bidi overrides) and characters neither font covers are
dropped, and a text is cut at 400 characters before layout. A card's name
hashes every input (texts, cover bytes, font files, size, quality, layout
version): nothing changed, nothing drawn; cards no page needs are removed.
` + "`npm run build`" + ` in site/ stops, naming the command to run, when cards.json,
icons.json or content.ts is missing.

` + cmdutil.OutputsRepoHelp),
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
			if err := cmdutil.EnterRepoIfAny(cmd, map[string]*string{"content": &opts.ContentDir, "out": &opts.OutDir,
				"cache": &opts.CacheDir, "manifest": &opts.Manifest, "fonts": &opts.FontDir}); err != nil {
				return err
			}
			return pipeline.Images(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.OutDir, "out", images.DefaultOutDir, "folder for the variant files (served at "+"/img/)")
	fl.StringVar(&opts.CacheDir, "cache", images.DefaultCacheDir, "cache `folder`")
	fl.StringVar(&opts.Manifest, "manifest", images.DefaultManifest, "manifest `file` that `portfolio generate` reads")
	fl.IntSliceVar(&opts.Widths, "widths", images.DefaultWidths, "variant widths in pixels, ascending")
	fl.IntVar(&opts.Quality, "quality", images.DefaultQuality, "WebP and JPEG quality, 1–100 (AVIF's is matched to it)")
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
