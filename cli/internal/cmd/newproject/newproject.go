// Package newproject is the `portfolio new project` command: a form that
// checks every answer as it is typed, or flags and an answers file for
// scripts, then the scaffold package writes the project.
package newproject

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/english"
	"portfolio/cli/internal/fieldcheck"
	"portfolio/cli/internal/forms"
	"portfolio/cli/internal/importimage"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/prompt"
	"portfolio/cli/internal/report"
	"portfolio/cli/internal/scaffold"
)

// Options are the inputs of a run.
type Options struct {
	IO         *iostreams.IOStreams
	ContentDir string
	// Answers are the values given beforehand: defaults, then the --from
	// file, then flags.
	Answers scaffold.Answers
	// Origin says where each answer came from, by answer name, for
	// messages: "--title", "answers.yaml: title".
	Origin map[string]string
	// TextsFromFlags is true when the gallery's texts came from --alt and
	// --caption: more of them than images is a usage error.
	TextsFromFlags bool
	// Yes writes without asking anything.
	Yes bool
	// MaxEdge shrinks copied images whose long edge is larger; 0 keeps them.
	// Unless MaxEdgeSet (--max-edge was given), a form asks first.
	MaxEdge    int
	MaxEdgeSet bool
	// Accessible asks in accessible mode; AccessibleFlag is true when
	// --accessible was given (which also asks on piped input).
	Accessible, AccessibleFlag bool
	// Terminal is true when standard input and output are terminals.
	Terminal bool
}

// NewCmdNew builds `portfolio new` and its subcommand `project`.
func NewCmdNew(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "new",
		Short: "Create new content",
		Args:  cmdutil.NoArgs,
		RunE:  func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	cmd.AddCommand(NewCmdProject(f, runF))
	return cmd
}

// ownFlags are the flags of the answers that are not details (those are
// forms.DetailFlags), by answer name.
var ownFlags = map[string]string{
	"slug": "slug", "cover": "cover", "gallery": "gallery", "document.label": "document-label", "document.url": "document-url",
	"prototype.title": "prototype-title", "prototype.url": "prototype-url",
}

// flagOf is the flag of an answer, by answer name.
func flagOf(name string) string {
	if f := forms.DetailFlag(name); f != "" {
		return f
	}
	return ownFlags[name]
}

// NewCmdProject builds `portfolio new project`; runF replaces the run in tests.
func NewCmdProject(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams}
	var (
		details                    *forms.DetailFlags
		slug, cover                string
		gallery                    []string
		texts                      cmdutil.ImageTexts
		docLabel, docURL           string
		protoTitle, protoURL, from string
	)
	cmd := &cobra.Command{
		Use:     "project",
		Short:   "Add a project: a form, or flags for scripts",
		Long:    strings.TrimSpace(projectLong),
		Example: strings.TrimRight(projectExample, "\n"),
		Args:    cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ContentDir = cmdutil.ContentDir(cmd)
			opts.Origin = map[string]string{}
			a := scaffold.NewAnswers()
			if from != "" {
				loaded, origin, err := scaffold.ReadAnswers(from)
				if err != nil {
					return err
				}
				a, opts.Origin = loaded, origin
			}
			fl := cmd.Flags()
			set := func(name string, dst *string, value string) {
				if fl.Changed(flagOf(name)) {
					*dst = value
					opts.Origin[name] = "--" + flagOf(name)
				}
			}
			details.SetAnswers(&a, opts.Origin)
			set("slug", &a.Slug, slug)
			set("cover", &a.Cover, cover)
			if fl.Changed("gallery") {
				a.Gallery, opts.Origin["gallery"] = gallery, "--gallery"
			}
			if fl.Changed("alt") { // a --caption comes after an --alt, or is refused
				a.Texts = nil
				for _, t := range texts.List {
					a.Texts = append(a.Texts, scaffold.ImageText{Alt: t.Alt, Caption: t.Caption})
				}
				opts.Origin["texts"], opts.TextsFromFlags = "--alt/--caption", true
			}
			if fl.Changed("document-label") || fl.Changed("document-url") {
				if a.Document == nil {
					a.Document = &scaffold.Document{}
				}
				set("document.label", &a.Document.Label, docLabel)
				set("document.url", &a.Document.URL, docURL)
			}
			if fl.Changed("prototype-title") || fl.Changed("prototype-url") {
				if a.Prototype == nil {
					a.Prototype = &scaffold.Prototype{}
				}
				set("prototype.title", &a.Prototype.Title, protoTitle)
				set("prototype.url", &a.Prototype.URL, protoURL)
			}
			opts.Answers = a
			opts.MaxEdgeSet = fl.Changed("max-edge")
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
	details = forms.AddDetailFlags(cmd, forms.InNewProject)
	fl := cmd.Flags()
	fl.StringVar(&slug, "slug", "", "folder name and address /projects/<slug> (default: made from the title)")
	fl.StringVar(&cover, "cover", "", "cover image `FILE` to copy beside project.yaml")
	fl.StringArrayVar(&gallery, "gallery", nil, "gallery images and videos: a folder or an image or video `FILE` (repeatable, in order)")
	texts.AddFlags(fl, "alt text of the next gallery image, in gallery order: what it shows (repeatable; \"\" keeps the default)",
		"caption of the image of the --alt just before it (an image's --alt comes first)")
	fl.StringVar(&docLabel, "document-label", "", "link text of a document")
	fl.StringVar(&docURL, "document-url", "", "a document's PDF `FILE` (copied into the project folder) or https address")
	fl.StringVar(&protoTitle, "prototype-title", "", "accessible name of an embedded Figma prototype")
	fl.StringVar(&protoURL, "prototype-url", "", "Figma embed address of the prototype")
	fl.IntVar(&opts.MaxEdge, "max-edge", importimage.DefaultMaxEdge, "shrink copied JPEG and PNG images whose long edge is larger than `N` pixels (0 keeps every size)")
	fl.StringVar(&from, "from", "", "read the answers from a YAML `FILE`")
	fl.BoolVarP(&opts.Yes, "yes", "y", false, "write without asking: every required value from flags or --from")
	fl.BoolVar(&opts.Accessible, "accessible", false, "ask one plain line at a time, for screen readers (also ACCESSIBLE=1)")
	_ = cmd.MarkFlagFilename("from", "yaml", "yml")
	_ = cmd.MarkFlagFilename("cover", "jpg", "jpeg", "png", "webp")
	return cmd
}

// Run asks for what is missing (when it may), then writes the project.
func Run(ctx context.Context, opts *Options) error {
	if ctx == nil {
		ctx = context.Background()
	}
	a := opts.Answers
	a.Normalize()
	var form *forms.Project
	if !opts.Yes && (opts.Terminal || opts.AccessibleFlag) {
		form = forms.NewProject(opts.ContentDir, a, opts.Accessible || !opts.Terminal)
		if err := form.Run(ctx, opts.IO); err != nil {
			return prompt.Left(opts.IO.ErrOut, err, "nothing was written", func() { form.KeepDraft(opts.IO.ErrOut) })
		}
		a = form.Answers()
		opts.Origin = map[string]string{}
		if err := checkTextCount(opts, a); err != nil {
			return err
		}
	} else {
		if err := checkTextCount(opts, a); err != nil {
			return err
		}
		if missing := a.Missing(); len(missing) > 0 {
			flags := make([]string, len(missing))
			for i, m := range missing {
				flags[i] = flagOf(m)
			}
			return prompt.Missing(flags)
		}
	}
	plan, err := scaffold.Prepare(opts.ContentDir, a)
	if err != nil {
		return reportProblems(opts, err)
	}
	if opts.MaxEdge < 0 {
		return cmdutil.Usagef("--max-edge must be 0 (keep every size) or a number of pixels")
	}
	plan.MaxEdge = opts.MaxEdge
	if form != nil && !opts.MaxEdgeSet {
		if err := form.OfferResize(ctx, opts.IO, plan); err != nil {
			return prompt.Cancelled(opts.IO.ErrOut, err, "nothing was written")
		}
	}
	res, err := scaffold.Create(ctx, plan)
	if err != nil {
		return reportProblems(opts, err)
	}
	if err := printResult(opts, plan, res); err != nil {
		return err
	}
	if form != nil && len(plan.Gallery) > 0 && len(a.Texts) == 0 {
		return form.DescribeGallery(ctx, opts.IO, plan)
	}
	return nil
}

// checkTextCount refuses more --alt flags than gallery images (a usage
// error naming --alt), before anything is written: a text past the last
// image would describe no image, or the wrong one. Texts from an answers
// file are checked with the other answers (scaffold.Prepare).
func checkTextCount(opts *Options, a scaffold.Answers) error {
	if !opts.TextsFromFlags {
		return nil
	}
	images, _, err := fieldcheck.ExpandGallery(a.Gallery)
	if err != nil {
		return nil // the gallery's own problem, reported with the others
	}
	return cmdutil.CheckTextCount(len(a.Texts), len(images), english.Count(len(images), "gallery image"), "gallery order")
}

// reportProblems prints what is wrong with the answers and returns the error
// that exits with status 1; other errors (I/O) pass through.
func reportProblems(opts *Options, err error) error {
	return report.Problems(opts.IO.ErrOut, err, "nothing was written", report.Origin(opts.Origin))
}

func printResult(opts *Options, p *scaffold.Plan, res *scaffold.Result) error {
	w := opts.IO.Out
	s := cmdutil.NewStyler(opts.IO)
	fmt.Fprintf(w, "%s created %s%c\n", s.Green("✓"), res.Dir, filepath.Separator)
	fmt.Fprintf(w, "  %s\n  %s\n", content.ProjectFile, p.Cover.Name)
	if n := len(p.Gallery); n > 0 {
		fmt.Fprintf(w, "  %s … %s (%s, copied in this order)\n", p.Gallery[0].Name, p.Gallery[n-1].Name, english.Count(n, "image"))
	}
	for _, c := range p.Posters {
		if c.Source == "" {
			fmt.Fprintf(w, "  %s: the frame at 1 s of %s, drawn by ffmpeg (replace it with an image of your choice)\n", c.Name, filepath.Base(c.PosterOf))
		} else {
			fmt.Fprintf(w, "  %s: copied from %s\n", c.Name, c.Source)
		}
	}
	prompt.Copies(w, res.Stripped, res.Resized, p.MaxEdge)
	for _, c := range append([]scaffold.Copy{p.Cover}, p.Gallery...) {
		if l, large := importimage.Oversize(c.Source, p.MaxEdge); large && c.KeepSize {
			fmt.Fprintf(w, "  kept %s at full size, as you chose: %d×%d px, %.1f MB\n", c.Name, l.From.X, l.From.Y, float64(l.Bytes)/1e6)
		}
	}
	for _, skipped := range p.Skipped {
		fmt.Fprintf(w, "  skipped %s: not an image file\n", skipped)
	}
	if len(res.Warnings) > 0 {
		if err := cmdutil.WriteDiagnostics(opts.IO, res.Warnings); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "%s %s is valid\n", s.Green("✓"), res.File)
	fmt.Fprintf(w, "\nNext steps:\n")
	fmt.Fprintf(w, "  edit %s to tell the project's story (text, images, case study)\n", res.File)
	// They work from any folder: the content folder is named absolutely.
	images, serve := "portfolio images"+content.DirFlag(opts.ContentDir), "portfolio serve"+content.DirFlag(opts.ContentDir)
	fmt.Fprintf(w, "  %-*s   make the web versions of its images\n", len(images), images)
	fmt.Fprintf(w, "  %-*s   see it at /projects/%s\n", len(images), serve, p.Answers.Slug)
	return nil
}
