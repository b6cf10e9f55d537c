package editor

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/iostreams"
)

// The originals larger than 3000 px: as wide as two cameras' photos, and
// megabytes heavy (a camera's are heavier still, but under the race
// detector every megabyte copied costs time).
func wide3840(t *testing.T) string { return imagetest.BigPhoto(t, "wide-3840.jpg", 3840, 64, 1.5) }
func wide5640(t *testing.T) string { return imagetest.BigPhoto(t, "wide-5640.jpg", 5640, 96, 2.5) }

// Adding originals larger than the limit asks, in accessible mode, whether
// to shrink them: here each in turn, the first shrunk, the second kept.
func TestAccessibleAddOffersResize(t *testing.T) {
	fixture(t)
	big := []string{wide3840(t), wide5640(t)}
	for _, set := range []bool{false, true} {
		ios, in, out, errOut := iostreams.Test()
		if !set {
			in.WriteString(lines(menuAdd, big[0]+", "+big[1], "4", "3", "y", "n", menuSave))
		} else { // --max-edge given: nothing asked, both shrunk
			in.WriteString(lines(menuAdd, big[0], "1", menuSave))
		}
		err := Run(context.Background(), &Options{IO: ios, ContentDir: "content", Slug: "harbour", Accessible: true, AccessibleFlag: true,
			MaxEdge: 3000, MaxEdgeSet: set})
		if err != nil {
			t.Fatalf("%v\n%s\n%s", err, out, errOut)
		}
		text := out.String()
		if set {
			if strings.Contains(text, "on the long edge") || !strings.Contains(text, "shrunk wide-3840.jpg: 3840×64 → 3000×50") {
				t.Errorf("with --max-edge:\n%s", text)
			}
			continue
		}
		for _, want := range []string{
			"2 originals larger than 3000 px on the long edge (the site shows at most 2400 px):\n",
			"  wide-5640.jpg: 5640×96 px, 2.5 MB → 3000×51\n",
			"3. ask for each", "Shrink wide-3840.jpg (3840×64 px, 1.5 MB → 3000×50)?",
			"shrunk wide-3840.jpg: 3840×64 → 3000×50",
		} {
			if !strings.Contains(text, want) {
				t.Errorf("stdout lacks %q:\n%s", want, text)
			}
		}
		for name, want := range map[string]string{"04.jpg": "3000×50", "05.jpg": "5640×96"} {
			info, err := imagecheck.File("content/projects/harbour/gallery/"+name, imagecheck.DefaultMaxPixels)
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprintf("%d×%d", info.Width, info.Height); got != want {
				t.Errorf("%s is %s, want %s", name, got, want)
			}
		}
	}
}
