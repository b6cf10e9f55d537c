// Package version is the `portfolio version` command.
package version

import (
	"fmt"
	"runtime"
	"strings"

	"github.com/spf13/cobra"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/images"
)

// NewCmdVersion prints the version, Go version and platform, and each image
// codec `portfolio images` would use (they decide speed and exact output
// bytes): the library, and how it is loaded, or why there is none. It
// names them without loading any: a native library opens when the first
// image needs it (decisions 0088 and 0108).
func NewCmdVersion(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version of portfolio and the image codecs it uses",
		Args:  cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var b strings.Builder
			fmt.Fprintf(&b, "portfolio %s (%s, %s/%s)\n", f.Version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
			for _, c := range images.Codecs() {
				if c.Library == "" {
					fmt.Fprintf(&b, "%s: none: %v\n", c.Name, c.Err)
					continue
				}
				fmt.Fprintf(&b, "%s: %s; %s\n", c.Name, c.Library, c.Loading)
			}
			_, err := fmt.Fprint(f.IOStreams.Out, b.String())
			return err
		},
	}
}
