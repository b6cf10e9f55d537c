package gallery

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/gallery/editor"
	"portfolio/cli/internal/iostreams"
)

// The command line's arguments reach the options; the run is replaced.
func TestFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string // the verb, or the usage error
	}{
		{[]string{"harbour"}, ""},
		{[]string{"add", "harbour", "a.jpg", "--at", "2"}, "added"},
		{[]string{"move", "harbour", "1", "2"}, "moved"},
		{[]string{"remove", "harbour", "1"}, "removed"},
		{[]string{"text", "harbour", "1", "--caption", "x"}, "described"},
		{[]string{}, "give the project's slug"},
		{[]string{"move", "harbour", "1"}, "arguments expected"},
		{[]string{"move", "harbour", "0", "1"}, "FROM must be an image number"},
		{[]string{"add", "harbour"}, "at least one image file"},
		{[]string{"text", "harbour", "1"}, "give --alt, --caption or both"},
		{[]string{"add", "harbour", "a.jpg", "b.jpg", "--alt", "A", "--caption", "x", "--alt", "B"}, "added"},
		{[]string{"add", "harbour", "a.jpg", "--caption", "x", "--alt", "A"}, `for "--caption" flag: a --caption belongs to the image of the --alt before it`},
		{[]string{"text", "harbour", "1", "--alt", "a", "--alt", "b"}, `for "--alt" flag: given twice`},
		{[]string{"text", "harbour", "1", "--caption", "a", "--caption", "b"}, `for "--caption" flag: given twice`},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			var got *editor.Options
			root := &cobra.Command{Use: "portfolio", SilenceErrors: true, SilenceUsage: true}
			root.PersistentFlags().String("content", "content", "")
			root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return &cmdutil.UsageError{Err: err} }) // as the app does
			root.AddCommand(NewCmdGallery(&cmdutil.Factory{IOStreams: ios}, func(_ context.Context, o *editor.Options) error {
				got = o
				return nil
			}))
			root.SetArgs(append([]string{"gallery"}, tt.args...))
			err := root.Execute()
			if got != nil && err == nil {
				if got.Slug != "harbour" || got.Verb != tt.want {
					t.Errorf("options = %+v, want slug harbour, verb %q", got, tt.want)
				}
				return
			}
			var usage *cmdutil.UsageError
			if !errors.As(err, &usage) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want a usage error with %q", err, tt.want)
			}
		})
	}
}
