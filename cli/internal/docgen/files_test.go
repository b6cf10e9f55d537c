package docgen

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// testSet is two pages in an owned folder and one file beside it.
func testSet() Set {
	page := func(text string) func() ([]byte, error) {
		return func() ([]byte, error) { return []byte(text), nil }
	}
	return Set{
		Files: []File{
			{Path: "docs/commands/a.md", Render: page("# a\n")},
			{Path: "docs/commands/b.md", Render: page("# b\n")},
			{Path: "docs/content.md", Render: page("# content\n")},
		},
		Dirs: []string{"docs/commands"},
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name   string
		change func(t *testing.T, root string) // after a full write
		want   []Problem
	}{
		{"current", func(*testing.T, string) {}, nil},
		{"a page edited", func(t *testing.T, root string) {
			writeFile(t, filepath.Join(root, "docs/commands/b.md"), "# b, edited by hand\n")
		}, []Problem{{"docs/commands/b.md", "is out of date"}}},
		{"a file outside the folder edited", func(t *testing.T, root string) {
			writeFile(t, filepath.Join(root, "docs/content.md"), "")
		}, []Problem{{"docs/content.md", "is out of date"}}},
		{"a page missing", func(t *testing.T, root string) {
			if err := os.Remove(filepath.Join(root, "docs/commands/a.md")); err != nil {
				t.Fatal(err)
			}
		}, []Problem{{"docs/commands/a.md", "does not exist"}}},
		{"a page left over", func(t *testing.T, root string) {
			writeFile(t, filepath.Join(root, "docs/commands/old.md"), "# old\n")
		}, []Problem{{"docs/commands/old.md", "is left over"}}},
		{"other files in the folder are not the generator's", func(t *testing.T, root string) {
			writeFile(t, filepath.Join(root, "docs/commands/diagram.png"), "png")
			writeFile(t, filepath.Join(root, "docs/commands/.a.md.tmp-123"), "partial")
			writeFile(t, filepath.Join(root, "docs/other.md"), "# other\n")
		}, nil},
		{"all at once, sorted by path", func(t *testing.T, root string) {
			writeFile(t, filepath.Join(root, "docs/commands/zz.md"), "")
			writeFile(t, filepath.Join(root, "docs/commands/b.md"), "")
			if err := os.RemoveAll(filepath.Join(root, "docs/content.md")); err != nil {
				t.Fatal(err)
			}
		}, []Problem{
			{"docs/commands/b.md", "is out of date"},
			{"docs/commands/zz.md", "is left over"},
			{"docs/content.md", "does not exist"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			s := testSet()
			if _, err := s.Write(root); err != nil {
				t.Fatal(err)
			}
			tt.change(t, root)
			got, err := s.Check(root)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Check = %v, want %v", got, tt.want)
			}
			// Write repairs whatever Check found.
			if _, err := s.Write(root); err != nil {
				t.Fatal(err)
			}
			if got, err := s.Check(root); err != nil || len(got) > 0 {
				t.Errorf("after Write, Check = %v, %v; want nothing", got, err)
			}
		})
	}
}

func TestCheckEmptyTree(t *testing.T) {
	got, err := testSet().Check(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	want := []Problem{
		{"docs/commands/a.md", "does not exist"},
		{"docs/commands/b.md", "does not exist"},
		{"docs/content.md", "does not exist"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Check = %v, want %v", got, want)
	}
}

func TestWrite(t *testing.T) {
	root := t.TempDir()
	s := testSet()
	writeFile(t, filepath.Join(root, "docs/commands/old.md"), "# old\n")
	r, err := s.Write(root)
	if err != nil {
		t.Fatal(err)
	}
	want := Result{
		Written: []string{"docs/commands/a.md", "docs/commands/b.md", "docs/content.md"},
		Removed: []string{"docs/commands/old.md"},
	}
	if !reflect.DeepEqual(r, want) {
		t.Errorf("first Write = %+v, want %+v", r, want)
	}
	if data, err := os.ReadFile(filepath.Join(root, "docs/commands/a.md")); err != nil || string(data) != "# a\n" {
		t.Errorf("a.md = %q, %v", data, err)
	}

	// A second run touches nothing that is current: the times stay.
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	a := filepath.Join(root, "docs/commands/a.md")
	if err := os.Chtimes(a, old, old); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(root, "docs/commands/b.md"), "stale")
	r, err = s.Write(root)
	if err != nil {
		t.Fatal(err)
	}
	if want := (Result{Written: []string{"docs/commands/b.md"}, Unchanged: 2}); !reflect.DeepEqual(r, want) {
		t.Errorf("second Write = %+v, want %+v", r, want)
	}
	if fi, err := os.Stat(a); err != nil || !fi.ModTime().Equal(old) {
		t.Errorf("a current page was rewritten (mod time %v, want %v)", fi.ModTime(), old)
	}
	// No temporary file is left beside the pages.
	entries, err := os.ReadDir(filepath.Join(root, "docs/commands"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{"a.md", "b.md"}; !reflect.DeepEqual(names, want) {
		t.Errorf("docs/commands holds %v, want %v", names, want)
	}
}

// A renderer that fails leaves every file as it was: nothing is written
// before all of them are made.
func TestWriteRenderErrorWritesNothing(t *testing.T) {
	root := t.TempDir()
	s := testSet()
	writeFile(t, filepath.Join(root, "docs/commands/a.md"), "old a")
	writeFile(t, filepath.Join(root, "docs/commands/old.md"), "# old\n")
	boom := errors.New("schema unreadable")
	s.Files = append(s.Files, File{Path: "docs/z.md", Render: func() ([]byte, error) { return nil, boom }})
	if _, err := s.Write(root); !errors.Is(err, boom) || err.Error() != "docs/z.md: schema unreadable" {
		t.Fatalf("Write error = %v, want docs/z.md: %v", err, boom)
	}
	if data, _ := os.ReadFile(filepath.Join(root, "docs/commands/a.md")); string(data) != "old a" {
		t.Errorf("a.md = %q, want it untouched", data)
	}
	for _, p := range []string{"docs/commands/b.md", "docs/content.md"} {
		if _, err := os.Stat(filepath.Join(root, p)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s was written: %v", p, err)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "docs/commands/old.md")); err != nil {
		t.Errorf("a left-over page was removed: %v", err)
	}
	if _, err := s.Check(root); !errors.Is(err, boom) {
		t.Errorf("Check error = %v, want %v", err, boom)
	}
}

func TestSamePathTwice(t *testing.T) {
	s := testSet()
	s.Files = append(s.Files, s.Files[0])
	if _, err := s.Write(t.TempDir()); err == nil || err.Error() != "docs/commands/a.md is generated twice" {
		t.Errorf("Write error = %v, want docs/commands/a.md is generated twice", err)
	}
}
