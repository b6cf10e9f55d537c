package editor

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/iostreams"
)

// Real camera-sized photos from Debian's MATE wallpaper package (not
// committed: read where the package installs them).
const wallpapers = "/usr/share/backgrounds/mate/abstract/"

// Adding originals larger than the limit asks, in accessible mode, whether
// to shrink them: here each in turn, the first shrunk, the second kept.
func TestAccessibleAddOffersResize(t *testing.T) {
	big := []string{filepath.Join(wallpapers, "Elephants_3840x2160.jpg"), filepath.Join(wallpapers, "Elephants_5640x3172.jpg")}
	for _, p := range big {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s: install mate-backgrounds for this test", p)
		}
	}
	fixture(t)
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
			if strings.Contains(text, "on the long edge") || !strings.Contains(text, "shrunk Elephants_3840x2160.jpg: 3840×2160 → 3000×1687") {
				t.Errorf("with --max-edge:\n%s", text)
			}
			continue
		}
		for _, want := range []string{
			"2 originals larger than 3000 px on the long edge (the site shows at most 2400 px):\n",
			"  Elephants_5640x3172.jpg: 5640×3172 px, 16.4 MB → 3000×1687\n",
			"3. ask for each", "Shrink Elephants_3840x2160.jpg (3840×2160 px, 8.5 MB → 3000×1687)?",
			"shrunk Elephants_3840x2160.jpg: 3840×2160 → 3000×1687",
		} {
			if !strings.Contains(text, want) {
				t.Errorf("stdout lacks %q:\n%s", want, text)
			}
		}
		for name, want := range map[string]string{"04.jpg": "3000×1687", "05.jpg": "5640×3172"} {
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
