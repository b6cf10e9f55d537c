// Package cmdutil holds what every command shares: the typed errors that
// decide the exit code, and the factory that carries dependencies.
package cmdutil

import (
	"errors"
	"fmt"
)

// Exit codes of the portfolio command, in one place.
const (
	ExitOK       = 0 // success
	ExitInvalid  = 1 // content invalid, or a step found a problem in the user's data
	ExitUsage    = 2 // bad flags or arguments
	ExitInternal = 3 // anything else: I/O failure, a bug
	ExitCancel   = 130
)

// UsageError is a mistake in the command line.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// Usagef makes a UsageError.
func Usagef(format string, args ...any) error {
	return &UsageError{Err: fmt.Errorf(format, args...)}
}

// ErrInvalid means the content has problems that were already reported to
// the user in detail; nothing more is printed.
var ErrInvalid = errors.New("content is invalid")

// ErrCancel means the user stopped the command.
var ErrCancel = errors.New("cancelled")

// ErrStopped means a long-running command (a server) was asked to stop and
// stopped cleanly: the normal end of its work, exit code 0.
var ErrStopped = errors.New("stopped")

// ExitCode maps an error returned by a command to the process exit code.
func ExitCode(err error) int {
	var usage *UsageError
	switch {
	case err == nil, errors.Is(err, ErrStopped):
		return ExitOK
	case errors.Is(err, ErrInvalid):
		return ExitInvalid
	case errors.Is(err, ErrCancel):
		return ExitCancel
	case errors.As(err, &usage):
		return ExitUsage
	default:
		return ExitInternal
	}
}
