package prompt

import (
	"cmp"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
)

// drain runs the commands as the program does, each in its own goroutine,
// and feeds their messages to g as they come, until every command has
// returned and no timer is due within a typist's pause. The keys sent
// before it are all queued ahead of any command's message: what happens
// when keys are typed faster than the program turns around.
//
// Time is the test's own: the guard's release timer (tea.Tick in the
// program) is put on a clock that moves only when nothing else is left to
// run, straight to the next timer due within pause of the last message, so
// a drain waits for no wall-clock time. A timer due later never fires: the
// next keys come first. The cursor's blink (every 530 ms, forever) is such
// a timer, and is not run at all.
func drain(t *testing.T, g *Guard, cmds []tea.Cmd) {
	t.Helper()
	type result struct {
		msg  tea.Msg
		name string
	}
	var (
		results = make(chan result)
		running = map[string]int{} // commands not returned yet, by name
		now     time.Duration      // the test's clock, from the start of the drain
		timers  []fakeTimer
	)
	g.tick = fakeTick
	run := func(cmds []tea.Cmd) {
		for _, cmd := range cmds {
			if cmd == nil {
				continue
			}
			name := runtime.FuncForPC(reflect.ValueOf(cmd).Pointer()).Name()
			if strings.HasPrefix(name, "charm.land/bubbles/v2/cursor.(*Model).Blink.") {
				continue
			}
			running[name]++
			go func() { results <- result{cmd(), name} }()
		}
	}
	run(cmds)
	for {
		var msg tea.Msg
		if len(running) == 0 {
			// Nothing left but timers: the next one due within a pause
			// fires; otherwise the burst is over.
			slices.SortStableFunc(timers, func(a, b fakeTimer) int { return cmp.Compare(a.due, b.due) })
			if len(timers) == 0 || timers[0].due > now+pause {
				return
			}
			now = timers[0].due
			msg = timers[0].fire(time.Now())
			timers = timers[1:]
		} else {
			select {
			case r := <-results:
				if running[r.name]--; running[r.name] == 0 {
					delete(running, r.name)
				}
				msg = r.msg
			case <-time.After(10 * time.Second):
				t.Fatalf("commands still running after 10 s (one waiting on a timer drain does not know?): %v", running)
			}
		}
		switch m := msg.(type) {
		case nil, tea.QuitMsg:
			continue
		case fakeTimer:
			m.due += now
			timers = append(timers, m)
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
		_, next := g.Update(msg)
		run([]tea.Cmd{next})
	}
}

// pause is how long a typist waits before the next burst of keys.
const pause = 300 * time.Millisecond

// fakeTimer is a release timer on drain's clock.
type fakeTimer struct {
	due  time.Duration
	fire func(time.Time) tea.Msg
}

// fakeTick is the guard's tea.Tick in tests: its command hands the timer
// to drain at once.
func fakeTick(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
	return func() tea.Msg { return fakeTimer{due: d, fire: fn} }
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
func typeAhead(t *testing.T, m *Guard, keys ...string) {
	t.Helper()
	m.tick = fakeTick
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
