package cmdutil

import (
	"os"
	"runtime/debug"
)

// ShortLived turns Go's garbage collector off for a command that reads the
// content once, reports and exits in a fraction of a second (validate,
// generate). Such a command allocates tens of megabytes of short-lived
// parse trees; collecting them cost up to half of validate's wall time on
// a two-core machine, for memory the process gives back when it exits a
// moment later. The soft memory limit that pipeline.Validate and
// pipeline.Generate set for every command that loads the content
// (content.SoftMemoryLimit, 64 MiB) turns collection back on should the
// heap grow to it. GOGC or GOMEMLIMIT in the environment win.
func ShortLived() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(-1)
}
