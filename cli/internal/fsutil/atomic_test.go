package fsutil

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "out.ts")
	if err := WriteFileAtomic(path, []byte("one"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(path, []byte("two"), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil || string(got) != "two" {
		t.Fatalf("content = %q, %v", got, err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode = %v, want 0600", fi.Mode().Perm())
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("folder holds %d entries, want 1 (no temporary files left)", len(entries))
	}
}

func TestWriteFileAtomicFailureKeepsOriginal(t *testing.T) {
	if os.Geteuid() == 0 {
		// Root ignores directory permissions; make the rename fail instead
		// by putting a non-empty folder where the file should go.
		dir := t.TempDir()
		target := filepath.Join(dir, "out.ts")
		if err := os.MkdirAll(filepath.Join(target, "keep"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := WriteFileAtomic(target, []byte("new"), 0o644); err == nil {
			t.Fatal("writing over a non-empty folder succeeded")
		}
		entries, _ := os.ReadDir(dir)
		if len(entries) != 1 || entries[0].Name() != "out.ts" {
			t.Errorf("after a failed write the folder holds %v, want only out.ts", entries)
		}
		return
	}
	dir := t.TempDir()
	target := filepath.Join(dir, "out.ts")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Error(err)
		}
	})
	if err := WriteFileAtomic(target, []byte("new"), 0o644); err == nil {
		t.Fatal("write into a read-only folder succeeded")
	}
	if got, _ := os.ReadFile(target); string(got) != "old" {
		t.Errorf("original changed to %q", got)
	}
}
