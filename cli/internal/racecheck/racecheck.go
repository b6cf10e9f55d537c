// Package racecheck tells which packages CI tests under the race detector
// (decision 0112): those whose own files, code or tests, start work that runs
// beside its caller. A race needs two goroutines, and the race detector sees
// only what a test runs; the package that starts the goroutines is the one
// whose tests exercise them, so its tests run with -race, and every other
// package's without (a race build cost them 4–9 times the CPU for nothing).
// The list is made from the sources on each run, never kept by hand, so a
// package that starts its first goroutine is raced from that commit on.
package racecheck

import (
	"go/ast"
	"go/token"
	"strconv"
)

// Reason is one place that starts concurrent work.
type Reason struct {
	Pos  token.Position
	What string
}

// Scan reports where the file f starts work that runs beside its caller: a
// go statement; a Go method (sync.WaitGroup's, errgroup.Group's); a timer's
// function (time.AfterFunc, context.AfterFunc); an HTTP server, whose handlers run on goroutines
// of its own (httptest.NewServer and the like, http.Serve and
// ListenAndServe); a parallel test or benchmark (t.Parallel,
// b.RunParallel); a started process (an
// os/exec Cmd's Start, whose output is copied by goroutines while the caller
// goes on). It errs on the side of naming too much: a package named here
// only costs its race build.
func Scan(fset *token.FileSet, f *ast.File) []Reason {
	imported := map[string]string{} // local name → import path
	for _, spec := range f.Imports {
		p, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			continue
		}
		name := p
		for i := len(p) - 1; i >= 0; i-- {
			if p[i] == '/' {
				name = p[i+1:]
				break
			}
		}
		if spec.Name != nil {
			name = spec.Name.Name
		}
		imported[name] = p
	}
	importsExec := false
	for _, p := range imported {
		if p == "os/exec" {
			importsExec = true
		}
	}
	var reasons []Reason
	add := func(n ast.Node, what string) { reasons = append(reasons, Reason{fset.Position(n.Pos()), what}) }
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt:
			add(n, "go statement")
		case *ast.CallExpr:
			sel, ok := n.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			name := sel.Sel.Name
			if x, ok := sel.X.(*ast.Ident); ok {
				if what, ok := packageCalls[imported[x.Name]+"."+name]; ok {
					add(n, what)
					return true
				}
			}
			switch {
			case name == "Go" && len(n.Args) == 1:
				add(n, "Go method (a WaitGroup's or errgroup's goroutine)")
			case name == "Parallel" && len(n.Args) == 0:
				add(n, "parallel test")
			case name == "RunParallel" && len(n.Args) == 1:
				add(n, "parallel benchmark")
			case (name == "Serve" || name == "ServeTLS" || name == "ListenAndServe" || name == "ListenAndServeTLS") && imported["http"] == "net/http":
				add(n, "HTTP server")
			case name == "Start" && len(n.Args) == 0 && importsExec:
				add(n, "started process")
			}
		}
		return true
	})
	return reasons
}

// packageCalls are the functions of other packages that run work beside
// their caller, by import path and name.
var packageCalls = map[string]string{
	"time.AfterFunc":                       "timer function",
	"context.AfterFunc":                    "context's function",
	"net/http.Serve":                       "HTTP server",
	"net/http.ServeTLS":                    "HTTP server",
	"net/http.ListenAndServe":              "HTTP server",
	"net/http.ListenAndServeTLS":           "HTTP server",
	"net/http/httptest.NewServer":          "HTTP test server",
	"net/http/httptest.NewTLSServer":       "HTTP test server",
	"net/http/httptest.NewUnstartedServer": "HTTP test server",
}
