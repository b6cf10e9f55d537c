package pipeline

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/images"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/videocheck/videotest"
)

// The build's images and generate steps, off a terminal (a CI log, a pipe),
// print a few summary lines, not a line per image or document: a first
// build of 100 photos must not push its warnings and steps off the screen.
// --verbose still lists each file.
func TestBriefStepsPrintSummaries(t *testing.T) {
	for _, brief := range []bool{true, false} {
		t.Run(map[bool]string{true: "brief", false: "verbose"}[brief], func(t *testing.T) {
			dir := t.TempDir()
			contentDir := filepath.Join(dir, "content")
			if err := os.CopyFS(contentDir, os.DirFS(fixture)); err != nil {
				t.Fatal(err)
			}
			videotest.Fill(t, contentDir)
			ios, _, stdout, stderr := iostreams.Test()
			manifestPath := filepath.Join(dir, "images.json")
			err := Images(&ImagesOptions{
				IO: ios, ContentDir: contentDir, Manifest: manifestPath,
				OutDir: filepath.Join(dir, "img"), CacheDir: filepath.Join(dir, "cache"),
				Widths: []int{16, 32}, Quality: 80, MaxPixels: imagecheck.DefaultMaxPixels,
				ContentReported: true, Brief: brief,
			})
			if err != nil {
				t.Fatalf("images: %v\n%s", err, stderr)
			}
			docs := filepath.Join(dir, "public", "docs")
			err = Generate(&GenerateOptions{
				IO: ios, ContentDir: contentDir, Out: filepath.Join(dir, "gen", "content.ts"),
				Manifest: manifestPath, DocsDir: docs, MaxPixels: imagecheck.DefaultMaxPixels,
				ContentReported: true, Brief: brief,
			})
			if err != nil {
				t.Fatalf("generate: %v\n%s", err, stderr)
			}
			out := stdout.String()
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			perImage := regexp.MustCompile(`(?m)^made \S+: \d+ variants`)
			perDoc := regexp.MustCompile(`(?m)^published \S+\.pdf \(`)
			if !brief {
				// The fixture has 22 local images and 2 documents: a line each.
				if n := len(perImage.FindAllString(out, -1)); n != 22 {
					t.Errorf("verbose: %d lines of images made, want 22:\n%s", n, out)
				}
				if n := len(perDoc.FindAllString(out, -1)); n != 2 {
					t.Errorf("verbose: %d lines of documents published, want 2:\n%s", n, out)
				}
				return
			}
			// Images of 16 and 32 px keep WebP only (AVIF's boxes weigh more);
			// a build without libavif says it made no AVIF.
			avif := "22 images kept WebP only"
			if _, err := images.AVIFEncoder(); err != nil {
				avif = "no AVIF variants: "
			}
			want := []string{
				"22 images (",             // images: their summary line
				avif,                      // which have no AVIF, and why
				"no social preview cards", // the cards: no fonts in this test
				"published 2 documents (154 bytes) in " + docs,
				"wrote " + filepath.Join(dir, "gen", "content.ts"),
			}
			if len(lines) != len(want) {
				t.Fatalf("brief: %d lines, want %d:\n%s", len(lines), len(want), out)
			}
			for i, w := range want {
				if !strings.HasPrefix(lines[i], w) {
					t.Errorf("brief: line %d = %q, want it to start with %q", i+1, lines[i], w)
				}
			}
		})
	}
}

// The site step ends with one line: the pages, the time, and the heaviest
// page as served, which the per-route table (--verbose) details.
func TestSiteSummary(t *testing.T) {
	routes := []Route{
		{Path: "(not found)", HTML: 4200, JS: 500, CSS: 1400},
		{Path: "/", HTML: 6600, JS: 500, CSS: 900, Images: 1, ImageBytes: 90_000},
		{Path: "/contact", HTML: 8600, JS: 2100, CSS: 3900},
	}
	tests := []struct {
		name     string
		routes   []Route
		rendered int
		verbose  bool
		want     string
	}{
		{"brief", routes, 3, false, "3 pages prerendered in 41.3s; the heaviest, /contact, is 14.6 kB of HTML, JS and CSS (gzip); -v lists every page"},
		{"verbose: the table is above", routes, 3, true, "3 pages prerendered in 41.3s; the heaviest, /contact, is 14.6 kB of HTML, JS and CSS (gzip)"},
		{"one page", routes[1:2], 1, false, "1 page prerendered in 41.3s; the heaviest, /, is 8.0 kB of HTML, JS and CSS (gzip); -v lists every page"},
		{"no page", nil, 0, false, "0 pages prerendered in 41.3s"},
		{"some as they were", routes, 1, false, "3 pages prerendered in 41.3s (1 rendered again, 2 as they were); the heaviest, /contact, is 14.6 kB of HTML, JS and CSS (gzip); -v lists every page"},
		{"the prerender does not say", routes, -1, false, "3 pages prerendered in 41.3s; the heaviest, /contact, is 14.6 kB of HTML, JS and CSS (gzip); -v lists every page"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := SiteSummary(tt.routes, tt.rendered, 41_312*time.Millisecond, tt.verbose); got != tt.want {
				t.Errorf("SiteSummary =\n%q, want\n%q", got, tt.want)
			}
		})
	}
}
