package gallery

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/videocheck/videotest"
)

// galleryFiles lists the gallery folder, hidden files left out.
func galleryFiles(t *testing.T, contentDir string) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(contentDir, "projects", "harbour", "gallery"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names)
	return names
}

func apply(t *testing.T, contentDir string, edit func(g *Gallery) error) {
	t.Helper()
	g, err := Open(contentDir, "harbour")
	if err != nil {
		t.Fatal(err)
	}
	if err := edit(g); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Apply(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
}

// An added video comes in with its poster (drawn by ffmpeg from the frame
// at 1 s), and the poster moves and goes with it.
func TestVideoKeepsItsPoster(t *testing.T) {
	contentDir := fixture(t, 3)
	clip := videotest.Make(t, t.TempDir(), "clip.mp4", videotest.H264...)
	data, _ := os.ReadFile(clip)

	apply(t, contentDir, func(g *Gallery) error { return g.Insert(2, clip) })
	if got, want := galleryFiles(t, contentDir), []string{"01.jpg", "02.mp4", "02.poster.jpg", "03.jpg", "04.png"}; !slices.Equal(got, want) {
		t.Fatalf("after add: %v, want %v", got, want)
	}
	dir := filepath.Join(contentDir, "projects", "harbour", "gallery")
	if got, _ := os.ReadFile(filepath.Join(dir, "02.mp4")); string(got) != string(data) {
		t.Error("02.mp4 is not the added video byte for byte")
	}
	if info, err := imagecheck.File(filepath.Join(dir, "02.poster.jpg"), imagecheck.DefaultMaxPixels); err != nil || info.Width != 320 {
		t.Errorf("02.poster.jpg: %+v, %v", info, err)
	}

	apply(t, contentDir, func(g *Gallery) error { return g.Move(2, 4) })
	if got, want := galleryFiles(t, contentDir), []string{"01.jpg", "02.jpg", "03.png", "04.mp4", "04.poster.jpg"}; !slices.Equal(got, want) {
		t.Fatalf("after move: %v, want %v", got, want)
	}

	apply(t, contentDir, func(g *Gallery) error { return g.Remove(4) })
	if got, want := galleryFiles(t, contentDir), []string{"01.jpg", "02.jpg", "03.png"}; !slices.Equal(got, want) {
		t.Fatalf("after remove: %v, want %v", got, want)
	}
}

// Without ffmpeg, a video with no poster beside it is refused before
// anything changes, with what to do.
func TestVideoWithoutFFmpeg(t *testing.T) {
	contentDir := fixture(t, 2)
	clip := videotest.Make(t, t.TempDir(), "clip.mp4", videotest.H264...)
	t.Setenv("PATH", t.TempDir())

	g, err := Open(contentDir, "harbour")
	if err != nil {
		t.Fatal(err)
	}
	err = g.Insert(1, clip)
	if err == nil || !strings.Contains(err.Error(), "clip.mp4 has no poster image beside it, and ffmpeg is not installed") {
		t.Fatalf("Insert: %v", err)
	}
	if got, want := galleryFiles(t, contentDir), []string{"01.jpg", "02.jpg"}; !slices.Equal(got, want) {
		t.Errorf("the gallery changed: %v", got)
	}
}
