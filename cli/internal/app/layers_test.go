package app

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// layer is one level of the Go tree: its packages import packages of their
// own layer or of the layers below it, never of one above.
type layer struct {
	name string
	// pkgs are paths from the repository root; "dir/*" stands for every
	// package directly in dir.
	pkgs []string
	// apart: the layer's packages do not import one another either.
	apart bool
}

// layers is the Go tree from the top (what runs first) down. Every package
// under cli/ is in exactly one layer; a new package is placed here.
var layers = []layer{
	// Entry: main packages. Each calls one package below and exits with its
	// code (cli/cmd/portfolio only calls app).
	{name: "entry", pkgs: []string{"cli/cmd/*"}},
	// App: the command tree and the one place errors become exit codes.
	{name: "app", pkgs: []string{"cli/internal/app"}},
	// Commands: one package per leaf command, flags and wiring. What two
	// commands share lives in a layer below; only app wires commands
	// together (the chain validate → images → generate → site is
	// cli/internal/pipeline).
	{name: "command", apart: true, pkgs: []string{"cli/internal/cmd/*"}},
	// Workflows: what several commands run, joining the domain to the
	// terminal: the build chain, the forms, the gallery editor, the report
	// of a refused write.
	{name: "workflow", pkgs: []string{
		"cli/internal/pipeline", "cli/internal/forms", "cli/internal/gallery/editor",
		"cli/internal/report",
	}},
	// Domain: packages that know the portfolio (its content, schemas,
	// images, site, messages) and do one job with it, with no terminal UI.
	{name: "domain", pkgs: []string{
		"cli/internal/content", "cli/internal/content/yamldoc", "cli/internal/content/schemacheck",
		"cli/internal/content/contenttest", "cli/internal/schemamodel",
		"cli/internal/richtext", "cli/internal/images", "cli/internal/images/manifest",
		"cli/internal/tsgen", "cli/internal/editorconfig", "cli/internal/cards", "cli/internal/headers", "cli/internal/rights",
		"cli/internal/scaffold", "cli/internal/scaffold/site", "cli/internal/stage", "cli/internal/fieldcheck", "cli/internal/projectdelete",
		"cli/internal/projectedit", "cli/internal/gallery", "cli/internal/draft",
		"cli/internal/messages", "cli/internal/server", "cli/internal/contact", "cli/internal/privateaccess", "cli/internal/privatestore", "cli/internal/hostmsg",
		"cli/internal/docgen", "cli/internal/schemadoc", "cli/internal/linkcheck",
		"cli/internal/pathcheck", "cli/internal/docrun", "cli/internal/poster",
	}},
	// Toolkit: terminal UI parts the forms are built of (key guard, preview,
	// path completion, accessible mode). It knows forms, not the portfolio:
	// a check it runs is a func value the caller passes.
	{name: "toolkit", pkgs: []string{"cli/internal/prompt"}},
	// Utilities: general helpers and file formats that know nothing of the
	// content folder's structure (streams, escaping, words, files, child
	// processes, the command errors, diagnostics, image and video files and
	// their metadata, the tests' golden files, which packages the race
	// detector runs on).
	{name: "utility", pkgs: []string{
		"cli/internal/iostreams", "cli/internal/termsafe", "cli/internal/english",
		"cli/internal/fsutil", "cli/internal/childproc", "cli/internal/cmdutil", "cli/internal/diag",
		"cli/internal/imagecheck", "cli/internal/imagecheck/imagetest",
		"cli/internal/metastrip", "cli/internal/metastrip/metatest", "cli/internal/photofacts", "cli/internal/importimage", "cli/internal/yamltext",
		"cli/internal/tiffifd", "cli/internal/golden", "cli/internal/racecheck", "cli/internal/racetest",
		"cli/internal/videocheck", "cli/internal/videocheck/videotest", "cli/internal/videostrip", "cli/internal/netlifyblobs", "cli/internal/netlifyblobs/blobstest",
	}},
}

// layerImportsAllowed are the known exceptions, "from -> to" by package
// path, each with its reason.
var layerImportsAllowed = map[string]string{}

const module = "portfolio/"

// layerOf finds the layer of the package at dir (a path from the
// repository root): its index in layers, or -1.
func layerOf(dir string) int {
	for i, l := range layers {
		for _, p := range l.pkgs {
			if ok, _ := path.Match(p, dir); ok {
				return i
			}
		}
	}
	return -1
}

// goPackages lists the folders under cli/ that hold Go files, by paths
// from the repository root, with those files (testdata left out, as the go
// tool does).
func goPackages(t *testing.T, root string) map[string][]string {
	t.Helper()
	pkgs := map[string][]string{}
	err := filepath.WalkDir(filepath.Join(root, "cli"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".go") {
			rel, _ := filepath.Rel(root, p)
			dir := filepath.ToSlash(filepath.Dir(rel))
			pkgs[dir] = append(pkgs[dir], p)
		}
		return nil
	})
	if err != nil || len(pkgs) == 0 {
		t.Fatalf("no Go packages under %s/cli (%v)", root, err)
	}
	return pkgs
}

// Every package imports only packages of its layer or of the layers below
// it (test files too), so a UI package never reaches into the domain and
// the domain never into a command. Imports are read with go/parser, file by
// file: no build, under a second.
func TestLayers(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	pkgs := goPackages(t, root)
	dirs := make([]string, 0, len(pkgs))
	for dir := range pkgs {
		dirs = append(dirs, dir)
	}
	slices.Sort(dirs)
	used := map[string]bool{}
	for _, dir := range dirs {
		from := layerOf(dir)
		if from < 0 {
			t.Errorf("%s is in no layer: add it to the table in cli/internal/app/layers_test.go", dir)
			continue
		}
		for _, file := range pkgs[dir] {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, file, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				to, ok := strings.CutPrefix(p, module)
				if !ok || !strings.HasPrefix(to, "cli/") || to == dir {
					continue
				}
				if _, ok := layerImportsAllowed[dir+" -> "+to]; ok {
					used[dir+" -> "+to] = true
					continue
				}
				pos := fset.Position(imp.Pos())
				rel, _ := filepath.Rel(root, pos.Filename)
				where := fmt.Sprintf("%s:%d:%d", filepath.ToSlash(rel), pos.Line, pos.Column)
				into := layerOf(to)
				switch {
				case into < 0:
					t.Errorf("%s: %s imports %s, which is in no layer", where, dir, to)
				case into < from:
					t.Errorf("%s: %s imports %s (layer %s above layer %s)", where, dir, to, layers[into].name, layers[from].name)
				case into == from && layers[from].apart:
					t.Errorf("%s: %s imports %s (layer %s: its packages do not import one another; move what they share into a layer below)", where, dir, to, layers[from].name)
				}
			}
		}
	}
	for pair := range layerImportsAllowed {
		if !used[pair] {
			t.Errorf("the exception %s is no longer needed: remove it from layerImportsAllowed", pair)
		}
	}
	// A name in the table that matches no package is a package moved or
	// deleted: its entry would let a new package of that name in unseen.
	for _, l := range layers {
		for _, p := range l.pkgs {
			if !slices.ContainsFunc(dirs, func(d string) bool { ok, _ := path.Match(p, d); return ok }) {
				t.Errorf("layer %s lists %s, which is no package", l.name, p)
			}
		}
	}
}
