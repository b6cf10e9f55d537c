package poster

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/videocheck/videotest"
)

func TestMake(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		args []string
	}{
		// Three seconds: the frame at 1 s. One second: the middle.
		{"long.mp4", []string{"-f", "lavfi", "-i", "testsrc2=s=320x240:d=3:r=25", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart"}},
		{"short.webm", videotest.VP9},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			video := videotest.Make(t, dir, tc.name, tc.args...)
			dst := filepath.Join(dir, strings.TrimSuffix(tc.name, filepath.Ext(tc.name))+".poster.jpg")
			if err := Make(context.Background(), video, dst); err != nil {
				t.Fatal(err)
			}
			info, err := imagecheck.File(dst, imagecheck.DefaultMaxPixels)
			if err != nil || info.Format != imagecheck.JPEG || info.Width != 320 || info.Height != 240 {
				t.Fatalf("poster: %+v, %v; want a 320×240 JPEG", info, err)
			}
			leftovers, _ := filepath.Glob(filepath.Join(dir, ".*tmp-*"))
			if len(leftovers) > 0 {
				t.Errorf("temporary files left: %v", leftovers)
			}
		})
	}
}

// Without ffmpeg on PATH, a video without a poster beside it cannot get
// one: the problem says what to do, and nothing is written. With a poster
// beside it, ffmpeg is not needed.
func TestWithoutFFmpeg(t *testing.T) {
	dir := t.TempDir()
	video := filepath.Join(dir, "clip.mp4")
	if err := os.WriteFile(video, []byte("a video"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", t.TempDir()) // a folder without ffmpeg

	err := Available(video)
	var p *Problem
	if !errors.As(err, &p) || !errors.Is(err, ErrNoFFmpeg) {
		t.Fatalf("Available: %v, want a problem saying ffmpeg is missing", err)
	}
	if !strings.Contains(p.Msg, "clip.mp4 has no poster image beside it, and ffmpeg is not installed") ||
		!strings.Contains(p.Hint, "save the image the page should show before it plays as clip.poster.jpg beside clip.mp4, or install ffmpeg") {
		t.Errorf("problem %q, hint %q", p.Msg, p.Hint)
	}
	dst := filepath.Join(dir, "out.poster.jpg")
	if err := Make(context.Background(), video, dst); !errors.Is(err, ErrNoFFmpeg) {
		t.Errorf("Make: %v, want ErrNoFFmpeg", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the folder holds %d files, want the video alone", len(entries))
	}

	if err := os.WriteFile(filepath.Join(dir, "clip.poster.png"), imagetest.PNG(4, 3), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Available(video); err != nil {
		t.Errorf("with clip.poster.png beside it: %v", err)
	}
	if b, ext := Beside(video), Ext(video); filepath.Base(b) != "clip.poster.png" || ext != ".png" {
		t.Errorf("Beside %q, Ext %q", b, ext)
	}
}
