// Package editproject is the `portfolio edit project SLUG` command: the new
// project form's details filled with the project's current values, or
// flags for scripts; the projectedit package rewrites only what changed.
package editproject

import (
	"context"
	"fmt"
	"os"
	"strings"

	"charm.land/huh/v2"
	"github.com/spf13/cobra"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/fieldcheck"
	"portfolio/cli/internal/forms"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/projectedit"
	"portfolio/cli/internal/prompt"
	"portfolio/cli/internal/report"
	"portfolio/cli/internal/termsafe"
)

// Options are the inputs of a run.
type Options struct {
	IO         *iostreams.IOStreams
	ContentDir string
	Slug       string
	// Set changes the fields given as flags.
	Set func(f *projectedit.Fields)
	// From changes the fields given in --from FILE (a draft); flags win.
	From func(f *projectedit.Fields)
	// Yes writes without asking.
	Yes                        bool
	Accessible, AccessibleFlag bool
	Terminal                   bool
}

// NewCmdEdit builds `portfolio edit` and its subcommand `project`.
func NewCmdEdit(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "edit",
		Short: "Edit content",
		Args:  cmdutil.NoArgs,
		RunE:  func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	opts := &Options{IO: f.IOStreams}
	var details *forms.DetailFlags
	var from string
	project := &cobra.Command{
		Use:   "project SLUG",
		Short: "Edit a project's details: a form filled with its values, or flags",
		Long: strings.TrimSpace(`
Edit the details of content/projects/SLUG/project.yaml: title, subtitle,
page, category, description, role, skills, featured and active, and the
alt text of the cover where the page shows it (--cover-alt: the image
block of the cover that ` + "`portfolio new project`" + ` writes for a page with no
gallery or link; elsewhere the cover is on cards only, beside the title). In a
terminal, the new project form's questions, filled with the current values
and checked as you type (the description is multi-line: Alt+Enter or Ctrl+J
for a new line); the changed lines are shown before anything is written, in
a window that scrolls as new project's YAML does. Esc or Ctrl-C asks, then
keeps the changes so far as a draft and prints the --from line that resumes
it. Without a terminal (or with --yes), the flags given are the changes;
--from FILE takes some of those keys from a file.

Only the lines of the values that change are rewritten: comments (a comment
after a value too), key order and the page's blocks stay as they are; a
missing featured or active is added before body. The result is checked with
the same loader as ` + "`portfolio validate`" + ` and written in one atomic step, or
not at all. Images: ` + "`portfolio gallery SLUG`" + `; the cover and the body: edit
the file. An edit that moves the project to another page, or makes it
inactive, and so leaves its category without an active project, says what
becomes of that category's page.

` + cmdutil.ContentRepoHelp + `

Exit status: 0 written (or nothing to change), 1 the result would not be
valid, 2 a mistake in the command line, 130 cancelled.`),
		Example: "  portfolio edit project drone-photography\n  portfolio edit project drone-photography --title 'Campuses from Above' --featured --yes",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return cmdutil.Usagef("give the project's slug: portfolio edit project SLUG")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ContentDir = cmdutil.ContentDir(cmd)
			opts.Slug = args[0]
			if from != "" {
				apply, err := readDraft(from)
				if err != nil {
					return err
				}
				opts.From = apply
			}
			fl := cmd.Flags()
			opts.Set = details.SetFields
			opts.AccessibleFlag = fl.Changed("accessible") && opts.Accessible
			opts.Accessible = opts.Accessible || os.Getenv("ACCESSIBLE") != ""
			opts.Terminal = prompt.CanPrompt(opts.IO)
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			if err := cmdutil.LocateContent(cmd, "content", &opts.ContentDir); err != nil {
				return err
			}
			return Run(cmd.Context(), opts)
		},
	}
	details = forms.AddDetailFlags(project, forms.InEditProject)
	fl := project.Flags()
	fl.StringVar(&from, "from", "", "take the values of a `FILE` with some of the keys "+strings.Join(draftKeys(), ", ")+" (a draft kept when the form was left)")
	fl.BoolVarP(&opts.Yes, "yes", "y", false, "write without asking")
	fl.BoolVar(&opts.Accessible, "accessible", false, "ask one plain line at a time, for screen readers (also ACCESSIBLE=1)")
	cmd.AddCommand(project)
	return cmd
}

// Run reads the project, asks (when it may), then writes what changed.
func Run(ctx context.Context, opts *Options) error {
	if ctx == nil {
		ctx = context.Background()
	}
	p, err := projectedit.Read(opts.ContentDir, opts.Slug)
	if err != nil {
		return report.Field(opts.IO.ErrOut, err)
	}
	f := p.Fields
	f.Skills = append([]string(nil), f.Skills...)
	if opts.From != nil {
		opts.From(&f)
	}
	if opts.Set != nil {
		opts.Set(&f)
	}
	if f.CoverAlt != p.Fields.CoverAlt {
		if len(p.CoverImages) == 0 {
			return cmdutil.Usagef("--cover-alt: the page of %s shows no image of its cover: it opens with its blocks, and the cover is on cards only, "+
				"beside the title (an image block of the cover, `- type: image` with `src: %s`, would take it)", opts.Slug, termsafe.String(p.Cover))
		}
		if err := fieldcheck.ValidateCoverAlt(f.CoverAlt); err != nil {
			return report.Problems(opts.IO.ErrOut, err, "nothing was written", report.Origin(map[string]string{"coverAlt": "--cover-alt"}))
		}
	}
	ask := !opts.Yes && (opts.Terminal || opts.AccessibleFlag)
	var acc *prompt.Accessible
	if ask {
		lists := forms.ListsOf(&f)
		accessible := opts.Accessible || !opts.Terminal
		groups := forms.EditGroups(opts.ContentDir, &f, lists, len(p.CoverImages) > 0, accessible)
		if accessible {
			acc = prompt.NewAccessible(ctx, opts.IO.In, prompt.AccessibleOutput(opts.IO))
			err = acc.Run(false, groups...)
		} else {
			err = prompt.RunGuarded(ctx, prompt.Form(groups...), leaving, opts.IO.In, opts.IO.Out)
		}
		lists.Parse(&f)
		trim(&f)
		if err != nil {
			return prompt.Left(opts.IO.ErrOut, err, "nothing was written", func() { keepDraft(opts, p.Fields, f) })
		}
	}
	out, err := p.Render(f)
	if err != nil {
		return err
	}
	if string(out) == string(p.YAML) {
		fmt.Fprintf(opts.IO.Out, "nothing to change in %s\n", p.File)
		return nil
	}
	if ask {
		diff := projectedit.ChangedLines(string(p.YAML), string(out))
		sure := false
		if acc != nil {
			confirm := huh.NewConfirm().Title("Write these changes to " + p.File + "?").Description(diff).Value(&sure)
			fmt.Fprintln(prompt.AccessibleOutput(opts.IO), diff)
			err = acc.Run(true, huh.NewGroup(confirm))
		} else {
			// The changed lines scroll: a new description alone may
			// outgrow the screen.
			shown := prompt.NewPreview(func() string { return "Changes to " + p.File }, func() string { return diff })
			confirm := huh.NewConfirm().Title("Write these changes?").Affirmative("Write them").Negative("Cancel").Value(&sure)
			err = prompt.RunGuarded(ctx, prompt.Form(huh.NewGroup(shown, confirm)), leaving, opts.IO.In, opts.IO.Out, shown)
		}
		if err == nil && !sure {
			err = cmdutil.ErrCancel
		}
		if err != nil {
			return prompt.Left(opts.IO.ErrOut, err, "nothing was written", func() { keepDraft(opts, p.Fields, f) })
		}
	}
	warnings, err := p.Save(out)
	if err != nil {
		return report.Problems(opts.IO.ErrOut, err, "nothing was written", nil)
	}
	s := cmdutil.NewStyler(opts.IO)
	fmt.Fprintf(opts.IO.Out, "%s updated %s\n", s.Green("✓"), p.File)
	fmt.Fprintln(opts.IO.Out, projectedit.ChangedLines(string(p.YAML), string(out)))
	// Moved elsewhere or made inactive: its old category may have lost its
	// last listed (active, public) project, as with delete project
	// (docs/site.md §2). A private project was never on it.
	if p.Fields.Active && !p.Private && (f.Page != p.Fields.Page || !f.Active) {
		if line := content.LeftEmpty(opts.ContentDir, p.Fields.Page, opts.Slug); line != "" {
			fmt.Fprintf(opts.IO.Out, "  %s\n", line)
		}
	}
	return cmdutil.WriteDiagnostics(opts.IO, warnings)
}

// trim trims the text details, as typed in the form.
func trim(f *projectedit.Fields) {
	for _, d := range content.DetailFields() {
		if s := d.Text(f); s != nil {
			*s = strings.TrimSpace(*s)
		}
	}
}
