package pipeline

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"portfolio/cli/internal/fsutil"
	"portfolio/cli/internal/images"
)

// The record of the last build: every file it read, with its size and
// content hash. `serve` builds again when the files now differ in any way
// (content, a name, one more or one fewer), whatever their times say: `mv`
// and `cp -p` keep modification times.
const (
	recordFile = ".cache/build/inputs.json"
	hashIndex  = ".cache/build/index.json"
)

// programInput names the portfolio program itself among the inputs: a new
// version may validate, generate or lay out differently.
const programInput = "(the portfolio program)"

type record struct {
	Version int               `json:"version"`
	Files   map[string]string `json:"files"` // path → "size sha256"
}

const recordVersion = 1

// Inputs lists every file a build of siteDir from contentDir reads, each
// with its size and SHA-256: the content (hidden files aside), the schemas,
// the site's sources, settings and lock file, and the program. Outputs of
// the build that live among its sources (the generated module and fonts,
// the image variants) are left out.
func Inputs(contentDir, siteDir string) (map[string]string, error) {
	h := images.OpenHashes(hashIndex, images.DefaultCacheDir)
	files := map[string]string{}
	add := func(key, path string) error {
		size, sum, err := h.Sum(path)
		if err != nil {
			return err
		}
		files[key] = fmt.Sprintf("%d %s", size, sum)
		return nil
	}
	skip := map[string]bool{
		filepath.Join(siteDir, "src", "generated"): true,
		filepath.Join(siteDir, "public", "img"):    true,
		filepath.Join(siteDir, "public", "video"):  true,
	}
	walk := func(root string) error {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if p != root && strings.HasPrefix(d.Name(), ".") || skip[p] {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.IsDir() {
				return nil
			}
			return add(filepath.ToSlash(p), p)
		})
		if errors.Is(err, fs.ErrNotExist) && root != contentDir {
			return nil // a site without a public/ folder, say
		}
		return err
	}
	for _, root := range []string{contentDir, "schema", filepath.Join(siteDir, "src"), filepath.Join(siteDir, "public"), filepath.Join(siteDir, "scripts")} {
		if err := walk(root); err != nil {
			return nil, err
		}
	}
	top, err := os.ReadDir(siteDir)
	if err != nil {
		return nil, err
	}
	for _, e := range top {
		n := e.Name()
		if e.Type().IsRegular() && (n == "index.html" || strings.HasSuffix(n, ".json") || n == "vite.config.ts") {
			if err := add(filepath.ToSlash(filepath.Join(siteDir, n)), filepath.Join(siteDir, n)); err != nil {
				return nil, err
			}
		}
	}
	if exe, err := os.Executable(); err == nil {
		if err := add(programInput, exe); err != nil {
			return nil, err
		}
	}
	keep := map[string]bool{}
	for k := range files {
		keep[filepath.FromSlash(k)] = true
	}
	if exe, err := os.Executable(); err == nil {
		keep[exe] = true
	}
	_ = h.Save(keep) // only a cache: a failure costs a slower next check
	return files, nil
}

// saveRecord remembers the inputs of a finished build.
func saveRecord(files map[string]string) error {
	data, err := json.Marshal(record{Version: recordVersion, Files: files})
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(recordFile), 0o755); err != nil {
		return err
	}
	return fsutil.WriteFileAtomic(recordFile, data, 0o644)
}

// Stale reports whether the built site in siteDir/dist may differ from what
// a build would make now, and why: not built, built by other means than
// `portfolio build`, or any input file added, removed, renamed or changed
// since the last build.
func Stale(contentDir, siteDir string) (bool, string) {
	if _, err := os.Stat(filepath.Join(siteDir, "dist", "index.html")); err != nil {
		return true, "the site has not been built yet"
	}
	data, err := os.ReadFile(recordFile)
	var last record
	if err != nil || json.Unmarshal(data, &last) != nil || last.Version != recordVersion {
		return true, "there is no record of what the last build read"
	}
	now, err := Inputs(contentDir, siteDir)
	if err != nil {
		return true, fmt.Sprintf("reading the inputs: %v", err)
	}
	return changes(last.Files, now)
}

// changes describes how the inputs differ, naming the first few files.
func changes(before, after map[string]string) (bool, string) {
	var what []string
	for _, p := range slices.Sorted(mapKeys(after)) {
		switch old, ok := before[p]; {
		case !ok:
			what = append(what, p+" is new")
		case old != after[p]:
			what = append(what, p+" changed")
		}
	}
	for _, p := range slices.Sorted(mapKeys(before)) {
		if _, ok := after[p]; !ok {
			what = append(what, p+" was removed")
		}
	}
	switch n := len(what); {
	case n == 0:
		return false, ""
	case n <= 3:
		return true, strings.Join(what, ", ") + " since the last build"
	default:
		return true, fmt.Sprintf("%s and %d more changes since the last build", strings.Join(what[:3], ", "), n-3)
	}
}

func mapKeys(m map[string]string) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}
