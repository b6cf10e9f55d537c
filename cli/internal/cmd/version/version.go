// Package version is the `portfolio version` command.
package version

import (
	"fmt"
	"runtime"

	"github.com/spf13/cobra"

	"portfolio/cli/internal/cmdutil"
)

// NewCmdVersion prints the version, Go version and platform.
func NewCmdVersion(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version of portfolio",
		Args:  cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := fmt.Fprintf(f.IOStreams.Out, "portfolio %s (%s, %s/%s)\n", f.Version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
			return err
		},
	}
}
