// Package editproject is the `portfolio edit project SLUG` command: the new
// project form's details filled with the project's current values, or
// flags for scripts; the projectedit package rewrites only what changed.
package editproject

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"charm.land/huh/v2"
	"github.com/spf13/cobra"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/projectedit"
	"portfolio/cli/internal/prompt"
	"portfolio/cli/internal/scaffold"
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
	var fv projectedit.Fields
	var skills, from string
	project := &cobra.Command{
		Use:   "project SLUG",
		Short: "Edit a project's details: a form filled with its values, or flags",
		Long: strings.TrimSpace(`
Edit the details of content/projects/SLUG/project.yaml: title, subtitle,
page, category, description, role, skills, featured and active. In a
terminal, the new project form's questions filled with the current values,
checked as you type; the changed lines are shown before anything is
written. Without a terminal (or with --yes), the flags given are the
changes.

Only the lines of the values that change are rewritten: comments, key
order and the page's blocks stay as they are. The result is checked with
the same loader as ` + "`portfolio validate`" + ` and written in one atomic step, or
not at all. Images: ` + "`portfolio gallery SLUG`" + `; the cover and the body: edit the file.
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
			opts.Set = func(f *projectedit.Fields) {
				for name, pair := range map[string][2]*string{
					"title": {&f.Title, &fv.Title}, "subtitle": {&f.Subtitle, &fv.Subtitle}, "page": {&f.Page, &fv.Page},
					"category": {&f.Category, &fv.Category}, "description": {&f.Description, &fv.Description}, "role": {&f.Role, &fv.Role},
				} {
					if fl.Changed(name) {
						*pair[0] = strings.TrimSpace(*pair[1])
					}
				}
				if fl.Changed("skills") {
					f.Skills = scaffold.ParseSkills(skills)
				}
				if fl.Changed("featured") {
					f.Featured = fv.Featured
				}
				if fl.Changed("active") {
					f.Active = fv.Active
				}
			}
			opts.AccessibleFlag = fl.Changed("accessible") && opts.Accessible
			opts.Accessible = opts.Accessible || os.Getenv("ACCESSIBLE") != ""
			opts.Terminal = prompt.CanPrompt(opts.IO)
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return Run(cmd.Context(), opts)
		},
	}
	fl := project.Flags()
	fl.StringVar(&fv.Title, "title", "", "project name")
	fl.StringVar(&fv.Subtitle, "subtitle", "", "one line under the title")
	fl.StringVar(&fv.Page, "page", "", "category page: web-design, graphics, photography or higher-education")
	fl.StringVar(&fv.Category, "category", "", "badge on the card")
	fl.StringVar(&fv.Description, "description", "", "card text and meta description")
	fl.StringVar(&fv.Role, "role", "", "your role on the project")
	fl.StringVar(&skills, "skills", "", "skills and tools, comma-separated (replaces the list)")
	fl.BoolVar(&fv.Featured, "featured", false, "show it in Selected Work on the home page")
	fl.BoolVar(&fv.Active, "active", true, "list it on its category page")
	fl.StringVar(&from, "from", "", "take the values of a `FILE` with some of the keys title, subtitle, page, category, description, role, skills, featured, active (a draft kept when the form was left)")
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
		return prompt.ReportField(opts.IO.ErrOut, err)
	}
	f := p.Fields
	f.Skills = append([]string(nil), f.Skills...)
	if opts.From != nil {
		opts.From(&f)
	}
	if opts.Set != nil {
		opts.Set(&f)
	}
	ask := !opts.Yes && (opts.Terminal || opts.AccessibleFlag)
	var acc *prompt.Accessible
	if ask {
		skills := strings.Join(f.Skills, ", ")
		accessible := opts.Accessible || !opts.Terminal
		groups := formGroups(&f, &skills, accessible)
		if accessible {
			acc = prompt.NewAccessible(ctx, opts.IO.In, prompt.AccessibleOutput(opts.IO))
			err = acc.Run(false, groups...)
		} else {
			err = prompt.RunGuarded(ctx, prompt.Form(groups...), leaving, opts.IO.In, opts.IO.Out)
		}
		f.Skills = scaffold.ParseSkills(skills)
		trim(&f)
		if err != nil {
			err = prompt.Cancelled(opts.IO.ErrOut, err, "nothing was written")
			if errors.Is(err, cmdutil.ErrCancel) {
				keepDraft(opts, p.Fields, f)
			}
			return err
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
		diff := changedLines(string(p.YAML), string(out))
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
			err = prompt.Cancelled(opts.IO.ErrOut, err, "nothing was written")
			if errors.Is(err, cmdutil.ErrCancel) {
				keepDraft(opts, p.Fields, f)
			}
			return err
		}
	}
	warnings, err := p.Save(out)
	if err != nil {
		var inv *projectedit.InvalidError
		if errors.As(err, &inv) {
			_ = cmdutil.WriteDiagnostics(&iostreams.IOStreams{Out: opts.IO.ErrOut}, inv.Diagnostics)
			fmt.Fprintln(opts.IO.ErrOut, "nothing was written")
			return cmdutil.ErrInvalid
		}
		return err
	}
	s := cmdutil.NewStyler(opts.IO)
	fmt.Fprintf(opts.IO.Out, "%s updated %s\n", s.Green("✓"), p.File)
	fmt.Fprintln(opts.IO.Out, changedLines(string(p.YAML), string(out)))
	return cmdutil.WriteDiagnostics(opts.IO, warnings)
}

func trim(f *projectedit.Fields) {
	for _, s := range []*string{&f.Title, &f.Subtitle, &f.Page, &f.Category, &f.Description, &f.Role} {
		*s = strings.TrimSpace(*s)
	}
}

// formGroups are the new project form's detail questions, filled in. In
// accessible mode each title shows the value Enter keeps, and an empty
// answer is checked as that value.
func formGroups(f *projectedit.Fields, skills *string, accessible bool) []*huh.Group {
	var pages []huh.Option[string]
	for _, p := range scaffold.Pages {
		pages = append(pages, huh.NewOption(fmt.Sprintf("%-17s %s", p.Name, p.Blurb), p.Name))
	}
	input := func(title, desc string, value *string, v func(string) error) *huh.Input {
		if accessible && *value != "" {
			title = fmt.Sprintf("%s [%s]", title, *value)
		}
		current := *value
		return huh.NewInput().Title(title).Description(desc).Value(value).Validate(func(s string) error {
			if accessible && strings.TrimSpace(s) == "" {
				s = current
			}
			err := v(s)
			if fe, ok := err.(*scaffold.FieldError); ok {
				return fmt.Errorf("%s", fe.Text())
			}
			return err
		})
	}
	var description huh.Field = input("Description", "Card text and meta description: one or two sentences.", &f.Description, scaffold.ValidateDescription)
	if !accessible { // a multi-line field in the full-screen form
		description = huh.NewText().Title("Description").Description("Card text and meta description: one or two sentences.").
			Value(&f.Description).Validate(scaffold.ValidateDescription)
	}
	return []*huh.Group{
		huh.NewGroup(
			input("Title", "The project's name: page heading and card title.", &f.Title, scaffold.ValidateTitle),
			input("Subtitle", "One line under the title on the project page.", &f.Subtitle, scaffold.ValidateSubtitle),
		).Title("Edit project"),
		huh.NewGroup(
			huh.NewSelect[string]().Title("Page").Description("The category page that lists it.").Options(pages...).Value(&f.Page),
			input("Category", "The badge on its card.", &f.Category, scaffold.ValidateCategory),
			description,
			input("Role", `Your role, e.g. "Lead UX Designer".`, &f.Role, scaffold.ValidateRole),
			input("Skills", "Skills and tools, separated by commas.", skills, scaffold.ValidateSkillList),
		),
		huh.NewGroup(
			huh.NewConfirm().Title("Featured?").Description("Shown in Selected Work on the home page.").Value(&f.Featured),
			huh.NewConfirm().Title("Active?").Description("Listed on its category page.").Value(&f.Active),
		),
	}
}

// changedLines lists the lines that differ, as "- old" and "+ new", by a
// longest-common-subsequence diff (project files are a few hundred lines at
// most).
func changedLines(before, after string) string {
	a, b := strings.Split(before, "\n"), strings.Split(after, "\n")
	const limit = 2000
	if len(a) > limit || len(b) > limit {
		return "(the file is too long to show the changes)"
	}
	lcs := make([][]int, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out []string
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			i++
			j++
		case i < len(a) && (j == len(b) || lcs[i+1][j] >= lcs[i][j+1]):
			out = append(out, "- "+a[i])
			i++
		default:
			out = append(out, "+ "+b[j])
			j++
		}
	}
	return strings.Join(out, "\n")
}
