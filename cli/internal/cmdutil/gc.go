package cmdutil

import (
	"os"
	"runtime/debug"
)

// shortLivedMemoryLimit is where the collector comes back on for a command
// that turned it off: far above what such a command needs (validate on the
// sample content peaks under 50 MB), low enough that no machine minds.
const shortLivedMemoryLimit = 512 << 20

// ShortLived turns Go's garbage collector off for a command that reads the
// content once, reports and exits in a fraction of a second (validate,
// generate). Such a command allocates tens of megabytes of short-lived
// parse trees; collecting them cost up to half of validate's wall time on
// a two-core machine, for memory the process gives back when it exits a
// moment later. The soft memory limit turns collection back on should the
// heap grow to it. GOGC or GOMEMLIMIT in the environment win.
func ShortLived() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(shortLivedMemoryLimit)
}
