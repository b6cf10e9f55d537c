package prompt

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
	"github.com/charmbracelet/x/ansi"
)

// pathTree makes a folder as an owner's photos are: names with spaces,
// shared beginnings, a subfolder, other kinds of file, a hidden file.
func pathTree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{
		"My Photos/beach 01.jpg", "My Photos/beach 02.JPG", "My Photos/notes.txt",
		"cover.jpg", "covers/a.png", "report.pdf", ".hidden.jpg", "it's, here.webp",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestCompletePath(t *testing.T) {
	dir := pathTree(t)
	t.Chdir(dir)
	images := []string{".jpg", ".jpeg", ".png", ".webp"}
	for _, tc := range []struct {
		name, value string
		list        bool
		exts        []string
		want        string
		candidates  []string
	}{
		{"a unique folder gets its slash, escaped", "My", false, images, `My\ Photos/`, nil},
		{"the shared part, then the names left", `My\ Photos/be`, false, images, `My\ Photos/beach\ 0`, []string{"beach 01.jpg", "beach 02.JPG"}},
		{"a file and a folder share a beginning", "cov", false, images, "cover", []string{"cover.jpg", "covers/"}},
		{"only the kinds of file asked for", `My\ Photos/`, false, images, `My\ Photos/beach\ 0`, []string{"beach 01.jpg", "beach 02.JPG"}},
		{"every file when no kind is given", "rep", false, nil, "report.pdf", nil},
		{"a PDF is not an image", "rep", false, images, "rep", nil},
		{"hidden files only when asked for", ".h", false, images, ".hidden.jpg", nil},
		{"quote, comma and apostrophe escaped", "it", false, images, `it\'s\,\ here.webp`, nil},
		{"inside quotes: completed raw, closed when done", `"My Photos/beach 01`, false, images, `"My Photos/beach 01.jpg"`, nil},
		{"a closed quote is left alone", `"cover.jpg"`, false, images, `"cover.jpg"`, nil},
		{"the last path of a list", "cover.jpg, covers/", true, images, "cover.jpg, covers/a.png", nil},
		{"paths separated by spaces, as dropped", `cover.jpg My\ Photos/beach\ 01`, true, images, `cover.jpg My\ Photos/beach\ 01.jpg`, nil},
		{"an escaped space does not start a path", `My\ Ph`, true, images, `My\ Photos/`, nil},
		{"nothing matches", "zzz", false, images, "zzz", nil},
		{"a file:// URL is left alone", "file:///tmp/co", false, images, "file:///tmp/co", nil},
		{"an absolute path", dir + "/cover.", false, images, dir + "/cover.jpg", nil},
		{"a missing folder", "nowhere/a", false, images, "nowhere/a", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := CompletePath(tc.value, tc.list, tc.exts...)
			if c.Value != tc.want || !reflect.DeepEqual(c.Candidates, tc.candidates) {
				t.Errorf("CompletePath(%q) = %q %q, want %q %q", tc.value, c.Value, c.Candidates, tc.want, tc.candidates)
			}
		})
	}
}

func TestCompletePathHome(t *testing.T) {
	home := pathTree(t)
	t.Setenv("HOME", home)
	if c := CompletePath("~/cover.", false, ".jpg"); c.Value != "~/cover.jpg" {
		t.Errorf("~/cover. completes to %q", c.Value)
	}
}

// A name that would drive the terminal is never offered.
func TestCompletePathSkipsHostileNames(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"a\x1b[31m.jpg", "a\u202egpj.jpg", "ab.jpg"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if c := CompletePath(dir+"/a", false, ".jpg"); c.Value != dir+"/ab.jpg" || c.Candidates != nil {
		t.Errorf("got %q %q", c.Value, c.Candidates)
	}
}

// In a form: Tab completes and stays, lists what still matches, and moves
// on only when there is nothing to complete; Enter keeps the value.
func TestPathInputTab(t *testing.T) {
	t.Chdir(pathTree(t))
	var cover, next string
	in := NewPathInput(huh.NewInput().Title("Cover").Value(&cover), &cover, false, ".jpg", ".png")
	form := Form(huh.NewGroup(in, huh.NewInput().Title("Next").Value(&next)))
	g := NewGuard(form, "")
	g.settleIn = 30 * time.Millisecond
	drain(t, g, []tea.Cmd{g.Init()})
	typeAhead(t, g, "M", "tab", "b", "tab")
	if got := in.GetValue(); got != `My\ Photos/beach\ 0` {
		t.Fatalf("value %q", got)
	}
	if v := ansi.Strip(g.View().Content); !strings.Contains(v, "beach 01.jpg  beach 02.JPG") || !strings.Contains(v, "tab complete path") {
		t.Errorf("the names that match are not listed:\n%s", v)
	}
	typeAhead(t, g, "1", "tab")
	if got := in.GetValue(); got != `My\ Photos/beach\ 01.jpg` || g.Form.GetFocusedField() != huh.Field(in) {
		t.Fatalf("value %q, focus moved: %v", got, g.Form.GetFocusedField() != huh.Field(in))
	}
	typeAhead(t, g, "tab", "x") // nothing left to complete: on to Next
	if next != "x" {
		t.Errorf("Tab with nothing to complete should move on (next %q)", next)
	}
	if cover != `My\ Photos/beach\ 01.jpg` {
		t.Errorf("cover %q", cover)
	}
}
