package prompt

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"charm.land/huh/v2"

	"portfolio/cli/internal/cmdutil"
)

func TestLineReader(t *testing.T) {
	r := NewLineReader(strings.NewReader("one\ntwo\nlast"))
	buf := make([]byte, 100)
	var got []string
	for {
		n, err := r.Read(buf)
		if n > 0 {
			got = append(got, string(buf[:n]))
		}
		if err != nil {
			break
		}
	}
	if strings.Join(got, "|") != "one\n|two\n|last" || !r.Ended() {
		t.Errorf("reads %q, ended %v", got, r.Ended())
	}
}

// A read blocked on an input that never comes (a terminal) ends at Stop, so
// a cancelled form stops before anyone reads the values it writes.
func TestLineReaderStop(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	l := NewLineReader(r)
	got := make(chan error, 1)
	go func() {
		_, err := l.Read(make([]byte, 8))
		got <- err
	}()
	l.Stop()
	if err := <-got; !errors.Is(err, io.EOF) {
		t.Fatalf("blocked Read after Stop: err = %v, want io.EOF", err)
	}
	if _, err := l.Read(make([]byte, 8)); !errors.Is(err, io.EOF) {
		t.Fatalf("Read after Stop: err = %v, want io.EOF", err)
	}
}

// An answer out of range, then the end of the input (Ctrl-D): huh's
// accessible select panics on it (index -1); Run turns that into a
// cancellation, never a crash with a stack trace.
func TestAccessibleSelectInputEndsAfterABadAnswer(t *testing.T) {
	for _, input := range []string{"x\n", "9\n"} {
		var choice string
		sel := huh.NewSelect[string]().Title("What next?").Options(huh.NewOption("move", "move"), huh.NewOption("quit", "quit")).Value(&choice)
		err := NewAccessible(context.Background(), strings.NewReader(input), io.Discard).Run(false, huh.NewGroup(sel))
		if !errors.Is(err, cmdutil.ErrCancel) {
			t.Errorf("%q: err = %v, want a cancellation", input, err)
		}
	}
}
