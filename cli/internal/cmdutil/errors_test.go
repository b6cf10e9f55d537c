package cmdutil

import (
	"errors"
	"fmt"
	"testing"
)

func TestExitCode(t *testing.T) {
	tests := []struct {
		err  error
		want int
	}{
		{nil, ExitOK},
		{ErrInvalid, ExitInvalid},
		{fmt.Errorf("generate: %w", ErrInvalid), ExitInvalid},
		{Usagef("bad flag"), ExitUsage},
		{fmt.Errorf("wrapped: %w", Usagef("bad flag")), ExitUsage},
		{ErrCancel, ExitCancel},
		{errors.New("disk full"), ExitInternal},
	}
	for _, tt := range tests {
		if got := ExitCode(tt.err); got != tt.want {
			t.Errorf("ExitCode(%v) = %d, want %d", tt.err, got, tt.want)
		}
	}
}
