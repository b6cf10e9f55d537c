package server

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"portfolio/cli/internal/fsutil"
)

// diskCache keeps the Image CDN's results in a folder, within a size: the
// least recently used files go first when a new one would pass it. Each
// file is written to a temporary name and renamed, so a crash leaves only
// whole files (and temporaries, removed when the cache opens). Its
// accounting is this process's: two servers should use two folders.
type diskCache struct {
	dir        string
	maxBytes   int64
	maxEntries int

	mu      sync.Mutex
	opened  bool
	entries map[string]*cacheEntry // by file name
	total   int64
}

type cacheEntry struct {
	size int64
	used time.Time
	// pending: room is reserved and the file is being written.
	pending bool
}

func newDiskCache(dir string, maxBytes int64, maxEntries int) *diskCache {
	return &diskCache{dir: dir, maxBytes: maxBytes, maxEntries: maxEntries, entries: map[string]*cacheEntry{}}
}

// open reads what an earlier run left, once, and trims it to the bounds.
// Called with mu held.
func (c *diskCache) open() {
	if c.opened {
		return
	}
	c.opened = true
	list, err := os.ReadDir(c.dir)
	if err != nil {
		return // no folder yet: made by the first write
	}
	for _, e := range list {
		name := e.Name()
		info, err := e.Info()
		if err != nil || !info.Mode().IsRegular() {
			continue
		}
		if strings.HasPrefix(name, ".") && strings.Contains(name, ".tmp-") {
			_ = os.Remove(filepath.Join(c.dir, name)) // a write a crash cut short
			continue
		}
		c.entries[name] = &cacheEntry{size: info.Size(), used: info.ModTime()}
		c.total += info.Size()
	}
	c.evict("")
}

// get opens the cached file name, marking it used; ok is false when it is
// not cached (or was removed meanwhile).
func (c *diskCache) get(name string) (f *os.File, info fs.FileInfo, ok bool) {
	c.mu.Lock()
	c.open()
	e := c.entries[name]
	if e != nil && e.pending {
		e = nil
	}
	if e != nil {
		e.used = time.Now()
	}
	c.mu.Unlock()
	if e == nil {
		return nil, nil, false
	}
	// An open file stays readable when the cache removes it.
	f, err := os.Open(filepath.Join(c.dir, name))
	if err != nil {
		c.forget(name)
		return nil, nil, false
	}
	info, err = f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, false
	}
	return f, info, true
}

// put stores data as name. Room is made first, removing the least
// recently used files, so the files written and those being written stay
// within the bounds. A result larger than the whole cache is not stored.
func (c *diskCache) put(name string, data []byte) error {
	size := int64(len(data))
	if size > c.maxBytes {
		return nil
	}
	c.mu.Lock()
	c.open()
	if old := c.entries[name]; old != nil {
		if old.pending {
			c.mu.Unlock()
			return nil // being written by another request
		}
		c.total -= old.size
	}
	e := &cacheEntry{size: size, used: time.Now(), pending: true}
	c.entries[name] = e
	c.total += size
	c.evict(name)
	c.mu.Unlock()

	err := fsutil.WriteFileAtomic(filepath.Join(c.dir, name), data, 0o644)
	c.mu.Lock()
	defer c.mu.Unlock()
	if err != nil {
		c.total -= size
		delete(c.entries, name)
		return err
	}
	e.pending = false
	return nil
}

// evict removes the least recently used files, keep aside, while the
// cache is over a bound. Called with mu held.
func (c *diskCache) evict(keep string) {
	for c.total > c.maxBytes || len(c.entries) > c.maxEntries {
		oldest := ""
		for name, e := range c.entries {
			if name != keep && !e.pending && (oldest == "" || e.used.Before(c.entries[oldest].used)) {
				oldest = name
			}
		}
		if oldest == "" {
			return
		}
		if err := os.Remove(filepath.Join(c.dir, oldest)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return // kept on disk: counted, and tried again on the next write
		}
		c.total -= c.entries[oldest].size
		delete(c.entries, oldest)
	}
}

func (c *diskCache) forget(name string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e := c.entries[name]; e != nil && !e.pending {
		c.total -= e.size
		delete(c.entries, name)
	}
}
