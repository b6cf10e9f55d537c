package pipeline

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/cards"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/content/contenttest"
	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/iostreams"
)

// Everything the build's steps write stays out of git, under the
// repository's own .gitignore: a private project's ZIP of a client's
// photos above all (issue 48), and any output a step adds later, since
// the rule ignores site/public/ but for the hand-written files git tracks
// there. The site's own build (Vite, the prerender) is walked by
// cli/internal/docrun.
func TestBuildOutputsAreIgnored(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	fonts := filepath.Join(root, cards.DefaultFontDir)
	if !cards.HaveFonts(fonts) {
		t.Skip("the site's npm packages are not installed (npm ci --prefix site): no fonts for the cards")
	}
	t.Chdir(t.TempDir())
	files := map[string][]byte{
		".gitignore":                                    must(os.ReadFile(filepath.Join(root, ".gitignore"))),
		"site/public/favicon.svg":                       must(os.ReadFile(filepath.Join(root, "site/public/favicon.svg"))),
		"content/site.yaml":                             []byte(contenttest.Site),
		"content/projects/alpha/project.yaml":           []byte(contenttest.Project("Alpha")),
		"content/projects/alpha/cover.jpg":              imagetest.JPEG(64, 40),
		"content/projects/wedding/project.yaml":         []byte(privateProject),
		"content/projects/wedding/cover.jpg":            imagetest.JPEG(40, 64),
		"content/projects/wedding/gallery/01-vows.jpg":  imagetest.JPEG(64, 48),
		"content/projects/wedding/gallery/02-dance.jpg": imagetest.JPEG(48, 64),
	}
	for name, data := range files {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=T", "GIT_AUTHOR_EMAIL=t@example.com",
			"GIT_COMMITTER_NAME=T", "GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_NOSYSTEM=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-q", "-m", "content")

	ios, _, _, errOut := iostreams.Test()
	if err := Images(ImagesDefaults(context.Background(), ios, "content", "site", fonts)); err != nil {
		t.Fatalf("images: %v\n%s", err, errOut)
	}
	if err := Generate(GenerateDefaults(context.Background(), ios, "content", "site")); err != nil {
		t.Fatalf("generate: %v\n%s", err, errOut)
	}
	zip := filepath.Join("site", "public", "private", "wedding", "wedding-web.zip")
	if _, err := os.Stat(zip); err != nil {
		t.Fatalf("the private project's download was not made: %v", err)
	}
	if status := git("status", "--porcelain", "--untracked-files=all"); status != "" {
		t.Errorf("after the build's steps, git status lists what they wrote (a build output git would commit):\n%s", status)
	}
	// Each folder they write at the top of site/public is reserved: no
	// category page can land under it.
	top, _ := os.ReadDir(filepath.Join("site", "public"))
	for _, e := range top {
		if e.IsDir() && !slices.Contains(content.FixedRoutes, e.Name()) {
			t.Errorf("the build publishes /%s/, which content.FixedRoutes does not hold: a category could take it", e.Name())
		}
	}
	// And the no-op build counts each of them as an output, none as an
	// input (a ZIP counted as an input made the next build run again).
	tracked := strings.Fields(git("ls-files", "site"))
	if err := filepath.WalkDir("site", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || slices.Contains(tracked, filepath.ToSlash(p)) {
			return err
		}
		if !slices.ContainsFunc(outputDirs, func(dir string) bool {
			return strings.HasPrefix(p, filepath.Join("site", dir)+string(filepath.Separator))
		}) {
			t.Errorf("%s: written by the build, in none of the build's output folders (outputDirs)", p)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

const privateProject = `title: The Wedding
subtitle: A client's day
description: A wedding.
role: Photographer
skills: [Light]
category: Photography
page: photography
access: private
downloads: web
cover: cover.jpg
body:
  - type: gallery
`
