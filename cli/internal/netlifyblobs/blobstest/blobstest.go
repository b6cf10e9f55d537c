// Package blobstest runs a real Netlify Blobs server for tests:
// @netlify/blobs' BlobsServer (site/node_modules, what `netlify dev`
// runs), which answers Netlify's Blobs API as package netlifyblobs reads
// it (decision 0097).
package blobstest

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Start runs the server with token for the site siteID, its site stores
// seeded ({store: {key: text}}) through Netlify's API by @netlify/blobs'
// own client, and returns its API address; stopped when the test ends.
// Skipped without node or the site's npm packages.
func Start(t testing.TB, token, siteID string, seed map[string]map[string]string) string {
	t.Helper()
	_, here, _, _ := runtime.Caller(0)
	dir := filepath.Dir(here)
	modules := filepath.Join(dir, "../../../../site/node_modules")
	if _, err := os.Stat(filepath.Join(modules, "@netlify/blobs/dist/server.js")); err != nil {
		t.Skip("@netlify/blobs is not installed: npm ci --prefix site")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	input, err := json.Marshal(seed)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", filepath.Join(dir, "blobs-server.mjs"), modules, token, siteID)
	cmd.Stdin = strings.NewReader(string(input))
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("the Blobs server did not start: %v", err)
	}
	var ready struct{ API string }
	if err := json.Unmarshal([]byte(line), &ready); err != nil || ready.API == "" {
		t.Fatalf("the Blobs server said %q", line)
	}
	return ready.API
}
