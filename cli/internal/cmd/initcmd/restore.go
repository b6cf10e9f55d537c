package initcmd

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"charm.land/huh/v2"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/scaffold/site"
	"portfolio/cli/internal/termsafe"
)

// restore puts a folder moved aside back in place of the content folder
// (--restore-sample: the sample that --replace-sample moved aside;
// --restore FOLDER: any), moving the content folder aside in turn, dated
// as --replace-sample does: nothing is deleted, and the command printed
// undoes it.
func restore(ctx context.Context, opts *Options) error {
	w := opts.IO.ErrOut
	red := cmdutil.Styler{}.Red("error:")
	dir := filepath.Clean(opts.Dir)
	from := opts.Restore
	if opts.RestoreSample {
		found, err := site.MovedAside(dir)
		if err != nil {
			return err
		}
		switch len(found) {
		case 0:
			fmt.Fprintf(w, "%s no %s-sample-* folder with %s beside %s: there is no sample moved aside to bring back\n",
				red, termsafe.String(dir), site.SampleFile, termsafe.String(dir))
			fmt.Fprintf(w, "    hint: a folder moved aside by hand comes back with portfolio init%s --restore FOLDER\n", dirArg(opts.Dir))
			return cmdutil.ErrInvalid
		case 1:
			from = found[0]
		default:
			return cmdutil.Usagef("%d sample folders beside %s (%s): name the one to bring back with --restore FOLDER",
				len(found), termsafe.String(dir), termsafe.String(strings.Join(found, ", ")))
		}
	}
	if err := site.CheckRestorable(from); err != nil {
		var nc *site.NotContentError
		if errors.As(err, &nc) {
			fmt.Fprintf(w, "%s %s %s, so there is nothing to put back in place of %s\n", red, termsafe.String(nc.Dir), nc.Reason, termsafe.String(dir))
			fmt.Fprintf(w, "    hint: name a content folder moved aside, such as %s-sample-YYYY-MM-DD or %s-replaced-YYYY-MM-DD\n", termsafe.String(dir), termsafe.String(dir))
			return cmdutil.ErrInvalid
		}
		return err
	}
	if filepath.Clean(from) == dir {
		return cmdutil.Usagef("--restore %s names the content folder itself: name a folder moved aside", termsafe.String(from))
	}
	// The content folder in place now moves aside, named as
	// --replace-sample names what it moves: the sample, or the owner's.
	kind, what := "replaced", "your content"
	if site.CheckSample(dir) == nil {
		kind, what = "sample", sampleWhat
	}
	now := time.Now
	if opts.Now != nil {
		now = opts.Now
	}
	aside, err := site.AsideName(dir, kind, now())
	if err != nil {
		return err
	}
	if !opts.Yes {
		if !opts.Terminal && !opts.AccessibleFlag {
			return cmdutil.Usagef("--yes required when not running interactively: %s moves %s to %s and puts %s back in its place",
				restoreFlag(opts), termsafe.String(dir), termsafe.String(aside), termsafe.String(from))
		}
		confirm := huh.NewConfirm().Title(fmt.Sprintf("Put %s back in place of %s?", termsafe.String(from), termsafe.String(dir))).
			Description(fmt.Sprintf("%s moves to %s, which the build does not read; nothing is deleted.", termsafe.String(dir), termsafe.String(aside))).
			Affirmative("Put it back").Negative("Keep")
		if err := askSure(ctx, opts, confirm); err != nil {
			return err
		}
	}
	if err := ctx.Err(); err != nil {
		fmt.Fprintln(w, "nothing was changed")
		return cmdutil.ErrCancel
	}
	if err := site.Restore(dir, from, aside); err != nil {
		return err
	}
	s := cmdutil.NewStyler(opts.IO)
	out := opts.IO.Out
	fmt.Fprintf(out, "%s moved %s to %s%c, which the build does not read\n", s.Green("✓"), what, termsafe.String(aside), filepath.Separator)
	fmt.Fprintf(out, "%s moved %s%c back to %s%c\n", s.Green("✓"), termsafe.String(from), filepath.Separator, termsafe.String(dir), filepath.Separator)
	back := "to get it back"
	if kind == "replaced" {
		back = "to get yours back"
	}
	fmt.Fprintf(out, "  %s: %s\n", back, restoreCommand(opts.Dir, aside, kind == "sample"))
	// The web images: a build keeps those the content in place needs; the
	// folder moved aside keeps its originals, so a build makes its own
	// again once it is back.
	fmt.Fprintf(out, "  web images: the next build makes those of %s%c; %s%c keeps its originals, and a build makes its own again once it is back\n",
		termsafe.String(dir), filepath.Separator, termsafe.String(aside), filepath.Separator)
	return nil
}

// restoreFlag names the flag a restore was asked with.
func restoreFlag(opts *Options) string {
	if opts.RestoreSample {
		return "--restore-sample"
	}
	return "--restore"
}

// restoreCommand is the command that puts the folder moved to aside back
// in place of dir: --restore-sample for the sample (the only sample folder
// moved aside), else --restore with its path. Paths work from the folder
// init ran in (absolute unless the folder is the default one, as the next
// steps name it).
func restoreCommand(dir, aside string, sample bool) string {
	if sample {
		return "portfolio init" + dirArg(dir) + " --restore-sample"
	}
	if dir != "content" {
		if abs, err := filepath.Abs(aside); err == nil {
			aside = abs
		}
	}
	return "portfolio init" + dirArg(dir) + " --restore " + termsafe.ShellWord(aside)
}

// dirArg is the content folder as init's argument: "" for the default one,
// else " /absolute/dir".
func dirArg(dir string) string {
	if dir == "content" || dir == "" {
		return ""
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	return " " + termsafe.ShellWord(dir)
}
