package prompt

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
	"github.com/charmbracelet/x/ansi"
)

// yamlLines is a preview far longer than the window.
func yamlLines(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "line-%03d: value\n", i)
	}
	return b.String()
}

// previewForm is a form as the commands build it: a group of questions,
// then the preview and the confirmation, in a window of the given size.
func previewForm(t *testing.T, text string, width, height int) (*Guard, *bool, *string) {
	t.Helper()
	var name string
	sure := true
	p := NewPreview(func() string { return "file.yaml" }, func() string { return text })
	form := Form(
		huh.NewGroup(huh.NewInput().Title("Name").Value(&name)),
		// A title known only once the answers are in, as the commands'
		// ("Write content/projects/<slug>?"): the confirmation grows after
		// the form first measured its groups.
		huh.NewGroup(p, huh.NewConfirm().TitleFunc(func() string { return "Write it?" }, &name).Value(&sure)),
	)
	g := NewGuard(form, "Leave?", p)
	g.settleIn = 30 * time.Millisecond
	drain(t, g, []tea.Cmd{g.Init()})
	_, cmd := g.Update(tea.WindowSizeMsg{Width: width, Height: height})
	drain(t, g, []tea.Cmd{cmd})
	return g, &sure, &name
}

func screen(g *Guard) []string {
	return strings.Split(ansi.Strip(g.View().Content), "\n")
}

func TestPreviewScrollsInsideTheWindow(t *testing.T) {
	for _, size := range []struct{ w, h int }{{100, 40}, {80, 24}, {60, 16}} {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			g, sure, _ := previewForm(t, yamlLines(120), size.w, size.h)
			typeAhead(t, g, "a", "enter") // to the preview
			check := func(when string, want ...string) {
				t.Helper()
				lines := screen(g)
				text := strings.Join(lines, "\n")
				if len(lines) > size.h {
					t.Errorf("%s: %d lines on a screen of %d:\n%s", when, len(lines), size.h, text)
				}
				for _, w := range append(want, "Write it?", "Yes", "No", "file.yaml", "↑/↓ scroll", "pgup/pgdn page") {
					if !strings.Contains(text, w) {
						t.Errorf("%s: %q is not on screen:\n%s", when, w, text)
					}
				}
			}
			check("at first", "line-001", "lines 1–", "of 120 · ↓ more below")
			if strings.Contains(strings.Join(screen(g), "\n"), "line-120") {
				t.Error("the last line shows before scrolling: nothing is hidden?")
			}
			typeAhead(t, g, "down", "down")
			check("two lines down", "line-003", "lines 3–")
			typeAhead(t, g, "end")
			check("at the end", "line-120", "of 120 · ↑ more above")
			if strings.Contains(strings.Join(screen(g), "\n"), "line-001") {
				t.Error("the first line still shows at the end")
			}
			typeAhead(t, g, "home", "pgdown")
			check("a page down", "of 120 · ↑↓ more above and below")
			// Enter goes on to the confirmation, which writes.
			typeAhead(t, g, "enter", "enter")
			if g.Form.State != huh.StateCompleted || !*sure {
				t.Errorf("state %v, sure %v: Enter, Enter should confirm", g.Form.State, *sure)
			}
		})
	}
}

// The content is read when the preview is reached, not when the form is
// built: it shows the answers given on the way.
func TestPreviewShowsTheAnswersGiven(t *testing.T) {
	var name string
	p := NewPreview(func() string { return "file.yaml" }, func() string { return "name: " + name })
	form := Form(huh.NewGroup(huh.NewInput().Title("Name").Value(&name)), huh.NewGroup(p, huh.NewConfirm().Title("Write it?")))
	g := NewGuard(form, "", p)
	g.settleIn = 30 * time.Millisecond
	drain(t, g, []tea.Cmd{g.Init()})
	_, cmd := g.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	drain(t, g, []tea.Cmd{cmd})
	typeAhead(t, g, "A", "v", "a", "enter")
	text := strings.Join(screen(g), "\n")
	if !strings.Contains(text, "name: Ava") || !strings.Contains(text, "all of it: 1 line") {
		t.Errorf("preview:\n%s", text)
	}
	// A short text gets a short window, not a screenful of blank lines.
	if n := len(screen(g)); n > 12 {
		t.Errorf("a one-line preview takes %d lines:\n%s", n, text)
	}
	typeAhead(t, g, "shift+tab")
	if name != "Ava" || g.Form.GetFocusedField() == huh.Field(p) {
		t.Errorf("shift+tab should go back to Name")
	}
}

func TestPreviewAccessiblePrintsAll(t *testing.T) {
	var out strings.Builder
	p := NewPreview(func() string { return "file.yaml" }, func() string { return yamlLines(50) })
	if err := p.RunAccessible(&out, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "line-001") || !strings.Contains(out.String(), "line-050") {
		t.Errorf("accessible:\n%s", out.String())
	}
}
