package cmdutil

import (
	"testing"

	"github.com/spf13/cobra"
)

// The folder comes from the root's --content flag, whose default is the one
// the root sets (content.DefaultDir): an empty value means that default,
// not a second copy of it here.
func TestContentDir(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"the flag's default", nil, "the-default"},
		{"a folder given", []string{"--content", "elsewhere"}, "elsewhere"},
		{"an empty value means the default", []string{"--content", ""}, "the-default"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := &cobra.Command{Use: "portfolio"}
			root.PersistentFlags().String("content", "the-default", "")
			var got string
			root.AddCommand(&cobra.Command{Use: "validate", RunE: func(cmd *cobra.Command, _ []string) error {
				got = ContentDir(cmd)
				return nil
			}})
			root.SetArgs(append([]string{"validate"}, tt.args...))
			if err := root.Execute(); err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("ContentDir = %q, want %q", got, tt.want)
			}
		})
	}
}
