package initcmd

import (
	"context"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/scaffold/site"
)

var day = func() time.Time { return time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC) }

// sampleFiles is a small sample content folder: its marker, a site.yaml
// naming the marker's owner and address, one project.
var sampleFiles = map[string]string{
	site.SampleFile:             "# The sample content\n\n- Owner: Avery Morgan\n- Address: https://averymorgan.design\n",
	"site.yaml":                 "name: Avery Morgan\nurl: https://averymorgan.design\n",
	"projects/one/project.yaml": "title: One\n",
}

// inSample runs in a fresh folder holding content/ with files.
func inSample(t *testing.T, files map[string]string) {
	t.Helper()
	t.Chdir(t.TempDir())
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // drafts
	for name, data := range files {
		path := filepath.Join("content", name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// files lists the files under dir with their bytes.
func files(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		out[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestReplaceSample replaces the sample without asking, then runs the
// command it printed to get the sample back: the sample returns byte for
// byte, and the owner's content moves aside, with the command that brings
// it back; nothing is deleted on the way.
func TestReplaceSample(t *testing.T) {
	inSample(t, sampleFiles)
	ios, _, out, errOut := iostreams.Test()
	err := Run(context.Background(), &Options{IO: ios, Dir: "content", Site: required(), Yes: true, ReplaceSample: true, Now: day})
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut)
	}
	for _, want := range []string{
		"✓ moved the sample content to content-sample-2026-11-25/, which the build does not read\n",
		"  to get it back: portfolio init --restore-sample\n",
		"✓ created content/site.yaml\n", "✓ created content/projects/ (empty)\n", "✓ content/site.yaml is valid\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	if got := files(t, "content-sample-2026-11-25"); !maps.Equal(got, sampleFiles) {
		t.Errorf("the sample moved aside is %v", got)
	}
	data, _ := os.ReadFile("content/site.yaml")
	if !strings.HasPrefix(string(data), "# yaml-language-server: $schema=") || !strings.Contains(string(data), "name: Avery Morgan\n") {
		t.Errorf("site.yaml:\n%s", data)
	}
	mine := files(t, "content")
	out.Reset()
	if err := Run(context.Background(), &Options{IO: ios, Dir: "content", Yes: true, RestoreSample: true, Now: day}); err != nil {
		t.Fatalf("portfolio init --restore-sample: %v\n%s", err, errOut)
	}
	if got := files(t, "content"); !maps.Equal(got, sampleFiles) {
		t.Errorf("after --restore-sample, content/ is %v", got)
	}
	if got := files(t, "content-replaced-2026-11-25"); !maps.Equal(got, mine) {
		t.Errorf("the owner's content moved aside is %v, want %v", got, mine)
	}
	for _, want := range []string{
		"✓ moved your content to content-replaced-2026-11-25/, which the build does not read\n",
		"✓ moved content-sample-2026-11-25/ back to content/\n",
		"  to get yours back: portfolio init --restore content-replaced-2026-11-25\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	out.Reset()
	if err := Run(context.Background(), &Options{IO: ios, Dir: "content", Yes: true, Restore: "content-replaced-2026-11-25", Now: day}); err != nil {
		t.Fatalf("portfolio init --restore: %v\n%s", err, errOut)
	}
	if got := files(t, "content"); !maps.Equal(got, mine) {
		t.Errorf("after --restore, content/ is %v", got)
	}
	if got := files(t, "content-sample-2026-11-25"); !maps.Equal(got, sampleFiles) {
		t.Errorf("the sample moved aside again is %v", got)
	}
	if !strings.Contains(out.String(), "  to get it back: portfolio init --restore-sample\n") {
		t.Errorf("stdout:\n%s", out)
	}
}

// TestReplaceSampleRefuses: each refusal says why and changes nothing.
func TestReplaceSampleRefuses(t *testing.T) {
	mine := maps.Clone(sampleFiles)
	mine["site.yaml"] = "name: Sam Rivera\nurl: https://averymorgan.design\n"
	tests := []struct {
		name     string
		files    map[string]string
		opts     Options
		input    string
		wantErr  error
		wantCode int
		want     []string // in stderr
	}{
		{"not the sample", mine, Options{Yes: true}, "", cmdutil.ErrInvalid, 1, []string{
			"error: content does not look like the sample content, so --replace-sample leaves it alone:\n",
			`    content/site.yaml names "Sam Rivera", not the sample's owner "Avery Morgan"` + "\n",
			"hint: if it is your own content, edit it; to move it aside anyway and start afresh, add --force\n",
		}},
		{"no content folder", nil, Options{Yes: true}, "", cmdutil.ErrInvalid, 1, []string{
			"error: content does not exist: there is no sample content to replace\n",
			"hint: start your content folder with portfolio init (without --replace-sample)\n",
		}},
		{"no terminal, no --yes", sampleFiles, Options{}, "", nil, 2, []string{
			"--yes required when not running interactively: --replace-sample moves content to content-sample-2026-11-25 and writes your own content in its place",
		}},
		{"answered no", sampleFiles, Options{Accessible: true, AccessibleFlag: true}, "n\n", cmdutil.ErrCancel, 130, []string{"nothing was changed\n"}},
		{"no answer", sampleFiles, Options{Accessible: true, AccessibleFlag: true}, "", cmdutil.ErrCancel, 130, []string{"nothing was changed\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inSample(t, tt.files)
			ios, in, out, errOut := iostreams.Test()
			in.WriteString(tt.input)
			opts := tt.opts
			opts.IO, opts.Dir, opts.Site, opts.ReplaceSample, opts.Now = ios, "content", required(), true, day
			err := Run(context.Background(), &opts)
			if err == nil || tt.wantErr != nil && !errors.Is(err, tt.wantErr) || cmdutil.ExitCode(err) != tt.wantCode {
				t.Fatalf("err = %v (exit %d)", err, cmdutil.ExitCode(err))
			}
			msg := errOut.String()
			if tt.wantCode == 2 {
				msg = err.Error()
			}
			for _, want := range tt.want {
				if !strings.Contains(msg, want) {
					t.Errorf("stderr lacks %q:\n%s", want, msg)
				}
			}
			if strings.Contains(out.String(), "✓") {
				t.Errorf("stdout:\n%s", out)
			}
			if tt.files != nil {
				if got := files(t, "content"); !maps.Equal(got, tt.files) {
					t.Errorf("content changed: %v", got)
				}
			}
			if entries, _ := os.ReadDir("."); len(entries) > 1 || len(entries) == 1 && entries[0].Name() != "content" {
				t.Errorf("folder holds %v", entries)
			}
		})
	}
}

// TestReplaceForced: with --force, content that is not the sample moves
// aside under another name, whole.
func TestReplaceForced(t *testing.T) {
	mine := map[string]string{"site.yaml": "name: Sam Rivera\n", "projects/mine/project.yaml": "title: Mine\n"}
	inSample(t, mine)
	ios, _, out, errOut := iostreams.Test()
	err := Run(context.Background(), &Options{IO: ios, Dir: "content", Site: required(), Yes: true, ReplaceSample: true, Force: true, Now: day})
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut)
	}
	if !strings.Contains(out.String(), "✓ moved the previous content to content-replaced-2026-11-25/") {
		t.Errorf("stdout:\n%s", out)
	}
	if got := files(t, "content-replaced-2026-11-25"); !maps.Equal(got, mine) {
		t.Errorf("moved aside: %v", got)
	}
}

// TestReplaceAccessible answers the question, then the form, on plain
// lines: the question comes first, and the sample moves only at the end.
func TestReplaceAccessible(t *testing.T) {
	inSample(t, sampleFiles)
	ios, in, out, errOut := iostreams.Test()
	in.WriteString(lines(append(append([]string{"y"}, answers()...), "y")...))
	err := Run(context.Background(), &Options{IO: ios, Dir: "content", ReplaceSample: true, Accessible: true, AccessibleFlag: true, Now: day})
	if err != nil {
		t.Fatalf("%v\nstdout:\n%s\nstderr:\n%s", err, out, errOut)
	}
	question := strings.Index(out.String(), "Replace the sample content in content with your own?")
	name := strings.Index(out.String(), "Your name")
	if question < 0 || name < question {
		t.Errorf("the question is not asked first:\n%s", out)
	}
	data, _ := os.ReadFile("content/site.yaml")
	if !strings.Contains(string(data), "name: Jo Rivera\n") {
		t.Errorf("site.yaml:\n%s", data)
	}
	if _, err := os.Stat("content-sample-2026-11-25/" + site.SampleFile); err != nil {
		t.Error(err)
	}
}
