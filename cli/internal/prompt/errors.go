package prompt

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"charm.land/huh/v2"
	"golang.org/x/term"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/iostreams"
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

// Left is Cancelled for a form whose answers are worth keeping: on
// cancellation it calls keep (which saves them as a draft) after saying
// nothing.
func Left(errOut io.Writer, err error, nothing string, keep func()) error {
	err = Cancelled(errOut, err, nothing)
	if errors.Is(err, cmdutil.ErrCancel) && keep != nil {
		keep()
	}
	return err
}

// Check adapts a check for a form field (the caller's, which words its
// error as the form shows it): in accessible mode an empty answer stands
// for the value current holds (accessible prompts keep it when Enter is
// pressed on an empty line).
func Check(v func(string) error, current *string, accessible bool) func(string) error {
	return func(s string) error {
		if accessible && strings.TrimSpace(s) == "" {
			s = *current
		}
		return v(s)
	}
}

// Title is a field's title; in accessible mode it shows the value Enter
// keeps, which accessible prompts do not show otherwise.
func Title(title, value string, accessible bool) string {
	if accessible && value != "" {
		return fmt.Sprintf("%s [%s]", title, value)
	}
	return title
}

// Sure asks confirm's yes-or-no question, full screen or, when accessible,
// as one plain line, and returns nil for yes. No, Esc or Ctrl-C print
// nothing (such as "nothing was changed") and return cmdutil.ErrCancel.
// It returns the streams for the questions that follow: in accessible mode
// the input has been read ahead, so they read on from the same lines.
func Sure(ctx context.Context, ios *iostreams.IOStreams, accessible bool, confirm *huh.Confirm, nothing string) (*iostreams.IOStreams, error) {
	sure := false
	confirm.Value(&sure)
	var err error
	if accessible {
		ask := NewAccessible(ctx, ios.In, AccessibleOutput(ios))
		err = ask.Run(true, huh.NewGroup(confirm))
		next := *ios
		next.In, ios = ask.Input(), &next
	} else {
		err = Form(huh.NewGroup(confirm)).WithInput(ios.In).WithOutput(ios.Out).RunWithContext(ctx)
	}
	if err == nil && !sure {
		err = cmdutil.ErrCancel
	}
	return ios, Cancelled(ios.ErrOut, err, nothing)
}
