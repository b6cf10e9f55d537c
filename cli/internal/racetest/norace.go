//go:build !race

package racetest

// Enabled reports whether the race detector is built in.
const Enabled = false
