package cmdutil

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"portfolio/cli/internal/iostreams"
)

// Factory carries what commands need from their surroundings.
type Factory struct {
	IOStreams *iostreams.IOStreams
	Version   string
}

// ContentDir returns the value of the root's --content flag; an empty value
// (--content "") means the flag's default. The root command defines the
// flag with content.DefaultDir as its default (cli/internal/app): this
// package, a utility, names no folder of its own.
func ContentDir(cmd *cobra.Command) string {
	fl := cmd.Flags().Lookup("content")
	if fl == nil {
		panic(fmt.Sprintf("%s has no --content flag: the root command (cli/internal/app) defines it", cmd.CommandPath()))
	}
	if dir := fl.Value.String(); dir != "" {
		return dir
	}
	return fl.DefValue
}

// NoArgs refuses positional arguments with a usage error.
func NoArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return Usagef("%q takes no arguments, got %q", cmd.CommandPath(), strings.Join(args, " "))
	}
	return nil
}

// OneOf checks a flag's value against its allowed values.
func OneOf(flag, value string, allowed []string) error {
	for _, a := range allowed {
		if value == a {
			return nil
		}
	}
	return Usagef("invalid value %q for --%s: use one of %s", value, flag, strings.Join(allowed, ", "))
}

// Styler returns ANSI decorations when colour is enabled, identity otherwise.
type Styler struct{ on bool }

// NewStyler decorates when ios allows colour on standard output.
func NewStyler(ios *iostreams.IOStreams) Styler { return Styler{on: ios.ColorEnabled()} }

func (s Styler) wrap(code, text string) string {
	if !s.on {
		return text
	}
	return fmt.Sprintf("\x1b[%sm%s\x1b[0m", code, text)
}

func (s Styler) Red(t string) string    { return s.wrap("1;31", t) }
func (s Styler) Yellow(t string) string { return s.wrap("1;33", t) }
func (s Styler) Green(t string) string  { return s.wrap("32", t) }
func (s Styler) Dim(t string) string    { return s.wrap("2", t) }
func (s Styler) Bold(t string) string   { return s.wrap("1", t) }
