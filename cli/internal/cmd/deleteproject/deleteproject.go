// Package deleteproject is the `portfolio delete project SLUG` command: it
// asks, removes the project folder, then brings the derived files (web
// image variants, the image manifest, the content module and page modules)
// in line with what is left.
package deleteproject

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"charm.land/huh/v2"
	"github.com/spf13/cobra"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/english"
	"portfolio/cli/internal/fieldcheck"
	"portfolio/cli/internal/images"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/pipeline"
	"portfolio/cli/internal/projectdelete"
	"portfolio/cli/internal/prompt"
	"portfolio/cli/internal/report"
)

// Options are the inputs of a run.
type Options struct {
	IO         *iostreams.IOStreams
	ContentDir string
	Slug       string
	// Yes deletes without asking.
	Yes bool
	// Accessible asks in accessible mode; AccessibleFlag is true when
	// --accessible was given (which also asks on piped input).
	Accessible, AccessibleFlag bool
	Terminal                   bool
	// Manifest is the image manifest; when it exists, the derived files
	// are refreshed after the deletion (`images --gc`, then `generate`).
	Manifest string
}

// NewCmdDelete builds `portfolio delete` and its subcommand `project`.
func NewCmdDelete(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "delete",
		Short: "Delete content",
		Args:  cmdutil.NoArgs,
		RunE:  func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	opts := &Options{IO: f.IOStreams, Manifest: images.DefaultManifest}
	project := &cobra.Command{
		Use:   "project SLUG",
		Short: "Delete a project and what was made from it",
		Long: strings.TrimSpace(`
Delete content/projects/SLUG/ with everything in it, after asking (without a
terminal, --yes is required). The folder is first renamed away in one step,
so an interruption never leaves half a project.

The slug is taken out of site.yaml's projectOrder: only that item's line, or
the bracketed list's line, is rewritten (comments and key order stay; a list
left empty becomes []). The result is parsed again and must be the old list
less the slug; otherwise the file is left alone, with a warning to do it by
hand.

Then, when this folder has made web images before, the web variants no other
image uses, their manifest entries and the project's page module are removed
(` + "`portfolio images --gc`" + ` and ` + "`portfolio generate`" + ` are run). Use git to get a
deleted project back.

` + cmdutil.ContentRepoHelp + ` From a folder of the
repository it enters the repository's root, where the derived files are.

Exit status: 0 deleted, 2 no such project (with the nearest slug) or not
asked and no --yes, 130 cancelled.`),
		Example: "  portfolio delete project old-logo\n  portfolio delete project old-logo --yes",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return cmdutil.Usagef("give the project's slug: portfolio delete project SLUG")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ContentDir = cmdutil.ContentDir(cmd)
			opts.Slug = args[0]
			opts.AccessibleFlag = cmd.Flags().Changed("accessible") && opts.Accessible
			opts.Accessible = opts.Accessible || os.Getenv("ACCESSIBLE") != ""
			opts.Terminal = prompt.CanPrompt(opts.IO)
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			if err := cmdutil.EnterContentRepo(cmd, "content", &opts.ContentDir); err != nil {
				return err
			}
			return Run(cmd.Context(), opts)
		},
	}
	project.Flags().BoolVarP(&opts.Yes, "yes", "y", false, "delete without asking")
	project.Flags().BoolVar(&opts.Accessible, "accessible", false, "ask in plain text, for screen readers (also ACCESSIBLE=1)")
	cmd.AddCommand(project)
	return cmd
}

// Run asks, deletes, then refreshes the derived files.
func Run(ctx context.Context, opts *Options) error {
	if ctx == nil {
		ctx = context.Background()
	}
	dir, err := fieldcheck.ExistingProject(opts.ContentDir, opts.Slug)
	if err != nil {
		// A project folder without its project.yaml (a half-made one) may
		// still be deleted; no folder at all is no such project: exit 2.
		dir = filepath.Join(opts.ContentDir, content.ProjectsDir, opts.Slug)
		if fi, serr := os.Stat(dir); fieldcheck.ValidateSlug(opts.Slug) != nil || serr != nil || !fi.IsDir() {
			return report.Field(opts.IO.ErrOut, err)
		}
	}
	if !opts.Yes {
		if !opts.Terminal && !opts.AccessibleFlag {
			return cmdutil.Usagef("--yes required when not running interactively: deleting %s cannot be undone except with git", dir)
		}
		confirm := huh.NewConfirm().Title(fmt.Sprintf("Delete %s and everything in it?", dir)).
			Description("its images, its page; only git can bring it back").Affirmative("Delete").Negative("Keep")
		if _, err := prompt.Sure(ctx, opts.IO, opts.Accessible || !opts.Terminal, confirm, "nothing was deleted"); err != nil {
			return err
		}
	}
	page, listed := content.ProjectPage(dir)
	n, err := projectdelete.Delete(opts.ContentDir, opts.Slug)
	if err != nil {
		return report.Field(opts.IO.ErrOut, err)
	}
	s := cmdutil.NewStyler(opts.IO)
	fmt.Fprintf(opts.IO.Out, "%s deleted %s%c (%s)\n", s.Green("✓"), dir, filepath.Separator, english.Count(n, "file"))
	if listed {
		if line := content.LeftEmpty(opts.ContentDir, page, opts.Slug); line != "" {
			fmt.Fprintf(opts.IO.Out, "  %s\n", line)
		}
	}
	site := filepath.Join(opts.ContentDir, content.SiteFile)
	if changed, err := projectdelete.RemoveFromOrder(opts.ContentDir, opts.Slug); err != nil {
		fmt.Fprintf(opts.IO.ErrOut, "warning: %v\n", err)
	} else if changed {
		fmt.Fprintf(opts.IO.Out, "  removed %s from %s in %s\n", opts.Slug, content.ProjectOrderKey, site)
	}
	if _, err := os.Stat(opts.Manifest); err != nil {
		return nil // no images were made here: nothing derived to clear
	}
	// The two steps print the content's warnings again; only their
	// summaries are shown, unless a step fails.
	var log bytes.Buffer
	quiet := &iostreams.IOStreams{In: opts.IO.In, Out: &log, ErrOut: &log}
	fail := func(err error, next string) error {
		if _, werr := io.Copy(opts.IO.ErrOut, &log); werr != nil {
			return errors.Join(err, werr)
		}
		fmt.Fprintf(opts.IO.ErrOut, "the project is deleted; fix the problems above, then run %s\n", next)
		return err
	}
	iopts := pipeline.ImagesDefaults(ctx, quiet, opts.ContentDir, "site", "")
	iopts.Manifest = opts.Manifest
	if err := pipeline.Images(iopts); err != nil {
		return fail(err, "`portfolio images --gc` and `portfolio generate`")
	}
	gopts := pipeline.GenerateDefaults(ctx, quiet, opts.ContentDir, "site")
	gopts.Manifest = opts.Manifest
	if err := pipeline.Generate(gopts); err != nil {
		return fail(err, "`portfolio generate`")
	}
	for _, line := range strings.Split(log.String(), "\n") {
		if strings.HasPrefix(line, "removed ") || strings.HasPrefix(line, "wrote ") {
			fmt.Fprintf(opts.IO.Out, "  %s\n", line)
		}
	}
	return nil
}
