package newproject

import (
	"bufio"
	"context"
	"errors"
	"io"
	"sync"

	"charm.land/huh/v2"

	"portfolio/cli/internal/cmdutil"
)

// runAccessible asks the questions one line at a time, for screen readers
// and for answers piped in. The details come first, then the chosen link's
// fields, then the YAML and the confirmation, each a form of its own: huh's
// accessible mode asks every field of a form, hidden groups included. The
// end of the input before the confirmation cancels: nothing is written.
func (f *projectForm) runAccessible(ctx context.Context, in io.Reader, out io.Writer) error {
	r := newLineReader(in)
	run := func(final bool, groups ...*huh.Group) error {
		form := huh.NewForm(groups...).WithAccessible(true).WithInput(r).WithOutput(out)
		done := make(chan error, 1)
		go func() { done <- form.RunWithContext(ctx) }()
		select {
		case <-ctx.Done():
			// The prompt may be blocked reading the terminal; the command
			// ends without waiting for it.
			return cmdutil.ErrCancel
		case err := <-done:
			if err != nil {
				return err
			}
		}
		// The confirmation needs no such check: the input ending there
		// leaves its answer at no.
		if !final && r.ended() {
			return cmdutil.ErrCancel
		}
		return nil
	}
	if err := run(false, f.detailGroups()...); err != nil {
		return err
	}
	switch f.state.Link {
	case linkDocument:
		if err := run(false, f.documentGroup()); err != nil {
			return err
		}
	case linkPrototype:
		if err := run(false, f.prototypeGroup()); err != nil {
			return err
		}
	}
	f.state.Confirmed = false // an answer is needed: Enter alone does not write
	return run(true, f.confirmGroup())
}

// lineReader hands out at most one line per Read. huh's accessible prompts
// each read through a bufio.Scanner of their own, which would swallow the
// lines meant for the next prompts if a Read returned them all; a terminal
// gives a line at a time anyway, a pipe or a file does not. It also records
// the end of the input, which huh does not report.
type lineReader struct {
	mu  sync.Mutex
	in  *bufio.Reader
	eof bool
}

func newLineReader(r io.Reader) *lineReader { return &lineReader{in: bufio.NewReader(r)} }

func (l *lineReader) Read(p []byte) (int, error) {
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

func (l *lineReader) ended() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.eof
}
