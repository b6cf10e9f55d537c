//go:build unix

package images

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/imagecheck/imagetest"
)

// childEnv names the fixture folder a child process works on; see TestMain.
const childEnv = "IMAGES_TEST_CHILD_DIR"

func TestMain(m *testing.M) {
	if dir := os.Getenv(childEnv); dir != "" {
		if err := runChild(dir); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// runChild processes dir/src the way the fixture does, one image at a time.
func runChild(dir string) error {
	entries, err := os.ReadDir(filepath.Join(dir, "src"))
	if err != nil {
		return err
	}
	var sources []Source
	for _, e := range entries {
		path := filepath.Join(dir, "src", e.Name())
		info, err := imagecheck.File(path, imagecheck.DefaultMaxPixels)
		if err != nil {
			return err
		}
		sources = append(sources, Source{Rel: "projects/p/" + e.Name(), Path: path, Info: info})
	}
	_, err = Run(context.Background(), sources, Options{
		Widths: []int{100, 200, 400}, Quality: 80, Workers: 1,
		OutDir: filepath.Join(dir, "out"), CacheDir: filepath.Join(dir, "cache"),
	})
	return err
}

// A run killed with SIGKILL (no chance to clean up) in the middle of its
// work leaves no corrupt variant; the next run removes its temporary files
// and completes the work.
func TestKilledRunRecovers(t *testing.T) {
	f := newFixture(t)
	for i := range 6 {
		f.add(fmt.Sprintf("%02d.jpg", i), imagetest.JPEG(400+i, 300))
	}
	child := exec.Command(os.Args[0], "-test.run=^$")
	child.Env = append(os.Environ(), childEnv+"="+f.dir)
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	// Kill it in the middle of its second image: one image has 6 variants,
	// and its cache entry is written before the next image starts.
	deadline := time.Now().Add(time.Minute)
	for {
		entries, _ := os.ReadDir(f.opts.OutDir)
		if len(entries) >= 9 {
			break
		}
		if time.Now().After(deadline) {
			_ = child.Process.Kill() // it may have ended already
			t.Fatal("the child wrote nothing within a minute")
		}
		time.Sleep(2 * time.Millisecond)
	}
	if err := child.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	err := child.Wait()
	if ws, ok := child.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
		t.Fatalf("the child was not killed mid-run (%v): make the fixture bigger", err)
	}
	// Whatever the killed run left under final names decodes.
	entries, _ := os.ReadDir(f.opts.OutDir)
	for _, e := range entries {
		if !strings.Contains(e.Name(), ".tmp-") {
			assertDecodes(t, filepath.Join(f.opts.OutDir, e.Name()))
		}
	}

	res := f.run()
	if len(res.Failures) > 0 || res.Summary.Made+res.Summary.Reused != len(f.sources) {
		t.Fatalf("the next run did not complete: %+v, failures %v", res.Summary, res.Failures)
	}
	if res.Summary.Reused < 1 {
		t.Errorf("the next run reused nothing the killed run had finished: %+v", res.Summary)
	}
	assertClean(t, f.opts.OutDir, f.opts.CacheDir)
	for _, img := range res.Manifest.Images {
		for _, v := range img.Variants {
			decodeVariant(t, v, f.read(v))
		}
	}
}
