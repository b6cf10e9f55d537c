package forms

import (
	"errors"

	"portfolio/cli/internal/fieldcheck"
	"portfolio/cli/internal/prompt"
)

// fieldCheck adapts a check for a form field (prompt.Check), its error
// worded as formError words it.
func fieldCheck(v func(string) error, current *string, accessible bool) func(string) error {
	return prompt.Check(func(s string) error { return formError(v(s)) }, current, accessible)
}

// formError is a check's error as a form shows it under the field: a
// *fieldcheck.FieldError's message and hint on one line.
func formError(err error) error {
	var fe *fieldcheck.FieldError
	if errors.As(err, &fe) {
		return errors.New(fe.Text())
	}
	return err
}
