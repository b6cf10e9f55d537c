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
		Use:     "gallery SLUG",
		Short:   "Reorder, add, remove and describe a project's gallery images and videos",
		Long:    strings.TrimSpace(galleryLong),
		Example: strings.TrimRight(galleryExample, "\n"),
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
	cmd.AddCommand(newAddCmd(opts, run), newMoveCmd(opts, run), newRemoveCmd(opts, run), newTextCmd(opts, run))
	return cmd
}

// runEdit runs the gallery editor on one project, with opts as the
// subcommand set them.
type runEdit func(cmd *cobra.Command, slug string) error

// newAddCmd builds `portfolio gallery add`.
func newAddCmd(opts *editor.Options, run runEdit) *cobra.Command {
	var at int
	var texts cmdutil.ImageTexts
	add := &cobra.Command{
		Use:     "add SLUG FILE…",
		Short:   "Add image or video files (or a folder's) to a gallery, at the end or --at N",
		Long:    strings.TrimSpace(galleryAddLong),
		Example: strings.TrimRight(galleryAddExample, "\n"),
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
	return add
}

// newMoveCmd builds `portfolio gallery move`.
func newMoveCmd(opts *editor.Options, run runEdit) *cobra.Command {
	return &cobra.Command{
		Use:     "move SLUG FROM TO",
		Short:   "Move image FROM to position TO",
		Long:    strings.TrimSpace(galleryMoveLong),
		Example: strings.TrimRight(galleryMoveExample, "\n"),
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
}

// newRemoveCmd builds `portfolio gallery remove`.
func newRemoveCmd(opts *editor.Options, run runEdit) *cobra.Command {
	return &cobra.Command{
		Use:     "remove SLUG N",
		Short:   "Remove image N from a gallery (its file is deleted)",
		Long:    strings.TrimSpace(galleryRemoveLong),
		Example: strings.TrimRight(galleryRemoveExample, "\n"),
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
}

// newTextCmd builds `portfolio gallery text`.
func newTextCmd(opts *editor.Options, run runEdit) *cobra.Command {
	var textAlt, textCaption string
	text := &cobra.Command{
		Use:     "text SLUG N [--alt TEXT] [--caption TEXT]",
		Short:   "Set (or, with an empty value, remove) image N's alt text and caption",
		Long:    strings.TrimSpace(galleryTextLong),
		Example: strings.TrimRight(galleryTextExample, "\n"),
		Args:    exactArgs(2, "portfolio gallery text SLUG N --alt TEXT --caption TEXT"),
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
	return text
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
