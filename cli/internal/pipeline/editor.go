package pipeline

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/editorconfig"
	"portfolio/cli/internal/imagecheck"
	"portfolio/schema"
)

// DefaultEditorDir is the browser editor's folder of the site, /admin
// (decision 79): its generated configuration, beside what the site's build
// puts there (site/scripts/admin.mjs).
const DefaultEditorDir = "site/public/admin"

// editorFile is one generated file of the editor's folder.
type editorFile struct {
	path string
	data []byte
}

// editorFiles returns the editor's configuration and the facts its save
// hook checks (checks.json), for the content's declared categories.
func editorFiles(c *content.Content, dir string) ([]editorFile, error) {
	var cats []string
	for _, cat := range c.Site.Categories {
		cats = append(cats, cat.Slug)
	}
	config, _, err := editorconfig.Generate(schema.Site, schema.Project, editorconfig.Options{Categories: cats, Repo: gitHubRepo(c.Dir), Languages: c.Languages()})
	if err != nil {
		return nil, err
	}
	checks, err := json.MarshalIndent(map[string]any{
		"categories":      cats,
		"imageExtensions": editorconfig.ImageExtensions,
		"videoExtensions": editorconfig.VideoExtensions,
		"maxImageBytes":   imagecheck.MaxFileBytes,
	}, "", "  ")
	if err != nil {
		return nil, err
	}
	return []editorFile{
		{filepath.Join(dir, filepath.Base(editorconfig.ConfigFile)), config},
		{filepath.Join(dir, filepath.Base(editorconfig.ChecksFile)), append(checks, '\n')},
	}, nil
}

var gitHubURL = regexp.MustCompile(`github\.com[:/]([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+?)(?:\.git)?/?$`)

// gitHubRepo names the GitHub repository the editor commits to on the
// host: Netlify's REPOSITORY_URL, else the content's git remote "origin";
// "" when neither is on GitHub.
func gitHubRepo(dir string) string {
	url := os.Getenv("REPOSITORY_URL")
	if url == "" {
		cmd := exec.Command("git", "config", "--get", "remote.origin.url")
		cmd.Dir = dir
		out, err := cmd.Output()
		if err != nil {
			return ""
		}
		url = string(bytes.TrimSpace(out))
	}
	if m := gitHubURL.FindStringSubmatch(strings.TrimSpace(url)); m != nil {
		return m[1]
	}
	return ""
}
