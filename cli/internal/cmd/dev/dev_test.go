package dev

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/image/webp"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content/contenttest"
	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/iostreams"
)

// syncBuffer is an output the watcher writes while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func writeFile(t *testing.T, name, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	// Through a temporary file, as editors save: the watcher never sees half a file.
	if err := os.WriteFile(name+".tmp", []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(name+".tmp", name); err != nil {
		t.Fatal(err)
	}
}

// eventually waits for ok, polling. The deadline only bounds a watcher
// that never gets there: the first regeneration makes the images and
// social cards, which under the race detector on a loaded 2-core machine
// took more than 20 s (.ci/test's race step failed so, twice).
func eventually(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting until %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func module(t *testing.T) string {
	t.Helper()
	b, _ := os.ReadFile(filepath.Join("site", "src", "generated", "content.ts"))
	return string(b)
}

// contentFolder makes a fresh current folder with a content folder of one
// project, alpha, whose cover is w×h, and site.yaml's text; the streams'
// output goes to the log the test reads.
func contentFolder(t *testing.T, siteYAML string, w, h int) (*iostreams.IOStreams, *syncBuffer) {
	t.Helper()
	t.Chdir(t.TempDir())
	writeFile(t, "content/site.yaml", siteYAML)
	writeFile(t, "content/projects/alpha/project.yaml", contenttest.Project("Alpha"))
	if err := os.WriteFile("content/projects/alpha/cover.jpg", imagetest.JPEG(w, h), 0o644); err != nil {
		t.Fatal(err)
	}
	ios, _, _, _ := iostreams.Test()
	log := &syncBuffer{}
	ios.Out, ios.ErrOut = log, log
	return ios, log
}

// The watcher regenerates on a change, keeps the last good module while the
// content is broken, and picks up the fix.
func TestRegeneratesOnChangeAndKeepsTheLastGoodModule(t *testing.T) {
	ios, log := contentFolder(t, contenttest.Site, 60, 40)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Run(&Options{IO: ios, Ctx: ctx, ContentDir: "content", SiteDir: "site", Watch: []string{"content"}, Interval: 50 * time.Millisecond, NoVite: true})
	}()
	defer cancel()

	eventually(t, "the first module is written", func() bool { return strings.Contains(module(t), "title: 'Alpha'") })
	eventually(t, "the watcher runs", func() bool { return strings.Contains(log.String(), "watching content") })

	writeFile(t, "content/projects/alpha/project.yaml", contenttest.Project("Alpha Renamed"))
	eventually(t, "the new title is in the module", func() bool { return strings.Contains(module(t), "title: 'Alpha Renamed'") })

	good := module(t)
	writeFile(t, "content/projects/alpha/project.yaml", "title: [unclosed\n")
	eventually(t, "the problem is reported", func() bool { return strings.Contains(log.String(), "keeps the last good content") })
	if !strings.Contains(log.String(), "project.yaml:1:") {
		t.Errorf("the problem does not name the file and line:\n%s", log.String())
	}
	if module(t) != good {
		t.Error("the module changed while the content was broken")
	}

	writeFile(t, "content/projects/alpha/project.yaml", contenttest.Project("Alpha Fixed"))
	eventually(t, "the fix is picked up", func() bool { return strings.Contains(module(t), "title: 'Alpha Fixed'") })

	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, cmdutil.ErrStopped) {
			t.Fatalf("Run = %v, want a clean stop", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("dev did not stop")
	}
}

func TestDiff(t *testing.T) {
	t0 := time.Unix(0, 0)
	before := map[string]stamp{"a": {1, t0}, "b": {1, t0}, "c": {1, t0}}
	after := map[string]stamp{"a": {1, t0}, "b": {2, t0}, "d": {1, t0}}
	got := diff(before, after)
	want := []string{"b", "c", "d"}
	if describe(got) != "b and 2 more" || len(got) != len(want) {
		t.Errorf("diff = %v, want %v", got, want)
	}
	if len(diff(before, before)) != 0 {
		t.Error("no change reported as a change")
	}
}

// With images.delivery: netlify, the module's image addresses are the
// Image CDN's, and the Image CDN dev starts answers them from the
// originals the images step published, in the format the browser accepts.
func TestImageCDNAnswersTheModulesAddresses(t *testing.T) {
	ios, log := contentFolder(t, contenttest.Site+"images:\n  delivery: netlify\n", 600, 400)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addr := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- Run(&Options{IO: ios, Ctx: ctx, ContentDir: "content", SiteDir: "site", Watch: []string{"content"},
			Interval: 50 * time.Millisecond, NoVite: true, ImagesReady: func(a string) { addr <- a }})
	}()
	var cdn string
	select {
	case cdn = <-addr:
	case err := <-done:
		t.Fatalf("dev stopped: %v\n%s", err, log.String())
	case <-time.After(60 * time.Second):
		t.Fatalf("no Image CDN started:\n%s", log.String())
	}
	src := regexp.MustCompile(`src: '(/\.netlify/images\?url=[^']+&w=(\d+))'`).FindStringSubmatch(module(t))
	if src == nil {
		t.Fatalf("the module has no Image CDN address:\n%s", module(t))
	}
	req, _ := http.NewRequest("GET", "http://"+cdn+src[1], nil)
	req.Header.Set("Accept", "image/avif,image/webp,*/*")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/webp" || res.Header.Get("Vary") != "Accept" {
		t.Fatalf("%s: %d %s, Vary %q: %.80q", src[1], res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Vary"), body)
	}
	if cfg, err := webp.DecodeConfig(bytes.NewReader(body)); err != nil || strconv.Itoa(cfg.Width) != src[2] {
		t.Errorf("the answer is %dx%d (%v), want the width the address names (%s)", cfg.Width, cfg.Height, err, src[2])
	}
	cancel()
	if err := <-done; !errors.Is(err, cmdutil.ErrStopped) {
		t.Errorf("Run = %v, want a clean stop", err)
	}
}

// dev takes --addr as serve does, and --port; what cannot work together is
// a usage error before anything starts. The editor has no server of its own
// since Sveltia CMS (decision 0120): --editor-port is no flag.
func TestListenFlags(t *testing.T) {
	t.Chdir(".") // EnterSiteRepo moves to the repository's root
	ios, _, _, _ := iostreams.Test()
	if NewCmdDev(&cmdutil.Factory{IOStreams: ios}, nil).Flags().Lookup("editor-port") != nil {
		t.Error("dev has --editor-port: the editor's local mode is the browser's, no server's port to set")
	}
	type where struct {
		host string
		port int
	}
	for _, tt := range []struct {
		args []string
		want where  // when err is ""
		err  string // a usage error containing it
	}{
		{args: nil, want: where{"localhost", 5173}},
		{args: []string{"--port", "3000"}, want: where{"localhost", 3000}},
		{args: []string{"--addr", "0.0.0.0:3000"}, want: where{"0.0.0.0", 3000}},
		{args: []string{"--addr", "127.0.0.1:3000", "--port", "3000"}, want: where{"127.0.0.1", 3000}},
		{args: []string{"--editor"}, want: where{"localhost", 5173}},
		{args: []string{"--editor", "--addr", "[::1]:3000"}, want: where{"::1", 3000}},
		{args: []string{"--addr", "localhost:3000", "--port", "4000"}, err: "--addr localhost:3000 and --port 4000 name different ports"},
		{args: []string{"--port", "65536"}, err: "--port 65536: a port is a number from 1 to 65535"},
		{args: []string{"--editor", "--addr", "0.0.0.0:5173"}, err: "--editor with --addr 0.0.0.0: the editor saves into this repository, so it listens on this computer only"},
	} {
		ios, _, _, _ := iostreams.Test()
		var got *Options
		cmd := NewCmdDev(&cmdutil.Factory{IOStreams: ios}, func(o *Options) error { got = o; return nil })
		cmd.Flags().String("content", "content", "") // the root's flag (cli/internal/app)
		cmd.SetArgs(tt.args)
		cmd.SetOut(io.Discard)
		cmd.SetErr(io.Discard)
		err := cmd.Execute()
		var usage *cmdutil.UsageError
		switch {
		case tt.err == "" && (err != nil || got == nil):
			t.Errorf("%v: err = %v; want it to run", tt.args, err)
		case tt.err == "" && (where{got.Host, got.Port} != tt.want):
			t.Errorf("%v: listens at %+v, want %+v", tt.args, where{got.Host, got.Port}, tt.want)
		case tt.err != "" && (!errors.As(err, &usage) || !strings.Contains(err.Error(), tt.err) || got != nil):
			t.Errorf("%v: err = %v; want a usage error containing %q", tt.args, err, tt.err)
		}
	}
}
