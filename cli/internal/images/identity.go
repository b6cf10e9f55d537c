package images

import (
	"fmt"
	"io/fs"
)

// Identity is a file's identity from its metadata alone (size, modification
// and change times, inode and device where the system has them), as text:
// equal identities mean the file was not written, replaced or touched in
// between, which is cheaper to ask than its contents.
func Identity(fi fs.FileInfo) string {
	id := identify(fi)
	return fmt.Sprintf("%d %d %d %d %d", id.Size, id.ModTime, id.Change, id.Inode, id.Device)
}
