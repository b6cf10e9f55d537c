package cmdutil

import (
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"portfolio/cli/internal/termsafe"
)

// SiteRepoHelp is the paragraph of help that build, serve and dev share
// about where they run (EnterSiteRepo).
const SiteRepoHelp = `It works from any folder: it finds the repository above the current folder
or above the program's own file (e.g. .cache/bin/portfolio) and enters it,
a relative --content kept as meant; with no repository there, it stops with
a usage error before writing anything.`

// EnterSiteRepo makes build, serve and dev work from any folder: they need
// the repository's site sources (site/package.json), the schemas and their
// .cache, all named relative to the repository. When the current folder is
// not the repository, it looks for it above the current folder, then above
// the program's own file (a binary built into the repository's .cache/bin),
// changes into it, and makes a --content given relative to the folder the
// command was started in absolute first. Without a repository it fails
// with a usage error before anything is written: no site/ or .cache/ is
// left in the current folder. With --site, that folder must hold the
// site's package.json.
func EnterSiteRepo(cmd *cobra.Command, contentDir *string, siteDir string) error {
	if cmd.Flags().Changed("site") {
		if !isFile(filepath.Join(siteDir, "package.json")) {
			return Usagef("--site %s: no package.json there; give the site's folder of the portfolio repository", termsafe.String(siteDir))
		}
		return nil
	}
	if isRepo(".") {
		return nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return err
	}
	starts := []string{wd}
	if exe, err := os.Executable(); err == nil {
		if exe, err := filepath.EvalSymlinks(exe); err == nil {
			starts = append(starts, filepath.Dir(exe))
		}
	}
	for _, start := range starts {
		for d := start; ; d = filepath.Dir(d) {
			if isRepo(d) {
				if cmd.Flags().Changed("content") && !filepath.IsAbs(*contentDir) {
					*contentDir = filepath.Join(wd, *contentDir)
				}
				return os.Chdir(d)
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	return Usagef("%s needs the portfolio repository (its site/ folder and schemas), which is neither %s nor above it: "+
		"run it from the repository's folder (cd path/to/portfolio && portfolio %s --content %s)",
		cmd.CommandPath(), termsafe.String(wd), cmd.Name(), termsafe.String(absOr(*contentDir)))
}

func isRepo(d string) bool {
	return isFile(filepath.Join(d, "site", "package.json")) && isFile(filepath.Join(d, "schema", "site.schema.json"))
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

func absOr(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}
