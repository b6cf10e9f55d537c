package racecheck_test

import (
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"portfolio/cli/internal/racecheck"
)

func TestScan(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // "line:what"
	}{
		{"nothing concurrent", `package p
import "os/exec"
func f() { _ = exec.Command("true").Run(); var ch chan int; _ = ch }`, nil},
		{"go statement", `package p
func f() {
	go g()
	go func() {}()
}
func g() {}`, []string{"3:go statement", "4:go statement"}},
		{"WaitGroup.Go", `package p
import "sync"
func f() { var wg sync.WaitGroup; wg.Go(func() {}); wg.Wait() }`, []string{"3:Go method (a WaitGroup's or errgroup's goroutine)"}},
		{"errgroup's Go", `package p
import "golang.org/x/sync/errgroup"
func f() error { var g errgroup.Group; g.Go(func() error { return nil }); return g.Wait() }`, []string{"3:Go method (a WaitGroup's or errgroup's goroutine)"}},
		{"timers", `package p
import ("context"; "time")
func f(ctx context.Context) { time.AfterFunc(time.Second, func() {}); context.AfterFunc(ctx, func() {}) }`, []string{"3:timer function", "3:context's function"}},
		{"a renamed import", `package p
import clock "time"
func f() { clock.AfterFunc(clock.Second, func() {}) }`, []string{"3:timer function"}},
		{"another package's AfterFunc", `package p
import "example.com/time"
func f() { time.AfterFunc(1, nil) }`, nil},
		{"HTTP test server", `package p
import ("net/http"; "net/http/httptest")
func f() { s := httptest.NewServer(http.NotFoundHandler()); s.Close() }`, []string{"3:HTTP test server"}},
		{"HTTP server", `package p
import ("net"; "net/http")
func f(l net.Listener) { srv := &http.Server{}; _ = srv.Serve(l); _ = http.ListenAndServe(":0", nil) }`, []string{"3:HTTP server", "3:HTTP server"}},
		{"Serve without net/http", `package p
type s struct{}
func (s) Serve() {}
func f() { s{}.Serve() }`, nil},
		{"parallel test and benchmark", `package p
import "testing"
func TestX(t *testing.T) { t.Parallel() }
func BenchmarkX(b *testing.B) { b.RunParallel(func(pb *testing.PB) {}) }`, []string{"3:parallel test", "4:parallel benchmark"}},
		{"started process", `package p
import "os/exec"
func f() { c := exec.Command("sleep", "1"); _ = c.Start(); _ = c.Wait() }`, []string{"3:started process"}},
		{"Start without os/exec", `package p
type timer struct{}
func (timer) Start() {}
func f() { timer{}.Start() }`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "p.go", tt.src, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range racecheck.Scan(fset, f) {
				got = append(got, strings.Join([]string{strconv.Itoa(r.Pos.Line), r.What}, ":"))
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("Scan:\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}
