// Package generate is the `portfolio generate` command: flags and wiring;
// the work is pipeline.Generate.
package generate

import (
	"strings"

	"github.com/spf13/cobra"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/images"
	"portfolio/cli/internal/pipeline"
)

// Options are the inputs of a generate run.
type Options = pipeline.GenerateOptions

// NewCmdGenerate builds the command; runF replaces the run in tests.
func NewCmdGenerate(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams}
	cmd := &cobra.Command{
		Use:   "generate",
		Short: "Write the typed TypeScript module the site imports",
		Long: strings.TrimSpace(`
Validate the content, then write the TypeScript the site imports:
site/src/generated/content.ts (--out) with the content's types (derived from
the JSON Schemas) and its data, site settings and every project, with
derived fields (slug, link, gallery images with alt text and labels) and,
for every image, the web variants ` + "`portfolio images`" + ` made (srcset, size,
placeholder); and beside it, in projects/, one <slug>.ts per project page's
blocks. Run ` + "`portfolio images`" + ` first; an image it has not processed since
its last change is reported.

Each document block's PDF is published into site/public/docs/ (--docs) as
<name>-<hash of its bytes>.pdf, copied atomically and only when missing, and
served with a year of immutable caching. Each video (of a video block or a
gallery folder) and its WebVTT captions are published the same way into
site/public/video/ (--videos), as they are: the build never re-encodes a
video, so it never needs ffmpeg. PDFs and videos that nothing names and page
modules of projects that are gone are removed.

` + cmdutil.OutputsRepoHelp + `

The output is deterministic and written atomically; nothing is written when
the content is invalid. With --check, nothing is written and the exit status
is 1 when a file is out of date or left over, or a document or video is
not published.

The browser editor's configuration (/admin, Sveltia CMS) is written into
site/public/admin/ (--editor): config.yml, every field of the schemas with
the limits its widgets can carry, the categories site.yaml declares and,
for a site in several languages, each text in every language; and
checks.json, what the editor's save check needs besides the schemas.`),
		Example: strings.TrimRight(`  portfolio generate
  portfolio generate --check     # in CI: is the module up to date?`, "\n"),
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ContentDir = cmdutil.ContentDir(cmd)
			opts.Ctx = cmd.Context()
			if opts.MaxPixels <= 0 {
				return cmdutil.Usagef("--max-pixels must be a positive number")
			}
			if runF != nil {
				return runF(opts)
			}
			if err := cmdutil.EnterRepoIfAny(cmd, map[string]*string{"content": &opts.ContentDir, "out": &opts.Out,
				"docs": &opts.DocsDir, "videos": &opts.VideosDir, "editor": &opts.EditorDir, "manifest": &opts.Manifest}); err != nil {
				return err
			}
			cmdutil.ShortLived()
			return pipeline.Generate(opts)
		},
	}
	cmd.Flags().StringVarP(&opts.Out, "out", "o", pipeline.DefaultOut, "output `file`")
	cmd.Flags().StringVar(&opts.DocsDir, "docs", pipeline.DefaultDocsDir, "`folder` the project folders' documents (PDFs) are published into, as /docs/<name>-<hash>.pdf")
	cmd.Flags().StringVar(&opts.VideosDir, "videos", pipeline.DefaultVideosDir, "`folder` the project folders' videos and captions are published into, as /video/<name>-<hash>.<ext>")
	cmd.Flags().StringVar(&opts.EditorDir, "editor", pipeline.DefaultEditorDir, "`folder` the browser editor's generated configuration is written into (/admin); \"\" writes none")
	cmd.Flags().StringVar(&opts.Manifest, "manifest", images.DefaultManifest, "image manifest `file` written by `portfolio images`")
	cmd.Flags().BoolVar(&opts.Check, "check", false, "write nothing; exit 1 if the output file is out of date")
	cmd.Flags().Int64Var(&opts.MaxPixels, "max-pixels", imagecheck.DefaultMaxPixels, "refuse images with more pixels than this (as validate does)")
	return cmd
}
