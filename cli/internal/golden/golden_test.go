package golden

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// recorder is the testing.TB a helper under test reports to: it keeps the
// errors and logs instead of failing the test.
type recorder struct {
	testing.TB
	errors, logs []string
}

func (r *recorder) Helper()      {}
func (r *recorder) Name() string { return "TestSomething/a case" }
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recorder) Logf(format string, args ...any) {
	r.logs = append(r.logs, fmt.Sprintf(format, args...))
}

// setUpdate runs the rest of t as with or without -update.
func setUpdate(t *testing.T, on bool) {
	was := *update
	*update = on
	t.Cleanup(func() { *update = was })
}

const rerunHint = "go test ./cli/internal/golden -run '^TestSomething$' -update"

func TestFile(t *testing.T) {
	setUpdate(t, false)
	long := strings.Repeat("line\n", 200)
	tests := []struct {
		name      string
		file      *string // nil: no file
		got       string
		want      bool
		wantError []string // in the one error, in order; none: no error
	}{
		{name: "same", file: ptr("a\nb\n"), got: "a\nb\n", want: true},
		{name: "a deliberately wrong golden", file: ptr("a\nb\nc\n"), got: "a\nB\nc\n",
			wantError: []string{"testdata/x.txt differs from the output:", "--- testdata/x.txt", "+++ output", "@@ -1,3 +1,3 @@", "\n a\n-b\n+B\n c", "If the change is intended: " + rerunHint + ", then review git diff."}},
		{name: "a line break less at the end", file: ptr("a\n"), got: "a",
			wantError: []string{"-a\n+a\n\\ No newline at end of file"}},
		{name: "a control character is shown", file: ptr("red\n"), got: "\x1b[31mred\n",
			wantError: []string{"-red\n+\\x1b[31mred"}},
		{name: "a long diff is cut", file: ptr(""), got: long,
			wantError: []string{"+line\n", "… 123 more lines of diff"}},
		{name: "binary", file: ptr("PNG\x00abc"), got: "PNG\x00abd",
			wantError: []string{"binary: the file (7 bytes) and the output (7 bytes) differ from byte 6 on"}},
		{name: "missing", got: "a\n",
			wantError: []string{"golden file testdata/x.txt does not exist: " + rerunHint + " writes it"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			chdirTemp(t)
			if tt.file != nil {
				write(t, "testdata/x.txt", *tt.file)
			}
			r := &recorder{}
			if got := File(r, "testdata/x.txt", []byte(tt.got)); got != tt.want {
				t.Errorf("File = %v, want %v", got, tt.want)
			}
			checkErrors(t, r, tt.wantError)
			if tt.file != nil && read(t, "testdata/x.txt") != *tt.file {
				t.Error("the file changed without -update")
			}
		})
	}
}

func TestFileUpdate(t *testing.T) {
	setUpdate(t, true)
	tests := []struct {
		name    string
		file    *string
		wantNew bool // the file is a new one (written), not the same inode
	}{
		{name: "differs", file: ptr("old\n"), wantNew: true},
		{name: "missing", wantNew: true},
		{name: "same: not touched", file: ptr("new\n")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			chdirTemp(t)
			var before os.FileInfo
			if tt.file != nil {
				before = write(t, "testdata/sub/x.txt", *tt.file)
			}
			r := &recorder{}
			if !File(r, "testdata/sub/x.txt", []byte("new\n")) {
				t.Error("File = false, want true")
			}
			checkErrors(t, r, nil)
			if got := read(t, "testdata/sub/x.txt"); got != "new\n" {
				t.Errorf("the file holds %q, want %q", got, "new\n")
			}
			after, _ := os.Stat("testdata/sub/x.txt")
			if renewed := before == nil || !os.SameFile(before, after); renewed != tt.wantNew {
				t.Errorf("file written anew: %v, want %v", renewed, tt.wantNew)
			}
			if names := list(t, "testdata/sub"); strings.Join(names, " ") != "x.txt" {
				t.Errorf("testdata/sub holds %v, want only x.txt (no temporary file)", names)
			}
		})
	}
}

// FileFunc holds the file with the caller's comparison, and writes with
// -update only when that comparison finds a difference.
func TestFileFunc(t *testing.T) {
	near := func(want []byte) string {
		if strings.EqualFold(string(want), "abc") {
			return ""
		}
		return "not abc in any case"
	}
	abc := func() ([]byte, error) { return []byte("abc"), nil }
	for _, upd := range []bool{false, true} {
		t.Run("update="+strconv.FormatBool(upd), func(t *testing.T) {
			setUpdate(t, upd)
			chdirTemp(t)
			write(t, "x", "ABC")
			r := &recorder{}
			if !FileFunc(r, "x", near, abc) {
				t.Error("FileFunc = false for a file the comparison accepts")
			}
			checkErrors(t, r, nil)
			if read(t, "x") != "ABC" {
				t.Error("a file the comparison accepts was rewritten")
			}
			write(t, "x", "xyz")
			r = &recorder{}
			ok := FileFunc(r, "x", near, abc)
			if upd {
				checkErrors(t, r, nil)
				if !ok || read(t, "x") != "abc" {
					t.Errorf("with -update: FileFunc = %v and the file holds %q, want true and abc", ok, read(t, "x"))
				}
				return
			}
			if ok {
				t.Error("FileFunc = true for a file the comparison refuses")
			}
			checkErrors(t, r, []string{"x differs from the output:\nnot abc in any case\n"})
		})
	}
}

func TestDir(t *testing.T) {
	files := map[string][]byte{"a.ts": []byte("a\n"), "projects/b.ts": []byte("b\n"), "empty": {}}
	t.Run("compare", func(t *testing.T) {
		setUpdate(t, false)
		chdirTemp(t)
		write(t, "golden/a.ts", "a\n")
		write(t, "golden/projects/b.ts", "B\n")
		write(t, "golden/old/c.ts", "c\n")
		r := &recorder{}
		if Dir(r, "golden", files) {
			t.Error("Dir = true, want false")
		}
		want := []string{
			"golden file golden/empty does not exist: " + rerunHint + " writes it",
			"golden/projects/b.ts differs from the output:\n--- golden/projects/b.ts\n+++ output\n@@ -1,1 +1,1 @@\n-B\n+b\n",
			"golden/old/c.ts is not in the output: " + rerunHint + " removes it",
		}
		if len(r.errors) != len(want) {
			t.Fatalf("errors:\n%s\nwant %d", strings.Join(r.errors, "\n"), len(want))
		}
		for i, w := range want {
			if !strings.HasPrefix(r.errors[i], w) {
				t.Errorf("error %d:\n%s\nwant it to begin\n%s", i, r.errors[i], w)
			}
		}
	})
	t.Run("update", func(t *testing.T) {
		setUpdate(t, true)
		chdirTemp(t)
		write(t, "golden/projects/b.ts", "B\n")
		write(t, "golden/old/deeper/c.ts", "c\n")
		r := &recorder{}
		if !Dir(r, "golden", files) {
			t.Error("Dir = false, want true")
		}
		checkErrors(t, r, nil)
		var got []string
		err := filepath.WalkDir("golden", func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				data, _ := os.ReadFile(p)
				got = append(got, filepath.ToSlash(p)+"="+string(data))
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if want := "golden/a.ts=a\n golden/empty= golden/projects/b.ts=b\n"; strings.Join(got, " ") != want {
			t.Errorf("golden holds %q, want %q", strings.Join(got, " "), want)
		}
		if _, err := os.Stat("golden/old"); !os.IsNotExist(err) {
			t.Errorf("golden/old, emptied, is still there (%v)", err)
		}
	})
}

// Only tests import the package: a program importing it would carry the
// -update flag.
func TestOnlyTestsImportIt(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	const self = "portfolio/cli/internal/golden"
	var importers int
	err := filepath.WalkDir(filepath.Join(root, "cli"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			if path, _ := strconv.Unquote(imp.Path.Value); path == self {
				importers++
				if !strings.HasSuffix(p, "_test.go") {
					rel, _ := filepath.Rel(root, p)
					t.Errorf("%s imports %s, which only tests may import", filepath.ToSlash(rel), self)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if importers == 0 {
		t.Error("no test file imports the package: is the walk reading the tree?")
	}
}

func ptr(s string) *string { return &s }

// chdirTemp runs the rest of t in a new empty folder under a go.mod at the
// module's place, so the rerun command names ./cli/internal/golden.
func chdirTemp(t *testing.T) {
	t.Helper()
	root := t.TempDir()
	write(t, filepath.Join(root, "go.mod"), "module portfolio\n")
	dir := filepath.Join(root, "cli", "internal", "golden")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
}

func write(t *testing.T, name, data string) os.FileInfo {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(name)
	if err != nil {
		t.Fatal(err)
	}
	return fi
}

func read(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func list(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// checkErrors: no error when want is empty; else one error holding each
// of want, in order.
func checkErrors(t *testing.T, r *recorder, want []string) {
	t.Helper()
	if len(want) == 0 {
		if len(r.errors) > 0 {
			t.Errorf("errors:\n%s\nwant none", strings.Join(r.errors, "\n"))
		}
		return
	}
	if len(r.errors) != 1 {
		t.Fatalf("errors:\n%s\nwant one", strings.Join(r.errors, "\n"))
	}
	rest := r.errors[0]
	for _, w := range want {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("the error\n%s\ndoes not hold, in order,\n%s", r.errors[0], w)
		}
		rest = rest[i+len(w):]
	}
}
