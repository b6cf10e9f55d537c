package pipeline

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/videocheck/videotest"
)

// The build installs the site's npm packages while the variants are made:
// Images waits for them (FontsReady) only before the cards, which need
// their fonts. The variants and the manifest are made first, whatever the
// install's outcome; a failed install stops the step before any card.
func TestImagesWaitForFontsOnlyBeforeTheCards(t *testing.T) {
	for _, tc := range []struct {
		name    string
		install error
	}{
		{"installed", nil},
		{"install failed", errors.New("npm ci failed")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			contentDir := filepath.Join(dir, "content")
			if err := os.CopyFS(contentDir, os.DirFS(fixture)); err != nil {
				t.Fatal(err)
			}
			videotest.Fill(t, contentDir)
			manifestPath := filepath.Join(dir, "images.json")
			iconsPath := filepath.Join(dir, "icons.json")
			waits := 0
			var manifestMade, iconsMade bool
			ios, _, _, stderr := iostreams.Test()
			err := Images(&ImagesOptions{
				IO: ios, ContentDir: contentDir, Manifest: manifestPath,
				OutDir: filepath.Join(dir, "img"), CacheDir: filepath.Join(dir, "cache"),
				Widths: []int{16}, Quality: 80, MaxPixels: imagecheck.DefaultMaxPixels,
				ContentReported: true, Brief: true,
				FontsReady: func() error {
					waits++
					_, e1 := os.Stat(manifestPath)
					_, e2 := os.Stat(iconsPath)
					manifestMade, iconsMade = e1 == nil, e2 == nil
					return tc.install
				},
			})
			if !errors.Is(err, tc.install) || (tc.install == nil) != (err == nil) {
				t.Fatalf("Images = %v, want %v\n%s", err, tc.install, stderr)
			}
			if waits != 1 {
				t.Errorf("FontsReady called %d times, want once", waits)
			}
			if !manifestMade {
				t.Error("the variants' manifest was not written before the wait for the fonts")
			}
			if iconsMade {
				t.Error("the icons and cards were drawn before the fonts were ready")
			}
			if _, err := os.Stat(iconsPath); (err == nil) != (tc.install == nil) {
				t.Errorf("icons.json after the step: %v; want it only when the install succeeded", err)
			}
		})
	}
}
