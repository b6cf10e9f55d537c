// Package report tells the owner why a content command wrote nothing:
// each problem with an answer (a field check's *fieldcheck.FieldError, or
// fieldcheck.Problems) with its hint and where the answer came from, or
// what `portfolio validate`'s loader says about the staged result
// (*stage.InvalidError); then the error that exits with status 1.
package report

import (
	"context"
	"errors"
	"fmt"
	"io"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/fieldcheck"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/prompt"
	"portfolio/cli/internal/stage"
)

// Problems prints what is wrong with what a command was given or would
// write, then nothing (such as "nothing was written"; "" for no such
// line), and returns cmdutil.ErrInvalid (exit status 1): each problem with
// an answer (fieldcheck.Problems, *fieldcheck.FieldError) as "error: LABEL:
// message" and its hint, where label names the answer by where it came
// from ("--url"; nil for no label), and what the loader says about the
// staged result (*stage.InvalidError) as `portfolio validate` prints
// it. A cancelled context is a cancellation (cmdutil.ErrCancel, after
// nothing). A slug that names no project (fieldcheck.ErrNoProject) is a
// mistake in the command line, the same for every command: it is returned
// as a *cmdutil.UsageError (exit status 2) for the app to print. Other
// errors (I/O) pass through.
func Problems(errOut io.Writer, err error, nothing string, label func(field string) string) error {
	var problems fieldcheck.Problems
	var fe *fieldcheck.FieldError
	var invalid *stage.InvalidError
	switch {
	case errors.Is(err, context.Canceled):
		return prompt.Cancelled(errOut, err, nothing)
	case errors.Is(err, fieldcheck.ErrNoProject):
		return &cmdutil.UsageError{Err: err}
	case errors.As(err, &problems):
	case errors.As(err, &fe):
		problems = fieldcheck.Problems{fe}
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

// Origin is a Problems label: where each answer came from, by field
// ("--title", "answers.yaml: title"), else the field's own name.
func Origin(origin map[string]string) func(string) string {
	return func(field string) string {
		if o := origin[field]; o != "" {
			return o
		}
		return field
	}
}

// Field prints a field's problem (fieldcheck.FieldError) and its hint and
// returns the error that exits with status 1; other errors pass through.
func Field(errOut io.Writer, err error) error { return Problems(errOut, err, "", nil) }
