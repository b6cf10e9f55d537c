package cmdutil

import (
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/iostreams"
)

// WriteDiagnostics prints diagnostics as text, coloured when the terminal
// allows.
func WriteDiagnostics(ios *iostreams.IOStreams, l diag.List) error {
	s := NewStyler(ios)
	return diag.WriteText(ios.Out, l, diag.Style{Error: s.Red, Warning: s.Yellow, Dim: s.Dim})
}
