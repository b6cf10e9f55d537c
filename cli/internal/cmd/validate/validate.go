// Package validate is the `portfolio validate` command.
package validate

import (
	"fmt"
	"os"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/termsafe"
)

// Options are the inputs of a validate run.
type Options struct {
	IO         *iostreams.IOStreams
	ContentDir string
	Format     string
	MaxPixels  int64
}

// NewCmdValidate builds the command; runF replaces the run in tests.
func NewCmdValidate(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams}
	cmd := &cobra.Command{
		Use:   "validate",
		Short: "Check all content against the schemas and rules",
		Long: strings.TrimSpace(`
Check content/site.yaml and every project against the JSON Schemas in schema/
and against the rules a schema cannot say: referenced files exist with exactly
that letter case and stay inside their project folder, images are real JPEG,
PNG or WebP files of a sane size, slugs are valid.

Every problem is reported at once, as path:line:col. Warnings do not fail.
Exit status: 0 when the content is valid, 1 when it has errors.`),
		Example: strings.TrimRight(`  portfolio validate
  portfolio validate --content ../other-site/content
  portfolio validate --format json | jq '.diagnostics[]'
  portfolio validate --format github   # in GitHub Actions`, "\n"),
		Args: cmdutil.NoArgs,
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
			return Run(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Format, "format", "text", "output `format`: text, json or github")
	cmd.Flags().Int64Var(&opts.MaxPixels, "max-pixels", imagecheck.DefaultMaxPixels, "refuse images with more pixels than this")
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions(diag.Formats, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// Run validates and reports.
func Run(opts *Options) error {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(content.SoftMemoryLimit)
	}
	c, diags, err := content.Load(opts.ContentDir, content.Options{MaxPixels: opts.MaxPixels})
	if err != nil {
		return err
	}
	out := opts.IO.Out
	switch diag.Format(opts.Format) {
	case diag.JSON:
		if err := diag.WriteJSON(out, diags, len(c.Projects)); err != nil {
			return err
		}
	case diag.GitHub:
		if err := diag.WriteGitHub(out, diags); err != nil {
			return err
		}
		fmt.Fprintln(out, summary(c, diags, cmdutil.Styler{}))
	default:
		if err := cmdutil.WriteDiagnostics(opts.IO, diags); err != nil {
			return err
		}
		fmt.Fprintln(out, summary(c, diags, cmdutil.NewStyler(opts.IO)))
	}
	if diags.Errors() > 0 {
		return cmdutil.ErrInvalid
	}
	return nil
}

func summary(c *content.Content, l diag.List, s cmdutil.Styler) string {
	projects := fmt.Sprintf("%d project%s", len(c.Projects), plural(len(c.Projects)))
	if unread := c.Folders - len(c.Projects); unread > 0 {
		projects = fmt.Sprintf("%d of %d projects (%d could not be read)", len(c.Projects), c.Folders, unread)
	}
	what := fmt.Sprintf("%s: site settings and %s", termsafe.String(c.Dir), projects)
	counts := fmt.Sprintf("%d error%s, %d warning%s", l.Errors(), plural(l.Errors()), l.Warnings(), plural(l.Warnings()))
	if l.Errors() > 0 {
		return s.Red("✗ ") + what + ": " + counts
	}
	return s.Green("✓ ") + what + " valid" + ifWarnings(l, " ("+counts+")")
}

func ifWarnings(l diag.List, s string) string {
	if l.Warnings() == 0 {
		return ""
	}
	return s
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
