// Package racetest lets a test of a package that CI races (racecheck,
// decision 0112) run only in CI's pass without the race detector: a test
// that puts a corpus of real photographs, or one large one, through code
// whose goroutines the package's smaller tests already race. Under -race
// such a test cost up to ten times its CPU and raced nothing new.
//
// A package that imports racetest is tested in both of .ci/test's passes
// (cli/cmd/racepkgs -plain names it), so every test of it runs in CI.
package racetest

import "testing"

// Plain skips t when the test binary is built with the race detector,
// saying which test races the same code (raced).
func Plain(t testing.TB, raced string) {
	t.Helper()
	if Enabled {
		t.Skipf("runs without the race detector (.ci/test's plain pass, decision 0112); %s races the same code", raced)
	}
}
