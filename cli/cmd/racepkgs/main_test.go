package main

import (
	"strings"
	"testing"
)

// On this repository's own packages: images starts goroutines and has
// tests that run only without the race detector (racetest.Plain), so it is
// in both passes; cards starts none, so only in the plain one; server is
// raced only.
func TestPasses(t *testing.T) {
	pkgs := []string{"portfolio/cli/internal/cards", "portfolio/cli/internal/images", "portfolio/cli/internal/server"}
	for _, tt := range []struct {
		plain bool
		want  string
	}{
		{false, "portfolio/cli/internal/images\nportfolio/cli/internal/server\n"},
		{true, "portfolio/cli/internal/cards\nportfolio/cli/internal/images\n"},
	} {
		var out strings.Builder
		if err := run(&out, pkgs, tt.plain, false); err != nil {
			t.Fatal(err)
		}
		if out.String() != tt.want {
			t.Errorf("plain %v:\n%s\nwant\n%s", tt.plain, out.String(), tt.want)
		}
	}
}
