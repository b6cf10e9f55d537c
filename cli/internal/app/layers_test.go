package app

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// commandImportsAllowed are the known exceptions, each with its reason
// (none now: new project opens the gallery editor of gallery/editor).
var commandImportsAllowed = map[string]bool{}

// Commands never import commands: what two commands share lives in a
// package under internal/ (pipeline, scaffold, gallery…), and only this
// package wires the commands together. Test files count too.
func TestCommandsDoNotImportCommands(t *testing.T) {
	const cmdPrefix = "portfolio/cli/internal/cmd/"
	files, err := filepath.Glob("../cmd/*/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no command packages found under ../cmd (%v)", err)
	}
	for _, file := range files {
		from := filepath.Base(filepath.Dir(file))
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			to, ok := strings.CutPrefix(path, cmdPrefix)
			if !ok || commandImportsAllowed[from+" -> "+to] {
				continue
			}
			t.Errorf("%s imports the command package %s: move what they share into a package under cli/internal (the chain validate → images → generate → site is cli/internal/pipeline)", file, path)
		}
	}
}
