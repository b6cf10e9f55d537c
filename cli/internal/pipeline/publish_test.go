package pipeline

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/videocheck"
)

// The one publishing pass, over both folders: a file missing (or of another
// size) is copied, one already there at its size is kept, an output no file
// is published as is removed, and anything else in the folder (another
// kind's output, a poster, a note, a folder) is left alone; --check names
// what the pass would change.
func TestPublish(t *testing.T) {
	const (
		pdf = "%PDF-1.7 a brief %%EOF"
		mp4 = "\x00\x00\x00\x10ftypisom\x00\x00\x02\x00\x00\x00\x00\x10freeits byte" // two boxes, 32 bytes
		vtt = "WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n"
	)
	// The published names (the hash in each is the source's, made up here;
	// a video's is checked against the bytes published, so it is real).
	mp4Sum := sha256.Sum256([]byte(mp4))
	mp4Hash := hex.EncodeToString(mp4Sum[:])
	const (
		docName = "docs/brief-1111111111111111.pdf"
		vttName = "video/demo-eeeeeeeeeeeeeeee.vtt"
	)
	mp4Name := "video/demo-" + mp4Hash[:16] + ".mp4"
	published := map[string]string{docName: pdf, mp4Name: mp4, vttName: vtt}
	with := func(extra map[string]string) map[string]string {
		m := map[string]string{}
		for k, v := range published {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	tests := []struct {
		name  string
		brief bool
		// before and after are the files of the site's public folder
		// (a name ending in / is a folder).
		before, after map[string]string
		// out is what the pass prints, problems what --check said before.
		out, problems []string
	}{
		{
			name:   "missing files are published",
			before: map[string]string{},
			after:  published,
			out: []string{
				"published content/brief.pdf (22 bytes) as " + docName,
				"published content/demo.mp4 (32 bytes) as " + mp4Name,
				"published content/demo.vtt (38 bytes) as " + vttName,
			},
			problems: []string{docName + " is not published", mp4Name + " is not published", vttName + " is not published"},
		},
		{
			name: "a file of the same size is kept",
			before: map[string]string{
				docName: strings.Repeat("d", len(pdf)), mp4Name: strings.Repeat("m", len(mp4)), vttName: strings.Repeat("v", len(vtt)),
			},
			after: map[string]string{
				docName: strings.Repeat("d", len(pdf)), mp4Name: strings.Repeat("m", len(mp4)), vttName: strings.Repeat("v", len(vtt)),
			},
		},
		{
			name:     "a file of another size is published again",
			before:   map[string]string{docName: "short", mp4Name: mp4, vttName: vtt + "longer"},
			after:    published,
			out:      []string{"published content/brief.pdf (22 bytes) as " + docName, "published content/demo.vtt (38 bytes) as " + vttName},
			problems: []string{docName + " is not published", vttName + " is not published"},
		},
		{
			name: "stale outputs are removed",
			before: with(map[string]string{
				"docs/old-4444444444444444.pdf": "old", "video/old.mp4": "old", "video/old.webm": "old", "video/old.vtt": "old",
			}),
			after: published,
			out: []string{
				"removed docs/old-4444444444444444.pdf",
				"removed video/old.mp4", "removed video/old.vtt", "removed video/old.webm",
			},
			problems: []string{
				"docs/old-4444444444444444.pdf belongs to no document",
				"video/old.mp4 belongs to no video", "video/old.vtt belongs to no video", "video/old.webm belongs to no video",
			},
		},
		{
			name: "what is not an output of the folder is left alone",
			before: with(map[string]string{
				"docs/notes.txt": "mine", "docs/clip.mp4": "a video among the documents", "docs/folder.pdf/": "",
				"video/brief.pdf": "a document among the videos", "video/demo.poster.jpg": "a poster", "video/folder.mp4/": "",
			}),
			after: with(map[string]string{
				"docs/notes.txt": "mine", "docs/clip.mp4": "a video among the documents", "docs/folder.pdf/": "",
				"video/brief.pdf": "a document among the videos", "video/demo.poster.jpg": "a poster", "video/folder.mp4/": "",
			}),
		},
		{
			name:   "brief: one line a folder",
			brief:  true,
			before: map[string]string{"docs/old-4444444444444444.pdf": "old", vttName: vtt},
			after:  published,
			out: []string{
				"published 1 document (22 bytes), removed 1 document no project has in docs",
				"published 1 video file (32 bytes) in video",
			},
			problems: []string{docName + " is not published", "docs/old-4444444444444444.pdf belongs to no document", mp4Name + " is not published"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			t.Chdir(root) // the paths printed are relative, as the table writes them
			writeTree(t, map[string]string{"content/brief.pdf": pdf, "content/demo.mp4": mp4, "content/demo.vtt": vtt})
			writeTree(t, tt.before)
			c := &content.Content{Projects: []*content.Project{{
				Documents: map[string]content.DocumentFile{"brief.pdf": {Abs: "content/brief.pdf", Size: int64(len(pdf)), Hash: strings.Repeat("1", 64)}},
				Videos:    map[string]content.VideoFile{"demo.mp4": {Abs: "content/demo.mp4", Info: videocheck.Info{Size: int64(len(mp4))}, Hash: mp4Hash}},
				Captions:  map[string]content.CaptionsFile{"demo.vtt": {Abs: "content/demo.vtt", Size: int64(len(vtt)), Hash: strings.Repeat("e", 64)}},
			}}}
			pubs := publications(c, "docs", "video")

			var problems []string
			for _, p := range pubs {
				problems = append(problems, p.problems()...)
			}
			if !reflect.DeepEqual(problems, tt.problems) {
				t.Errorf("--check before:\n%q, want\n%q", problems, tt.problems)
			}
			var out bytes.Buffer
			for _, p := range pubs {
				if err := p.publish(&out, tt.brief); err != nil {
					t.Fatal(err)
				}
			}
			var printed []string
			if out.Len() > 0 {
				printed = strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			}
			if !reflect.DeepEqual(printed, tt.out) {
				t.Errorf("printed:\n%q, want\n%q", printed, tt.out)
			}
			if got := readTree(t, "docs", "video"); !reflect.DeepEqual(got, tt.after) {
				t.Errorf("the folders hold:\n%q, want\n%q", got, tt.after)
			}
			for _, p := range pubs {
				if problems := p.problems(); len(problems) > 0 {
					t.Errorf("--check after: %q", problems)
				}
			}
		})
	}
}

// writeTree writes files (a name ending in / is a folder) under the
// current folder.
func writeTree(t *testing.T, files map[string]string) {
	t.Helper()
	for name, data := range files {
		if strings.HasSuffix(name, "/") {
			if err := os.MkdirAll(name, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// readTree reads back what writeTree writes, one level deep in each dir.
func readTree(t *testing.T, dirs ...string) map[string]string {
	t.Helper()
	files := map[string]string{}
	for _, dir := range dirs {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			name := dir + "/" + e.Name()
			if e.IsDir() {
				files[name+"/"] = ""
				continue
			}
			files[name] = string(must(os.ReadFile(name)))
		}
	}
	return files
}
