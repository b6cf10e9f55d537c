package racetest_test

import (
	"testing"

	"portfolio/cli/internal/racetest"
)

// Plain skips exactly when the race detector is built in: run both with
// and without -race (.ci/test's two passes do).
func TestPlainSkipsOnlyUnderRace(t *testing.T) {
	var skipped bool
	t.Run("inner", func(t *testing.T) {
		defer func() { skipped = t.Skipped() }()
		racetest.Plain(t, "TestOther")
	})
	if skipped != racetest.Enabled {
		t.Errorf("skipped = %v with the race detector %v", skipped, racetest.Enabled)
	}
}
