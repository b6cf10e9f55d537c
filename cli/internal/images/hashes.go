package images

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// Hashes gives the SHA-256 of files by their identity, as the image cache
// does for sources: a file whose size, times and inode are those recorded
// is not read again. `portfolio build` uses it to know what changed since
// the last build; it keeps its own index file and also trusts what the
// image cache recorded for the images (read only), so unchanged images are
// never hashed twice.
type Hashes struct {
	own    *statIndex
	images *statIndex // the image cache's index; nil when absent
}

// OpenHashes opens the index kept in file; imagesCacheDir is the image
// cache folder whose index is consulted too ("" for none).
func OpenHashes(file, imagesCacheDir string) *Hashes {
	start := time.Now()
	h := &Hashes{own: openIndexFile(file, start)}
	if imagesCacheDir != "" {
		h.images = openIndex(imagesCacheDir, start)
	}
	return h
}

// Sum returns the size and SHA-256 (hex) of the file at path.
func (h *Hashes) Sum(path string) (int64, string, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return 0, "", err
	}
	if !fi.Mode().IsRegular() {
		return 0, "", fmt.Errorf("%s is not a regular file", path)
	}
	id := identify(fi)
	if sum, ok := h.own.lookup(path, id); ok {
		return id.Size, sum, nil
	}
	if h.images != nil {
		if sum, ok := h.images.lookup(path, id); ok {
			h.own.record(path, id, sum)
			return id.Size, sum, nil
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return 0, "", err
	}
	defer f.Close()
	hash := sha256.New()
	n, err := io.Copy(hash, f)
	if err != nil {
		return 0, "", err
	}
	sum := hex.EncodeToString(hash.Sum(nil))
	// Recorded only when the file did not change while it was read.
	if after, err := f.Stat(); err == nil && identify(after) == id && n == id.Size {
		h.own.record(path, id, sum)
	}
	return n, sum, nil
}

// Save writes the index, keeping the entries of the given paths only.
func (h *Hashes) Save(keep map[string]bool) error {
	if err := os.MkdirAll(filepath.Dir(h.own.path), 0o755); err != nil {
		return err
	}
	return h.own.save(keep)
}
