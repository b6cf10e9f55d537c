//go:build unix

package images

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// identify reads a file's identity from its metadata.
func identify(fi fs.FileInfo) fileID {
	id := fileID{Size: fi.Size(), ModTime: fi.ModTime().UnixNano()}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		id.Change = int64(st.Ctim.Sec)*1e9 + int64(st.Ctim.Nsec)
		id.Inode = uint64(st.Ino)
		id.Device = uint64(st.Dev)
	}
	return id
}

// errLocked means another run holds the lock.
var errLocked = errors.New("locked")

// lock takes an exclusive lock on path without waiting; unlock releases it.
// The kernel releases it too when the process dies, even by kill -9.
func lock(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, errLocked
		}
		return nil, err
	}
	return func() { f.Close() }, nil
}
