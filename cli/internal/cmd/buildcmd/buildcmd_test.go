package buildcmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/iostreams"
)

// A build prints each step's summary; -v or --verbose asks for every file
// and the per-route table.
func TestNewCmdBuildFlags(t *testing.T) {
	repo := t.TempDir()
	for _, f := range []string{"site/package.json", "schema/site.schema.json"} {
		if err := os.MkdirAll(filepath.Join(repo, filepath.Dir(f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(repo, f), []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(repo)
	tests := []struct {
		args    []string
		verbose bool
	}{
		{nil, false},
		{[]string{"-v"}, true},
		{[]string{"--verbose"}, true},
		{[]string{"--site", "site", "-v"}, true},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			var got *Options
			cmd := NewCmdBuild(&cmdutil.Factory{IOStreams: ios}, func(o *Options) error { got = o; return nil })
			cmd.Flags().String("content", "content", "")
			cmd.SetArgs(tt.args)
			cmd.SilenceErrors, cmd.SilenceUsage = true, true
			if err := cmd.Execute(); err != nil {
				t.Fatal(err)
			}
			if got.Verbose != tt.verbose || got.SiteDir != "site" || got.ContentDir != "content" {
				t.Errorf("options = %+v, want Verbose %v", got, tt.verbose)
			}
		})
	}
}
