// Command gendocs writes the generated reference documents: docs/commands/,
// a page per command of `portfolio` made from its help text, and their
// index; and docs/content.md, the content files' reference, made from the
// JSON Schemas' titles, descriptions and limits. Run it from the repository
// root after changing a command's help or a schema:
//
//	go run ./cli/cmd/gendocs            write what changed, remove left-over pages
//	go run ./cli/cmd/gendocs --check    write nothing; exit 1 naming each file
//	                                    that is out of date, missing or left over
//
// Exit status: 0 current (or written), 1 out of date (--check), 2 a mistake
// in the command line, 3 anything else.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"portfolio/cli/internal/app"
	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/docgen"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/schemadoc"
	"portfolio/schema"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// documents is every generated document. Another one is one more File (or
// Files, and its folder in Dirs when it owns one whole).
func documents(root *cobra.Command) docgen.Set {
	return docgen.Set{
		Files: append(docgen.CommandPages(root, "docs/commands"), docgen.File{
			Path:   "docs/content.md",
			Render: func() ([]byte, error) { return schemadoc.Render(schema.Site, schema.Project) },
		}),
		Dirs: []string{"docs/commands"},
	}
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gendocs", flag.ContinueOnError)
	fs.SetOutput(stderr)
	check := fs.Bool("check", false, "write nothing; exit 1 when a document is out of date, missing or left over")
	dir := fs.String("C", ".", "the repository `folder`")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return cmdutil.ExitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "gendocs: takes no arguments, got %q\n", fs.Args())
		return cmdutil.ExitUsage
	}
	// The documents' paths are relative to the repository root: anywhere
	// else would grow a docs/ folder where it does not belong.
	if _, err := os.Stat(filepath.Join(*dir, "go.mod")); err != nil {
		fmt.Fprintf(stderr, "gendocs: %s is not the repository root (no go.mod): run it there or give -C\n", *dir)
		return cmdutil.ExitUsage
	}
	ios, _, _, _ := iostreams.Test()
	// The version is not part of any page; a fixed one keeps them the same
	// on every build.
	root := app.NewCmdRoot(&cmdutil.Factory{IOStreams: ios, Version: "dev"})
	docs := documents(root)
	if *check {
		problems, err := docs.Check(*dir)
		if err != nil {
			fmt.Fprintln(stderr, "gendocs:", err)
			return cmdutil.ExitInternal
		}
		for _, p := range problems {
			fmt.Fprintf(stderr, "%s; run `%s`\n", p, docgen.Generator)
		}
		if len(problems) > 0 {
			return cmdutil.ExitInvalid
		}
		fmt.Fprintf(stdout, "%d generated documents are current\n", len(docs.Files))
		return 0
	}
	r, err := docs.Write(*dir)
	for _, p := range r.Written {
		fmt.Fprintln(stdout, "wrote", p)
	}
	for _, p := range r.Removed {
		fmt.Fprintln(stdout, "removed", p)
	}
	if err != nil {
		fmt.Fprintln(stderr, "gendocs:", err)
		return cmdutil.ExitInternal
	}
	fmt.Fprintf(stdout, "%d written, %d removed, %d unchanged\n", len(r.Written), len(r.Removed), r.Unchanged)
	return 0
}
