package site

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestColumnsCommentQuotesTheBreakpoints: the comment init writes above a
// site's gallery columns gives each breakpoint the width the site's theme
// gives it (site/src/theme/breakpoints.ts, the one list).
func TestColumnsCommentQuotesTheBreakpoints(t *testing.T) {
	const file = "../../../../site/src/theme/breakpoints.ts"
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	decl := regexp.MustCompile(`export const breakpointValues = \{ xs: 0, sm: (\d+), md: (\d+), lg: (\d+), xl: (\d+) \} as const;`).FindSubmatch(data)
	if decl == nil {
		t.Fatalf("%s: no breakpointValues declaration of xs to xl", file)
	}
	want := fmt.Sprintf("# %s px, then sm, md, lg and xl from %s, %s, %s and %s px.", decl[1], decl[1], decl[2], decl[3], decl[4])
	written := 0
	for _, p := range Presets {
		if p.GalleryColumns == nil {
			continue
		}
		s, err := Prepare(owner(p.Kind))
		if err != nil {
			t.Fatal(err)
		}
		written++
		if out := string(Render(s, DefaultSchemaRef)); !strings.Contains(out, want) {
			t.Errorf("%s: site.yaml's columns comment is not %q", p.Kind, want)
		}
	}
	if written == 0 {
		t.Fatal("no preset writes gallery columns")
	}
}
