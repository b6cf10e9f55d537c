package pipeline

import (
	"archive/zip"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A private project's ZIP: its entries by the photos' names, stored whole;
// made again only when a photo changed; written whole or not at all; and
// removed once no project asks for it.
func TestDownloadZIP(t *testing.T) {
	dir := t.TempDir()
	src := func(name, body string) string {
		p := filepath.Join(dir, "src", name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	d := download{Path: filepath.Join(dir, "public", "private", "alpha", "alpha-originals.zip")}
	seen := map[string]bool{}
	d.add("IMG_1.jpg", src("IMG_1.jpg", "one"), seen)
	d.add("IMG_1.jpg", src("more/IMG_1.jpg", "other one"), seen)
	d.add("IMG_2.png", src("IMG_2.png", "two"), seen)

	wrote, err := d.make()
	if err != nil || !wrote {
		t.Fatalf("first make: wrote %v, %v", wrote, err)
	}
	want := map[string]string{"IMG_1.jpg": "one", "IMG_1-2.jpg": "other one", "IMG_2.png": "two"}
	r, err := zip.OpenReader(d.Path)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.File) != len(want) {
		t.Errorf("%d entries, want %d", len(r.File), len(want))
	}
	for _, f := range r.File {
		rc, _ := f.Open()
		body, _ := io.ReadAll(rc)
		rc.Close()
		if want[f.Name] != string(body) || f.Method != zip.Store {
			t.Errorf("%s: %q (method %d), want %q stored", f.Name, body, f.Method, want[f.Name])
		}
	}
	r.Close()
	if wrote, _ := d.make(); wrote {
		t.Error("made again with nothing changed")
	}
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(d.Entries[2].Source, later, later); err != nil {
		t.Fatal(err)
	}
	if wrote, _ := d.make(); !wrote {
		t.Error("not made again after a photo changed")
	}
	if tmp, _ := filepath.Glob(filepath.Join(filepath.Dir(d.Path), ".download-*")); len(tmp) > 0 {
		t.Errorf("temporary files left: %v", tmp)
	}
	// A source gone: an error, and the last ZIP left as it was.
	before, _ := os.ReadFile(d.Path)
	if err := os.Remove(d.Entries[0].Source); err != nil {
		t.Fatal(err)
	}
	if _, err := d.make(); err == nil {
		t.Error("a missing photo made no error")
	}
	if after, _ := os.ReadFile(d.Path); string(after) != string(before) {
		t.Error("a failed make changed the ZIP")
	}
	// No project asks for it any more: removed.
	if err := removeOldDownloads(filepath.Join(dir, "public"), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(d.Path); !os.IsNotExist(err) {
		t.Errorf("an unwanted ZIP is still there: %v", err)
	}
}
