// Package fsutil holds file-system helpers that keep the owner's files whole.
package fsutil

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// WriteFileAtomic writes data to path so that readers see either the old file
// or the new one, never a part: it writes a temporary file in the same folder,
// syncs it, and renames it over path. On any error the temporary file is
// removed and path is untouched.
func WriteFileAtomic(path string, data []byte, perm os.FileMode) error {
	return WriteAtomic(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// CopyFileAtomic copies src to dst as WriteFileAtomic writes, in pieces (a
// video need not fit in memory), and fails when src is not size bytes long:
// it changed since it was checked.
func CopyFileAtomic(dst, src string, size int64, perm os.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	return WriteAtomic(dst, perm, func(w io.Writer) error {
		n, err := io.Copy(w, io.LimitReader(in, size+1))
		if err == nil && n != size {
			err = fmt.Errorf("%s changed while it was copied (%d bytes, not %d)", src, n, size)
		}
		return err
	})
}

// WriteAtomic is WriteFileAtomic with the bytes written by write.
func WriteAtomic(path string, perm os.FileMode, write func(io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = write(tmp); err != nil {
		return err
	}
	if err = tmp.Chmod(perm); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
