package prompt

import (
	"reflect"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
)

// drain runs the commands as the program does, each in its own goroutine,
// and feeds their messages to m as they come, until nothing has come for a
// while (cursor blink ticks, every half second, are left running). The keys
// sent before it are all queued ahead of any command's message: what happens
// when keys are typed faster than the program turns around.
func drain(t *testing.T, m tea.Model, cmds []tea.Cmd) {
	t.Helper()
	msgs := make(chan tea.Msg, 100)
	run := func(cmds []tea.Cmd) {
		for _, cmd := range cmds {
			if cmd != nil {
				go func() { msgs <- cmd() }()
			}
		}
	}
	run(cmds)
	for {
		var msg tea.Msg
		select {
		case msg = <-msgs:
		case <-time.After(300 * time.Millisecond):
			return
		}
		if msg == nil {
			continue
		}
		if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice && v.Type().Elem() == reflect.TypeOf(tea.Cmd(nil)) {
			var sub []tea.Cmd
			for j := 0; j < v.Len(); j++ {
				sub = append(sub, v.Index(j).Interface().(tea.Cmd))
			}
			run(sub)
			continue
		}
		if _, ok := msg.(tea.QuitMsg); ok {
			continue
		}
		_, next := m.Update(msg)
		run([]tea.Cmd{next})
	}
}

func press(s string) tea.KeyPressMsg {
	switch s {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "shift+tab":
		return tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "end":
		return tea.KeyPressMsg{Code: tea.KeyEnd}
	case "home":
		return tea.KeyPressMsg{Code: tea.KeyHome}
	}
	r := []rune(s)[0]
	return tea.KeyPressMsg{Code: r, Text: s}
}

// typeAhead sends every key at once, then runs the commands they gave.
func typeAhead(t *testing.T, m tea.Model, keys ...string) {
	t.Helper()
	var cmds []tea.Cmd
	for _, k := range keys {
		_, cmd := m.Update(press(k))
		cmds = append(cmds, cmd)
	}
	drain(t, m, cmds)
}

func TestGuardKeysAfterEnterGoToTheNextField(t *testing.T) {
	var a, b, c string
	form := Form(
		huh.NewGroup(huh.NewInput().Title("A").Value(&a), huh.NewInput().Title("B").Value(&b)),
		huh.NewGroup(huh.NewInput().Title("C").Value(&c)),
	)
	g := NewGuard(form, "")
	g.settleIn = 5 * time.Second // the focus moving releases the keys, not the clock
	drain(t, g, []tea.Cmd{g.Init()})
	// Typed in one burst: into A, Enter, into B, Enter (to the next
	// group), into C.
	typeAhead(t, g, "x", "enter", "y", "z", "enter", "w")
	if a != "x" || b != "yz" || c != "w" {
		t.Errorf("A=%q B=%q C=%q, want x, yz, w", a, b, c)
	}
}

func TestGuardRefusedMoveReleasesKeys(t *testing.T) {
	var a, b string
	form := Form(huh.NewGroup(
		huh.NewInput().Title("A").Value(&a).Validate(func(s string) error {
			if s != "ok" {
				return errString("not ok")
			}
			return nil
		}),
		huh.NewInput().Title("B").Value(&b),
	))
	g := NewGuard(form, "")
	g.settleIn = 30 * time.Millisecond
	drain(t, g, []tea.Cmd{g.Init()})
	typeAhead(t, g, "o", "enter", "k", "enter", "b")
	if a != "ok" || b != "b" {
		t.Errorf("A=%q B=%q, want ok, b", a, b)
	}
}

type errString string

func (e errString) Error() string { return string(e) }

func TestGuardEscAsks(t *testing.T) {
	var a string
	form := Form(huh.NewGroup(huh.NewInput().Title("A").Value(&a), huh.NewInput().Title("B")))
	g := NewGuard(form, "Leave? Your answers are kept as a draft.")
	g.settleIn = 30 * time.Millisecond
	drain(t, g, []tea.Cmd{g.Init()})
	typeAhead(t, g, "x", "esc")
	if v := g.View().Content; !contains(v, "Leave? Your answers are kept as a draft.") {
		t.Fatalf("Esc does not ask:\n%s", v)
	}
	typeAhead(t, g, "n", "y")
	if g.Left() || a != "xy" {
		t.Fatalf("n should go back to the form: left=%v A=%q", g.Left(), a)
	}
	typeAhead(t, g, "esc", "y")
	if !g.Left() {
		t.Error("y after Esc should leave")
	}
	if a != "xy" {
		t.Errorf("A=%q: the answer typed before leaving is lost", a)
	}
}

func contains(s, sub string) bool { return len(sub) == 0 || indexOf(s, sub) >= 0 }

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

// A field's error goes as soon as its value is fixed, not at the next
// Enter: an input's and a multi-line text's.
func TestFixedValueClearsItsErrorAtOnce(t *testing.T) {
	required := func(s string) error {
		if s == "" {
			return errString("must not be empty")
		}
		return nil
	}
	var title, desc string
	form := Form(
		huh.NewGroup(huh.NewInput().Title("Title").Value(&title).Validate(required)),
		huh.NewGroup(huh.NewText().Title("Description").Value(&desc).Validate(required)),
	)
	g := NewGuard(form, "")
	g.settleIn = 30 * time.Millisecond
	drain(t, g, []tea.Cmd{g.Init()})
	for _, field := range []string{"Title", "Description"} {
		typeAhead(t, g, "enter")
		if v := g.View().Content; !contains(v, "must not be empty") {
			t.Fatalf("%s: Enter on an empty value shows no error:\n%s", field, v)
		}
		typeAhead(t, g, "x")
		if v := g.View().Content; contains(v, "must not be empty") {
			t.Errorf("%s: the error stays after the value was fixed:\n%s", field, v)
		}
		typeAhead(t, g, "enter")
	}
	if title != "x" || desc != "x" || form.State != huh.StateCompleted {
		t.Errorf("title %q desc %q state %v", title, desc, form.State)
	}
}
