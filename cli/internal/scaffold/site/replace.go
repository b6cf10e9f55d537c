package site

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/goccy/go-yaml"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/stage"
)

// SampleFile marks a content folder as the repository's sample content.
// Besides saying so to a person, it names the sample's owner and address
// ("- Owner: …", "- Address: …" lines): while site.yaml still has both, the
// folder is taken for the sample. The loader ignores files at the top of a
// content folder other than site.yaml and projects/.
const SampleFile = "SAMPLE.md"

// NotSampleError means a content folder does not look like the sample:
// replacing it could lose an owner's own work.
type NotSampleError struct {
	Dir     string
	Reasons []string // each a short clause: "content/site.yaml names …"
}

func (e *NotSampleError) Error() string {
	return e.Dir + " does not look like the sample content: " + strings.Join(e.Reasons, "; ")
}

// NoContentError means there is no content folder to replace.
type NoContentError struct{ Dir string }

func (e *NoContentError) Error() string {
	return e.Dir + " does not exist: there is no sample to replace"
}

// CheckSample returns nil when dir looks like the sample content: it has
// SampleFile, and its site.yaml still gives the owner's name and the
// address SampleFile names. Otherwise a *NotSampleError says why, or a
// *NoContentError when dir does not exist.
func CheckSample(dir string) error {
	if fi, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return &NoContentError{Dir: dir}
	} else if err != nil {
		return err
	} else if !fi.IsDir() {
		return &NotSampleError{Dir: dir, Reasons: []string{dir + " is not a folder"}}
	}
	marker := filepath.Join(dir, SampleFile)
	data, err := os.ReadFile(marker)
	if errors.Is(err, fs.ErrNotExist) {
		return &NotSampleError{Dir: dir, Reasons: []string{"it has no " + SampleFile + ", the file the sample content comes with"}}
	} else if err != nil {
		return err
	}
	want := sampleFields(data)
	if want.Name == "" || want.URL == "" {
		return &NotSampleError{Dir: dir, Reasons: []string{marker + " lacks its \"- Owner:\" or \"- Address:\" line"}}
	}
	file := File(dir)
	raw, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return &NotSampleError{Dir: dir, Reasons: []string{file + " does not exist"}}
	} else if err != nil {
		return err
	}
	var have struct {
		Name string `yaml:"name"`
		URL  string `yaml:"url"`
	}
	if err := yaml.Unmarshal(raw, &have); err != nil {
		return &NotSampleError{Dir: dir, Reasons: []string{file + " cannot be read as YAML (run portfolio validate)"}}
	}
	var reasons []string
	if have.Name != want.Name {
		reasons = append(reasons, fmt.Sprintf("%s names %q, not the sample's owner %q", file, have.Name, want.Name))
	}
	if have.URL != want.URL {
		reasons = append(reasons, fmt.Sprintf("%s has the address %q, not the sample's %q", file, have.URL, want.URL))
	}
	if reasons != nil {
		return &NotSampleError{Dir: dir, Reasons: reasons}
	}
	return nil
}

// sampleFields reads the owner's name and address from SampleFile.
func sampleFields(data []byte) (s struct{ Name, URL string }) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if v, ok := strings.CutPrefix(line, "- Owner:"); ok {
			s.Name = strings.TrimSpace(v)
		} else if v, ok := strings.CutPrefix(line, "- Address:"); ok {
			s.URL = strings.TrimSpace(v)
		}
	}
	return s
}

// AsideName is where Replace moves the content folder dir: a dated sibling,
// dir-<kind>-YYYY-MM-DD ("content-sample-2026-11-25"), with -2, -3… when
// that name is taken. A sibling stays on the same disk (one rename) and
// outside the build, which reads only the content folder.
func AsideName(dir, kind string, now time.Time) (string, error) {
	base := filepath.Clean(dir) + "-" + kind + "-" + now.Format("2006-01-02")
	for i := 1; i < 1000; i++ {
		name := base
		if i > 1 {
			name = fmt.Sprintf("%s-%d", base, i)
		}
		if _, err := os.Lstat(name); errors.Is(err, fs.ErrNotExist) {
			return name, nil
		} else if err != nil {
			return "", err
		}
	}
	return "", fmt.Errorf("%s-2 to -999 are all taken", base)
}

// Replace puts a new content folder in place of dir: data as its site.yaml
// and an empty projects folder, assembled and checked by Create in a hidden
// folder beside dir; then dir is renamed to aside and the new folder to dir.
// Until those two renames nothing of dir changes: a failure, an invalid
// file or a cancelled ctx leaves dir as it was and no hidden folder behind.
// If the second rename fails, the first is undone. The result names the
// files at dir.
func Replace(ctx context.Context, dir, aside string, data []byte) (res *Result, err error) {
	dir = filepath.Clean(dir)
	if _, err := os.Lstat(aside); err == nil {
		return nil, &fs.PathError{Op: "replace", Path: aside, Err: fs.ErrExist}
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".init-replace-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp) // gone once renamed to dir; else all that was made
	res, err = Create(ctx, tmp, data)
	if err != nil {
		var invalid *stage.InvalidError
		if errors.As(err, &invalid) {
			invalid.Diagnostics = renamed(invalid.Diagnostics, tmp, dir)
		}
		return nil, err
	}
	// The last point to stop: the two renames that follow are not
	// interrupted (an interrupt only cancels ctx), so content is never
	// left missing.
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := os.Rename(dir, aside); err != nil {
		return nil, err
	}
	if err := os.Rename(tmp, dir); err != nil {
		if undo := os.Rename(aside, dir); undo != nil {
			return nil, fmt.Errorf("%w; and moving %s back to %s failed: %w", err, aside, dir, undo)
		}
		return nil, err
	}
	res.File, res.Projects = File(dir), filepath.Join(dir, content.ProjectsDir)
	res.Warnings = renamed(res.Warnings, tmp, dir)
	return res, nil
}

// renamed names the files of diagnostics made in the folder from as they
// are in the folder to.
func renamed(l diag.List, from, to string) diag.List {
	for i, d := range l {
		if rel, err := filepath.Rel(from, d.File); err == nil && !strings.HasPrefix(rel, "..") {
			l[i].File = filepath.Join(to, rel)
		}
		l[i].Hint = strings.ReplaceAll(d.Hint, from, to)
	}
	return l
}
