package pipeline

import (
	"fmt"
	"os"
	"runtime/debug"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/english"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/termsafe"
)

// ValidateOptions are the inputs of a validate run.
type ValidateOptions struct {
	IO         *iostreams.IOStreams
	ContentDir string
	Format     string
	MaxPixels  int64
}

// Validate checks the content and reports every problem.
func Validate(opts *ValidateOptions) error {
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
	projects := english.Count(len(c.Projects), "project")
	if unread := c.Folders - len(c.Projects); unread > 0 {
		projects = fmt.Sprintf("%d of %d projects (%d could not be read)", len(c.Projects), c.Folders, unread)
	}
	what := fmt.Sprintf("%s: site settings and %s", termsafe.String(c.Dir), projects)
	counts := english.Count(l.Errors(), "error") + ", " + english.Count(l.Warnings(), "warning")
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
