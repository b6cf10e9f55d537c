package newproject

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/scaffold"
)

// Real camera-sized photos from Debian's MATE wallpaper package (not
// committed: read where the package installs them).
const wallpapers = "/usr/share/backgrounds/mate/abstract/"

func wallpaper(t *testing.T, name string) string {
	t.Helper()
	p := filepath.Join(wallpapers, name)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("%s: install mate-backgrounds for this test", p)
	}
	return p
}

// runResize runs new project in accessible mode with a cover and a gallery
// of real photos, the limit at 3000 px, and answers after the
// confirmation.
func runResize(t *testing.T, gallery []string, set bool, after ...string) (string, error) {
	t.Helper()
	fixture(t)
	answers := details("Elephants", "", "1")
	answers[10] = wallpaper(t, "Elephants.jpg") // 1920×1080: within the limit
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
	big := []string{wallpaper(t, "Elephants_3840x2160.jpg"), wallpaper(t, "Elephants_5640x3172.jpg")}
	// "3": ask for each; shrink the first, keep the second.
	out, _ := runResize(t, big, false, "3", "y", "n")
	for _, want := range []string{
		"2 originals larger than 3000 px on the long edge (the site shows at most 2400 px):\n",
		"  Elephants_3840x2160.jpg: 3840×2160 px, 8.5 MB → 3000×1687\n",
		"  Elephants_5640x3172.jpg: 5640×3172 px, 16.4 MB → 3000×1687\n",
		"1. yes, all 2\n", "3. ask for each\n",
		"Shrink Elephants_3840x2160.jpg (3840×2160 px, 8.5 MB → 3000×1687)?",
		"  shrunk gallery/01.jpg: 3840×2160 → 3000×1687 (larger than --max-edge 3000; 0 keeps every size)\n",
		"  kept gallery/02.jpg at full size, as you chose: 5640×3172 px, 16.4 MB\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	dir := "content/projects/elephants/"
	for name, want := range map[string]string{"cover.jpg": "1920×1080", "gallery/01.jpg": "3000×1687", "gallery/02.jpg": "5640×3172"} {
		if got := size(t, dir+name); got != want {
			t.Errorf("%s is %s, want %s", name, got, want)
		}
	}
}

func TestResizeOneAsked(t *testing.T) {
	out, _ := runResize(t, []string{wallpaper(t, "Elephants_3840x2160.jpg")}, false, "n")
	if !strings.Contains(out, "1 original larger than 3000 px") || strings.Contains(out, "ask for each") ||
		!strings.Contains(out, "kept gallery/01.jpg at full size") {
		t.Errorf("output:\n%s", out)
	}
	if got := size(t, "content/projects/elephants/gallery/01.jpg"); got != "3840×2160" {
		t.Errorf("kept image is %s", got)
	}
}

// --max-edge given: nothing asked, shrunk as before.
func TestResizeFlagAsksNothing(t *testing.T) {
	out, _ := runResize(t, []string{wallpaper(t, "Elephants_3840x2160.jpg")}, true)
	if strings.Contains(out, "larger than 3000 px on the long edge") || !strings.Contains(out, "shrunk gallery/01.jpg: 3840×2160 → 3000×1687") {
		t.Errorf("output:\n%s", out)
	}
}
