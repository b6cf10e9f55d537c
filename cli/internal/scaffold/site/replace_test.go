package site

import (
	"context"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"portfolio/cli/internal/stage"
)

const sampleMarker = "# The sample content\n\nSome words.\n\n- Owner: Avery Morgan\n- Address: https://averymorgan.design\n"

// sample writes a small sample content folder at dir.
func sample(t *testing.T, dir string) {
	t.Helper()
	files := map[string]string{
		SampleFile:                   sampleMarker,
		"site.yaml":                  "name: Avery Morgan\nurl: https://averymorgan.design\n",
		"projects/one/project.yaml":  "title: One\n",
		"projects/one/gallery/1.jpg": "not really a photo",
	}
	for name, data := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// tree lists every file under dir with its bytes, to compare folders.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		out[rel] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestCheckSample(t *testing.T) {
	tests := []struct {
		name   string
		change func(dir string) error
		want   string // part of the reason; "" for the sample
	}{
		{"the sample", func(string) error { return nil }, ""},
		{"a project added: the rule reads only the owner and address", func(dir string) error {
			return os.Mkdir(filepath.Join(dir, "projects", "two"), 0o755)
		}, ""},
		{"no marker", func(dir string) error { return os.Remove(filepath.Join(dir, SampleFile)) }, "it has no SAMPLE.md"},
		{"owner renamed", func(dir string) error {
			return os.WriteFile(filepath.Join(dir, "site.yaml"), []byte("name: Sam Rivera\nurl: https://averymorgan.design\n"), 0o644)
		}, `names "Sam Rivera", not the sample's owner "Avery Morgan"`},
		{"address changed", func(dir string) error {
			return os.WriteFile(filepath.Join(dir, "site.yaml"), []byte("name: Avery Morgan\nurl: https://sam.design\n"), 0o644)
		}, `has the address "https://sam.design", not the sample's "https://averymorgan.design"`},
		{"site.yaml gone", func(dir string) error { return os.Remove(filepath.Join(dir, "site.yaml")) }, "site.yaml does not exist"},
		{"site.yaml not YAML", func(dir string) error {
			return os.WriteFile(filepath.Join(dir, "site.yaml"), []byte("name: [\n"), 0o644)
		}, "cannot be read as YAML"},
		{"marker without the owner", func(dir string) error {
			return os.WriteFile(filepath.Join(dir, SampleFile), []byte("# The sample content\n"), 0o644)
		}, `lacks its "- Owner:" or "- Address:" line`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "content")
			sample(t, dir)
			if err := tt.change(dir); err != nil {
				t.Fatal(err)
			}
			err := CheckSample(dir)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("err = %v", err)
				}
				return
			}
			var ns *NotSampleError
			if !errors.As(err, &ns) || !strings.Contains(strings.Join(ns.Reasons, "\n"), tt.want) {
				t.Fatalf("err = %v, want a reason with %q", err, tt.want)
			}
		})
	}
	var missing *NoContentError
	if err := CheckSample(filepath.Join(t.TempDir(), "content")); !errors.As(err, &missing) {
		t.Errorf("no folder: err = %v", err)
	}
}

// TestTheSampleIsTheSample: the repository's own content/ is what
// --replace-sample recognises; a change to its owner or address without
// SAMPLE.md (or the other way round) fails here.
func TestTheSampleIsTheSample(t *testing.T) {
	if err := CheckSample(filepath.Join("..", "..", "..", "..", "content")); err != nil {
		t.Fatal(err)
	}
}

func TestAsideName(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "content")
	day := time.Date(2026, 11, 25, 23, 59, 0, 0, time.UTC)
	var got []string
	for range 3 {
		name, err := AsideName(dir, "sample", day)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, filepath.Base(name))
		if err := os.Mkdir(name, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"content-sample-2026-11-25", "content-sample-2026-11-25-2", "content-sample-2026-11-25-3"}
	if !slices.Equal(got, want) {
		t.Errorf("names %v, want %v", got, want)
	}
}

func TestReplace(t *testing.T) {
	parent := t.TempDir()
	dir, aside := filepath.Join(parent, "content"), filepath.Join(parent, "content-sample-2026-11-25")
	sample(t, dir)
	before := tree(t, dir)
	data := Render(mustPrepare(t, required()), SchemaRef(dir))
	res, err := Replace(context.Background(), dir, aside, data)
	if err != nil {
		t.Fatal(err)
	}
	if res.File != filepath.Join(dir, "site.yaml") || res.Projects != filepath.Join(dir, "projects") || !res.NewProjects {
		t.Errorf("result %+v", res)
	}
	for _, w := range res.Warnings {
		if !strings.HasPrefix(w.File, dir) {
			t.Errorf("warning names %s, not a file in %s", w.File, dir)
		}
	}
	if got := tree(t, aside); !maps.Equal(got, before) {
		t.Errorf("the sample moved aside changed:\n%v\nwant\n%v", got, before)
	}
	after := tree(t, dir)
	if len(after) != 1 || after["site.yaml"] != string(data) {
		t.Errorf("new content: %v", after)
	}
	if fi, err := os.Stat(res.Projects); err != nil || !fi.IsDir() {
		t.Errorf("projects: %v", err)
	}
	if hidden := hiddenEntries(t, parent); len(hidden) > 0 {
		t.Errorf("left behind: %v", hidden)
	}
}

// TestReplaceChangesNothing: a cancelled run, an invalid file and a taken
// aside name each leave the sample where it was and nothing else behind.
func TestReplaceChangesNothing(t *testing.T) {
	valid := Render(mustPrepare(t, required()), "../schema/site.schema.json")
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name    string
		ctx     context.Context
		data    []byte
		takeDir bool // the aside name exists by the time of the move
		check   func(error) bool
	}{
		{"cancelled", cancelled, valid, false, func(err error) bool { return errors.Is(err, context.Canceled) }},
		{"invalid", context.Background(), []byte("name: Sam\n"), false, func(err error) bool {
			var invalid *stage.InvalidError
			return errors.As(err, &invalid)
		}},
		{"aside taken", context.Background(), valid, true, func(err error) bool { return errors.Is(err, fs.ErrExist) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			parent := t.TempDir()
			dir, aside := filepath.Join(parent, "content"), filepath.Join(parent, "content-sample-2026-11-25")
			sample(t, dir)
			before := tree(t, dir)
			if tt.takeDir {
				if err := os.Mkdir(aside, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			_, err := Replace(tt.ctx, dir, aside, tt.data)
			if !tt.check(err) {
				t.Fatalf("err = %v", err)
			}
			var invalid *stage.InvalidError
			if errors.As(err, &invalid) {
				for _, d := range invalid.Diagnostics {
					if !strings.HasPrefix(d.File, dir) {
						t.Errorf("problem named at %s, not in %s", d.File, dir)
					}
				}
			}
			if got := tree(t, dir); !maps.Equal(got, before) {
				t.Errorf("content changed: %v", got)
			}
			if hidden := hiddenEntries(t, parent); len(hidden) > 0 {
				t.Errorf("left behind: %v", hidden)
			}
			if _, err := os.Stat(aside); err == nil && !tt.takeDir {
				t.Errorf("%s made", aside)
			}
		})
	}
}

func mustPrepare(t *testing.T, s Site) Site {
	t.Helper()
	s, err := Prepare(s)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func hiddenEntries(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			out = append(out, e.Name())
		}
	}
	return out
}
