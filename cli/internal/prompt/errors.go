package prompt

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"charm.land/huh/v2"
	"golang.org/x/term"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/scaffold"
)

// CanPrompt reports whether a full-screen form can run: standard input and
// output are terminals.
func CanPrompt(ios *iostreams.IOStreams) bool {
	f, ok := ios.In.(*os.File)
	return ok && term.IsTerminal(int(f.Fd())) && ios.IsStdoutTTY()
}

// Cancelled turns a form left before its end (Esc, Ctrl-C, the input or the
// context ending) into cmdutil.ErrCancel, saying so on errOut ("nothing was
// written", or what the command says instead); other errors pass through.
func Cancelled(errOut io.Writer, err error, nothing string) error {
	switch {
	// No timeout is set, so huh's timeout means the context ended (SIGTERM).
	case errors.Is(err, cmdutil.ErrCancel), errors.Is(err, huh.ErrUserAborted), errors.Is(err, huh.ErrTimeout),
		errors.Is(err, context.Canceled):
		fmt.Fprintln(errOut, nothing)
		return cmdutil.ErrCancel
	}
	return err
}

// ReportField prints a field's problem (scaffold.FieldError) and its hint
// and returns the error that exits with status 1; other errors pass
// through.
func ReportField(errOut io.Writer, err error) error {
	var fe *scaffold.FieldError
	if !errors.As(err, &fe) {
		return err
	}
	fmt.Fprintf(errOut, "error: %s\n", fe.Msg)
	if fe.Hint != "" {
		fmt.Fprintf(errOut, "    hint: %s\n", fe.Hint)
	}
	return cmdutil.ErrInvalid
}
