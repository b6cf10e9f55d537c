package pipeline

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"portfolio/cli/internal/privateaccess"
	"slices"
	"strings"
	"testing"
	"time"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/tsgen"
	"portfolio/cli/internal/videocheck/videotest"
	"portfolio/cli/internal/videostrip"
)

const fixture = "../tsgen/testdata/content"

// withImages copies the fixture content and runs `portfolio images` on it,
// returning the content folder and the manifest path.
func withImages(t *testing.T) (contentDir, manifestPath string) {
	t.Helper()
	dir := t.TempDir()
	contentDir = filepath.Join(dir, "content")
	if err := os.CopyFS(contentDir, os.DirFS(fixture)); err != nil {
		t.Fatal(err)
	}
	videotest.Fill(t, contentDir)
	manifestPath = filepath.Join(dir, "images.json")
	ios, _, _, _ := iostreams.Test()
	err := Images(&ImagesOptions{
		IO: ios, ContentDir: contentDir, Manifest: manifestPath,
		OutDir: filepath.Join(dir, "img"), CacheDir: filepath.Join(dir, "cache"),
		Widths: []int{16, 32}, Quality: 80, MaxPixels: imagecheck.DefaultMaxPixels,
	})
	if err != nil {
		t.Fatal(err)
	}
	return contentDir, manifestPath
}

func TestRunWritesAndChecks(t *testing.T) {
	fixture, manifestPath := withImages(t)
	out := filepath.Join(t.TempDir(), "gen", "content.ts")
	ios, _, stdout, _ := iostreams.Test()
	if err := Generate(&GenerateOptions{IO: ios, ContentDir: fixture, Out: out, Manifest: manifestPath}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(must(os.ReadFile(out))), "srcset: {") {
		t.Error("the module has no srcset")
	}
	modules := fixtureModules(t)
	if want := fmt.Sprintf("wrote %s: site settings and %d projects", out, len(modules)-1); !strings.Contains(stdout.String(), want) {
		t.Errorf("stdout = %q, want %q", stdout.String(), want)
	}
	first, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var written []string
	if err := filepath.WalkDir(filepath.Dir(out), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(filepath.Dir(out), path)
			written = append(written, filepath.ToSlash(rel))
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	want := append([]string{tsgen.AnalyticsFile, privateaccess.GalleriesFile, tsgen.LanguagesFile}, modules...)
	slices.Sort(want)
	if !slices.Equal(written, want) {
		t.Errorf("the output folder holds %v, want only %v (no temp files)", written, want)
	}

	// Run again on the same content, it writes nothing: `portfolio dev`'s
	// Vite sees no change, and reloads no page.
	before := modTimes(t, filepath.Dir(out), written)
	time.Sleep(10 * time.Millisecond)
	if err := Generate(&GenerateOptions{IO: ios, ContentDir: fixture, Out: out, Manifest: manifestPath}); err != nil {
		t.Fatal(err)
	}
	if after := modTimes(t, filepath.Dir(out), written); !maps.Equal(before, after) {
		t.Errorf("generate on unchanged content rewrote files: %v, then %v", before, after)
	}

	ios, _, _, _ = iostreams.Test()
	if err := Generate(&GenerateOptions{IO: ios, ContentDir: fixture, Out: out, Manifest: manifestPath, Check: true}); err != nil {
		t.Fatalf("--check right after generate: %v", err)
	}

	if err := os.WriteFile(out, append(first, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	ios, _, _, stderr := iostreams.Test()
	err = Generate(&GenerateOptions{IO: ios, ContentDir: fixture, Out: out, Manifest: manifestPath, Check: true})
	if !errors.Is(err, cmdutil.ErrInvalid) || !strings.Contains(stderr.String(), "is out of date") {
		t.Fatalf("stale file: err = %v, stderr = %q", err, stderr.String())
	}
}

// fixtureModules lists the files generate writes for the fixture content, as
// a walk of the output folder gives them: content.ts and one page module per
// project folder.
// modTimes are the files' modification times, by name.
func modTimes(t *testing.T, dir string, names []string) map[string]time.Time {
	t.Helper()
	times := map[string]time.Time{}
	for _, name := range names {
		fi, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		times[name] = fi.ModTime()
	}
	return times
}

func fixtureModules(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(fixture, "projects"))
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"content.ts"}
	for _, e := range entries {
		if e.IsDir() {
			names = append(names, "projects/"+e.Name()+".ts")
		}
	}
	return names
}

func TestRunInvalidWritesNothing(t *testing.T) {
	out := filepath.Join(t.TempDir(), "content.ts")
	ios, _, stdout, stderr := iostreams.Test()
	err := Generate(&GenerateOptions{IO: ios, ContentDir: filepath.Join(t.TempDir(), "missing"), Out: out})
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

func TestImagesMustBeCurrent(t *testing.T) {
	tests := []struct {
		name   string
		change func(t *testing.T, contentDir, manifestPath string)
		want   string
	}{
		{"no manifest", func(t *testing.T, _, m string) { os.Remove(m) }, "no image manifest at "},
		{"an image changed", func(t *testing.T, c, _ string) {
			later := time.Now().Add(time.Minute)
			if err := os.Chtimes(filepath.Join(c, "projects/photo-set/gallery/2.jpg"), later, later); err != nil {
				t.Fatal(err)
			}
		}, "gallery/2.jpg: error: changed since `portfolio images` last ran: run it again"},
		{"an image is new", func(t *testing.T, c, _ string) {
			data := must(os.ReadFile(filepath.Join(c, "projects/photo-set/gallery/2.jpg")))
			if err := os.WriteFile(filepath.Join(c, "projects/photo-set/gallery/3.jpg"), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}, "gallery/3.jpg: error: has no web variants yet: run `portfolio images`"},
		{"a variant was deleted", func(t *testing.T, _, m string) {
			os.RemoveAll(filepath.Join(filepath.Dir(m), "img"))
		}, "is missing from "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			contentDir, manifestPath := withImages(t)
			tt.change(t, contentDir, manifestPath)
			out := filepath.Join(t.TempDir(), "content.ts")
			ios, _, stdout, stderr := iostreams.Test()
			err := Generate(&GenerateOptions{IO: ios, ContentDir: contentDir, Out: out, Manifest: manifestPath})
			if !errors.Is(err, cmdutil.ErrInvalid) {
				t.Fatalf("err = %v, want ErrInvalid", err)
			}
			if got := stdout.String() + stderr.String(); !strings.Contains(got, tt.want) || !strings.Contains(got, "not written") {
				t.Errorf("output = %q, want %q and not written", got, tt.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Error("the module was written")
			}
		})
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// A project folder's PDF is published under its content-hashed name, byte
// for byte; --check notices a missing one; a changed file is published under
// a new name and the old one removed.
func TestRunPublishesDocuments(t *testing.T) {
	contentDir, manifestPath := withImages(t)
	out := filepath.Join(t.TempDir(), "gen", "content.ts")
	docs := filepath.Join(t.TempDir(), "public", "docs")
	run := func(check bool) (string, string, error) {
		ios, _, stdout, stderr := iostreams.Test()
		err := Generate(&GenerateOptions{IO: ios, ContentDir: contentDir, Out: out, Manifest: manifestPath, DocsDir: docs, Check: check})
		return stdout.String(), stderr.String(), err
	}
	// The case study's brief (other projects of the fixture publish theirs too).
	listDocs := func() []string {
		entries, _ := os.ReadDir(docs)
		var names []string
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), "brief-") {
				names = append(names, e.Name())
			}
		}
		return names
	}
	if _, _, err := run(false); err != nil {
		t.Fatal(err)
	}
	names := listDocs()
	if len(names) != 1 || !strings.HasPrefix(names[0], "brief-") || !strings.HasSuffix(names[0], ".pdf") {
		t.Fatalf("published %v, want one brief-<hash>.pdf", names)
	}
	src := must(os.ReadFile(filepath.Join(contentDir, "projects/case-study/brief.pdf")))
	if got := must(os.ReadFile(filepath.Join(docs, names[0]))); string(got) != string(src) {
		t.Error("the published document differs from the project's file")
	}
	if module := string(must(os.ReadFile(filepath.Join(filepath.Dir(out), "projects/case-study.ts")))); !strings.Contains(module, "href: '/docs/"+names[0]+"'") {
		t.Errorf("the page module does not link /docs/%s:\n%s", names[0], module)
	}
	if _, _, err := run(true); err != nil {
		t.Fatalf("--check after generate: %v", err)
	}

	os.Remove(filepath.Join(docs, names[0]))
	if _, stderr, err := run(true); !errors.Is(err, cmdutil.ErrInvalid) || !strings.Contains(stderr, names[0]+" is not published") {
		t.Fatalf("--check with the document missing: err %v, stderr %q", err, stderr)
	}

	changed := strings.Replace(string(src), "%%EOF", "% second edition\n%%EOF", 1)
	if err := os.WriteFile(filepath.Join(contentDir, "projects/case-study/brief.pdf"), []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, _, err := run(false)
	if err != nil {
		t.Fatal(err)
	}
	now := listDocs()
	if len(now) != 1 || now[0] == names[0] || !strings.Contains(stdout, "published ") {
		t.Fatalf("after a change: %v (before %v); stdout %q", now, names, stdout)
	}
}

// The videos and captions are published byte for byte under content-hashed
// names, with nothing transcoded (a video's metadata boxes blanked in place,
// decision 0100); --check notices a missing one; a video
// no block names any more is removed.
func TestRunPublishesVideos(t *testing.T) {
	contentDir, manifestPath := withImages(t)
	out := filepath.Join(t.TempDir(), "gen", "content.ts")
	videos := filepath.Join(t.TempDir(), "public", "video")
	run := func(check bool) (string, error) {
		ios, _, _, stderr := iostreams.Test()
		err := Generate(&GenerateOptions{IO: ios, ContentDir: contentDir, Out: out, Manifest: manifestPath, VideosDir: videos, Check: check})
		return stderr.String(), err
	}
	if _, err := run(false); err != nil {
		t.Fatal(err)
	}
	published := map[string]string{} // name → the content file it copies
	for _, src := range []string{"case-study/demo.mp4", "case-study/demo.webm", "case-study/demo.vtt", "wireframes/gallery/2.mp4"} {
		base := filepath.Base(src)
		prefix, ext := strings.TrimSuffix(base, filepath.Ext(base))+"-", filepath.Ext(base)
		data := must(os.ReadFile(filepath.Join(contentDir, "projects", src)))
		if ext != ".vtt" {
			// A video's metadata boxes blanked, the rest byte for byte
			// (decision 0100): ffmpeg's MP4 has none, its WebM has Tags.
			plan := must(videostrip.Scan(bytes.NewReader(data), int64(len(data))))
			if got, want := plan.Blanked(), map[string][]string{".mp4": nil, ".webm": {"Segment/Tags"}}[ext]; !slices.Equal(got, want) {
				t.Errorf("%s: blanks %v, want %v", src, got, want)
			}
			var clean bytes.Buffer
			if err := plan.Copy(&clean, bytes.NewReader(data), int64(len(data))); err != nil {
				t.Fatal(err)
			}
			data = clean.Bytes()
		}
		for _, e := range must(os.ReadDir(videos)) {
			if strings.HasPrefix(e.Name(), prefix) && strings.HasSuffix(e.Name(), ext) {
				if got := must(os.ReadFile(filepath.Join(videos, e.Name()))); string(got) != string(data) {
					t.Errorf("%s differs from %s, cleaned", e.Name(), src)
				}
				published[e.Name()] = src
			}
		}
	}
	if len(published) != 4 {
		t.Errorf("published %v, want 4 files", published)
	}
	module := string(must(os.ReadFile(filepath.Join(filepath.Dir(out), "projects/case-study.ts"))))
	for name, src := range published {
		if strings.HasPrefix(src, "case-study/") && !strings.Contains(module, "src: '/video/"+name+"'") {
			t.Errorf("the page module does not link /video/%s", name)
		}
	}
	if _, err := run(true); err != nil {
		t.Fatalf("--check after generate: %v", err)
	}
	var mp4 string
	for name, src := range published {
		if src == "case-study/demo.mp4" {
			mp4 = name
		}
	}
	os.Remove(filepath.Join(videos, mp4))
	if stderr, err := run(true); !errors.Is(err, cmdutil.ErrInvalid) || !strings.Contains(stderr, mp4+" is not published") {
		t.Fatalf("--check with the video missing: err %v, stderr %q", err, stderr)
	}
	yaml := filepath.Join(contentDir, "projects/case-study/project.yaml")
	s := string(must(os.ReadFile(yaml)))
	if err := os.WriteFile(yaml, []byte(strings.Replace(s, "    alternatives: [demo.webm]\n", "", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := run(false); err != nil {
		t.Fatal(err)
	}
	for name, src := range published {
		_, err := os.Stat(filepath.Join(videos, name))
		if gone := src == "case-study/demo.webm"; gone != errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s (%s): removed %v, want %v", name, src, !gone, gone)
		}
	}
}

// Build shows the content's problems once, at its validate step: the images
// and generate steps that follow are told so and print them no more.
func TestContentReportedOnce(t *testing.T) {
	contentDir, manifestPath := withImages(t)
	stray := filepath.Join(contentDir, "projects", "photo-set", "gallery", "notes.txt")
	if err := os.WriteFile(stray, []byte("not a photo"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, reported := range []bool{false, true} {
		ios, _, stdout, stderr := iostreams.Test()
		out := filepath.Join(t.TempDir(), "content.ts")
		if err := Generate(&GenerateOptions{IO: ios, ContentDir: contentDir, Out: out, Manifest: manifestPath, ContentReported: reported}); err != nil {
			t.Fatalf("ContentReported %v: %v", reported, err)
		}
		printed := strings.Contains(stdout.String()+stderr.String(), "notes.txt is not an image or video file")
		if printed == reported {
			t.Errorf("ContentReported %v: the warning printed = %v; output %q %q", reported, printed, stdout.String(), stderr.String())
		}
	}
}

// One project is "1 project", and its one page module "1 page module".
func TestSummaryCountsOne(t *testing.T) {
	contentDir, manifestPath := withImages(t)
	// Every project of the fixture but the photo set goes.
	entries, err := os.ReadDir(filepath.Join(contentDir, "projects"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() != "photo-set" {
			if err := os.RemoveAll(filepath.Join(contentDir, "projects", e.Name())); err != nil {
				t.Fatal(err)
			}
		}
	}
	ios, _, stdout, _ := iostreams.Test()
	out := filepath.Join(t.TempDir(), "content.ts")
	if err := Generate(&GenerateOptions{IO: ios, ContentDir: contentDir, Out: out, Manifest: manifestPath}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"site settings and 1 project (", "and 1 page module in"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("stdout %q lacks %q", stdout.String(), want)
		}
	}
}
