package generate

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/iostreams"
)

const fixture = "../../tsgen/testdata/content"

func TestRunWritesAndChecks(t *testing.T) {
	out := filepath.Join(t.TempDir(), "gen", "content.ts")
	ios, _, stdout, _ := iostreams.Test()
	if err := Run(&Options{IO: ios, ContentDir: fixture, Out: out}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout.String(), "wrote "+out+": site settings and 2 projects") {
		t.Errorf("stdout = %q", stdout.String())
	}
	first, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(filepath.Dir(out))
	if len(entries) != 1 {
		t.Errorf("the output folder holds %d files, want only the module (no temp files)", len(entries))
	}

	ios, _, stdout, _ = iostreams.Test()
	if err := Run(&Options{IO: ios, ContentDir: fixture, Out: out, Check: true}); err != nil {
		t.Fatalf("--check right after generate: %v", err)
	}

	if err := os.WriteFile(out, append(first, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	ios, _, _, stderr := iostreams.Test()
	err = Run(&Options{IO: ios, ContentDir: fixture, Out: out, Check: true})
	if !errors.Is(err, cmdutil.ErrInvalid) || !strings.Contains(stderr.String(), "is out of date") {
		t.Fatalf("stale file: err = %v, stderr = %q", err, stderr.String())
	}
}

func TestRunInvalidWritesNothing(t *testing.T) {
	out := filepath.Join(t.TempDir(), "content.ts")
	ios, _, stdout, stderr := iostreams.Test()
	err := Run(&Options{IO: ios, ContentDir: filepath.Join(t.TempDir(), "missing"), Out: out})
	if !errors.Is(err, cmdutil.ErrInvalid) {
		t.Fatalf("err = %v, want ErrInvalid", err)
	}
	if _, statErr := os.Stat(out); !os.IsNotExist(statErr) {
		t.Errorf("%s was written for invalid content", out)
	}
	if !strings.Contains(stdout.String(), "content folder not found") || !strings.Contains(stderr.String(), "not written") {
		t.Errorf("stdout %q stderr %q", stdout.String(), stderr.String())
	}
}
