// Package prompt holds what the interactive commands (portfolio new
// project, portfolio init) share around huh v2: the form's keys, and the
// accessible mode's one-line-at-a-time input and runner.
package prompt

import (
	"bufio"
	"context"
	"errors"
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

// Run asks the groups' questions. The context ending cancels at once (the
// prompt may be blocked reading the terminal); so does the input ending
// before a form that is not the final one (the confirmation, where the
// input ending leaves the answer at no).
func (a *Accessible) Run(final bool, groups ...*huh.Group) error {
	form := huh.NewForm(groups...).WithAccessible(true).WithInput(a.in).WithOutput(a.out)
	done := make(chan error, 1)
	go func() { done <- form.RunWithContext(a.ctx) }()
	select {
	case <-a.ctx.Done():
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

// LineReader hands out at most one line per Read. huh's accessible prompts
// each read through a bufio.Scanner of their own, which would swallow the
// lines meant for the next prompts if a Read returned them all; a terminal
// gives a line at a time anyway, a pipe or a file does not. It also records
// the end of the input, which huh does not report.
type LineReader struct {
	mu  sync.Mutex
	in  *bufio.Reader
	eof bool
}

// NewLineReader reads r a line at a time, for huh's accessible prompts.
func NewLineReader(r io.Reader) *LineReader { return &LineReader{in: bufio.NewReader(r)} }

// Read returns at most one line.
func (l *LineReader) Read(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for n < len(p) {
		b, err := l.in.ReadByte()
		if err != nil {
			if errors.Is(err, io.EOF) {
				l.eof = true
			}
			if n > 0 {
				return n, nil
			}
			return 0, err
		}
		p[n] = b
		n++
		if b == '\n' {
			break
		}
	}
	return n, nil
}

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
