// Package golden is the golden-file step of the module's tests: a test's
// output is held to a file committed beside it (testdata/, or a picture in
// docs/), and `go test ./cli/internal/<package> -update` writes the output
// there instead, to be reviewed with git diff. It owns the -update flag, so
// every test binary that imports it has the flag once.
//
// Only tests import it (TestOnlyTestsImportIt holds that): the flag would
// otherwise be registered in a program.
package golden

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/diff"

	"portfolio/cli/internal/fsutil"
	"portfolio/cli/internal/termsafe"
)

var update = flag.Bool("update", false, "write the golden files from the code's output instead of comparing (review them with git diff)")

// maxDiffLines caps the diff in a failure: past it, -update and git diff
// show the whole.
const maxDiffLines = 80

// File holds got to the file at path. Without -update it reads the file
// and, when the bytes differ, reports a unified diff from the file to got
// (control characters escaped, so a difference of one is seen) and the
// command that rewrites the file. With -update it writes got to path,
// atomically (a temporary file renamed over it), when the file holds
// anything else. It reports with t.Errorf, never t.Fatal, and returns
// whether the file holds got.
func File(t testing.TB, path string, got []byte) bool {
	t.Helper()
	differ := func(want []byte) string {
		if bytes.Equal(want, got) {
			return ""
		}
		return textDiff(path, want, got)
	}
	return FileFunc(t, path, differ, func() ([]byte, error) { return got, nil })
}

// FileFunc is File with a comparison of the caller's, for an output whose
// bytes may differ where it does not matter (a picture whose pixels round
// differently on another machine): differ returns "" when want, the file's
// bytes, holds the output, and otherwise what differs. With -update, when
// differ finds a difference, encode makes the bytes to write (called only
// then: encoding a picture costs more than comparing it).
func FileFunc(t testing.TB, path string, differ func(want []byte) string, encode func() ([]byte, error)) bool {
	t.Helper()
	want, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("golden file %s: %v", path, err)
		return false
	}
	missing := err != nil
	if *update {
		if !missing && differ(want) == "" {
			return true
		}
		got, err := encode()
		if err == nil {
			err = fsutil.WriteFileAtomic(path, got, 0o644)
		}
		if err != nil {
			t.Errorf("golden file %s: %v", path, err)
			return false
		}
		t.Logf("wrote %s", path)
		return true
	}
	if missing {
		t.Errorf("golden file %s does not exist: %s writes it", path, rerun(t))
		return false
	}
	if d := differ(want); d != "" {
		t.Errorf("%s differs from the output:\n%s\nIf the change is intended: %s, then review git diff.", path, d, rerun(t))
		return false
	}
	return true
}

// Dir holds the folder dir to files (slash-separated paths under dir, to
// their bytes): each file as File does, and no other file in dir. With
// -update it writes the files that differ and removes the others (and the
// folders that leaves empty).
func Dir(t testing.TB, dir string, files map[string][]byte) bool {
	t.Helper()
	extra, folders, err := others(dir, files)
	if err != nil {
		t.Errorf("golden folder %s: %v", dir, err)
		return false
	}
	ok := true
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if !File(t, filepath.Join(dir, filepath.FromSlash(name)), files[name]) {
			ok = false
		}
	}
	if *update {
		for _, name := range extra {
			if err := os.Remove(filepath.Join(dir, filepath.FromSlash(name))); err != nil {
				t.Errorf("golden folder %s: %v", dir, err)
				return false
			}
			t.Logf("removed %s", path.Join(filepath.ToSlash(dir), name))
		}
		// Deepest first, so a folder emptied by its children's removal goes too.
		for _, name := range slices.Backward(folders) {
			p := filepath.Join(dir, filepath.FromSlash(name))
			if entries, err := os.ReadDir(p); err == nil && len(entries) == 0 {
				if err := os.Remove(p); err != nil {
					t.Errorf("golden folder %s: %v", dir, err)
					return false
				}
			}
		}
		return ok
	}
	for _, name := range extra {
		t.Errorf("%s is not in the output: %s removes it", path.Join(filepath.ToSlash(dir), name), rerun(t))
		ok = false
	}
	return ok
}

// others lists the files under dir that files does not name, and the
// folders under dir (sorted, slash-separated). A missing dir has none.
func others(dir string, files map[string][]byte) (extra, folders []string, err error) {
	err = fs.WalkDir(os.DirFS(dir), ".", func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case p == ".":
		case d.IsDir():
			folders = append(folders, p)
		default:
			if _, ok := files[p]; !ok {
				extra = append(extra, p)
			}
		}
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		err = nil
	}
	return extra, folders, err
}

// textDiff is the difference from want (the file at path) to got, for a
// failure message: a unified diff of the lines, at most maxDiffLines long,
// with control characters and bytes that are not UTF-8 escaped; for a
// binary file (one with a NUL byte), the first byte that differs.
func textDiff(path string, want, got []byte) string {
	if bytes.IndexByte(want, 0) >= 0 || bytes.IndexByte(got, 0) >= 0 {
		i := 0
		for i < len(want) && i < len(got) && want[i] == got[i] {
			i++
		}
		return fmt.Sprintf("binary: the file (%d bytes) and the output (%d bytes) differ from byte %d on", len(want), len(got), i)
	}
	lines := strings.Split(strings.TrimSuffix(termsafe.Lines(string(diff.Diff(path, want, "output", got))), "\n"), "\n")
	// The first line repeats the next two ("diff a b").
	lines = lines[1:]
	if len(lines) > maxDiffLines {
		more := len(lines) - maxDiffLines
		lines = append(lines[:maxDiffLines], fmt.Sprintf("… %d more lines of diff", more))
	}
	return strings.Join(lines, "\n")
}

// rerun is the command that writes the golden files of t's test:
// `go test ./<package> -run '^TestName$' -update`, the package as seen from
// the module's root.
func rerun(t testing.TB) string {
	pkg := "."
	if wd, err := os.Getwd(); err == nil {
		for dir := wd; ; dir = filepath.Dir(dir) {
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				if rel, err := filepath.Rel(dir, wd); err == nil && rel != "." {
					pkg = "./" + filepath.ToSlash(rel)
				}
				break
			}
			if filepath.Dir(dir) == dir {
				break
			}
		}
	}
	name, _, _ := strings.Cut(t.Name(), "/")
	return fmt.Sprintf("go test %s -run '^%s$' -update", pkg, name)
}
