// Package gallery is the `portfolio gallery` command's wiring: its flags
// and subcommands. The gallery editor (gallery/editor: the interactive list,
// the accessible questions, the flag forms' report) asks, and the gallery
// package does the work.
package gallery

import (
	"context"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/english"
	"portfolio/cli/internal/gallery"
	"portfolio/cli/internal/gallery/editor"
	"portfolio/cli/internal/importimage"
	"portfolio/cli/internal/prompt"
)

// NewCmdGallery builds `portfolio gallery` and its subcommands; runF
// replaces the run in tests.
func NewCmdGallery(f *cmdutil.Factory, runF func(context.Context, *editor.Options) error) *cobra.Command {
	opts := &editor.Options{IO: f.IOStreams}
	run := func(cmd *cobra.Command, slug string) error {
		opts.ContentDir = cmdutil.ContentDir(cmd)
		opts.Slug = slug
		opts.Accessible = opts.Accessible || os.Getenv("ACCESSIBLE") != ""
		opts.Terminal = prompt.CanPrompt(opts.IO)
		if runF != nil {
			return runF(cmd.Context(), opts)
		}
		if err := cmdutil.LocateContent(cmd, "content", &opts.ContentDir); err != nil {
			return err
		}
		return editor.Run(cmd.Context(), opts)
	}
	cmd := &cobra.Command{
		Use:   "gallery SLUG",
		Short: "Reorder, add, remove and describe a project's gallery images and videos",
		Long: strings.TrimSpace(`
Edit the gallery of content/projects/SLUG/. In a terminal, an interactive
list of the images in order, and beside it the selected image (in kitty,
iTerm2 and WezTerm, or sixel terminals) or its name, dimensions and size:

- ↑/↓ select an image; shift+↑/↓ (or K/J) move it;
- a and i add files after or before it: paths typed (Tab completes them), or
  quoted or dropped from a file manager; a folder gives its images in
  natural order;
- d removes it; e writes its alt text and caption, checked as you type;
- s saves; q or Esc quits, asking when something is unsaved.

Nothing changes until you save. Added files larger than --max-edge are
shrunk as ` + "`portfolio new project`" + ` does; without --max-edge the list asks
once for the files just added (y or Enter shrink, n keeps their size).
--accessible (or ACCESSIBLE=1) asks one plain line at a time, for screen
readers, and asks the same about large files added. Without a terminal it
prints the gallery.

Videos (.mp4: H.264, HEVC or AV1; .webm: VP9 or AV1) stand among the images
in the same order, each with its poster beside it (02.mp4, 02.poster.jpg),
which moves and goes with it. An added video is checked as
` + "`portfolio validate`" + ` checks it and copied byte for byte; its poster is the
image beside it named like it (clip.mp4 → clip.poster.jpg, .png or .webp),
else the frame at 1 s drawn by ffmpeg. Without ffmpeg and such an image,
nothing changes and the command says what to do.

The subcommands do one change each, for scripts. Image numbers count from 1
in gallery order, videos included.

After every change the files are renumbered 01.jpg, 02.png, … (each keeps
its extension) and the alt texts and captions in project.yaml follow their
image. The result is checked with the same loader as ` + "`portfolio validate`" + `
before anything moves; the renames are journalled (a two-phase rename), so
an interrupted run (even kill -9) leaves every image present exactly once,
and the next ` + "`portfolio gallery`" + ` command finishes the job.

` + cmdutil.ContentRepoHelp + `

Exit status: 0 done, 1 the change would leave the project invalid (nothing
is changed), 2 a mistake in the command line, 130 cancelled.`),
		Example: strings.TrimRight(`  portfolio gallery drone-photography
  portfolio gallery add drone-photography ~/Pictures/new.jpg --at 2
  portfolio gallery move drone-photography 5 1
  portfolio gallery remove drone-photography 3
  portfolio gallery text drone-photography 1 --alt "Campus quad from 100 m, autumn" --caption "Greensboro, 2024"`, "\n"),
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return cmdutil.Usagef("give the project's slug: portfolio gallery SLUG (or a subcommand: add, move, remove, text)")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.AccessibleFlag = cmd.Flags().Changed("accessible") && opts.Accessible
			opts.MaxEdgeSet = cmd.Flags().Changed("max-edge")
			return run(cmd, args[0])
		},
	}
	cmd.Flags().BoolVar(&opts.Accessible, "accessible", false, "ask one plain line at a time, for screen readers (also ACCESSIBLE=1)")
	cmd.PersistentFlags().IntVar(&opts.MaxEdge, "max-edge", importimage.DefaultMaxEdge,
		"shrink added JPEG and PNG images whose long edge is larger than `N` pixels (0 keeps every size)")
	cmd.PersistentFlags().BoolVarP(&opts.Yes, "yes", "y", false, "give a page without a gallery block one at its end without asking")

	var at int
	var texts cmdutil.ImageTexts
	add := &cobra.Command{
		Use:   "add SLUG FILE…",
		Short: "Add image or video files (or a folder's) to a gallery, at the end or --at N",
		Long: strings.TrimSpace(`
Add image or video files to the gallery of content/projects/SLUG/, after
the last image or at position --at N (1 is first). A folder gives its images
and videos in natural order (a video's poster beside it is not an image of
its own). JPEG metadata is dropped and large images are shrunk as
` + "`portfolio new project`" + ` says (--max-edge).

--alt and --caption describe the images added, in the order they are added:
each --alt starts the next image's texts ('' keeps its default alt text),
and a --caption belongs to the image of the --alt just before it. A
--caption before any --alt, a second --caption after one --alt, or more
--alt than images added is a mistake in the command line: nothing changes.

A page without a gallery block does not show the gallery's images: in a
terminal the command asks to add one at the end of the page; --yes adds it
without asking; without a terminal and without --yes it says how, and
nothing changes.

A video (.mp4: H.264, HEVC or AV1; .webm: VP9 or AV1) is checked as
` + "`portfolio validate`" + ` checks it (codec, size, duration, the index before
the media data) and copied byte for byte, with its poster: the image beside
it named like it (clip.mp4 → clip.poster.jpg, .png or .webp), else the
frame at 1 s that ffmpeg draws into a temporary file and renames into
place. Without ffmpeg on PATH and without such an image, nothing changes
and the command says what to do.

Exit status: 0 done, 1 the change would leave the project invalid (nothing
is changed), 2 a mistake in the command line.`),
		Example: strings.TrimRight(`  portfolio gallery add drone-photography ~/Pictures/new.jpg --at 2 \
    --alt "The library at dusk"
  portfolio gallery add drone-photography ~/Pictures/a.jpg ~/Pictures/b.jpg \
    --alt "Reeds at the water's edge" --caption "Rain on the pond" --alt "Two herons"
  portfolio gallery add drone-photography ~/Pictures/more   # a folder's images
  portfolio gallery add media-annotation-tool ~/Movies/timeline.mp4   # its poster drawn by ffmpeg`, "\n"),
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) < 2 {
				return cmdutil.Usagef("give the project's slug and at least one image file: portfolio gallery add SLUG FILE…")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			files := args[1:]
			opts.Verb, opts.Adds = "added", true
			opts.Edit = func(g *gallery.Gallery) error {
				pos := len(g.Images) + 1
				if cmd.Flags().Changed("at") {
					pos = at
				}
				n := len(g.Images)
				if err := g.Insert(pos, files...); err != nil {
					return err
				}
				added := len(g.Images) - n
				if err := cmdutil.CheckTextCount(len(texts.List), added, "the "+english.Count(added, "image")+" added", "the order added"); err != nil {
					return err
				}
				for i, t := range texts.List {
					if err := g.SetText(pos+i, t.Alt, t.Caption); err != nil {
						return err
					}
				}
				return nil
			}
			return run(cmd, args[0])
		},
	}
	add.Flags().IntVar(&at, "at", 0, "insert at position `N` (1 is first; default: after the last)")
	texts.AddFlags(add.Flags(), "alt text of the next image added, in the order added: what it shows (repeatable; \"\" keeps the default)",
		"caption of the image of the --alt just before it (an image's --alt comes first)")

	move := &cobra.Command{
		Use:   "move SLUG FROM TO",
		Short: "Move image FROM to position TO",
		Long: strings.TrimSpace(`
Move image FROM of the gallery of content/projects/SLUG/ to position TO;
numbers count from 1 in gallery order. The files are renumbered and the alt
texts and captions follow their image.

Exit status: 0 done, 1 the change would leave the project invalid (nothing
is changed), 2 a mistake in the command line.`),
		Example: strings.TrimRight(`  portfolio gallery move drone-photography 5 1   # the fifth image first`, "\n"),
		Args:    exactArgs(3, "portfolio gallery move SLUG FROM TO"),
		RunE: func(cmd *cobra.Command, args []string) error {
			nums, err := numbers(args[1:], "FROM", "TO")
			if err != nil {
				return err
			}
			opts.Verb = "moved"
			opts.Edit = func(g *gallery.Gallery) error { return g.Move(nums[0], nums[1]) }
			return run(cmd, args[0])
		},
	}
	remove := &cobra.Command{
		Use:   "remove SLUG N",
		Short: "Remove image N from a gallery (its file is deleted)",
		Long: strings.TrimSpace(`
Remove image N (1 is first, in gallery order) from the gallery of
content/projects/SLUG/: its file is deleted, with its alt text and caption,
and the images after it are renumbered.

Exit status: 0 done, 1 the change would leave the project invalid (nothing
is changed), 2 a mistake in the command line.`),
		Example: strings.TrimRight(`  portfolio gallery remove drone-photography 3`, "\n"),
		Args:    exactArgs(2, "portfolio gallery remove SLUG N"),
		RunE: func(cmd *cobra.Command, args []string) error {
			nums, err := numbers(args[1:], "N")
			if err != nil {
				return err
			}
			opts.Verb = "removed"
			opts.Edit = func(g *gallery.Gallery) error { return g.Remove(nums[0]) }
			return run(cmd, args[0])
		},
	}
	var textAlt, textCaption string
	text := &cobra.Command{
		Use:   "text SLUG N [--alt TEXT] [--caption TEXT]",
		Short: "Set (or, with an empty value, remove) image N's alt text and caption",
		Long: strings.TrimSpace(`
Set image N's alt text (what it shows, for people who cannot see it), its
caption, or both; numbers count from 1 in gallery order. An empty value
(--alt '') removes the text.

Exit status: 0 done, 1 the change would leave the project invalid (nothing
is changed), 2 a mistake in the command line.`),
		Example: strings.TrimRight(`  portfolio gallery text drone-photography 1 \
    --alt "Campus quad from 100 m, autumn" --caption "Greensboro, 2024"
  portfolio gallery text drone-photography 1 --caption ''   # remove the caption`, "\n"),
		Args: exactArgs(2, "portfolio gallery text SLUG N --alt TEXT --caption TEXT"),
		RunE: func(cmd *cobra.Command, args []string) error {
			nums, err := numbers(args[1:], "N")
			if err != nil {
				return err
			}
			fl := cmd.Flags()
			if !fl.Changed("alt") && !fl.Changed("caption") {
				return cmdutil.Usagef("give --alt, --caption or both (an empty value removes it)")
			}
			opts.Verb = "described"
			opts.Edit = func(g *gallery.Gallery) error {
				im := g.Images[min(max(nums[0], 1), len(g.Images))-1]
				a, c := im.Alt, im.Caption
				if fl.Changed("alt") {
					a = textAlt
				}
				if fl.Changed("caption") {
					c = textCaption
				}
				return g.SetText(nums[0], a, c)
			}
			return run(cmd, args[0])
		},
	}
	const one = "gallery text describes one image"
	text.Flags().Var(cmdutil.OnceString(&textAlt, "alt", one), "alt", "alt text: what the image shows, for people who cannot see it")
	text.Flags().Var(cmdutil.OnceString(&textCaption, "caption", one), "caption", "caption shown with the image")
	cmd.AddCommand(add, move, remove, text)
	return cmd
}

func exactArgs(n int, usage string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return cmdutil.Usagef("%d arguments expected, got %d: %s", n-1+1, len(args), usage)
		}
		return nil
	}
}

func numbers(args []string, names ...string) ([]int, error) {
	out := make([]int, len(args))
	for i, a := range args {
		n, err := strconv.Atoi(a)
		if err != nil || n < 1 {
			return nil, cmdutil.Usagef("%s must be an image number (1 is the first), not %q", names[i], a)
		}
		out[i] = n
	}
	return out, nil
}
