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
	wd, root, err := findRepo()
	if err != nil {
		return err
	}
	if root == "" {
		return Usagef("%s needs the portfolio repository (its site/ folder and schemas), which is neither %s nor above it: "+
			"run it from the repository's folder (cd path/to/portfolio && portfolio %s --content %s)",
			cmd.CommandPath(), termsafe.String(wd), cmd.Name(), termsafe.String(absOr(*contentDir)))
	}
	return enter(cmd, root, wd, map[string]*string{"content": contentDir})
}

// ContentRepoHelp is the paragraph of help that the content commands share
// about where they run (LocateContent, EnterContentRepo).
const ContentRepoHelp = `It works from any folder of the repository: without --content it uses the
repository's content folder, found above the current folder or above the
program's own file; outside any repository, with no content folder where it
runs, it says so (exit status 2) before reading anything.`

// OutputsRepoHelp is the paragraph of help that images and generate share
// about where they run (EnterRepoIfAny).
const OutputsRepoHelp = `It works from any folder of the repository: it enters the repository found
above the current folder or above the program's own file, paths given on
the command line kept as meant, so its files land in the repository's site/
and .cache/; outside any repository the paths are taken from the current
folder.`

// LocateContent makes a command that reads or writes the owner's content
// (validate, new project, edit, gallery) or the local messages (messages)
// work from any folder of the repository, as EnterSiteRepo does for build
// and serve, without leaving the folder it runs in (the paths it is given,
// images to add, stay as meant): flag names the folder's option (content,
// data) and dir holds its value, which becomes the repository's folder of
// that name as seen from here (../content from site/). Nothing changes
// when the option was given, when the command runs in the repository's
// root, or when the folder is here: a content folder outside any
// repository. With no such folder and no repository above, the command is
// outside the repository: a usage error that says so, before anything is
// read or written.
func LocateContent(cmd *cobra.Command, flag string, dir *string) error {
	wd, root, err := contentRoot(cmd, flag, *dir)
	if err != nil || root == "" {
		return err
	}
	*dir = relativeTo(wd, filepath.Join(root, *dir))
	return nil
}

// EnterContentRepo is LocateContent for a command that also refreshes what
// was made from the content (delete project: image variants, the module),
// named from the repository's root: it changes into the repository.
func EnterContentRepo(cmd *cobra.Command, flag string, dir *string) error {
	_, root, err := contentRoot(cmd, flag, *dir)
	if err != nil || root == "" {
		return err
	}
	return os.Chdir(root)
}

// contentRoot is the repository whose folder dir (the option flag's
// default) a content command uses, or "" to use dir as it is.
func contentRoot(cmd *cobra.Command, flag, dir string) (wd, root string, err error) {
	if isRepo(".") || cmd.Flags().Changed(flag) {
		return "", "", nil
	}
	if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
		return "", "", nil
	}
	wd, root, err = findRepo()
	if err == nil && root == "" {
		err = Usagef("%s is outside the portfolio repository: there is no %s folder here and no repository above it; "+
			"run `%s` from the repository's folder, or give --%s DIR", termsafe.String(wd), termsafe.String(dir), cmd.CommandPath(), flag)
	}
	return wd, root, err
}

// relativeTo names path as seen from the folder wd: relative when it can
// be, else absolute.
func relativeTo(wd, path string) string {
	if rel, err := filepath.Rel(wd, path); err == nil {
		return rel
	}
	return path
}

// EnterRepoIfAny makes a step that writes into the repository's site/ and
// .cache/ (images, generate) write there from any folder: when a
// repository is found above the current folder or the program's file, it
// enters it, each path flag given (by name in paths, content included)
// made absolute first so it stays as meant. With no repository it stays
// where it is: the outputs are made where their paths name them.
func EnterRepoIfAny(cmd *cobra.Command, paths map[string]*string) error {
	if isRepo(".") {
		return nil
	}
	wd, root, err := findRepo()
	if err != nil || root == "" {
		return err
	}
	return enter(cmd, root, wd, paths)
}

// findRepo looks for the repository above the current folder wd, then
// above the program's own file; root is "" when there is none.
func findRepo() (wd, root string, err error) {
	wd, err = os.Getwd()
	if err != nil {
		return "", "", err
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
				return wd, d, nil
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	return wd, "", nil
}

// enter changes into the repository root, first making each path a flag
// gave (by name in paths) absolute, so that it stays as meant from wd.
func enter(cmd *cobra.Command, root, wd string, paths map[string]*string) error {
	for name, p := range paths {
		if cmd.Flags().Changed(name) && *p != "" && !filepath.IsAbs(*p) {
			*p = filepath.Join(wd, *p)
		}
	}
	return os.Chdir(root)
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
