package serve

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/messages"
)

// builtSite writes a minimal built site (as `portfolio build` leaves it).
func builtSite(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range map[string]string{
		"dist/index.html":    "<!doctype html><h1>Home</h1>",
		"dist/404.html":      "<!doctype html><h1>404</h1>",
		"dist/_headers.json": `[{"path": "/*", "headers": [{"name": "X-Frame-Options", "value": "DENY"}]}]`,
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

type running struct {
	addr   string
	stop   context.CancelFunc
	result chan error
}

func serve(t *testing.T, siteDir, dataDir string) running {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ios, _, out, _ := iostreams.Test()
	ready := make(chan string, 1)
	r := running{stop: cancel, result: make(chan error, 1)}
	go func() {
		r.result <- Run(&Options{IO: ios, Ctx: ctx, SiteDir: siteDir, DataDir: dataDir, Addr: "127.0.0.1:0", NoBuild: true, Ready: func(a string) { ready <- a }})
	}()
	select {
	case r.addr = <-ready:
	case err := <-r.result:
		t.Fatalf("serve ended before listening: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not start")
	}
	t.Cleanup(cancel)
	_ = out
	return r
}

func (r running) wait(t *testing.T) {
	t.Helper()
	select {
	case err := <-r.result:
		if !errors.Is(err, cmdutil.ErrStopped) {
			t.Fatalf("serve returned %v, want a clean stop", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop")
	}
}

func count(t *testing.T, dataDir string) int {
	t.Helper()
	s, err := messages.Open(dataDir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	n, err := s.Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func body(i int) string {
	return url.Values{"form-name": {"contact"}, "bot-field": {""}, "name": {"Ada"}, "email": {"ada@example.com"}, "message": {fmt.Sprintf("message %d", i)}}.Encode()
}

func TestMessagesSurviveARestart(t *testing.T) {
	site, data := builtSite(t), t.TempDir()
	for round := 1; round <= 2; round++ {
		r := serve(t, site, data)
		res, err := http.Post("http://"+r.addr+"/", "application/x-www-form-urlencoded", strings.NewReader(body(round)))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 200 {
			t.Fatalf("round %d: status %d", round, res.StatusCode)
		}
		r.stop()
		r.wait(t)
		if n := count(t, data); n != round {
			t.Fatalf("after round %d: %d messages stored, want %d", round, n, round)
		}
	}
}

// A message whose upload is still arriving when Ctrl-C comes is received,
// answered and stored before the server stops.
func TestStopKeepsTheMessageInFlight(t *testing.T) {
	site, data := builtSite(t), t.TempDir()
	r := serve(t, site, data)
	conn, err := net.Dial("tcp", r.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	b := body(1)
	half := len(b) / 2
	fmt.Fprintf(conn, "POST / HTTP/1.1\r\nHost: %s\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n%s", r.addr, len(b), b[:half])
	time.Sleep(100 * time.Millisecond) // the server is reading the body now

	r.stop()
	time.Sleep(100 * time.Millisecond) // shutting down: no new connections
	if _, err := net.DialTimeout("tcp", r.addr, time.Second); err == nil {
		t.Error("the server still accepts connections while stopping")
	}
	fmt.Fprint(conn, b[half:])
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer to the message in flight: %v", err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("message in flight: status %d, want 200", res.StatusCode)
	}
	r.wait(t)
	if n := count(t, data); n != 1 {
		t.Fatalf("%d messages stored, want 1", n)
	}
}

func TestRefusesAnAddressInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	ios, _, _, _ := iostreams.Test()
	err = Run(&Options{IO: ios, Ctx: context.Background(), SiteDir: builtSite(t), DataDir: t.TempDir(), Addr: ln.Addr().String(), NoBuild: true})
	if err == nil || !strings.Contains(err.Error(), "already in use") || !strings.Contains(err.Error(), "--addr") {
		t.Fatalf("err = %v, want it to say the address is in use and how to choose another", err)
	}
}

// A built site is served as it is wherever it lies, named itself (a copy
// of site/dist, a deploy artifact, a yardstick) or by the folder above it
// (the site's project folder, as `portfolio build` leaves it).
func TestServesABuiltSiteAsItIs(t *testing.T) {
	site := builtSite(t)
	for _, dir := range []string{filepath.Join(site, "dist"), site} {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			r := serve(t, dir, t.TempDir())
			res, err := http.Get("http://" + r.addr + "/")
			if err != nil {
				t.Fatal(err)
			}
			page, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != 200 || !strings.Contains(string(page), "<h1>Home</h1>") || res.Header.Get("X-Frame-Options") != "DENY" {
				t.Errorf("GET /: %d, X-Frame-Options %q, %q; want 200, DENY and the home page", res.StatusCode, res.Header.Get("X-Frame-Options"), page)
			}
			r.stop()
			r.wait(t)
		})
	}
}

// A folder that is not a built site is refused before anything is
// written, with what it lacks and what to do.
func TestNeedsABuiltSite(t *testing.T) {
	write := func(t *testing.T, files ...string) string {
		dir := t.TempDir()
		for _, f := range files {
			p := filepath.Join(dir, f)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte("[]"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	tests := []struct {
		name   string
		files  []string
		want   string // after the folder's name
		inDist bool   // the message names dir/dist
	}{
		{"empty folder", nil, " is not a built site: it has no index.html or _headers.json, and no dist folder that has them", false},
		{"a page only", []string{"index.html"}, " is not a built site: it has no _headers.json, and no dist folder that has them", false},
		{"the site's sources", []string{"index.html", "package.json"}, " is not a built site: it has no _headers.json, and no dist folder that has them", false},
		{"headers only", []string{"_headers.json"}, " is not a built site: it has no index.html, and no dist folder that has them", false},
		{"a dist without headers", []string{"package.json", "dist/index.html"}, " is not a built site: it has no _headers.json", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := write(t, tt.files...)
			data := filepath.Join(t.TempDir(), "data")
			ios, _, _, _ := iostreams.Test()
			err := Run(&Options{IO: ios, Ctx: context.Background(), SiteDir: dir, DataDir: data, Addr: "127.0.0.1:0", NoBuild: true})
			named := dir
			if tt.inDist {
				named = filepath.Join(dir, "dist")
			}
			if err == nil || !strings.Contains(err.Error(), named+tt.want) || !strings.Contains(err.Error(), "portfolio build") {
				t.Fatalf("err = %v\nwant it to contain %q and say to run portfolio build", err, named+tt.want)
			}
			if _, err := os.Stat(data); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("the messages folder was made (%v)", err)
			}
		})
	}
}

// --site naming a built site without --no-build is a usage error that
// says to add it: a build needs the site's sources in the repository.
func TestBuildingNeedsTheSitesSources(t *testing.T) {
	site := filepath.Join(builtSite(t), "dist")
	t.Chdir(t.TempDir()) // outside any repository
	for _, tt := range []struct {
		args []string
		want string // "" when the command runs
	}{
		{[]string{"--no-build", "--site", site}, ""},
		{[]string{"--site", site}, "is a built site: add --no-build to serve it as it is"},
	} {
		ios, _, _, _ := iostreams.Test()
		ran := false
		cmd := NewCmdServe(&cmdutil.Factory{IOStreams: ios}, func(*Options) error { ran = true; return nil })
		cmd.Flags().String("content", content.DefaultDir, "") // the root's flag (cli/internal/app)
		cmd.SetArgs(tt.args)
		cmd.SetOut(io.Discard)
		cmd.SetErr(io.Discard)
		err := cmd.Execute()
		var usage *cmdutil.UsageError
		switch {
		case tt.want == "" && (err != nil || !ran):
			t.Errorf("%v: err = %v, ran = %v; want it to run", tt.args, err, ran)
		case tt.want != "" && (!errors.As(err, &usage) || !strings.Contains(err.Error(), tt.want) || ran):
			t.Errorf("%v: err = %v, ran = %v; want a usage error containing %q", tt.args, err, ran, tt.want)
		}
	}
}

// serve takes --port as dev does, and --addr; both name the same port or
// the command stops at a usage error.
func TestListenFlags(t *testing.T) {
	site := filepath.Join(builtSite(t), "dist")
	t.Chdir(t.TempDir())
	for _, tt := range []struct {
		args []string
		addr string // "" when a usage error containing err is expected
		err  string
	}{
		{args: nil, addr: "127.0.0.1:8080"},
		{args: []string{"--port", "3000"}, addr: "127.0.0.1:3000"},
		{args: []string{"--addr", "0.0.0.0:3000"}, addr: "0.0.0.0:3000"},
		{args: []string{"--addr", "127.0.0.1:3000", "--port", "3000"}, addr: "127.0.0.1:3000"},
		{args: []string{"--addr", "127.0.0.1:3000", "--port", "4000"}, err: "--addr 127.0.0.1:3000 and --port 4000 name different ports"},
		{args: []string{"--port", "0"}, err: "--port 0: a port is a number from 1 to 65535"},
	} {
		ios, _, _, _ := iostreams.Test()
		var got *Options
		cmd := NewCmdServe(&cmdutil.Factory{IOStreams: ios}, func(o *Options) error { got = o; return nil })
		cmd.Flags().String("content", content.DefaultDir, "") // the root's flag (cli/internal/app)
		cmd.SetArgs(append([]string{"--no-build", "--site", site}, tt.args...))
		cmd.SetOut(io.Discard)
		cmd.SetErr(io.Discard)
		err := cmd.Execute()
		var usage *cmdutil.UsageError
		switch {
		case tt.addr != "" && (err != nil || got == nil || got.Addr != tt.addr):
			t.Errorf("%v: err = %v, options %+v; want it to listen on %s", tt.args, err, got, tt.addr)
		case tt.addr == "" && (!errors.As(err, &usage) || !strings.Contains(err.Error(), tt.err) || got != nil):
			t.Errorf("%v: err = %v; want a usage error containing %q", tt.args, err, tt.err)
		}
	}
}
