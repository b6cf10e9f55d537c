// Package validate is the `portfolio validate` command: flags and wiring;
// the work is pipeline.Validate.
package validate

import (
	"strings"

	"github.com/spf13/cobra"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/pipeline"
)

// Options are the inputs of a validate run.
type Options = pipeline.ValidateOptions

// NewCmdValidate builds the command; runF replaces the run in tests.
func NewCmdValidate(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams}
	cmd := &cobra.Command{
		Use:     "validate",
		Short:   "Check all content against the schemas and rules",
		Long:    strings.TrimSpace(validateLong),
		Example: strings.TrimRight(validateExample, "\n"),
		Args:    cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ContentDir = cmdutil.ContentDir(cmd)
			if err := cmdutil.OneOf("format", opts.Format, diag.Formats); err != nil {
				return err
			}
			if opts.MaxPixels <= 0 {
				return cmdutil.Usagef("--max-pixels must be a positive number")
			}
			if runF != nil {
				return runF(opts)
			}
			if err := cmdutil.LocateContent(cmd, "content", &opts.ContentDir); err != nil {
				return err
			}
			cmdutil.ShortLived()
			return pipeline.Validate(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Format, "format", "text", "output `format`: text, json or github")
	cmd.Flags().Int64Var(&opts.MaxPixels, "max-pixels", imagecheck.DefaultMaxPixels, "refuse images with more pixels than this")
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions(diag.Formats, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}
