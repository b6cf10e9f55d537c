//go:build unix

package gallery

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/imagecheck/imagetest"
)

// Environment of a child process: the content folder it edits and the
// step at which it stops and waits to be killed.
const (
	childDirEnv  = "GALLERY_TEST_CHILD_DIR"
	childStepEnv = "GALLERY_TEST_CHILD_STEP"
)

func TestMain(m *testing.M) {
	if dir := os.Getenv(childDirEnv); dir != "" {
		stop, _ := strconv.Atoi(os.Getenv(childStepEnv))
		err := reorder(dir, func(step int, what string) {
			if step == stop {
				if err := os.WriteFile(filepath.Join(dir, "stopped"), []byte(what), 0o644); err != nil {
					panic(err) // the parent test sees the child end before its step
				}
				time.Sleep(time.Hour) // wait for SIGKILL (select{} alone would be a detected deadlock)
			}
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// reorder is the change the crash test interrupts: an image added at 2, the
// first moved last, a caption set.
func reorder(dir string, hook Hook) error {
	g, err := Open(dir, "harbour")
	if err != nil {
		return err
	}
	if err := g.Move(1, 4); err != nil {
		return err
	}
	if err := g.Insert(2, filepath.Join(dir, "new.jpg")); err != nil {
		return err
	}
	if err := g.SetText(5, "", "Moved last"); err != nil {
		return err
	}
	_, err = g.Apply(context.Background(), hook)
	return err
}

// A real process killed with SIGKILL before each step of a reorder leaves
// every image present exactly once, and the next Open finishes the job (or,
// killed before the journal was written, leaves the gallery as it was).
func TestKilledReorderRecovers(t *testing.T) {
	before := []string{"01.jpg:101", "02.jpg:102", "03.png:103", "04.jpg:104"}
	after := []string{"01.jpg:102", "02.jpg:200", "03.png:103", "04.jpg:104", "05.jpg:101"}

	// A run to the end, counting the steps.
	dir := crashFixture(t)
	var steps []string
	if err := reorder(dir, func(_ int, what string) { steps = append(steps, what) }); err != nil {
		t.Fatal(err)
	}
	if got := state(t, dir); !slices.Equal(got, after) {
		t.Fatalf("an uninterrupted run gave %v, want %v", got, after)
	}
	commit := slices.Index(steps, "write the journal")
	if len(steps) < 10 || commit < 0 {
		t.Fatalf("steps = %q", steps)
	}

	for k, what := range steps {
		t.Run(fmt.Sprintf("%02d %s", k, what), func(t *testing.T) {
			dir := crashFixture(t)
			child := exec.Command(os.Args[0], "-test.run=^$")
			child.Env = append(os.Environ(), childDirEnv+"="+dir, childStepEnv+"="+strconv.Itoa(k))
			var stderr strings.Builder
			child.Stderr = &stderr
			if err := child.Start(); err != nil {
				t.Fatal(err)
			}
			deadline := time.Now().Add(30 * time.Second)
			for {
				if _, err := os.Stat(filepath.Join(dir, "stopped")); err == nil {
					break
				}
				if time.Now().After(deadline) {
					_ = child.Process.Kill() // it may have ended already
					_ = child.Wait()         // killed: the error is the signal
					t.Fatalf("the child never reached step %d: %s", k, stderr.String())
				}
				time.Sleep(time.Millisecond)
			}
			if err := child.Process.Signal(syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			_ = child.Wait() // killed: the error is the signal
			if ws, ok := child.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
				t.Fatalf("the child was not killed: %v %s", child.ProcessState, stderr.String())
			}

			// Every image is present exactly once, under some name, right now.
			assertOnce(t, dir, k > commit)

			// Until then, validate says so (and the build stops).
			if k > commit {
				_, diags, _ := content.Load(dir, content.Options{})
				found := false
				for _, d := range diags {
					found = found || d.Message == "a `portfolio gallery` change to this project was interrupted"
				}
				if !found {
					t.Errorf("validate does not report the interrupted change: %v", diags)
				}
			}

			// The next run finishes (or discards) the change.
			g, err := Open(dir, "harbour")
			if err != nil {
				t.Fatal(err)
			}
			want := before
			if k > commit {
				want = after
			}
			if got := state(t, dir); !slices.Equal(got, want) {
				t.Errorf("after recovery the gallery is %v, want %v", got, want)
			}
			if k > commit && !g.Recovered {
				t.Errorf("Open did not report finishing the change")
			}
			if _, err := os.Stat(filepath.Join(dir, "projects/harbour", JournalFile)); err == nil {
				t.Error("the journal is still there")
			}
			_, diags, err := content.Load(dir, content.Options{})
			if err != nil || diags.Errors() > 0 {
				t.Fatalf("the project is not valid after recovery: %v\n%v", err, diags)
			}
			caption := strings.Contains(readFile(t, filepath.Join(dir, "projects/harbour/project.yaml")), "caption: Moved last")
			if caption != (k > commit) {
				t.Errorf("project.yaml has the caption: %v, want %v", caption, k > commit)
			}
		})
	}
}

func crashFixture(t *testing.T) string {
	dir := fixture(t, 4)
	if err := os.WriteFile(filepath.Join(dir, "new.jpg"), imagetest.JPEG(200, 40), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// assertOnce checks that each image of the gallery (known by its width) is
// in the gallery folder exactly once, whatever its name; the added image
// may be there once or not at all until the change is committed.
func assertOnce(t *testing.T, dir string, committed bool) {
	t.Helper()
	count := map[string]int{}
	for _, s := range state(t, dir) {
		_, width, _ := strings.Cut(s, ":")
		count[width]++
	}
	for _, w := range []string{"101", "102", "103", "104"} {
		if count[w] != 1 {
			t.Errorf("image %s is present %d times: %v", w, count[w], state(t, dir))
		}
	}
	if count["200"] > 1 || committed && count["200"] != 1 {
		t.Errorf("the added image is present %d times: %v", count["200"], state(t, dir))
	}
}

func readFile(t *testing.T, path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
