package server

import (
	"encoding/json"
	"os"
	"testing"
)

// The paths the activity counts as downloads, the same cases the Edge
// Function's downloadName is held to (netlify/private-gate/activity.test.mjs).
func TestDownloadName(t *testing.T) {
	data, err := os.ReadFile("testdata/download-paths.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Cases []struct {
			Path string  `json:"path"`
			Slug string  `json:"slug"`
			File *string `json:"file"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	for _, c := range v.Cases {
		file, ok := downloadName(c.Path, c.Slug)
		switch {
		case c.File == nil && ok:
			t.Errorf("downloadName(%q, %q) = %q, want no download", c.Path, c.Slug, file)
		case c.File != nil && (!ok || file != *c.File):
			t.Errorf("downloadName(%q, %q) = %q, %v; want %q", c.Path, c.Slug, file, ok, *c.File)
		}
	}
}
