package report

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"testing"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/fieldcheck"
	"portfolio/cli/internal/stage"
)

func TestProblems(t *testing.T) {
	title := &fieldcheck.FieldError{Field: "title", Msg: `"title" must not be empty`, Hint: "write some text"}
	role := &fieldcheck.FieldError{Field: "role", Msg: `"role" is too long`}
	invalid := &stage.InvalidError{What: "the new project", Diagnostics: diag.List{
		{File: "content/projects/a/project.yaml", Line: 7, Column: 7, Severity: diag.Error, Message: `"page" must be one of web-design`},
	}}
	label := Origin(map[string]string{"title": "--title"})
	for _, tt := range []struct {
		name    string
		err     error
		want    string
		wantErr error
	}{
		{"a field, labelled by its flag", title, "error: --title: \"title\" must not be empty\n    hint: write some text\nnothing was written\n", cmdutil.ErrInvalid},
		{"every problem, wrapped", fmt.Errorf("answers: %w", fieldcheck.Problems{title, role}),
			"error: --title: \"title\" must not be empty\n    hint: write some text\nerror: role: \"role\" is too long\nnothing was written\n", cmdutil.ErrInvalid},
		{"the staged result", invalid, "content/projects/a/project.yaml:7:7: error: \"page\" must be one of web-design\nnothing was written\n", cmdutil.ErrInvalid},
		{"a cancelled context", context.Canceled, "nothing was written\n", cmdutil.ErrCancel},
		{"another error passes through", fs.ErrPermission, "", fs.ErrPermission},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			err := Problems(&out, tt.err, "nothing was written", label)
			if !errors.Is(err, tt.wantErr) {
				t.Errorf("err = %v, want %v", err, tt.wantErr)
			}
			if out.String() != tt.want {
				t.Errorf("printed:\n%s\nwant:\n%s", out.String(), tt.want)
			}
		})
	}
}

// Field prints no label and no closing line.
func TestField(t *testing.T) {
	var out bytes.Buffer
	err := Field(&out, &fieldcheck.FieldError{Field: "slug", Msg: "no project \"x\"", Hint: "the slug is the folder's name"})
	if !errors.Is(err, cmdutil.ErrInvalid) || out.String() != "error: no project \"x\"\n    hint: the slug is the folder's name\n" {
		t.Errorf("err = %v, printed %q", err, out.String())
	}
}
