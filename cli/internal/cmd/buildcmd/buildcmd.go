// Package buildcmd implements `portfolio build`: content to a deployable site
// in one command. Flags and wiring; the work is pipeline.Build.
package buildcmd

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
The last line says where the time went (validate, images, generate, the
site's bundle, the prerender); --timings prints it as a table with each
step's share. With --verbose it also lists every image and document it
made and ends with a table of each route's HTML, JS, CSS and image bytes.

A build with nothing to do does nothing. Each build records what it read
(the content, the schemas, the site's sources and lock file, the portfolio
and node programs, the VITE_ variables, the year, the content's git
commit; files by size and hash) and the files it wrote; when all of it is
as the last build left it, the build only says "site/dist is up to date"
(`+"`portfolio serve`"+` reads the same record). Otherwise it says what changed
and builds: images are made only for new photographs, and only the pages
whose inputs changed are rendered again (a photograph's project pages and
the pages that list projects; every page after a change to the code or to
what every page shows, such as a title). --force builds everything again.`) + "\n\n" + cmdutil.SiteRepoHelp,
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
	cmd.Flags().BoolVar(&opts.Force, "force", false, "build even when nothing changed since the last build, and render every page again")
	cmd.Flags().BoolVar(&opts.Timings, "timings", false, "end with a table of each step's time and share of the build")
	return cmd
}
