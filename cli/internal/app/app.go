// Package app wires the commands together and turns their result into the
// process's exit code, in one place.
package app

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"portfolio/cli/internal/cmd/buildcmd"
	"portfolio/cli/internal/cmd/deleteproject"
	"portfolio/cli/internal/cmd/dev"
	"portfolio/cli/internal/cmd/editproject"
	gallerycmd "portfolio/cli/internal/cmd/gallery"
	"portfolio/cli/internal/cmd/generate"
	"portfolio/cli/internal/cmd/images"
	"portfolio/cli/internal/cmd/initcmd"
	"portfolio/cli/internal/cmd/messages"
	"portfolio/cli/internal/cmd/newproject"
	"portfolio/cli/internal/cmd/serve"
	"portfolio/cli/internal/cmd/share"
	"portfolio/cli/internal/cmd/strip"
	"portfolio/cli/internal/cmd/validate"
	"portfolio/cli/internal/cmd/version"
	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/iostreams"
)

// Main runs the command line and returns the exit code.
func Main(args []string) int {
	// Ctrl-C, a task runner's stop (SIGTERM) and a closed terminal (SIGHUP)
	// all end the command the same way: its context, so that it stops its
	// child processes (npm, Vite) and leaves nothing half-written.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	return Run(ctx, iostreams.System(), args)
}

// Run runs the command line on the given streams.
func Run(ctx context.Context, ios *iostreams.IOStreams, args []string) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(ios.ErrOut, "internal error: %v\nThis is a bug in portfolio; please report it with the command you ran.\n", r)
			code = cmdutil.ExitInternal
		}
	}()
	f := &cmdutil.Factory{IOStreams: ios, Version: buildVersion()}
	root := NewCmdRoot(f)
	root.SetArgs(args)
	root.SetIn(ios.In)
	root.SetOut(ios.Out)
	root.SetErr(ios.ErrOut)
	err := root.ExecuteContext(ctx)
	if err == nil && ctx.Err() != nil { // interrupted, though the command did not notice
		err = cmdutil.ErrCancel
	}
	printError(ios, root, err)
	return cmdutil.ExitCode(err)
}

func printError(ios *iostreams.IOStreams, root *cobra.Command, err error) {
	var usage *cmdutil.UsageError
	switch {
	case err == nil, errors.Is(err, cmdutil.ErrInvalid), errors.Is(err, cmdutil.ErrStopped):
	case errors.Is(err, cmdutil.ErrCancel):
		fmt.Fprintln(ios.ErrOut, "cancelled")
	case errors.As(err, &usage):
		fmt.Fprintf(ios.ErrOut, "error: %v\nRun '%s --help' for usage.\n", err, root.Name())
	default:
		fmt.Fprintf(ios.ErrOut, "error: %v\n", err)
	}
}

// NewCmdRoot builds the command tree.
func NewCmdRoot(f *cmdutil.Factory) *cobra.Command {
	root := &cobra.Command{
		Use:   "portfolio",
		Short: "Manage a portfolio's content and build its site",
		Long: strings.TrimSpace(`
portfolio owns the content of a portfolio site (content/site.yaml and one
folder per project under content/projects/), checks it against the JSON
Schemas in schema/, and turns it into the typed module the site imports.
` + "`portfolio build`" + ` makes the whole site, ready to deploy.

Exit status, the same for every command:

- 0 success
- 1 invalid content, or a file out of date with --check
- 2 a mistake in the command line
- 3 anything else: an I/O failure, a bug
- 130 interrupted (Ctrl-C)

NO_COLOR (set to any value) or TERM=dumb turns colour off.`),
		Example: strings.TrimRight(`  portfolio init                      # start a content folder
  portfolio new project               # add a project: a form in a terminal
  portfolio validate                  # check all content, report every problem
  portfolio validate --format github  # annotations for GitHub Actions
  portfolio build                     # the whole chain: the site in site/dist
  portfolio serve                     # the built site at http://127.0.0.1:8080
  portfolio generate --check          # fail when the module is out of date`, "\n"),
		Version:       f.Version,
		SilenceUsage:  true,
		SilenceErrors: true,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return cmdutil.Usagef("unknown command %q", args[0])
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	root.SetVersionTemplate("portfolio {{.Version}}\n")
	root.PersistentFlags().String("content", content.DefaultDir, "content folder `DIR`")
	_ = root.MarkPersistentFlagDirname("content")
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return &cmdutil.UsageError{Err: err}
	})
	root.AddCommand(
		initcmd.NewCmdInit(f, nil),
		newproject.NewCmdNew(f, nil),
		gallerycmd.NewCmdGallery(f, nil),
		editproject.NewCmdEdit(f, nil),
		deleteproject.NewCmdDelete(f, nil),
		validate.NewCmdValidate(f, nil),
		images.NewCmdImages(f, nil),
		generate.NewCmdGenerate(f, nil),
		buildcmd.NewCmdBuild(f, nil),
		serve.NewCmdServe(f, nil),
		messages.NewCmdMessages(f, nil),
		share.NewCmdShare(f, nil),
		strip.NewCmdStrip(f, nil),
		dev.NewCmdDev(f, nil),
		version.NewCmdVersion(f),
	)
	return root
}

// buildVersion reports the module version, or the VCS revision of a
// development build.
func buildVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	rev, dirty := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "dev"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "-dirty"
	}
	return "dev-" + rev
}
