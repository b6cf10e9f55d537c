// Package draft keeps the answers of a form the owner left before the end,
// as a file that the command's --from reads back (Keep, Save), and reads
// such files (Read).
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
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/goccy/go-yaml"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content/yamldoc"
	"portfolio/cli/internal/fsutil"
	"portfolio/cli/internal/termsafe"
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

// Keep saves answers as a draft (Save) and tells errOut where, and the
// command line that resumes it: resume is that line without its --from.
// what is "answers" or "changes". A draft that cannot be written is said
// too; the command goes on ending as it was.
func Keep(errOut io.Writer, kind, header, what string, answers any, resume string) {
	path, err := Save(kind, header, answers, time.Now())
	if err != nil {
		fmt.Fprintf(errOut, "your %s could not be kept as a draft: %s\n", what, termsafe.String(err.Error()))
		return
	}
	fmt.Fprintf(errOut, "your %s are kept in %s\n  resume with: %s --from %s\n",
		what, termsafe.String(path), termsafe.String(resume), termsafe.String(path))
}

// Read reads an answers file (--from: a draft, or a file written by hand)
// into v, a struct shaped like the file with some of its keys. Its
// problems are usage errors (exit status 2) at their file, line and
// column: a missing file, YAML that `portfolio validate` refuses (in its
// words), and an unknown key, so that a misspelt one is not silently left
// out (keys says which there are).
func Read(path string, v any, keys string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return cmdutil.Usagef("--from %s: file not found", path)
		}
		return fmt.Errorf("--from %s: %w", path, err)
	}
	if _, d := yamldoc.Parse(path, data); d != nil {
		return cmdutil.Usagef("%s: %s", d.Position(), d.Message)
	}
	if err := yaml.UnmarshalWithOptions(data, v, yaml.DisallowUnknownField()); err != nil {
		where, msg := path, err.Error()
		var se yaml.Error
		if errors.As(err, &se) {
			msg = se.GetMessage()
			if tok := se.GetToken(); tok != nil && tok.Position != nil {
				where = fmt.Sprintf("%s:%d:%d", path, tok.Position.Line, tok.Position.Column)
			}
		}
		return cmdutil.Usagef("%s: %s; the keys are %s", where, msg, keys)
	}
	return nil
}
