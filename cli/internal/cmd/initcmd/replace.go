package initcmd

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"charm.land/huh/v2"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/prompt"
	"portfolio/cli/internal/scaffold/site"
	"portfolio/cli/internal/termsafe"
)

// sampleWhat names the sample content in messages.
const sampleWhat = "the sample content"

// replacement is where the replaced content folder goes, and what it held.
type replacement struct {
	aside string // the dated folder: content-sample-2026-11-25
	what  string // "the sample content"
}

// askReplace checks that the content folder may be replaced (it looks like
// the sample, or --force), then asks unless --yes; it returns where the
// folder will move. Nothing is changed yet: the folder moves only once the
// new one is made and checked.
func askReplace(ctx context.Context, opts *Options) (replacement, error) {
	var none replacement
	w := opts.IO.ErrOut
	red := cmdutil.Styler{}.Red("error:")
	dir := termsafe.String(opts.Dir)
	kind, what, question := "sample", sampleWhat, fmt.Sprintf("Replace the sample content in %s with your own?", dir)
	err := site.CheckSample(opts.Dir)
	var missing *site.NoContentError
	var notSample *site.NotSampleError
	switch {
	case errors.As(err, &missing):
		fmt.Fprintf(w, "%s %s does not exist: there is no sample content to replace\n", red, dir)
		fmt.Fprintf(w, "    hint: start your content folder with portfolio init%s (without --replace-sample)\n", content.DirFlag(opts.Dir))
		return none, cmdutil.ErrInvalid
	case errors.As(err, &notSample) && !opts.Force:
		fmt.Fprintf(w, "%s %s does not look like the sample content, so --replace-sample leaves it alone:\n", red, dir)
		for _, r := range notSample.Reasons {
			fmt.Fprintf(w, "    %s\n", termsafe.String(r))
		}
		fmt.Fprintf(w, "    hint: if it is your own content, edit it; to move it aside anyway and start afresh, add --force\n")
		return none, cmdutil.ErrInvalid
	case notSample != nil:
		kind, what, question = "replaced", "the previous content", fmt.Sprintf("Replace %s, which is not the sample content, with a new content folder?", dir)
	case err != nil:
		return none, err
	}
	now := time.Now
	if opts.Now != nil {
		now = opts.Now
	}
	aside, err := site.AsideName(opts.Dir, kind, now())
	if err != nil {
		return none, err
	}
	if opts.Yes {
		return replacement{aside, what}, nil
	}
	if !opts.Terminal && !opts.AccessibleFlag {
		return none, cmdutil.Usagef("--yes required when not running interactively: --replace-sample moves %s to %s and writes your own %s in its place", dir, termsafe.String(aside), dir)
	}
	confirm := huh.NewConfirm().Title(question).
		Description(fmt.Sprintf("%s moves to %s, which the build does not read; nothing is deleted. Your settings come next.", dir, termsafe.String(aside))).
		Affirmative("Replace").Negative("Keep")
	if err := askSure(ctx, opts, confirm); err != nil {
		return none, err
	}
	return replacement{aside, what}, nil
}

// askSure asks confirm's question (full screen, or one plain line) and
// returns nil for yes, cmdutil.ErrCancel for no or a cancelled form, after
// saying that nothing was changed. In accessible mode the questions that
// follow read on from the same input.
func askSure(ctx context.Context, opts *Options, confirm *huh.Confirm) error {
	ios, err := prompt.Sure(ctx, opts.IO, opts.Accessible || !opts.Terminal, confirm, "nothing was changed")
	opts.IO = ios
	return err
}

// replace writes the new content folder in place of the old one, which
// moves to aside, and says how to get it back.
func replace(ctx context.Context, opts *Options, r replacement, data []byte) error {
	res, err := site.Replace(ctx, opts.Dir, r.aside, data)
	if err != nil {
		return reportProblems(opts, err)
	}
	s := cmdutil.NewStyler(opts.IO)
	fmt.Fprintf(opts.IO.Out, "%s moved %s to %s%c, which the build does not read\n", s.Green("✓"), r.what, termsafe.String(r.aside), filepath.Separator)
	fmt.Fprintf(opts.IO.Out, "  to get it back: %s\n", restoreCommand(opts.Dir, r.aside, r.what == sampleWhat))
	return printResult(opts, res)
}
