package fsutil

import (
	"os"
	"path/filepath"
	"testing"
)

func TestLinkOrCopy(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	if err := os.WriteFile(src, []byte("bytes"), 0o644); err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(dir, "dst")
	if err := LinkOrCopy(src, dst); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(dst); string(got) != "bytes" {
		t.Errorf("dst holds %q", got)
	}
	// An existing file is never overwritten, by the link or the copy.
	if err := os.WriteFile(dst, []byte("kept"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := LinkOrCopy(src, dst); err == nil {
		t.Error("LinkOrCopy over an existing file: no error")
	}
	if got, _ := os.ReadFile(dst); string(got) != "kept" {
		t.Errorf("the existing file became %q", got)
	}
	// A missing source is an error, and makes nothing.
	if err := LinkOrCopy(filepath.Join(dir, "none"), filepath.Join(dir, "new")); err == nil {
		t.Error("LinkOrCopy of a missing file: no error")
	}
	if _, err := os.Stat(filepath.Join(dir, "new")); err == nil {
		t.Error("a missing source made a file")
	}
}
