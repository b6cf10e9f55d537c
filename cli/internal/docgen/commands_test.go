package docgen

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/spf13/cobra"

	"portfolio/cli/internal/golden"
)

// fixtureTree has what the real tree has: a persistent flag, a group
// command, Long text with characters Markdown would act on, a list, an
// indented command line, a code span broken over two lines, examples, a
// flag with a value name and a default, and hidden things that get no page.
func fixtureTree() *cobra.Command {
	root := &cobra.Command{
		Use:     "tool",
		Short:   "Look after a folder of things",
		Version: "1.0",
		RunE:    func(*cobra.Command, []string) error { return nil },
	}
	// Cobra's completion pages are its text, not the generator's.
	root.CompletionOptions.DisableDefaultCmd = true
	root.PersistentFlags().String("dir", "things", "things `DIR`")
	group := &cobra.Command{Use: "thing", Short: "Work on one thing"}
	add := &cobra.Command{
		Use:   "add SLUG FILE…",
		Short: "Add files to content/things/<slug>/",
		Long: `Copy each FILE (*.jpg, *.png) into content/things/<slug>/ and name it
01.jpg, 02.jpg, … in the order given; [brackets], a_b_c, & and ~ stay as typed.
#1 is the first. Run ` + "`tool\ncheck`" + ` afterwards.

- one item of a list
  that wraps
- and another

To undo:

	git checkout content/things/<slug>/
`,
		Example: `  tool thing add logo ~/logo.png
  tool thing add logo *.png   # all of them`,
		RunE: func(*cobra.Command, []string) error { return nil },
	}
	add.Flags().IntP("at", "a", 0, "insert at position `N` (default: after the last)")
	add.Flags().String("alt", "", "alt `TEXT` of the image, checked as `tool check` does")
	add.Flags().String("mode", "copy", "copy or <move>")
	add.Flags().Bool("secret", false, "not shown")
	_ = add.Flags().MarkHidden("secret")
	group.AddCommand(add, &cobra.Command{Use: "old", Short: "gone", Hidden: true, Run: func(*cobra.Command, []string) {}})
	root.AddCommand(group)
	return root
}

func TestCommandPagesGolden(t *testing.T) {
	dir := t.TempDir()
	s := Set{Files: CommandPages(fixtureTree(), "docs"), Dirs: []string{"docs"}}
	if _, err := s.Write(dir); err != nil {
		t.Fatal(err)
	}
	written := map[string][]byte{}
	docs := os.DirFS(filepath.Join(dir, "docs"))
	err := fs.WalkDir(docs, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		written[p], err = fs.ReadFile(docs, p)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	dirGolden := filepath.Join("testdata", "golden")
	if !golden.Dir(t, dirGolden, written) {
		return
	}
	// The golden folder is the documents as committed: Check finds them
	// current.
	s = Set{Files: CommandPages(fixtureTree(), "."), Dirs: []string{"."}}
	problems, err := s.Check(dirGolden)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("Check(testdata/golden): %s, want none: the folder is what Write wrote", p)
	}
}

func TestProse(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "Check the content.", "Check the content."},
		{"html-like", "content/projects/<slug>/", `content/projects/\<slug\>/`},
		{"emphasis characters", "*.jpg and a_b_c", `\*.jpg and a\_b\_c`},
		{"links and entities", "[x](y) &amp; ~z~", `\[x\](y) \&amp; \~z\~`},
		{"backslash", `C:\path`, `C:\\path`},
		{"code span kept", "run `a <b> *c*` now", "run `a <b> *c*` now"},
		{"code span over a line break", "run `portfolio\nmessages` <x>", "run `portfolio\nmessages` \\<x\\>"},
		{"double backticks", "``a ` b`` <", "``a ` b`` \\<"},
		{"unclosed backtick", "a ` b", "a \\` b"},
		{"list kept", "- one <1>\n- two", "- one \\<1\\>\n- two"},
		{"plus list escaped", "a\n+ b", "a\n\\+ b"},
		{"hash not a heading", "#1 first", `\#1 first`},
		{"heading kept", "#### Linux:", "#### Linux:"},
		{"setext underline escaped", "Title\n=====", "Title\n\\====="},
		{"quotation escaped", "> quoted", `\> quoted`},
		{"trailing spaces dropped", "line  \nnext", "line\nnext"},
		{"indented code after a blank line", "Run:\n\n\tsource <(tool completion)\n    a_b\n\nDone <x>.",
			"Run:\n\n\tsource <(tool completion)\n    a_b\n\nDone \\<x\\>."},
		{"indented continuation is prose", "a line\n    <x> continues", "a line\n    \\<x\\> continues"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Prose(tt.in); got != tt.want {
				t.Errorf("Prose(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestDedent(t *testing.T) {
	if got, want := dedent("  a\n    b\n\n  c\n"), "a\n  b\n\nc"; got != want {
		t.Errorf("dedent = %q, want %q", got, want)
	}
}
