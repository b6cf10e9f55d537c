package content

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/videocheck/videotest"
)

// videoProject has a video block on line 15 (src on 16, captions on 17)
// and a gallery on line 19.
const videoProject = `# yaml-language-server: $schema=../../../schema/project.schema.json
title: Alpha
subtitle: Sub
description: A project.
role: Designer
skills: [Figma]
category: Web Design
page: web-design
featured: true
cover: cover.jpg
body:
  - type: text
    text: |
      Hello *world*.
  - type: video
    src: demo.mp4
    captions: demo.vtt
    loop: true
  - type: gallery
`

// videoFiles is a valid project with a video block and a video among the
// gallery's photos; the videos are made by ffmpeg now.
func videoFiles(t *testing.T) map[string][]byte {
	dir := t.TempDir()
	mp4, _ := os.ReadFile(videotest.Make(t, dir, "demo.mp4", videotest.H264...))
	f := validFiles(t)
	f["projects/alpha/project.yaml"] = []byte(videoProject)
	f["projects/alpha/demo.mp4"] = mp4
	f["projects/alpha/demo.poster.jpg"] = jpegBytes(t, 32, 24)
	f["projects/alpha/demo.vtt"] = []byte("WEBVTT\n\n00:00.000 --> 00:01.000\nA test pattern\n")
	f["projects/alpha/gallery/3.mp4"] = mp4
	f["projects/alpha/gallery/3.poster.jpg"] = jpegBytes(t, 32, 24)
	return f
}

func TestLoadVideos(t *testing.T) {
	c, diags, err := Load(tree(t, videoFiles(t)), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) > 0 {
		t.Fatalf("unexpected diagnostics:\n%s", dump(diags))
	}
	p := c.Projects[0]
	var order []string
	for _, g := range p.Gallery {
		order = append(order, g.Path+"|"+g.Poster)
	}
	if got, want := strings.Join(order, " "), "gallery/1.jpg| gallery/2.png| gallery/3.mp4|gallery/3.poster.jpg gallery/10.jpg|"; got != want {
		t.Errorf("gallery order %q, want %q", got, want)
	}
	v, ok := p.Videos["demo.mp4"]
	if !ok || v.Poster != "demo.poster.jpg" || v.Info.Width != 320 || !strings.HasPrefix(v.Href("demo.mp4"), "/video/demo-") {
		t.Errorf("demo.mp4: %+v", v)
	}
	if _, ok := p.Images["demo.poster.jpg"]; !ok {
		t.Error("the poster is not among the images the pipeline makes variants of")
	}
	if _, ok := p.Captions["demo.vtt"]; !ok {
		t.Error("the captions were not recorded")
	}
}

func TestLoadVideoProblems(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(t *testing.T, f map[string][]byte)
		sev    diag.Severity
		line   int
		msg    string
		hint   string
	}{
		{name: "poster missing", mutate: func(t *testing.T, f map[string][]byte) {
			delete(f, "projects/alpha/demo.poster.jpg")
		}, line: 16, msg: "demo.mp4 has no poster image (demo.poster.jpg)", hint: "`ffmpeg -ss 0.5 -i demo.mp4 -frames:v 1 -q:v 2 demo.poster.jpg`"},
		{name: "gallery poster missing", mutate: func(t *testing.T, f map[string][]byte) {
			delete(f, "projects/alpha/gallery/3.poster.jpg")
		}, line: 19, msg: "gallery/3.mp4 has no poster image (3.poster.jpg)", hint: "ffmpeg -ss 0.5 -i 3.mp4"},
		{name: "moov at the end", mutate: func(t *testing.T, f map[string][]byte) {
			f["projects/alpha/demo.mp4"], _ = os.ReadFile(videotest.Make(t, t.TempDir(), "x.mp4", videotest.With(videotest.H264, "-movflags", "-faststart")...))
		}, line: 16, msg: "demo.mp4: the moov box (the index of the frames) comes after the media data", hint: "`ffmpeg -i demo.mp4 -c copy -movflags +faststart demo-fixed.mp4`"},
		{name: "truncated", mutate: func(t *testing.T, f map[string][]byte) {
			b := f["projects/alpha/gallery/3.mp4"]
			f["projects/alpha/gallery/3.mp4"] = b[:len(b)/2]
		}, line: 19, msg: "gallery/3.mp4: the file is truncated", hint: "copy the whole file again"},
		{name: "captions not WebVTT", mutate: func(t *testing.T, f map[string][]byte) {
			f["projects/alpha/demo.vtt"] = []byte("1\n00:00:00,000 --> 00:00:01,000\nHi\n")
		}, line: 17, msg: "demo.vtt is not a WebVTT file", hint: "ffmpeg -i captions.srt captions.vtt"},
		{name: "mov named in the block", mutate: func(t *testing.T, f map[string][]byte) {
			f["projects/alpha/project.yaml"] = []byte(strings.Replace(videoProject, "src: demo.mp4", "src: demo.mov", 1))
		}, line: 16, msg: "must be the path of a .mp4 or .webm file", hint: ""},
		{name: "mov in the gallery", mutate: func(t *testing.T, f map[string][]byte) {
			f["projects/alpha/gallery/4.mov"] = []byte("x")
		}, sev: diag.Warning, line: 19, msg: "gallery/4.mov is not an image or video file", hint: "`ffmpeg -i 4.mov -c copy -movflags +faststart 4.mp4`"},
		{name: "sound without captions", mutate: func(t *testing.T, f map[string][]byte) {
			f["projects/alpha/project.yaml"] = []byte(strings.Replace(videoProject, "    captions: demo.vtt\n", "", 1))
		}, sev: diag.Warning, line: 15, msg: "demo.mp4 has sound but no captions", hint: "`captions: demo.vtt`"},
		{name: "poster of no video", mutate: func(t *testing.T, f map[string][]byte) {
			f["projects/alpha/gallery/5.poster.jpg"] = jpegBytes(t, 4, 4)
		}, sev: diag.Warning, line: 19, msg: "gallery/5.poster.jpg is named as a video's poster, but no video", hint: "demo.poster.jpg"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := videoFiles(t)
			tt.mutate(t, f)
			_, diags, err := Load(tree(t, f), Options{})
			if err != nil {
				t.Fatal(err)
			}
			var found *diag.Diagnostic
			for i, d := range diags {
				if strings.Contains(d.Message, tt.msg) {
					found = &diags[i]
				}
			}
			if found == nil {
				t.Fatalf("no diagnostic with %q; got:\n%s", tt.msg, dump(diags))
			}
			if found.Severity != tt.sev || filepath.Base(found.File) != "project.yaml" || found.Line != tt.line {
				t.Errorf("got %s %s, want %s at project.yaml:%d", found.Severity, found.Position(), tt.sev, tt.line)
			}
			if !strings.Contains(found.Hint, tt.hint) {
				t.Errorf("hint %q, want it to contain %q", found.Hint, tt.hint)
			}
		})
	}
}

// An alternative encoding of a video block is the same clip: of another
// size (the page reserves src's) or length, it is a warning at its place
// in the list, with the command that makes it again from src.
func TestLoadVideoAlternatives(t *testing.T) {
	tests := []struct {
		name      string
		args      []string // the alternative's encoding
		msg, hint string   // msg "": no warning
	}{
		{name: "the same clip", args: videotest.VP9},
		{name: "another size", args: videotest.With(videotest.VP9, "-vf", "scale=160:120"),
			msg:  "the alternative demo.webm is 160×120, but src demo.mp4 is 320×240: the page reserves src's size",
			hint: "`ffmpeg -i demo.mp4 -c:v libvpx-vp9 -crf 32 -b:v 0 -c:a libopus demo.webm`"},
		{name: "another length", args: videotest.With(videotest.VP9, "-t", "0.4"),
			msg: "the alternative demo.webm lasts 0.4 s, but src demo.mp4 lasts 1 s", hint: "ffmpeg -i demo.mp4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := videoFiles(t)
			f["projects/alpha/demo.webm"], _ = os.ReadFile(videotest.Make(t, t.TempDir(), "x.webm", tt.args...))
			f["projects/alpha/project.yaml"] = []byte(strings.Replace(videoProject, "    captions: demo.vtt\n", "    alternatives: [demo.webm]\n    captions: demo.vtt\n", 1))
			d, found := soleDiagnostic(t, f, tt.msg != "")
			if !found {
				return
			}
			wantAt(t, d, diag.Warning, ProjectFile, 17, 20, "/body/1/alternatives/0")
			if !strings.HasPrefix(d.Message, tt.msg) || !strings.Contains(d.Hint, tt.hint) {
				t.Errorf("message %q, hint %q; want %q, %q", d.Message, d.Hint, tt.msg, tt.hint)
			}
		})
	}
}
