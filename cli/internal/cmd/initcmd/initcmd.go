// Package initcmd is the `portfolio init [DIR]` command: it starts a new
// owner's content folder, site.yaml with its schema modeline and short
// comments and an empty projects folder, from a form, flags or an answers
// file; with --replace-sample, in place of the sample content, which moves
// aside. The site settings, their checks, the file and how it is written
// are the scaffold/site package's; this is the wiring.
package initcmd

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/forms"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/prompt"
	"portfolio/cli/internal/report"
	"portfolio/cli/internal/scaffold/site"
	"portfolio/cli/internal/termsafe"
)

// Options are the inputs of a run.
type Options struct {
	IO  *iostreams.IOStreams
	Dir string // the content folder to start
	// Site holds the settings given beforehand: the --from file, then flags.
	Site site.Site
	// Origin says where each setting came from, by key, for messages:
	// "--url".
	Origin map[string]string
	// Yes writes without asking anything.
	Yes bool
	// Accessible asks in accessible mode; AccessibleFlag is true when
	// --accessible was given (which also asks on piped input).
	Accessible, AccessibleFlag bool
	// Terminal is true when standard input and output are terminals.
	Terminal bool
	// ReplaceSample puts the new content folder in place of the sample
	// (--replace-sample), which moves aside; Force does it even when the
	// folder does not look like the sample.
	ReplaceSample, Force bool
	// RestoreSample puts the sample that --replace-sample moved aside back
	// (--restore-sample); Restore names any folder moved aside to put back
	// (--restore FOLDER). The content folder moves aside in turn.
	RestoreSample bool
	Restore       string
	// Now dates the folder the replaced content moves to.
	Now func() time.Time
}

// NewCmdInit builds `portfolio init`; runF replaces the run in tests.
func NewCmdInit(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams}
	var (
		fv         site.Site // the flags' values
		lists      = map[string]*[]string{}
		from       string
		kind       string
		categories []string
		analytics  string
	)
	cmd := &cobra.Command{
		Use:     "init [DIR]",
		Short:   "Start a content folder: site.yaml and an empty projects folder",
		Long:    strings.TrimSpace(initLong),
		Example: strings.TrimRight(initExample, "\n"),
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 {
				return cmdutil.Usagef("init takes at most one folder, got %d: %s", len(args), strings.Join(args, " "))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Dir = cmdutil.ContentDir(cmd)
			if len(args) == 1 {
				opts.Dir = args[0]
			}
			opts.Origin = map[string]string{}
			fl := cmd.Flags()
			s, err := flagSite(fl, from, &fv, lists, opts.Origin)
			if err != nil {
				return err
			}
			if err := kindFlags(fl, &s, opts.Origin, kind, categories, analytics); err != nil {
				return err
			}
			opts.Site = s
			opts.AccessibleFlag = fl.Changed("accessible") && opts.Accessible
			opts.Accessible = opts.Accessible || os.Getenv("ACCESSIBLE") != ""
			opts.Terminal = prompt.CanPrompt(opts.IO)
			if opts.Force && !opts.ReplaceSample {
				return cmdutil.Usagef("--force goes with --replace-sample: init never overwrites a site.yaml")
			}
			if opts.RestoreSample || fl.Changed("restore") {
				if opts.RestoreSample && fl.Changed("restore") {
					return cmdutil.Usagef("--restore-sample and --restore FOLDER: give one")
				}
				if opts.ReplaceSample || len(opts.Origin) > 0 || from != "" {
					return cmdutil.Usagef("%s puts a folder back as it is: it takes no settings and no --replace-sample", restoreFlag(opts))
				}
				if fl.Changed("restore") && opts.Restore == "" {
					return cmdutil.Usagef("--restore needs the folder to put back, e.g. --restore content-replaced-2026-11-27")
				}
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return Run(cmd.Context(), opts)
		},
	}
	fl := cmd.Flags()
	for _, field := range site.Fields {
		fl.StringVar(field.Value(&fv), field.Flag, "", field.Usage)
	}
	for _, field := range site.ListFields {
		lists[field.Key] = new([]string)
		fl.StringArrayVar(lists[field.Key], field.Flag, nil, field.Usage)
	}
	fl.StringVar(&kind, "kind", "", "the kind of work you show: "+strings.Join(site.Kinds(), ", ")+
		"; it chooses the categories, what project cards show, gallery columns and the About headings (default "+site.DefaultKind+")")
	fl.StringArrayVar(&categories, "category", nil, site.CategoryUsage)
	fl.StringVar(&analytics, "analytics", "", site.AnalyticsUsage)
	fl.StringVar(&from, "from", "", "read the settings from a YAML `FILE` shaped like site.yaml")
	fl.BoolVarP(&opts.Yes, "yes", "y", false, "write without asking: every required value from flags or --from")
	fl.BoolVar(&opts.Accessible, "accessible", false, "ask one plain line at a time, for screen readers (also ACCESSIBLE=1)")
	fl.BoolVar(&opts.ReplaceSample, "replace-sample", false, "put your content in place of the sample content, which moves to DIR-sample-YYYY-MM-DD")
	fl.BoolVar(&opts.Force, "force", false, "with --replace-sample: replace the folder even when it does not look like the sample (it moves aside, never deleted)")
	fl.BoolVar(&opts.RestoreSample, "restore-sample", false, "put the sample that --replace-sample moved aside back in place of DIR, which moves aside in turn (nothing is deleted)")
	fl.StringVar(&opts.Restore, "restore", "", "put the content `FOLDER` moved aside back in place of DIR, which moves aside in turn (nothing is deleted)")
	_ = cmd.MarkFlagFilename("from", "yaml", "yml")
	return cmd
}

// flagSite is the site the command line gives: the --from file's values
// (none without --from), and over them each site flag given, whose name
// origin records under the key it set.
func flagSite(fl *pflag.FlagSet, from string, fv *site.Site, lists map[string]*[]string, origin map[string]string) (site.Site, error) {
	var s site.Site
	if from != "" {
		var err error
		if s, err = site.ReadAnswers(from); err != nil {
			return s, err
		}
	}
	for _, field := range site.Fields {
		if fl.Changed(field.Flag) {
			*field.Value(&s) = *field.Value(fv)
			origin[field.Key] = "--" + field.Flag
		}
	}
	for _, field := range site.ListFields {
		if fl.Changed(field.Flag) {
			var items []string
			for _, v := range *lists[field.Key] {
				if field.Comma {
					items = append(items, strings.Split(v, ",")...)
				} else {
					items = append(items, v)
				}
			}
			*field.Value(&s) = items
			origin[field.Key] = "--" + field.Flag
		}
	}
	return s, nil
}

// kindFlags applies --kind, --category and --analytics to s, over the
// --from file; their mistakes are the command line's.
func kindFlags(fl *pflag.FlagSet, s *site.Site, origin map[string]string, kind string, categories []string, analytics string) error {
	if fl.Changed("kind") {
		kind = strings.ToLower(strings.TrimSpace(kind))
		if err := site.CheckKind(kind); err != nil {
			return cmdutil.Usagef("--kind: %v", err)
		}
		s.Kind = kind
		origin["kind"] = "--kind"
	}
	if fl.Changed("category") {
		list, err := site.ParseCategories(categories)
		if err != nil {
			return cmdutil.Usagef("%v", err)
		}
		s.Categories = list
		origin["categories"] = "--category"
	}
	if fl.Changed("analytics") {
		if err := site.SetAnalytics(s, analytics); err != nil {
			return cmdutil.Usagef("--analytics: %v", err)
		}
		if fl.Changed("measurement-id") && s.Analytics.Provider != "" {
			return cmdutil.Usagef("--measurement-id is Google Analytics 4's: it goes with --analytics ga4, not %s", s.Analytics.Provider)
		}
		origin["analytics"] = "--analytics"
		if s.MeasurementID != "" && !fl.Changed("measurement-id") {
			origin["measurementId"] = "--analytics"
		}
	}
	return nil
}

// Run asks for what is missing (when it may), then writes the content
// folder.
func Run(ctx context.Context, opts *Options) error {
	if ctx == nil {
		ctx = context.Background()
	}
	if opts.RestoreSample || opts.Restore != "" {
		return restore(ctx, opts)
	}
	var moved replacement // with --replace-sample
	if opts.ReplaceSample {
		var err error
		if moved, err = askReplace(ctx, opts); err != nil {
			return err
		}
	} else if err := site.CheckFree(opts.Dir); err != nil {
		return reportProblems(opts, err)
	}
	s := opts.Site
	s.Normalize()
	if !opts.Yes && (opts.Terminal || opts.AccessibleFlag) {
		form := forms.NewSite(opts.Dir, s, opts.Accessible || !opts.Terminal)
		if err := form.Run(ctx, opts.IO); err != nil {
			return prompt.Left(opts.IO.ErrOut, err, "nothing was written", func() { form.KeepDraft(opts.IO.ErrOut) })
		}
		s = form.Settings()
		opts.Origin = map[string]string{}
	} else if missing := s.Missing(); len(missing) > 0 {
		flags := make([]string, len(missing))
		for i, m := range missing {
			flags[i] = m.Flag
		}
		return prompt.Missing(flags)
	}
	s, err := site.Prepare(s)
	if err != nil {
		return reportProblems(opts, err)
	}
	data := site.Render(s, site.SchemaRef(opts.Dir))
	if opts.ReplaceSample {
		return replace(ctx, opts, moved, data)
	}
	res, err := site.Create(ctx, opts.Dir, data)
	if err != nil {
		return reportProblems(opts, err)
	}
	return printResult(opts, res)
}

// reportProblems prints what is wrong and returns the error that exits with
// status 1; other errors (I/O) pass through.
func reportProblems(opts *Options, err error) error {
	var exists *site.ExistsError
	if errors.As(err, &exists) {
		w := opts.IO.ErrOut
		fmt.Fprintf(w, "%s %s already exists; portfolio init never overwrites it\n", cmdutil.Styler{}.Red("error:"), termsafe.String(exists.Path))
		fmt.Fprintf(w, "    hint: edit it to change the site's settings, or start another folder: portfolio init DIR\n")
		return cmdutil.ErrInvalid
	}
	return report.Problems(opts.IO.ErrOut, err, "nothing was written", report.Origin(opts.Origin))
}

func printResult(opts *Options, res *site.Result) error {
	w := opts.IO.Out
	s := cmdutil.NewStyler(opts.IO)
	fmt.Fprintf(w, "%s created %s\n", s.Green("✓"), res.File)
	if res.NewProjects {
		fmt.Fprintf(w, "%s created %s%c (empty)\n", s.Green("✓"), res.Projects, os.PathSeparator)
	}
	if len(res.Warnings) > 0 {
		if err := cmdutil.WriteDiagnostics(opts.IO, res.Warnings); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "%s %s is valid\n", s.Green("✓"), res.File)
	// The next steps work from any folder: build, serve and dev find the
	// repository themselves; the content folder is named absolutely.
	dirFlag := content.DirFlag(opts.Dir)
	newProject, serve := "portfolio new project"+dirFlag, "portfolio serve"+dirFlag
	fmt.Fprintf(w, "\nNext steps:\n")
	fmt.Fprintf(w, "  edit %s: replace the placeholder texts (About, Contact, page descriptions)\n", res.File)
	fmt.Fprintf(w, "  %-*s   add your first project\n", len(newProject), newProject)
	fmt.Fprintf(w, "  %-*s   see the site\n", len(newProject), serve)
	return nil
}
