package images

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"portfolio/cli/internal/fsutil"
	"portfolio/cli/internal/images/manifest"
)

// The cache folder holds:
//
//	<key>.json   the asset made from one source (variants, size, placeholder)
//	index.json   per source path, the file's identity (size, times, inode)
//	             and the SHA-256 of its bytes, so an unchanged file is not read
//	lock         held while a run works in the folders
//
// The variant files themselves live in the output folder, named <key>-<width>
// plus the format's extension. An asset is reused when its entry exists and
// every variant file is present with the recorded size, so a file truncated by
// a crash of the machine is noticed and made again.
const (
	indexFile = "index.json"
	lockFile  = "lock"
	keyLen    = 16 // hex digits of the key: 64 bits
)

var (
	variantName = regexp.MustCompile(`^[0-9a-f]{16}-[0-9]+\.(avif|webp|jpg|png)$`)
	entryName   = regexp.MustCompile(`^[0-9a-f]{16}\.json$`)
)

// extensions of the variant formats.
var extensions = map[string]string{manifest.AVIF: ".avif", manifest.WebP: ".webp", manifest.JPEG: ".jpg", manifest.PNG: ".png"}

// fileID is what identifies a file's contents without reading it: the same
// values as git's index uses. A file whose times fall too close to the run's
// start is not recorded, since a later write within the clock's granularity
// could leave them unchanged ("racily clean" in git).
type fileID struct {
	Size    int64  `json:"size"`
	ModTime int64  `json:"modTime"`
	Change  int64  `json:"change,omitempty"` // ctime where the system has one
	Inode   uint64 `json:"inode,omitempty"`
	Device  uint64 `json:"device,omitempty"`
}

type indexEntry struct {
	fileID
	SHA256 string `json:"sha256"`
}

// racyWindow is how recent a file's change may be and still be recorded.
const racyWindow = 2 * time.Second

// statIndex remembers source hashes by path.
type statIndex struct {
	mu      sync.Mutex
	path    string
	start   time.Time
	entries map[string]indexEntry
}

func openIndex(dir string, start time.Time) *statIndex {
	return openIndexFile(filepath.Join(dir, indexFile), start)
}

func openIndexFile(path string, start time.Time) *statIndex {
	x := &statIndex{path: path, start: start, entries: map[string]indexEntry{}}
	if data, err := os.ReadFile(x.path); err == nil {
		// A damaged index is only a slower run: start afresh.
		if json.Unmarshal(data, &x.entries) != nil {
			x.entries = map[string]indexEntry{}
		}
	}
	return x
}

// lookup returns the recorded hash of the file at path if its identity is
// unchanged.
func (x *statIndex) lookup(path string, id fileID) (string, bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	e, ok := x.entries[path]
	if !ok || e.fileID != id {
		return "", false
	}
	return e.SHA256, true
}

func (x *statIndex) record(path string, id fileID, sum string) {
	limit := x.start.Add(-racyWindow).UnixNano()
	x.mu.Lock()
	defer x.mu.Unlock()
	if id.ModTime >= limit || id.Change >= limit {
		delete(x.entries, path)
		return
	}
	x.entries[path] = indexEntry{id, sum}
}

// save writes the index, keeping only the given paths.
func (x *statIndex) save(keep map[string]bool) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	for p := range x.entries {
		if !keep[p] {
			delete(x.entries, p)
		}
	}
	data, err := json.Marshal(x.entries)
	if err != nil {
		return err
	}
	return fsutil.WriteFileAtomic(x.path, data, 0o644)
}

// assetKey names the output of one source under one set of options.
func assetKey(sourceSHA256, fingerprint string) string {
	h := sha256.Sum256([]byte(sourceSHA256 + "\x00" + fingerprint))
	return hex.EncodeToString(h[:])[:keyLen]
}

func sha256Hex(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// cachedAsset returns the asset stored under key if all its variant files are
// still in outDir, whole.
func cachedAsset(cacheDir, outDir, key string) (manifest.Asset, bool) {
	data, err := os.ReadFile(filepath.Join(cacheDir, key+".json"))
	if err != nil {
		return manifest.Asset{}, false
	}
	var a manifest.Asset
	if json.Unmarshal(data, &a) != nil || a.Key != key || len(a.Variants) == 0 {
		return manifest.Asset{}, false
	}
	for _, v := range a.Variants {
		fi, err := os.Stat(filepath.Join(outDir, v.File))
		if err != nil || fi.Size() != v.Bytes {
			return manifest.Asset{}, false
		}
	}
	return a, true
}

func storeAsset(cacheDir string, a manifest.Asset) error {
	data, err := json.Marshal(a)
	if err != nil {
		return err
	}
	return fsutil.WriteFileAtomic(filepath.Join(cacheDir, a.Key+".json"), data, 0o644)
}

// removeTemps deletes temporary files a killed run left behind (see
// fsutil.WriteFileAtomic for their names). Only called under the lock.
func removeTemps(dirs ...string) {
	for _, dir := range dirs {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if n := e.Name(); strings.HasPrefix(n, ".") && strings.Contains(n, ".tmp-") {
				os.Remove(filepath.Join(dir, n))
			}
		}
	}
}

// unused lists the variant files in outDir and the entries in cacheDir that
// no current asset needs, with their total size.
func unused(outDir, cacheDir string, keep map[string]bool) (paths []string, bytes int64) {
	scan := func(dir string, name *regexp.Regexp) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		for _, e := range entries {
			n := e.Name()
			if !name.MatchString(n) || keep[n[:keyLen]] {
				continue
			}
			if fi, err := e.Info(); err == nil {
				bytes += fi.Size()
			}
			paths = append(paths, filepath.Join(dir, n))
		}
	}
	scan(outDir, variantName)
	scan(cacheDir, entryName)
	return paths, bytes
}

// removeAll deletes files, ignoring those already gone.
func removeAll(paths []string) error {
	var errs []error
	for _, p := range paths {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
