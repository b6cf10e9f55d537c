// Package strip is the `portfolio strip` command: flags and wiring; the
// work is metastrip.StripFile.
package strip

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/english"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/metastrip"
	"portfolio/cli/internal/termsafe"
)

// Options are the inputs of a strip run.
type Options struct {
	IO         *iostreams.IOStreams
	ContentDir string
	// Paths are the files and folders to strip; the content folder when
	// there are none.
	Paths []string
}

// NewCmdStrip builds the command; runF replaces the run in tests.
func NewCmdStrip(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams}
	cmd := &cobra.Command{
		Use:   "strip [PATH…]",
		Short: "Remove GPS positions and serial numbers from the images in content/",
		Long: strings.TrimSpace(`
Remove, in place, what an image says of where it was taken and which camera
took it: its GPS position, the camera's and the lens's serial numbers, the
camera owner's name, maker notes, and with them the rest of the metadata
the import removes (XMP and IPTC records, comments, previews appended after
the image). Without PATH, every image in the content folder; with PATHs,
those files and every image in those folders.

` + "`portfolio new project`" + ` and ` + "`portfolio gallery add`" + ` remove these as they copy a photo,
and ` + "`portfolio dev --editor`" + ` as an upload lands; a photo uploaded through the
browser editor on the host, or copied into content/ by hand, keeps them,
and ` + "`portfolio validate`" + ` names each (a warning). Run this, then commit.

It is lossless: a JPEG's compressed image data and colour profile are
kept byte for byte, and how the photo was taken (camera and lens model,
exposure, date taken, orientation) in a small EXIF record of its own, as
the import writes it; a PNG or WebP loses its EXIF and XMP chunks whole,
every other chunk copied as it is. Each file is written to a temporary file beside it and renamed over
it, so an interruption leaves the original or the result; a file with
nothing to remove is not written. A file it cannot follow is named, left
as it was, and the command exits 1.`),
		Example: strings.TrimRight(`  portfolio strip
  portfolio strip content/projects/drone-photography/gallery`, "\n"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Paths = args
			opts.ContentDir = cmdutil.ContentDir(cmd)
			if runF != nil {
				return runF(opts)
			}
			if len(args) == 0 {
				if err := cmdutil.LocateContent(cmd, "content", &opts.ContentDir); err != nil {
					return err
				}
			}
			return Run(opts)
		},
	}
	return cmd
}

// imageExt are the extensions of the images content holds (validate
// refuses an image whose bytes are not its extension's format).
var imageExt = map[string]bool{".jpg": true, ".jpeg": true, ".png": true, ".webp": true}

// Run strips every image under opts.Paths (or the content folder).
func Run(opts *Options) error {
	paths := opts.Paths
	if len(paths) == 0 {
		paths = []string{opts.ContentDir}
	}
	out, errOut := opts.IO.Out, opts.IO.ErrOut
	checked, stripped, failed := 0, 0, 0
	for _, root := range paths {
		if _, err := os.Lstat(root); err != nil {
			return cmdutil.Usagef("%s: no such file or folder", termsafe.String(root))
		}
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			hidden := p != root && strings.HasPrefix(d.Name(), ".")
			if d.IsDir() {
				if hidden { // a command's staging folder, .git
					return filepath.SkipDir
				}
				return nil
			}
			if hidden || !d.Type().IsRegular() || p != root && !imageExt[strings.ToLower(filepath.Ext(p))] {
				return nil // a link: strip what it points to by its own path
			}
			checked++
			found, err := metastrip.StripFile(p)
			switch {
			case err != nil:
				failed++
				fmt.Fprintf(errOut, "%s: not stripped: %v\n", termsafe.String(p), err)
			case len(found) > 0:
				stripped++
				fmt.Fprintf(out, "stripped %s: %s\n", termsafe.String(p), strings.Join(found, ", "))
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	s := cmdutil.NewStyler(opts.IO)
	switch {
	case stripped == 0 && failed == 0:
		fmt.Fprintf(out, "%s no image carries a GPS position or a serial number (%s checked)\n", s.Green("✓"), english.Count(checked, "image"))
	case stripped > 0:
		fmt.Fprintf(out, "%s %s stripped, of %s checked: commit them\n", s.Green("✓"), english.Count(stripped, "image"), english.Count(checked, "image"))
	}
	if failed > 0 {
		fmt.Fprintf(errOut, "%s left as %s: re-export %s without location and camera details from a photo editor\n",
			english.Count(failed, "file"), map[bool]string{true: "it was", false: "they were"}[failed == 1], map[bool]string{true: "it", false: "them"}[failed == 1])
		return cmdutil.ErrInvalid
	}
	return nil
}
