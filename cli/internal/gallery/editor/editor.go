// Package editor edits a project's gallery for `portfolio gallery` (and
// for `portfolio new project` once the project is written): the
// interactive list with its image preview (tui.go, preview.go), plain
// questions for screen readers (accessible.go), a listing without a
// terminal (list.go), and the one-change flag forms' report. The gallery
// package does the work.
package editor

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"charm.land/huh/v2"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/gallery"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/prompt"
	"portfolio/cli/internal/report"
	"portfolio/cli/internal/termsafe"
)

// Options are the inputs of a run.
type Options struct {
	IO         *iostreams.IOStreams
	ContentDir string
	Slug       string
	// Edit applies the flag form's change; nil opens the interactive list
	// (or prints the gallery without a terminal).
	Edit func(g *gallery.Gallery) error
	// Verb says what Edit does, for the summary: "moved", "added".
	Verb string
	// Adds is true when Edit adds images: a page without a gallery block
	// gets one first (asked, or Yes).
	Adds bool
	// Yes adds a missing gallery block without asking.
	Yes bool
	// MaxEdge shrinks added images whose long edge is larger; 0 keeps them.
	// Unless MaxEdgeSet (--max-edge was given), accessible mode asks first.
	MaxEdge    int
	MaxEdgeSet bool
	// Accessible asks in accessible mode; AccessibleFlag is true when
	// --accessible was given (which also asks on piped input).
	Accessible, AccessibleFlag bool
	// Terminal is true when standard input and output are terminals.
	Terminal bool
}

// Run opens the gallery (finishing an interrupted change), then applies the
// flag form's change, or asks, or prints the gallery.
func Run(ctx context.Context, opts *Options) error {
	if ctx == nil {
		ctx = context.Background()
	}
	g, err := gallery.Open(opts.ContentDir, opts.Slug)
	if err != nil {
		return report.Field(opts.IO.ErrOut, err) // a slug that names no project: exit status 2
	}
	if opts.MaxEdge < 0 {
		return cmdutil.Usagef("--max-edge must be 0 (keep every size) or a number of pixels")
	}
	g.MaxEdge = opts.MaxEdge
	if g.Recovered {
		fmt.Fprintf(opts.IO.ErrOut, "finished the gallery change an earlier run left unfinished in %s\n", g.ProjectDir)
	}
	interactive := opts.Edit == nil && (opts.Terminal || opts.Accessible && opts.AccessibleFlag)
	if (opts.Adds || interactive) && !g.HasBlock() {
		if err := offerBlock(ctx, opts, g); err != nil {
			return err
		}
	}
	switch {
	case opts.Edit != nil:
		if err := opts.Edit(g); err != nil {
			return reportEdit(opts, err)
		}
		return apply(ctx, opts, g, opts.Verb)
	case opts.Accessible && (opts.Terminal || opts.AccessibleFlag):
		return runAccessible(ctx, opts, g)
	case opts.Terminal:
		return runTUI(ctx, opts, g)
	default:
		return printList(opts.IO.Out, g)
	}
}

// offerBlock gives a page without a gallery block one at the end of its
// body, where the images added are shown: with --yes, or when the owner
// says so in a terminal; otherwise it says how (exit status 2) and nothing
// changes.
func offerBlock(ctx context.Context, opts *Options, g *gallery.Gallery) error {
	file := termsafe.String(filepath.Join(g.ProjectDir, content.ProjectFile))
	if !opts.Yes {
		if !opts.Terminal && !opts.AccessibleFlag {
			return cmdutil.Usagef("%s has no gallery block, so images added would not be shown: add --yes to add one at the end of its page, "+
				"or write `- type: gallery` under body: where the gallery should appear and run the command again", file)
		}
		confirm := huh.NewConfirm().Title(fmt.Sprintf("%s has no gallery block. Add one at the end of its page?", file)).
			Description("images in the gallery folder are shown only where the page has a gallery block; or write `- type: gallery` yourself where it should go").
			Affirmative("Add it").Negative("Cancel")
		ios, err := prompt.Sure(ctx, opts.IO, opts.Accessible || !opts.Terminal, confirm, "nothing was changed")
		if err != nil {
			return err
		}
		opts.IO = ios
	}
	if err := g.AddBlock(); err != nil {
		return reportEdit(opts, err)
	}
	return nil
}

// reportEdit turns a refused edit (a number out of range, a bad file, a
// result the loader refuses) into exit status 1 with its message, or 2 for
// a usage mistake; a cancelled context is a cancellation.
func reportEdit(opts *Options, err error) error {
	var usage *cmdutil.UsageError
	if errors.As(err, &usage) {
		return err
	}
	if err := report.Problems(opts.IO.ErrOut, err, "nothing was changed", nil); errors.Is(err, cmdutil.ErrInvalid) || errors.Is(err, cmdutil.ErrCancel) {
		return err
	}
	fmt.Fprintf(opts.IO.ErrOut, "%s %v\n", cmdutil.Styler{}.Red("error:"), err)
	fmt.Fprintln(opts.IO.ErrOut, "nothing was changed")
	return cmdutil.ErrInvalid
}

// apply writes the change and says what happened.
func apply(ctx context.Context, opts *Options, g *gallery.Gallery, verb string) error {
	res, err := g.Apply(ctx, nil)
	if err != nil {
		return reportEdit(opts, err)
	}
	s := cmdutil.NewStyler(opts.IO)
	if g.AddedBlock {
		fmt.Fprintf(opts.IO.Out, "%s added a gallery block at the end of the page in %s\n", s.Green("✓"), filepath.Join(g.ProjectDir, content.ProjectFile))
		g.AddedBlock = false
	}
	fmt.Fprintf(opts.IO.Out, "%s %s: %s", s.Green("✓"), g.ProjectDir, verb)
	if sum := summary(res); sum != "texts" {
		fmt.Fprintf(opts.IO.Out, " (%s)", sum)
	}
	fmt.Fprintln(opts.IO.Out)
	prompt.Copies(opts.IO.Out, res.Stripped, res.Resized, g.MaxEdge)
	if w := g.Warnings(); len(w) > 0 {
		_ = cmdutil.WriteDiagnostics(opts.IO, w)
	}
	return printList(opts.IO.Out, g)
}

// summary counts what a change did to the files: "1 added, 2 renamed", or
// "texts" when only the alt texts and captions changed.
func summary(res *gallery.Result) string {
	var parts []string
	if res.Added > 0 {
		parts = append(parts, fmt.Sprintf("%d added", res.Added))
	}
	if res.Removed > 0 {
		parts = append(parts, fmt.Sprintf("%d removed", res.Removed))
	}
	if res.Renamed > 0 {
		parts = append(parts, fmt.Sprintf("%d renamed", res.Renamed))
	}
	if len(parts) == 0 {
		return "texts"
	}
	return strings.Join(parts, ", ")
}
