package main

import (
	"bytes"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/yuin/goldmark"

	"portfolio/cli/internal/app"
	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/docgen"
	"portfolio/cli/internal/iostreams"
)

func gendocs(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// repo is an empty repository root with the documents written.
func repo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module portfolio\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := gendocs(t, "-C", dir); code != 0 {
		t.Fatalf("gendocs: exit %d: %s", code, stderr)
	}
	return dir
}

func TestCheck(t *testing.T) {
	const fix = "; run `go run ./cli/cmd/gendocs`\n"
	tests := []struct {
		name       string
		change     func(t *testing.T, dir string)
		wantStderr string
	}{
		{"a page edited", func(t *testing.T, dir string) {
			p := filepath.Join(dir, "docs/commands/portfolio_validate.md")
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, bytes.Replace(data, []byte("Exit status"), []byte("Exit code"), 1), 0o644); err != nil {
				t.Fatal(err)
			}
		}, "docs/commands/portfolio_validate.md is out of date" + fix},
		{"a page missing", func(t *testing.T, dir string) {
			if err := os.Remove(filepath.Join(dir, "docs/commands/portfolio_gallery_move.md")); err != nil {
				t.Fatal(err)
			}
		}, "docs/commands/portfolio_gallery_move.md does not exist" + fix},
		{"a page left over", func(t *testing.T, dir string) {
			if err := os.WriteFile(filepath.Join(dir, "docs/commands/portfolio_publish.md"), []byte("# portfolio publish\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}, "docs/commands/portfolio_publish.md is left over" + fix},
		{"the index missing", func(t *testing.T, dir string) {
			if err := os.Remove(filepath.Join(dir, "docs/commands/README.md")); err != nil {
				t.Fatal(err)
			}
		}, "docs/commands/README.md does not exist" + fix},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := repo(t)
			if code, stdout, stderr := gendocs(t, "--check", "-C", dir); code != 0 || !strings.HasSuffix(stdout, " generated documents are current\n") {
				t.Fatalf("--check after a write: exit %d, stdout %q, stderr %q", code, stdout, stderr)
			}
			tt.change(t, dir)
			code, stdout, stderr := gendocs(t, "--check", "-C", dir)
			if code != cmdutil.ExitInvalid || stdout != "" || stderr != tt.wantStderr {
				t.Errorf("--check: exit %d, stdout %q, stderr %q; want exit 1 and stderr %q", code, stdout, stderr, tt.wantStderr)
			}
			// A run without --check repairs it.
			if code, _, stderr := gendocs(t, "-C", dir); code != 0 {
				t.Fatalf("gendocs: exit %d: %s", code, stderr)
			}
			if code, _, stderr := gendocs(t, "--check", "-C", dir); code != 0 {
				t.Errorf("--check after the repair: exit %d: %s", code, stderr)
			}
		})
	}
}

func TestWriteReports(t *testing.T) {
	dir := repo(t)
	if err := os.WriteFile(filepath.Join(dir, "docs/commands/portfolio_publish.md"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "docs/commands/portfolio_dev.md"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ := gendocs(t, "-C", dir)
	want := "wrote docs/commands/portfolio_dev.md\nremoved docs/commands/portfolio_publish.md\n1 written, 1 removed, "
	if code != 0 || !strings.HasPrefix(stdout, want) {
		t.Errorf("gendocs: exit %d, stdout %q; want it to start %q", code, stdout, want)
	}
}

func TestUsageMistakes(t *testing.T) {
	for _, args := range [][]string{
		{"-C", t.TempDir()}, // no go.mod: not the repository root
		{"--chek"},
		{"docs"},
	} {
		if code, _, stderr := gendocs(t, args...); code != cmdutil.ExitUsage || stderr == "" {
			t.Errorf("gendocs %q: exit %d, stderr %q; want exit 2 and a message", args, code, stderr)
		}
	}
	if entries, err := os.ReadDir("."); err == nil {
		for _, e := range entries {
			if e.Name() == "docs" {
				t.Error("a docs folder was made outside the repository root")
			}
		}
	}
}

var (
	tag   = regexp.MustCompile(`<[^>]*>`)
	code  = regexp.MustCompile(`</?code>`) // inline: no space around it
	space = regexp.MustCompile(`\s+`)
	// Markdown that the help text uses on purpose: list items, headings.
	marker = regexp.MustCompile(`(?m)^\s*(- |#{1,6} )`)
	// A flag's help line: its names, three or more spaces, its usage.
	flagLine = regexp.MustCompile(`^\s*\S.*?\s{3,}(\S.*)$`)
)

// shownText is what a reader of the rendered page sees, spaces collapsed.
func shownText(t *testing.T, markdown []byte) string {
	t.Helper()
	var out bytes.Buffer
	if err := goldmark.Convert(markdown, &out); err != nil {
		t.Fatal(err)
	}
	return space.ReplaceAllString(html.UnescapeString(tag.ReplaceAllString(code.ReplaceAllString(out.String(), ""), " ")), " ")
}

// helpText is the same text as --help shows it, the Markdown it uses on
// purpose (code spans, list items, headings) taken out.
func helpText(s string) string {
	s = marker.ReplaceAllString(s, "")
	return strings.TrimSpace(space.ReplaceAllString(strings.ReplaceAll(s, "`", ""), " "))
}

// Every page reads, once rendered, as its command's --help: the Long text
// and each flag's usage appear word for word (nothing was taken for an HTML
// tag, emphasis or a link), whatever characters the help text uses.
func TestPagesReadAsHelp(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	root := app.NewCmdRoot(&cmdutil.Factory{IOStreams: ios, Version: "dev"})
	docgen.CommandPages(root, "docs/commands") // adds the completion command and --version
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		t.Run(c.CommandPath(), func(t *testing.T) {
			shown := shownText(t, docgen.CommandPage(c))
			want := []string{helpText(c.Short)}
			if c.Long != "" {
				want = append(want, helpText(c.Long))
			}
			for _, flags := range []string{c.NonInheritedFlags().FlagUsagesWrapped(0), c.InheritedFlags().FlagUsagesWrapped(0)} {
				for _, l := range strings.Split(strings.TrimSpace(flags), "\n") {
					if m := flagLine.FindStringSubmatch(l); m != nil {
						want = append(want, helpText(m[1]))
					}
				}
			}
			for _, w := range want {
				if !strings.Contains(shown, w) {
					t.Errorf("the rendered page lacks the help text\n%s\nit shows\n%s", w, shown)
				}
			}
		})
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() {
				walk(sub)
			}
		}
	}
	walk(root)
}
