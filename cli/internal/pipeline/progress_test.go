package pipeline

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/images"
)

func TestProgressView(t *testing.T) {
	src := func(rel string, w int) images.Source {
		return images.Source{Rel: rel, Info: imagecheck.Info{Width: w, Height: 1000}}
	}
	sources := []images.Source{src("a.jpg", 1000), src("b.jpg", 1000), src("c.jpg", 2000)} // 4 MP in all
	start := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	clock := start
	m := newProgressModel(sources, start)
	m.now = func() time.Time { return clock }

	step := func(ev images.Event) {
		t.Helper()
		next, _ := m.Update(ev)
		m = next.(progressModel)
	}
	view := func() string { return m.View().Content }

	if v := view(); !strings.Contains(v, "0/3 images · estimating time left") {
		t.Errorf("initial view = %q", v)
	}
	// a.jpg reused at once: no pace yet, since reusing takes no time.
	step(images.Event{Source: sources[0], Outcome: images.Reused})
	if v := view(); !strings.Contains(v, "1/3 images · estimating time left") || !strings.Contains(v, "a.jpg") {
		t.Errorf("after a reuse: %q", v)
	}
	// b.jpg (1 MP) made in 10 s: 2 MP are left, at 10 s per MP.
	clock = start.Add(10 * time.Second)
	step(images.Event{Source: sources[1], Outcome: images.Made, Elapsed: 10 * time.Second})
	if v := view(); !strings.Contains(v, "2/3 images · about 20s left") {
		t.Errorf("after a make: %q", v)
	}
	step(images.Event{Source: sources[2], Outcome: images.Failed})
	if v := view(); !strings.Contains(v, "3/3 images, 1 failed · almost done") {
		t.Errorf("after a failure: %q", v)
	}
	next, cmd := m.Update(finishedMsg{})
	if cmd == nil {
		t.Fatal("finishing returns no command")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok || next.(progressModel).View().Content != "" {
		t.Error("finishing does not quit and clear the display")
	}
}

func TestTimeLeftFormats(t *testing.T) {
	tests := []struct {
		left time.Duration
		want string
	}{
		{500 * time.Millisecond, "almost done"},
		{42 * time.Second, "about 42s left"},
		{150 * time.Second, "about 2m30s left"},
	}
	for _, tt := range tests {
		start := time.Unix(0, 0)
		m := progressModel{now: func() time.Time { return start.Add(time.Second) }, firstMade: start,
			made: 1, madePixels: 1_000_000, donePixels: 1_000_000, totalPixels: 1_000_000 + int64(tt.left.Seconds()*1_000_000)}
		if got := m.timeLeft(); got != tt.want {
			t.Errorf("%v left: %q, want %q", tt.left, got, tt.want)
		}
	}
}
