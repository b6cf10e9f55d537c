// Package prompt holds what the interactive commands (portfolio new
// project, portfolio init) share around huh v2: the form's keys, and the
// accessible mode's one-line-at-a-time input and runner.
package prompt

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"charm.land/bubbles/v2/key"
	"charm.land/huh/v2"
	"github.com/charmbracelet/colorprofile"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/iostreams"
)

// Form is a full-screen form that Esc leaves as well as Ctrl-C.
func Form(groups ...*huh.Group) *huh.Form {
	keys := huh.NewDefaultKeyMap()
	keys.Quit = key.NewBinding(key.WithKeys("ctrl+c", "esc"), key.WithHelp("esc", "quit"))
	return huh.NewForm(groups...).WithKeyMap(keys)
}

// Accessible runs forms in huh's accessible mode, one after another, on
// the same input: plain-text questions for screen readers and for answers
// piped in.
type Accessible struct {
	ctx context.Context
	in  *LineReader
	out io.Writer
}

// NewAccessible asks on out and reads the answers from in.
func NewAccessible(ctx context.Context, in io.Reader, out io.Writer) *Accessible {
	return &Accessible{ctx: ctx, in: NewLineReader(in), out: out}
}

// Input is the lines the questions read. A later prompt on the same input
// reads from it, not from the input itself, which has been read ahead.
func (a *Accessible) Input() io.Reader { return a.in }

// Run asks the groups' questions. The context ending cancels at once (the
// prompt may be blocked reading the terminal); so does the input ending
// before a form that is not the final one (the confirmation, where the
// input ending leaves the answer at no). Run returns only once the form
// has stopped: on cancellation the input is ended for it (and its output
// silenced), so no prompt can still write an answer into the values the
// caller reads next (a draft of the answers so far).
func (a *Accessible) Run(final bool, groups ...*huh.Group) error {
	out := &stoppableWriter{w: a.out}
	form := huh.NewForm(groups...).WithAccessible(true).WithInput(a.in).WithOutput(out)
	done := make(chan error, 1)
	go func() {
		defer func() {
			// huh's accessible select indexes its options with an answer
			// it refused when the input ends right after (Ctrl-D after a
			// wrong number): a crash for a user's keystroke. The input
			// ended, so the questions are left, as at any other end.
			if r := recover(); r != nil {
				if a.in.Ended() {
					done <- cmdutil.ErrCancel
					return
				}
				done <- fmt.Errorf("the form stopped: %v", r)
			}
		}()
		done <- form.RunWithContext(a.ctx)
	}()
	select {
	case <-a.ctx.Done():
		out.stop()
		a.in.Stop()
		<-done //nolint:errcheck // cancelled: waiting for the form to stop; its error is the cancellation
		return cmdutil.ErrCancel
	case err := <-done:
		if err != nil {
			return err
		}
	}
	if !final && a.in.Ended() {
		return cmdutil.ErrCancel
	}
	return nil
}

// stoppableWriter forwards writes until stopped, then drops them.
type stoppableWriter struct {
	mu      sync.Mutex
	w       io.Writer
	stopped bool
}

func (s *stoppableWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopped {
		return len(p), nil
	}
	return s.w.Write(p)
}

func (s *stoppableWriter) stop() {
	s.mu.Lock()
	s.stopped = true
	s.mu.Unlock()
}

// LineReader hands out at most one line per Read. huh's accessible prompts
// each read through a bufio.Scanner of their own, which would swallow the
// lines meant for the next prompts if a Read returned them all; a terminal
// gives a line at a time anyway, a pipe or a file does not. It also records
// the end of the input, which huh does not report, and can be ended early
// (Stop), which a read blocked on a terminal cannot.
type LineReader struct {
	mu      sync.Mutex
	in      *bufio.Reader
	eof     bool
	err     error // the input's error, once it has one: no more lines come
	start   sync.Once
	lines   chan chunk
	pending []byte
	stopped chan struct{}
	stopper sync.Once
}

type chunk struct {
	b   []byte
	err error
}

// NewLineReader reads r a line at a time, for huh's accessible prompts.
func NewLineReader(r io.Reader) *LineReader {
	return &LineReader{in: bufio.NewReader(r), lines: make(chan chunk), stopped: make(chan struct{})}
}

// pump reads the input a line at a time, for Read to take or Stop to
// abandon.
func (l *LineReader) pump() {
	for {
		b, err := l.in.ReadBytes('\n')
		select {
		case l.lines <- chunk{b, err}:
		case <-l.stopped:
			return
		}
		if err != nil {
			return
		}
	}
}

// Read returns at most one line.
func (l *LineReader) Read(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.pending) == 0 {
		if l.err != nil {
			return 0, l.err
		}
		l.start.Do(func() { go l.pump() })
		select {
		case c := <-l.lines:
			l.pending = c.b
			if c.err != nil {
				l.err = c.err
				if errors.Is(c.err, io.EOF) {
					l.eof = true
				}
				if len(c.b) == 0 {
					return 0, c.err
				}
			}
		case <-l.stopped:
			return 0, io.EOF
		}
	}
	n := copy(p, l.pending)
	l.pending = l.pending[n:]
	return n, nil
}

// Stop ends the input now: a Read blocked on it, and every later one,
// returns io.EOF.
func (l *LineReader) Stop() { l.stopper.Do(func() { close(l.stopped) }) }

// Ended reports whether the input has ended.
func (l *LineReader) Ended() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.eof
}

// Missing is the one error a command gives when, with no one to ask, some
// required values are missing: every flag, named at once.
func Missing(flags []string) error {
	names := make([]string, len(flags))
	for i, f := range flags {
		names[i] = "--" + f
	}
	return cmdutil.Usagef("missing %s: required when not running interactively (give them as flags or in --from FILE)", strings.Join(names, ", "))
}

// AccessibleOutput is where plain prompts are written: with colour off (a
// pipe, a log, NO_COLOR), escape codes are stripped.
func AccessibleOutput(ios *iostreams.IOStreams) io.Writer {
	if ios.ColorEnabled() {
		return ios.Out
	}
	return &colorprofile.Writer{Forward: ios.Out, Profile: colorprofile.NoTTY}
}
