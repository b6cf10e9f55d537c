// Package generate is the `portfolio generate` command.
package generate

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/fsutil"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/images"
	"portfolio/cli/internal/images/manifest"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/tsgen"
)

// DefaultOut is where the site imports its content from.
const DefaultOut = "site/src/generated/content.ts"

// Options are the inputs of a generate run.
type Options struct {
	IO         *iostreams.IOStreams
	Ctx        context.Context
	ContentDir string
	Out        string
	Manifest   string
	Check      bool
	MaxPixels  int64
}

// NewCmdGenerate builds the command; runF replaces the run in tests.
func NewCmdGenerate(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams}
	cmd := &cobra.Command{
		Use:   "generate",
		Short: "Write the typed TypeScript module the site imports",
		Long: strings.TrimSpace(`
Validate the content, then write one TypeScript module with the content's types
(derived from the JSON Schemas) and its data: site settings and every project,
with derived fields (slug, link, gallery images with alt text and labels) and,
for every image, the web variants ` + "`portfolio images`" + ` made (srcset, size,
placeholder). Run ` + "`portfolio images`" + ` first; an image it has not processed
since its last change is reported.

The output is deterministic and written atomically; nothing is written when
the content is invalid. With --check, nothing is written and the exit status
is 1 when the file on disk differs from what would be generated.`),
		Example: strings.TrimRight(`  portfolio generate
  portfolio generate --check     # in CI: is the module up to date?`, "\n"),
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ContentDir = cmdutil.ContentDir(cmd)
			opts.Ctx = cmd.Context()
			if opts.MaxPixels <= 0 {
				return cmdutil.Usagef("--max-pixels must be a positive number")
			}
			if runF != nil {
				return runF(opts)
			}
			return Run(opts)
		},
	}
	cmd.Flags().StringVarP(&opts.Out, "out", "o", DefaultOut, "output `file`")
	cmd.Flags().StringVar(&opts.Manifest, "manifest", images.DefaultManifest, "image manifest `file` written by `portfolio images`")
	cmd.Flags().BoolVar(&opts.Check, "check", false, "write nothing; exit 1 if the output file is out of date")
	cmd.Flags().Int64Var(&opts.MaxPixels, "max-pixels", imagecheck.DefaultMaxPixels, "refuse images with more pixels than this (as validate does)")
	return cmd
}

// Run generates the module.
func Run(opts *Options) error {
	c, diags, err := content.Load(opts.ContentDir, content.Options{MaxPixels: opts.MaxPixels})
	if err != nil {
		return err
	}
	if len(diags) > 0 {
		if err := cmdutil.WriteDiagnostics(opts.IO, diags); err != nil {
			return err
		}
	}
	if diags.Errors() > 0 {
		errs := "1 error"
		if n := diags.Errors(); n != 1 {
			errs = fmt.Sprintf("%d errors", n)
		}
		fmt.Fprintf(opts.IO.ErrOut, "%s not written: the content has %s (see above)\n", opts.Out, errs)
		return cmdutil.ErrInvalid
	}
	assets, problems, err := currentAssets(c, opts.Manifest)
	if err != nil {
		fmt.Fprintf(opts.IO.ErrOut, "%s not written: %v\n", opts.Out, err)
		return cmdutil.ErrInvalid
	}
	if len(problems) > 0 {
		if err := cmdutil.WriteDiagnostics(opts.IO, problems); err != nil {
			return err
		}
		fmt.Fprintf(opts.IO.ErrOut, "%s not written: %d images have no current web variants (see above)\n", opts.Out, len(problems))
		return cmdutil.ErrInvalid
	}
	src, err := tsgen.Generate(c, assets)
	if err != nil {
		return err
	}
	if opts.Check {
		current, err := os.ReadFile(opts.Out)
		if errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintf(opts.IO.ErrOut, "%s does not exist; run `portfolio generate`\n", opts.Out)
			return cmdutil.ErrInvalid
		}
		if err != nil {
			return err
		}
		if !bytes.Equal(current, src) {
			fmt.Fprintf(opts.IO.ErrOut, "%s is out of date; run `portfolio generate`\n", opts.Out)
			return cmdutil.ErrInvalid
		}
		fmt.Fprintf(opts.IO.Out, "%s is up to date\n", opts.Out)
		return nil
	}
	if opts.Ctx != nil && opts.Ctx.Err() != nil {
		return cmdutil.ErrCancel // interrupted: leave the old file as it was
	}
	if err := fsutil.WriteFileAtomic(opts.Out, src, 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", opts.Out, err)
	}
	fmt.Fprintf(opts.IO.Out, "wrote %s: site settings and %d projects (%.1f KB)\n", opts.Out, len(c.Projects), float64(len(src))/1024)
	return nil
}

// currentAssets reads the image manifest and checks, from file metadata
// only, that every local image of the content has current variants.
func currentAssets(c *content.Content, path string) (tsgen.Assets, diag.List, error) {
	m, err := manifest.Read(path)
	if err != nil {
		return nil, nil, err
	}
	assets := tsgen.Assets{}
	var problems diag.List
	for _, s := range images.Sources(c) {
		img, err := m.Lookup(c.Dir, s.Rel)
		var p *manifest.Problem
		if errors.As(err, &p) {
			problems = append(problems, diag.Diagnostic{File: s.Path, Severity: diag.Error, Message: p.Msg})
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		assets[s.Rel] = img.Asset
	}
	return assets, problems, nil
}
