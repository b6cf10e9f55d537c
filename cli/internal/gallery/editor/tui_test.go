package editor

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/gallery"
)

func press(m *model, keys ...tea.KeyPressMsg) tea.Cmd {
	var cmd tea.Cmd
	for _, k := range keys {
		_, cmd = m.Update(k)
	}
	return cmd
}

func text(s string) tea.KeyPressMsg { return tea.KeyPressMsg{Code: []rune(s)[0], Text: s} }

var (
	down      = tea.KeyPressMsg{Code: tea.KeyDown}
	shiftDown = tea.KeyPressMsg{Code: tea.KeyDown, Mod: tea.ModShift}
	enter     = tea.KeyPressMsg{Code: tea.KeyEnter}
	esc       = tea.KeyPressMsg{Code: tea.KeyEscape}
)

func typeText(m *model, s string) {
	for _, r := range s {
		m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// The list's keys drive the same gallery edits as the flag forms; saving
// runs Apply, and quitting with unsaved changes asks first.
func TestModelKeys(t *testing.T) {
	fixture(t)
	g, err := gallery.Open("content", "harbour")
	if err != nil {
		t.Fatal(err)
	}
	m := newModel(context.Background(), g, newPreviewer())
	press(m, shiftDown) // 01 moves to 2
	if m.g.Images[1].File != "01.jpg" || m.sel != 1 || !m.changed {
		t.Fatalf("after shift+down: sel %d, images %+v", m.sel, m.g.Images)
	}
	press(m, text("e"))
	typeText(m, "IMG_0001")
	if !strings.Contains(m.View().Content, "camera's file name") {
		t.Error("a camera name is not flagged while typing")
	}
	for range len("IMG_0001") {
		m.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
	}
	typeText(m, "Harbour wall")
	if strings.Contains(m.View().Content, "camera's file name") {
		t.Error("the error stays once the value is fixed")
	}
	press(m, enter, enter)
	if m.g.Images[1].Alt != "Harbour wall" || m.mode != browsing {
		t.Fatalf("alt = %q, mode %d", m.g.Images[1].Alt, m.mode)
	}
	press(m, text("q"))
	if m.mode != confirmQuit || !strings.Contains(m.View().Content, "Discard your changes?") {
		t.Fatal("quitting with changes does not ask")
	}
	press(m, text("n"))
	cmd := press(m, text("s"))
	if cmd == nil {
		t.Fatal("s does not save")
	}
	m.Update(cmd())
	if m.changed || !strings.Contains(m.status, "✓ saved") {
		t.Fatalf("status %q", m.status)
	}
	if y := yamlText(t); !strings.Contains(y, "- file: 02.jpg\n        alt: Harbour wall\n") {
		t.Errorf("project.yaml:\n%s", y)
	}
	if cmd := press(m, text("q")); cmd == nil {
		t.Error("q after saving does not quit")
	}

	// Remove asks; Esc in the question keeps the image.
	press(m, down, text("d"), esc)
	if len(m.g.Images) != 3 {
		t.Error("Esc removed the image")
	}
	press(m, text("d"), text("y"))
	if len(m.g.Images) != 2 {
		t.Error("y did not remove the image")
	}
	press(m, esc, text("y"))
	if !errors.Is(m.quitErr, cmdutil.ErrCancel) {
		t.Error("discarding does not cancel")
	}
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Tab completes the path being typed in the add input; the names still
// matching show in the status line; Enter adds the completed file.
func TestModelAddCompletesPaths(t *testing.T) {
	fixture(t) // photos/new one.jpg
	if err := os.WriteFile("photos/new two.jpg", []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := gallery.Open("content", "harbour")
	if err != nil {
		t.Fatal(err)
	}
	m := newModel(context.Background(), g, newPreviewer())
	press(m, text("a"))
	typeText(m, "pho")
	press(m, tea.KeyPressMsg{Code: tea.KeyTab}, text("n"), tea.KeyPressMsg{Code: tea.KeyTab})
	if got := m.input.Value(); got != `photos/new\ ` {
		t.Fatalf("after Tab: %q", got)
	}
	if !strings.Contains(m.View().Content, "new one.jpg  new two.jpg") {
		t.Errorf("the matching names are not shown:\n%s", m.View().Content)
	}
	press(m, text("o"), tea.KeyPressMsg{Code: tea.KeyTab})
	if got := m.input.Value(); got != `photos/new\ one.jpg` {
		t.Fatalf("after o, Tab: %q", got)
	}
	press(m, enter)
	if len(m.g.Images) != 4 || m.g.Images[1].Source != "photos/new one.jpg" {
		t.Errorf("images %+v", m.g.Images)
	}
}

// Adding originals larger than the limit asks once for all of them: n
// keeps their size, y (or Enter) shrinks them when saved.
func TestModelAddOffersResize(t *testing.T) {
	big := wide3840(t)
	for _, answer := range []string{"n", "y"} {
		fixture(t)
		g, err := gallery.Open("content", "harbour")
		if err != nil {
			t.Fatal(err)
		}
		g.MaxEdge = 3000
		m := newModel(context.Background(), g, newPreviewer())
		m.askResize = true
		press(m, text("a"))
		typeText(m, big+", photos/new\\ one.jpg")
		press(m, enter)
		view := m.View().Content
		if m.mode != confirmResize || !strings.Contains(view, "1 added original larger than 3000 px") ||
			!strings.Contains(view, "wide-3840.jpg: 3840×64 px, 1.5 MB → 3000×50") {
			t.Fatalf("no resize question:\n%s", view)
		}
		press(m, text(answer))
		if m.mode != browsing || m.g.Images[1].KeepSize != (answer == "n") || m.g.Images[2].KeepSize {
			t.Errorf("%s: mode %v, images %+v", answer, m.mode, m.g.Images)
		}
	}
}
