package validate

import (
	"errors"
	"strings"
	"testing"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/pipeline"
)

func TestNewCmdValidateFlags(t *testing.T) {
	tests := []struct {
		args      []string
		wantFmt   string
		wantMax   int64
		wantUsage string
	}{
		{args: nil, wantFmt: "text", wantMax: 80_000_000},
		{args: []string{"--format", "github"}, wantFmt: "github", wantMax: 80_000_000},
		{args: []string{"--format=json", "--max-pixels", "1000"}, wantFmt: "json", wantMax: 1000},
		{args: []string{"--format", "xml"}, wantUsage: `invalid value "xml" for --format: use one of text, json, github`},
		{args: []string{"--max-pixels", "0"}, wantUsage: "--max-pixels must be a positive number"},
		{args: []string{"extra"}, wantUsage: "takes no arguments"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			var got *Options
			cmd := NewCmdValidate(&cmdutil.Factory{IOStreams: ios}, func(o *Options) error { got = o; return nil })
			cmd.Flags().String("content", "content", "")
			cmd.SetArgs(tt.args)
			cmd.SilenceErrors, cmd.SilenceUsage = true, true
			err := cmd.Execute()
			if tt.wantUsage != "" {
				var ue *cmdutil.UsageError
				if !errors.As(err, &ue) || !strings.Contains(err.Error(), tt.wantUsage) {
					t.Fatalf("err = %v, want usage error %q", err, tt.wantUsage)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.Format != tt.wantFmt || got.MaxPixels != tt.wantMax || got.ContentDir != "content" {
				t.Errorf("options = %+v", got)
			}
		})
	}
}

func TestRunMissingContent(t *testing.T) {
	ios, _, out, errOut := iostreams.Test()
	err := pipeline.Validate(&pipeline.ValidateOptions{IO: ios, ContentDir: t.TempDir() + "/nope", Format: "text", MaxPixels: 1})
	if !errors.Is(err, cmdutil.ErrInvalid) {
		t.Fatalf("err = %v, want ErrInvalid", err)
	}
	if !strings.Contains(out.String(), "nope: error: content folder not found") || errOut.Len() != 0 {
		t.Errorf("stdout %q, stderr %q", out.String(), errOut.String())
	}
}

func TestRunColour(t *testing.T) {
	tests := []struct {
		name      string
		tty       bool
		noColor   bool
		wantColor bool
	}{
		{"terminal", true, false, true},
		{"terminal with NO_COLOR", true, true, false},
		{"pipe", false, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, out, _ := iostreams.Test()
			ios.SetStdoutTTY(tt.tty)
			ios.SetNoColor(tt.noColor)
			_ = pipeline.Validate(&pipeline.ValidateOptions{IO: ios, ContentDir: t.TempDir() + "/nope", Format: "text", MaxPixels: 1})
			if got := strings.Contains(out.String(), "\x1b["); got != tt.wantColor {
				t.Errorf("colour = %v, want %v; output %q", got, tt.wantColor, out.String())
			}
		})
	}
}
