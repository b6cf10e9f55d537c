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

// Report prints what is wrong with what a command was given or would write,
// then nothing (such as "nothing was written"; "" for no such line), and
// returns cmdutil.ErrInvalid (exit status 1): each problem with an answer
// (scaffold.Problems, *scaffold.FieldError) as "error: LABEL: message" and
// its hint, where label names the answer by where it came from ("--url";
// nil for no label), and what the loader says about the staged result
// (*scaffold.InvalidError) as `portfolio validate` prints it. A cancelled
// context is a cancellation (cmdutil.ErrCancel, after nothing). Other
// errors (I/O) pass through.
func Report(errOut io.Writer, err error, nothing string, label func(field string) string) error {
	var problems scaffold.Problems
	var fe *scaffold.FieldError
	var invalid *scaffold.InvalidError
	switch {
	case errors.Is(err, context.Canceled):
		return Cancelled(errOut, err, nothing)
	case errors.As(err, &problems):
	case errors.As(err, &fe):
		problems = scaffold.Problems{fe}
	case errors.As(err, &invalid):
		_ = cmdutil.WriteDiagnostics(&iostreams.IOStreams{Out: errOut}, invalid.Diagnostics)
	default:
		return err
	}
	red := cmdutil.Styler{}.Red
	for _, p := range problems {
		name := ""
		if label != nil {
			if name = label(p.Field); name != "" {
				name += ": "
			}
		}
		fmt.Fprintf(errOut, "%s %s%s\n", red("error:"), name, p.Msg)
		if p.Hint != "" {
			fmt.Fprintf(errOut, "    hint: %s\n", p.Hint)
		}
	}
	if nothing != "" {
		fmt.Fprintln(errOut, nothing)
	}
	return cmdutil.ErrInvalid
}

// Origin is a Report label: where each answer came from, by field
// ("--title", "answers.yaml: title"), else the field's own name.
func Origin(origin map[string]string) func(string) string {
	return func(field string) string {
		if o := origin[field]; o != "" {
			return o
		}
		return field
	}
}

// ReportField prints a field's problem (scaffold.FieldError) and its hint
// and returns the error that exits with status 1; other errors pass
// through.
func ReportField(errOut io.Writer, err error) error { return Report(errOut, err, "", nil) }

// FormError is a check's error as a form shows it under the field: a
// *scaffold.FieldError's message and hint on one line.
func FormError(err error) error {
	var fe *scaffold.FieldError
	if errors.As(err, &fe) {
		return errors.New(fe.Text())
	}
	return err
}

// Check adapts a check for a form field: its error as FormError words it,
// and in accessible mode an empty answer stands for the value current
// holds (accessible prompts keep it when Enter is pressed on an empty
// line).
func Check(v func(string) error, current *string, accessible bool) func(string) error {
	return func(s string) error {
		if accessible && strings.TrimSpace(s) == "" {
			s = *current
		}
		return FormError(v(s))
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
