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
		Long: strings.TrimSpace(`
Runs the whole chain, stopping at the first step that fails:

- validate the content;
- install the site's npm packages (npm ci) when they are missing, saying
  what to install when Node or npm is missing or older than 20.19;
- make the images, the icons and the social preview cards, with --gc: the
  variants no image needs (a deleted project's, say) are removed
  (`+"`portfolio images`"+`);
- generate the site's module (`+"`portfolio generate`"+`);
- build and prerender the site into site/dist, then write its response
  headers: site/dist/_headers for Netlify, and the same as _headers.json for
  `+"`portfolio serve`"+`.

Each step prints one summary line; warnings and errors are always shown.
It records what it read (sizes and hashes), so `+"`portfolio serve`"+` knows when
to build again. With --verbose it also lists every image and document it
made and ends with a table of each route's HTML, JS, CSS and image bytes.`) + "\n\n" + cmdutil.SiteRepoHelp,
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
