package pipeline

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"portfolio/cli/internal/fsutil"
	"portfolio/cli/internal/images"
	"portfolio/cli/internal/privatestore"
	"portfolio/cli/internal/rights"
)

// The record of the last build: every file it read, with its size and
// content hash, and every file it wrote, by identity. A build whose inputs
// and outputs are as recorded has nothing to do; `serve` builds again when
// they differ in any way (content, a name, one more or one fewer), whatever
// the times say: `mv` and `cp -p` keep modification times.
const (
	recordFile = ".cache/build/inputs.json"
	hashIndex  = ".cache/build/index.json"
)

// What a build reads besides files, named so that no file's path can be
// one of them: the programs (a new version may validate, generate, lay out
// or bundle differently), the year (the footer's copyright line), the
// commit the content is at (the sitemap's dates come from git's history)
// and the environment the site's build reads ($VITE_ANALYTICS…).
const (
	programInput = "(the portfolio program)"
	nodeInput    = "(the node program)"
	yearInput    = "(the year)"
	commitInput  = "(the content's git commit)"
	envPrefix    = "$"
)

// clock tells the time (tests set the year), executable names the
// program running (tests name a stand-in).
var (
	clock      = time.Now
	executable = os.Executable
)

type record struct {
	Version int `json:"version"`
	// Read is when the build read its inputs, before it began.
	Read time.Time `json:"read"`
	// Files maps each input to "size sha256" (a setting to its value).
	Files map[string]string `json:"files"`
	// Outputs maps each file the build wrote to its identity
	// (images.Identity): a file written, touched or removed since counts.
	Outputs map[string]string `json:"outputs"`
}

// 3: npm's list of installed packages kept by content, not identity.
const recordVersion = 3

// builtEnv reports whether the site's build reads the environment variable
// name: Vite gives the site every VITE_ variable, the prerender reads
// PORTFOLIO_CONTENT (the sitemap's dates) and NODE_ENV.
func builtEnv(name string) bool {
	return strings.HasPrefix(name, "VITE_") || name == "PORTFOLIO_CONTENT" || name == "NODE_ENV"
}

// Inputs lists everything a build of siteDir from contentDir reads: every
// file, each with its size and SHA-256 (the content, hidden files aside, the
// schemas, the site's sources, settings, .env files and lock file, the
// portfolio and node programs), the
// environment the site's build reads, the year and the content's commit.
// Outputs of the build that live among its sources (the generated module
// and fonts, the image variants) are left out: Outputs lists those.
func Inputs(contentDir, siteDir string) (map[string]string, error) {
	h := images.OpenHashes(hashIndex, images.DefaultCacheDir)
	files := map[string]string{}
	keep := map[string]bool{}
	add := func(key, path string) error {
		size, sum, err := h.Sum(path)
		if err != nil {
			return err
		}
		files[key] = fmt.Sprintf("%d %s", size, sum)
		keep[path] = true
		return nil
	}
	// What the build writes among its sources is an output (outputDirs),
	// not an input: the browser editor's folder (its sources are
	// site/admin, the schemas and the content), a private project's ZIP.
	skip := map[string]bool{}
	for _, dir := range outputDirs {
		skip[filepath.Join(siteDir, dir)] = true
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
	for _, root := range []string{contentDir, "schema", filepath.Join(siteDir, "src"), filepath.Join(siteDir, "public"), filepath.Join(siteDir, "scripts"), filepath.Join(siteDir, "admin")} {
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
		// Vite reads .env, .env.local, .env.production…
		if e.Type().IsRegular() && (n == "index.html" || strings.HasSuffix(n, ".json") || n == "vite.config.ts" || n == ".env" || strings.HasPrefix(n, ".env.")) {
			if err := add(filepath.ToSlash(filepath.Join(siteDir, n)), filepath.Join(siteDir, n)); err != nil {
				return nil, err
			}
		}
	}
	if exe, err := executable(); err == nil {
		if err := add(programInput, exe); err != nil {
			return nil, err
		}
	}
	// Another Node is another file, found as the build finds it (on PATH):
	// no need to run it.
	if node, err := exec.LookPath("node"); err == nil {
		if real, err := filepath.EvalSymlinks(node); err == nil {
			node = real
		}
		if err := add(nodeInput, node); err != nil {
			return nil, err
		}
	}
	for _, kv := range os.Environ() {
		if name, value, ok := strings.Cut(kv, "="); ok && builtEnv(name) {
			files[envPrefix+name] = value
		}
	}
	files[yearInput] = strconv.Itoa(clock().Year())
	if commit := contentCommit(contentDir); commit != "" {
		files[commitInput] = commit
	}
	_ = h.Save(keep) // only a cache: a failure costs a slower next check
	return files, nil
}

// contentCommit is the commit of the git repository that holds contentDir,
// or "" outside one (or without git): the prerender dates each page in the
// sitemap by its content's last commit, so a commit alone changes them.
func contentCommit(contentDir string) string {
	out, err := exec.Command("git", "-C", contentDir, "rev-parse", "--quiet", "--verify", "HEAD").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// outputDirs are the folders a build writes, under siteDir: the site, and
// what it is built from that the build made (the generated module and
// fonts, the image variants, the published documents and videos, the
// browser editor's folder, the private projects' downloads). .gitignore
// ignores all of site/public/ but its hand-written files;
// TestBuildOutputsAreIgnored holds this list to what the steps write.
var outputDirs = []string{"dist", filepath.Join("src", "generated"), filepath.Join("public", "img"), filepath.Join("public", "docs"),
	filepath.Join("public", "video"), filepath.Join("public", "admin"), filepath.Join("public", "private")}

// Outputs lists every file a build of siteDir wrote, each with its
// identity (images.Identity): reading metadata only, a site of thousands of
// files is checked in milliseconds. With them, npm's list of the packages
// installed, which the build installs when they are missing: another
// install (from another lock file, or with the test tools or without) may
// build another site. That list is kept by its size and SHA-256, not its
// identity: another checkout linking the same packages (cp -al, a git
// worktree's setup) changes its change time and nothing installed.
func Outputs(siteDir string) (map[string]string, error) {
	files := map[string]string{}
	installed := filepath.Join(siteDir, "node_modules", ".package-lock.json")
	if data, err := os.ReadFile(installed); err == nil {
		files[filepath.ToSlash(installed)] = fmt.Sprintf("%d %x", len(data), sha256.Sum256(data))
	}
	roots := make([]string, 0, len(outputDirs)+1)
	for _, dir := range outputDirs {
		roots = append(roots, filepath.Join(siteDir, dir))
	}
	// The private projects' files, moved out of dist into the deploy
	// store beside the site folder (decision 0089): a store removed or
	// changed since is a site to build again.
	roots = append(roots, filepath.Join(filepath.Dir(siteDir), filepath.FromSlash(privatestore.Dir)))
	// The Edge Function aiTraining: block has the build write there too
	// (decision 0103).
	roots = append(roots, filepath.Join(filepath.Dir(siteDir), filepath.FromSlash(rights.EdgeDir)))
	for _, root := range roots {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				return nil
			}
			fi, err := d.Info()
			if err != nil {
				return err
			}
			files[filepath.ToSlash(p)] = images.Identity(fi)
			return nil
		})
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	return files, nil
}

// saveRecord remembers what a finished build read (at read) and wrote.
func saveRecord(read time.Time, inputs, outputs map[string]string) error {
	data, err := json.Marshal(record{Version: recordVersion, Read: read, Files: inputs, Outputs: outputs})
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
// `portfolio build`, any input added, removed, renamed or changed since the
// last build, or any file the build wrote changed or removed since.
func Stale(contentDir, siteDir string) (bool, string) {
	now, err := Inputs(contentDir, siteDir)
	if err != nil {
		return true, fmt.Sprintf("reading the inputs: %v", err)
	}
	_, stale, why := staleAgainst(siteDir, now)
	return stale, why
}

// staleAgainst compares the inputs read now and the outputs on disk with
// the record of the last build, which it returns when there is one.
func staleAgainst(siteDir string, now map[string]string) (*record, bool, string) {
	if _, err := os.Stat(filepath.Join(siteDir, "dist", "index.html")); err != nil {
		return nil, true, "the site has not been built yet"
	}
	data, err := os.ReadFile(recordFile)
	var last record
	if err != nil || json.Unmarshal(data, &last) != nil || last.Version != recordVersion {
		return nil, true, "there is no record of what the last build read"
	}
	if stale, why := changes(last.Files, now); stale {
		return &last, true, why
	}
	outputs, err := Outputs(siteDir)
	if err != nil {
		return &last, true, fmt.Sprintf("reading the built files: %v", err)
	}
	stale, why := changes(last.Outputs, outputs)
	return &last, stale, why
}

// changes describes how the inputs differ, naming the first few files.
func changes(before, after map[string]string) (bool, string) {
	var what []string
	for _, p := range slices.Sorted(mapKeys(after)) {
		switch old, ok := before[p]; {
		case !ok && strings.HasPrefix(p, envPrefix):
			what = append(what, p+" is set")
		case !ok:
			what = append(what, p+" is new")
		case old != after[p]:
			what = append(what, p+" changed")
		}
	}
	for _, p := range slices.Sorted(mapKeys(before)) {
		if _, ok := after[p]; !ok && strings.HasPrefix(p, envPrefix) {
			what = append(what, p+" is no longer set")
		} else if !ok {
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
