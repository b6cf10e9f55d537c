// Package version is the `portfolio version` command.
package version

import (
	"fmt"
	"runtime"

	"github.com/spf13/cobra"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/images"
)

// NewCmdVersion prints the version, Go version and platform, and which WebP
// and AVIF encoders `portfolio images` uses (they decide speed and exact
// output bytes), or why it makes no AVIF. It names the libavif this build
// was made for without opening it: that opens when the first image is made.
func NewCmdVersion(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version of portfolio",
		Args:  cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			avif, err := images.AVIFBuild()
			if err == nil {
				avif = "AVIF encoder: " + avif + ", opened when images are made"
			} else {
				avif = err.Error() // no AVIF encoder: why
			}
			_, err = fmt.Fprintf(f.IOStreams.Out, "portfolio %s (%s, %s/%s; WebP encoder: %s; %s)\n",
				f.Version, runtime.Version(), runtime.GOOS, runtime.GOARCH, images.WebPEncoder(), avif)
			return err
		},
	}
}
