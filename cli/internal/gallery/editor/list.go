package editor

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/english"
	"portfolio/cli/internal/gallery"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/videocheck"
)

// describe is one image's line of facts: name, dimensions, size.
func describe(g *gallery.Gallery, im gallery.Image) string {
	path := im.Source
	name := filepath.Base(im.Source) + " (new)"
	if im.Source == "" {
		path = filepath.Join(g.ProjectDir, content.GalleryDir, im.File)
		name = im.File
	}
	if im.IsVideo() {
		v, err := videocheck.File(path)
		if err != nil {
			return safe(name) + "  (cannot read: " + safe(err.Error()) + ")"
		}
		s := int(v.Duration.Round(time.Second).Seconds())
		return fmt.Sprintf("%s  %s video %d×%d %d:%02d  %s", safe(name), v.Codec, v.Width, v.Height, s/60, s%60, size(v.Size))
	}
	info, err := imagecheck.File(path, imagecheck.DefaultMaxPixels)
	if err != nil {
		return safe(name) + "  (cannot read: " + safe(err.Error()) + ")"
	}
	return fmt.Sprintf("%s  %d×%d  %s", safe(name), info.Width, info.Height, size(info.Size))
}

func size(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d B", n)
}

// printList prints the gallery, one image a line, with its texts.
func printList(w io.Writer, g *gallery.Gallery) error {
	fmt.Fprintf(w, "%s/ — %s\n", filepath.Join(g.ProjectDir, content.GalleryDir), english.Count(len(g.Images), "image"))
	for i, im := range g.Images {
		fmt.Fprintf(w, "%3d  %s\n", i+1, describe(g, im))
		if im.Alt != "" {
			fmt.Fprintf(w, "       alt: %s\n", safe(im.Alt))
		}
		if im.Caption != "" {
			fmt.Fprintf(w, "       caption: %s\n", safe(im.Caption))
		}
	}
	return nil
}

// safe makes text from a file name or a file fit to print: control
// characters (an escape sequence hidden in a name) are shown escaped.
func safe(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return unicode.IsControl(r) || r == unicode.ReplacementChar }) < 0 {
		return s
	}
	q := strconv.QuoteToGraphic(s)
	return q[1 : len(q)-1]
}
