// Package build implements `portfolio build`: content to a deployable site
// in one command. Flags and wiring; the work is pipeline.Build.
package build

import (
	"strings"

	"github.com/spf13/cobra"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/pipeline"
)

// Options are the inputs of a build.
type Options = pipeline.BuildOptions

// NewCmdBuild builds the command; runF replaces the run in tests.
func NewCmdBuild(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams}
	cmd := &cobra.Command{
		Use:   "build",
		Short: "Validate, make images, generate and build the site, ready to deploy",
		Long: strings.Join([]string{
			"Runs the whole chain, stopping at the first step that fails:",
			"validate the content, make the images, generate the site's module, then",
			"build and prerender the site into site/dist (installing its npm packages",
			"first when they are missing). With --verbose, ends with a table of each",
			"route's bytes.",
		}, "\n"),
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Ctx = cmd.Context()
			opts.ContentDir = cmdutil.ContentDir(cmd)
			if err := cmdutil.EnterSiteRepo(cmd, &opts.ContentDir, opts.SiteDir); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return pipeline.Build(opts)
		},
	}
	cmd.Flags().StringVar(&opts.SiteDir, "site", "site", "the site's project `folder`")
	cmd.Flags().BoolVarP(&opts.Verbose, "verbose", "v", false, "list each image made, each document published and each page's bytes")
	return cmd
}
