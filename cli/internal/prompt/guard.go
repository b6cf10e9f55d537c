package prompt

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
)

// Guard runs a full-screen huh form with two promises huh does not keep by
// itself:
//
//   - Keystrokes typed right after Enter (or Tab) land in the next field.
//     huh moves the focus by a command (NextField, then nextGroup) that
//     the program runs after Update returns, so keys already waiting in the
//     input queue reach the field that was just left: "ab⏎cd" typed fast
//     gives "abcd" and an empty next field. The guard holds every key
//     that arrives after a focus-moving key until the focus has moved (or
//     the move was refused: an error, or nothing happened for a moment),
//     then replays them in order.
//   - Esc or Ctrl-C asks before leaving: "y" leaves (the caller keeps the
//     answers as a draft), "n" or Esc goes back to the form. Ctrl-C twice
//     leaves at once.
type Guard struct {
	Form *huh.Form
	// Leaving is the question shown when Esc or Ctrl-C is pressed.
	Leaving string

	held     []tea.KeyPressMsg
	holding  bool
	gen      int // which hold a release tick belongs to
	from     huh.Field
	asking   bool
	left     bool
	settleIn time.Duration
	// tick schedules the release: tea.Tick; tests drive their own clock.
	tick     func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
	previews []*Preview
	size     *tea.WindowSizeMsg // the terminal's, once known
}

// NewGuard wraps form.
func NewGuard(form *huh.Form, leaving string, previews ...*Preview) *Guard {
	if leaving == "" {
		leaving = "Leave the form?"
	}
	form.SubmitCmd = tea.Quit
	form.CancelCmd = tea.Quit
	return &Guard{Form: form, Leaving: leaving, settleIn: 400 * time.Millisecond, tick: tea.Tick, previews: previews}
}

type releaseMsg struct{ gen int }

// Init starts the form.
func (g *Guard) Init() tea.Cmd { return g.Form.Init() }

// Update routes keys through the hold and the leave question.
func (g *Guard) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if g.holding {
			g.held = append(g.held, msg)
			return g, nil
		}
		return g, g.key(msg)
	case releaseMsg:
		if g.holding && msg.gen == g.gen {
			return g, g.release()
		}
		return g, nil
	case tea.WindowSizeMsg:
		// Before the form measures its groups: a preview in a group not
		// shown yet would not hear of the size otherwise.
		for _, p := range g.previews {
			p.SetScreen(msg.Width, msg.Height)
		}
		g.size = &msg
	}
	_, cmd := g.Form.Update(msg)
	cmd = tea.Batch(cmd, g.remeasure())
	if g.holding && g.settled() {
		return g, tea.Batch(cmd, g.release())
	}
	return g, cmd
}

// remeasure has the form measure its groups again while a preview has the
// focus. huh measures them when the terminal's size comes, at the start,
// when the fields beside a preview may not have their final size yet (a
// confirmation whose title names the file gets it only once the answers
// are in): the group would cut off its end.
func (g *Guard) remeasure() tea.Cmd {
	if g.size == nil || g.Form.State != huh.StateNormal {
		return nil
	}
	focused := g.Form.GetFocusedField()
	for _, p := range g.previews {
		if focused == huh.Field(p) {
			_, cmd := g.Form.Update(*g.size)
			return cmd
		}
	}
	return nil
}

func (g *Guard) settled() bool {
	return g.Form.State != huh.StateNormal || g.Form.GetFocusedField() != g.from
}

// key handles one key press when nothing is held.
func (g *Guard) key(msg tea.KeyPressMsg) tea.Cmd {
	k := msg.String()
	if g.asking {
		switch k {
		case "y", "Y", "ctrl+c":
			g.asking, g.left = false, true
			return tea.Quit
		case "n", "N", "esc", "enter":
			g.asking = false
		}
		return nil
	}
	if k == "esc" || k == "ctrl+c" {
		g.asking = true
		return nil
	}
	if g.Form.State != huh.StateNormal {
		return nil
	}
	before := g.Form.GetFocusedField()
	_, cmd := g.Form.Update(msg)
	cmd = tea.Batch(cmd, g.remeasure())
	moves := k == "enter" || k == "tab" || k == "shift+tab"
	if moves && cmd != nil && g.Form.State == huh.StateNormal && g.Form.GetFocusedField() == before {
		g.holding, g.from = true, before
		g.gen++
		gen := g.gen
		return tea.Batch(cmd, g.tick(g.settleIn, func(time.Time) tea.Msg { return releaseMsg{gen} }))
	}
	return cmd
}

// release replays the held keys in order; a focus-moving one among them
// starts a new hold and keeps the rest.
func (g *Guard) release() tea.Cmd {
	g.holding = false
	var cmds []tea.Cmd
	for len(g.held) > 0 && !g.holding {
		k := g.held[0]
		g.held = g.held[1:]
		cmds = append(cmds, g.key(k))
	}
	return tea.Batch(cmds...)
}

// View shows the form, and the question when leaving.
func (g *Guard) View() tea.View {
	s := g.Form.View()
	if g.asking {
		s += "\n" + g.Leaving + "  y leave · n stay\n"
	}
	return tea.NewView(s)
}

// Left reports whether the owner chose to leave.
func (g *Guard) Left() bool { return g.left }

// ErrLeft is returned by RunGuarded when the owner left the form.
var ErrLeft = huh.ErrUserAborted

// RunGuarded runs form full-screen through a Guard on in and out. It
// returns nil when the form was completed, ErrLeft when the owner chose to
// leave, and an error wrapping context.Canceled when ctx ended. The
// previews in the form are told the terminal's size.
func RunGuarded(ctx context.Context, form *huh.Form, leaving string, in io.Reader, out io.Writer, previews ...*Preview) error {
	g := NewGuard(form, leaving, previews...)
	_, err := tea.NewProgram(g, tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(out)).Run()
	switch {
	case errors.Is(err, tea.ErrProgramKilled), errors.Is(err, tea.ErrInterrupted):
		return fmt.Errorf("%w", context.Canceled)
	case err != nil:
		return fmt.Errorf("huh: %w", err)
	case g.left || form.State == huh.StateAborted:
		return ErrLeft
	case form.State != huh.StateCompleted:
		return ErrLeft
	}
	return nil
}
