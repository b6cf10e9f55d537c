package newproject

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/scaffold"
)

// The originals larger than 3000 px: as wide as two cameras' photos, and
// megabytes heavy (a camera's are heavier still, but under the race
// detector every megabyte copied costs time).
func wide3840(t *testing.T) string { return imagetest.BigPhoto(t, "wide-3840.jpg", 3840, 64, 1.5) }
func wide5640(t *testing.T) string { return imagetest.BigPhoto(t, "wide-5640.jpg", 5640, 96, 2.5) }

// runResize runs new project in accessible mode with a cover within the
// limit and a gallery of large originals, the limit at 3000 px, and
// answers after the confirmation.
func runResize(t *testing.T, gallery []string, set bool, after ...string) (string, error) {
	t.Helper()
	fixture(t)
	answers := details("Elephants", "", "1")
	answers[10] = imagetest.BigPhoto(t, "cover.jpg", 3000, 48, 0.3) // at the limit: kept
	answers[11] = strings.Join(gallery, ", ")
	ios, in, out, errOut := iostreams.Test()
	in.WriteString(lines(append(append(answers, "y"), after...)...))
	err := Run(context.Background(), &Options{IO: ios, ContentDir: "content", Answers: scaffold.NewAnswers(),
		Accessible: true, AccessibleFlag: true, MaxEdge: 3000, MaxEdgeSet: set})
	if err != nil {
		t.Fatalf("%v\n%s\n%s", err, out, errOut)
	}
	return out.String(), err
}

func size(t *testing.T, path string) string {
	t.Helper()
	info, err := imagecheck.File(path, imagecheck.DefaultMaxPixels)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%d×%d", info.Width, info.Height)
}

func TestResizeAskedForEach(t *testing.T) {
	big := []string{wide3840(t), wide5640(t)}
	// "3": ask for each; shrink the first, keep the second.
	out, _ := runResize(t, big, false, "3", "y", "n")
	for _, want := range []string{
		"2 originals larger than 3000 px on the long edge (the site shows at most 2400 px):\n",
		"  wide-3840.jpg: 3840×64 px, 1.5 MB → 3000×50\n",
		"  wide-5640.jpg: 5640×96 px, 2.5 MB → 3000×51\n",
		"1. yes, all 2\n", "3. ask for each\n",
		"Shrink wide-3840.jpg (3840×64 px, 1.5 MB → 3000×50)?",
		"  shrunk gallery/01.jpg: 3840×64 → 3000×50 (larger than --max-edge 3000; 0 keeps every size)\n",
		"  kept gallery/02.jpg at full size, as you chose: 5640×96 px, 2.5 MB\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	dir := "content/projects/elephants/"
	for name, want := range map[string]string{"cover.jpg": "3000×48", "gallery/01.jpg": "3000×50", "gallery/02.jpg": "5640×96"} {
		if got := size(t, dir+name); got != want {
			t.Errorf("%s is %s, want %s", name, got, want)
		}
	}
}

func TestResizeOneAsked(t *testing.T) {
	out, _ := runResize(t, []string{wide3840(t)}, false, "n")
	if !strings.Contains(out, "1 original larger than 3000 px") || strings.Contains(out, "ask for each") ||
		!strings.Contains(out, "kept gallery/01.jpg at full size") {
		t.Errorf("output:\n%s", out)
	}
	if got := size(t, "content/projects/elephants/gallery/01.jpg"); got != "3840×64" {
		t.Errorf("kept image is %s", got)
	}
}

// --max-edge given: nothing asked, shrunk as before.
func TestResizeFlagAsksNothing(t *testing.T) {
	out, _ := runResize(t, []string{wide3840(t)}, true)
	if strings.Contains(out, "larger than 3000 px on the long edge") || !strings.Contains(out, "shrunk gallery/01.jpg: 3840×64 → 3000×50") {
		t.Errorf("output:\n%s", out)
	}
}
