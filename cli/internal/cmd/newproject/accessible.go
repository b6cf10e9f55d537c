package newproject

import (
	"context"
	"io"

	"portfolio/cli/internal/prompt"
)

// runAccessible asks the questions one line at a time, for screen readers
// and for answers piped in. The details come first, then the chosen link's
// fields, then the YAML and the confirmation, each a form of its own: huh's
// accessible mode asks every field of a form, hidden groups included. The
// end of the input before the confirmation cancels: nothing is written.
func (f *projectForm) runAccessible(ctx context.Context, in io.Reader, out io.Writer) error {
	f.ask = prompt.NewAccessible(ctx, in, out)
	run := f.ask.Run
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
