// Package draft keeps the answers of a form the owner left before the end,
// as a file that the command's --from reads back.
//
// Drafts live in the user's cache folder ($XDG_CACHE_HOME/portfolio/drafts,
// ~/.cache/portfolio/drafts on Linux, the platform's equivalent elsewhere),
// not next to the content: the content folder is committed, often to a
// public repository, and a draft holds text not meant to be published yet;
// and not in the repository's .cache either, which is wherever the command
// happens to run (a content folder elsewhere would leave drafts in the
// current folder). Files are private to the user (0600).
package draft

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/goccy/go-yaml"

	"portfolio/cli/internal/fsutil"
)

// Dir is the folder drafts are kept in.
func Dir() (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache folder for drafts: %w", err)
	}
	return filepath.Join(base, "portfolio", "drafts"), nil
}

// Save writes the answers (a yaml.MapSlice in the order of the form, or a
// struct shaped like the command's --from file) as a
// new draft named after kind ("new-project", "init", "edit-SLUG") and the
// time, and returns its path.
func Save(kind string, header string, answers any, now time.Time) (string, error) {
	dir, err := Dir()
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	body, err := yaml.MarshalWithOptions(answers, yaml.UseLiteralStyleIfMultiline(true))
	if err != nil {
		return "", err
	}
	data := []byte(header + string(body))
	name := fmt.Sprintf("%s-%s.yaml", kind, now.Format("20060102-150405"))
	path := filepath.Join(dir, name)
	for i := 2; ; i++ {
		if _, err := os.Lstat(path); os.IsNotExist(err) {
			break
		}
		path = filepath.Join(dir, fmt.Sprintf("%s-%s-%d.yaml", kind, now.Format("20060102-150405"), i))
	}
	if err := fsutil.WriteFileAtomic(path, data, 0o600); err != nil {
		return "", err
	}
	return path, nil
}
