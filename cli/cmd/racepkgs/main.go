// Command racepkgs prints the module's packages whose tests CI runs under the
// race detector, one import path a line: those whose own files start work
// that runs beside its caller (package racecheck, decision 0112). With
// -plain, those CI tests without it: the others, and the raced ones whose
// tests use racetest.Plain (their tests that run only there). With -why,
// each raced package's first reason beside it.
// .ci/test runs it, so the list follows the sources. Run from the
// repository's root; arguments are package patterns (default ./...).
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"

	"portfolio/cli/internal/racecheck"
)

type pkg struct {
	ImportPath     string
	Dir            string
	GoFiles        []string
	CgoFiles       []string
	TestGoFiles    []string
	XTestGoFiles   []string
	IgnoredGoFiles []string
	TestImports    []string
	XTestImports   []string
}

const racetestPath = "portfolio/cli/internal/racetest"

func main() {
	plain := flag.Bool("plain", false, "print the packages tested without the race detector")
	why := flag.Bool("why", false, "print each raced package's first reason beside it")
	flag.Parse()
	patterns := flag.Args()
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	if err := run(os.Stdout, patterns, *plain, *why); err != nil {
		fmt.Fprintln(os.Stderr, "racepkgs:", err)
		os.Exit(1)
	}
}

func run(w io.Writer, patterns []string, plain, why bool) error {
	cmd := exec.Command("go", append([]string{"list", "-json=ImportPath,Dir,GoFiles,CgoFiles,TestGoFiles,XTestGoFiles,IgnoredGoFiles,TestImports,XTestImports"}, patterns...)...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("go list: %w", err)
	}
	cwd, err := os.Getwd()
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p pkg
		if err := dec.Decode(&p); err != nil {
			return fmt.Errorf("reading go list's output: %w", err)
		}
		// Every file of the package, the ones this platform's build leaves
		// out (build tags) too: a goroutine under another tag is still one.
		var files []string
		for _, set := range [][]string{p.GoFiles, p.CgoFiles, p.TestGoFiles, p.XTestGoFiles, p.IgnoredGoFiles} {
			files = append(files, set...)
		}
		dir := p.Dir
		if rel, err := filepath.Rel(cwd, dir); err == nil {
			dir = rel
		}
		var first *racecheck.Reason
		fset := token.NewFileSet()
		for _, name := range files {
			f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			if r := racecheck.Scan(fset, f); len(r) > 0 {
				first = &r[0]
				break
			}
		}
		switch {
		case plain && (first == nil || slices.Contains(p.TestImports, racetestPath) || slices.Contains(p.XTestImports, racetestPath)):
			fmt.Fprintln(w, p.ImportPath)
		case !plain && first != nil && why:
			fmt.Fprintf(w, "%s\t%s: %s\n", p.ImportPath, first.Pos, first.What)
		case !plain && first != nil:
			fmt.Fprintln(w, p.ImportPath)
		}
	}
	return nil
}
