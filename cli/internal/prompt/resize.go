package prompt

import (
	"fmt"
	"io"
	"path/filepath"

	"charm.land/huh/v2"

	"portfolio/cli/internal/importimage"
	"portfolio/cli/internal/termsafe"
)

// Answers to the resize question.
const (
	resizeAll  = "all"
	resizeNone = "none"
	resizeEach = "each"
)

// OfferResize lists the originals larger than maxEdge with their sizes
// before and after, and asks whether to shrink them: one, shrink or keep;
// several, all, none, or one by one. Shrinking is the default answer: the
// site never shows more than importimage.WidestShown pixels, and the
// content folder is committed.
// run asks one group (full-screen or accessible); keep[i] is true for the
// images to copy at their size.
func OfferResize(run func(*huh.Group) error, out io.Writer, large []importimage.Large, maxEdge int) (keep []bool, err error) {
	keep = make([]bool, len(large))
	n := len(large)
	if n == 0 {
		return keep, nil
	}
	plural := "s"
	if n == 1 {
		plural = ""
	}
	fmt.Fprintf(out, "%d original%s larger than %d px on the long edge (the site shows at most %d px):\n", n, plural, maxEdge, importimage.WidestShown)
	for _, l := range large {
		fmt.Fprintf(out, "  %s: %s\n", termsafe.String(filepath.Base(l.Path)), l)
	}
	const note = "a copy is shrunk, never your original; --max-edge sets the limit (0: keep every size)"
	choice := resizeAll
	if n > 1 {
		sel := huh.NewSelect[string]().Title(fmt.Sprintf("Shrink them to %d px on the long edge?", maxEdge)).Description(note).
			Options(
				huh.NewOption(fmt.Sprintf("yes, all %d", n), resizeAll),
				huh.NewOption("no, keep every size", resizeNone),
				huh.NewOption("ask for each", resizeEach),
			).Value(&choice)
		if err := run(huh.NewGroup(sel)); err != nil {
			return nil, err
		}
	}
	for i, l := range large {
		shrink := choice == resizeAll
		if choice == resizeEach || n == 1 {
			shrink = true
			confirm := huh.NewConfirm().
				Title(fmt.Sprintf("Shrink %s (%s)?", termsafe.String(filepath.Base(l.Path)), l)).Description(note).
				Affirmative("Shrink").Negative("Keep its size").Value(&shrink)
			if err := run(huh.NewGroup(confirm)); err != nil {
				return nil, err
			}
		}
		keep[i] = !shrink
	}
	return keep, nil
}
