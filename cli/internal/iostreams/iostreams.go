// Package iostreams carries a command's input and output, and what is known
// about them (terminal or not, colour or not), so commands never touch os.Std*
// directly and tests run them on buffers.
package iostreams

import (
	"bytes"
	"io"
	"os"

	"golang.org/x/term"
)

// IOStreams is the I/O of one command run.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer

	stdoutTTY bool
	noColor   bool
}

// System returns the process's streams, with terminal detection and NO_COLOR.
func System() *IOStreams {
	_, noColor := os.LookupEnv("NO_COLOR")
	return &IOStreams{
		In:        os.Stdin,
		Out:       os.Stdout,
		ErrOut:    os.Stderr,
		stdoutTTY: term.IsTerminal(int(os.Stdout.Fd())),
		noColor:   noColor || os.Getenv("TERM") == "dumb",
	}
}

// Test returns streams over buffers: no terminal, no colour.
func Test() (ios *IOStreams, in, out, errOut *bytes.Buffer) {
	in, out, errOut = &bytes.Buffer{}, &bytes.Buffer{}, &bytes.Buffer{}
	return &IOStreams{In: in, Out: out, ErrOut: errOut, noColor: true}, in, out, errOut
}

// ColorEnabled reports whether standard output may be decorated with ANSI
// colours: it is a terminal and NO_COLOR is not set (https://no-color.org).
func (s *IOStreams) ColorEnabled() bool { return s.stdoutTTY && !s.noColor }

// IsStdoutTTY reports whether standard output is a terminal, where live
// progress can be drawn.
func (s *IOStreams) IsStdoutTTY() bool { return s.stdoutTTY }

// SetStdoutTTY marks standard output as a terminal or not, for tests.
func (s *IOStreams) SetStdoutTTY(v bool) { s.stdoutTTY = v }

// SetNoColor sets what NO_COLOR would, for tests.
func (s *IOStreams) SetNoColor(v bool) { s.noColor = v }
