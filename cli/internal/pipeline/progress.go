package pipeline

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/progress"
	tea "charm.land/bubbletea/v2"

	"portfolio/cli/internal/images"
	"portfolio/cli/internal/iostreams"
)

// reporter shows a run as it goes: a live progress bar on a terminal, one
// plain line per image made otherwise (CI logs, pipes), or nothing there
// when brief.
type reporter struct {
	io    *iostreams.IOStreams
	brief bool
	// originals: each image's one output is its original, published for
	// Netlify Image CDN.
	originals bool
	program   *tea.Program
	done      chan struct{}
}

func newReporter(ios *iostreams.IOStreams, sources []images.Source, brief bool) *reporter {
	r := &reporter{io: ios, brief: brief}
	if !ios.IsStdoutTTY() || len(sources) == 0 {
		return r
	}
	// No input: the terminal stays in its normal mode, so Ctrl-C reaches the
	// command's own signal handling and the run stops cleanly.
	r.program = tea.NewProgram(newProgressModel(sources, time.Now()),
		tea.WithOutput(ios.Out), tea.WithInput(nil), tea.WithoutSignalHandler())
	r.done = make(chan struct{})
	go func() {
		defer close(r.done)
		_, _ = r.program.Run() // a failing display must not fail the run
	}()
	return r
}

// event is images.Options.OnEvent, which images.Run calls one at a time.
func (r *reporter) event(ev images.Event) {
	if r.program != nil {
		r.program.Send(ev)
		return
	}
	if r.brief || ev.Outcome != images.Made {
		return // reused images are counted in the summary; failures are listed after it
	}
	if r.originals {
		fmt.Fprintf(r.io.Out, "published %s: its original, %s, in %s\n",
			ev.Source.Rel, size(ev.BytesOut), ev.Elapsed.Round(10*time.Millisecond))
		return
	}
	fmt.Fprintf(r.io.Out, "made %s: %d variants, %s, in %s\n",
		ev.Source.Rel, ev.Variants, size(ev.BytesOut), ev.Elapsed.Round(10*time.Millisecond))
}

// close ends the live display, leaving the terminal clean for the summary.
func (r *reporter) close() {
	if r.program == nil {
		return
	}
	r.program.Send(finishedMsg{})
	<-r.done
}

type finishedMsg struct{}

// progressModel is the live display: a bar weighted by pixels (a 24 MP
// photo is more work than a logo), counts, and an estimate of the time left.
type progressModel struct {
	bar         progress.Model
	start       time.Time
	now         func() time.Time
	total       int
	totalPixels int64
	done        int
	donePixels  int64
	made        int
	madePixels  int64
	firstMade   time.Time
	failed      int
	last        string
	finished    bool
}

func newProgressModel(sources []images.Source, start time.Time) progressModel {
	m := progressModel{
		bar:   progress.New(progress.WithWidth(32), progress.WithDefaultBlend()),
		start: start,
		now:   time.Now,
		total: len(sources),
	}
	for _, s := range sources {
		m.totalPixels += s.Info.Pixels()
	}
	return m
}

func (m progressModel) Init() tea.Cmd { return nil }

func (m progressModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case images.Event:
		m.done++
		px := msg.Source.Info.Pixels()
		m.donePixels += px
		m.last = msg.Source.Rel
		switch msg.Outcome {
		case images.Made:
			if m.made == 0 {
				m.firstMade = m.now().Add(-msg.Elapsed)
			}
			m.made++
			m.madePixels += px
		case images.Failed:
			m.failed++
		}
	case tea.WindowSizeMsg:
		m.bar.SetWidth(min(40, max(10, msg.Width-50)))
	case finishedMsg:
		m.finished = true
		return m, tea.Quit
	}
	return m, nil
}

func (m progressModel) View() tea.View {
	if m.finished {
		return tea.NewView("")
	}
	frac := 0.0
	if m.totalPixels > 0 {
		frac = float64(m.donePixels) / float64(m.totalPixels)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %d/%d images", m.bar.ViewAs(frac), m.done, m.total)
	if m.failed > 0 {
		fmt.Fprintf(&b, ", %d failed", m.failed)
	}
	b.WriteString(" · " + m.timeLeft())
	if m.last != "" {
		b.WriteString("\n" + m.last)
	}
	return tea.NewView(b.String())
}

// timeLeft estimates from the pace of the images made so far (reused ones
// take no time and would make it optimistic).
func (m progressModel) timeLeft() string {
	if m.made == 0 || m.madePixels == 0 {
		return "estimating time left"
	}
	pace := float64(m.now().Sub(m.firstMade)) / float64(m.madePixels)
	left := time.Duration(pace * float64(m.totalPixels-m.donePixels))
	switch {
	case left < time.Second:
		return "almost done"
	case left < time.Minute:
		return fmt.Sprintf("about %ds left", int(left.Seconds()+0.5))
	}
	return fmt.Sprintf("about %dm%02ds left", int(left.Minutes()), int(left.Seconds())%60)
}
