package pipeline

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A fresh build installs the site's dependencies only (npm ci --omit=dev,
// installPackagesAsync), as Netlify's first build does: every package the
// build's own scripts and Vite's config import must be a dependency, not
// a devDependency. Found missing once: the Edge Functions' Blobs client,
// bundled by scripts/edge-vendor.mjs (issue 49).
func TestBuildImportsOnlyDependencies(t *testing.T) {
	site := filepath.Join("..", "..", "..", "site")
	data, err := os.ReadFile(filepath.Join(site, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	var pkg struct {
		Scripts      map[string]string `json:"scripts"`
		Dependencies map[string]string `json:"dependencies"`
	}
	if err := json.Unmarshal(data, &pkg); err != nil {
		t.Fatal(err)
	}
	// The build's entry points: each `node scripts/….mjs` of the build
	// script, and the config both `vite build`s load.
	entries := []string{"vite.config.ts"}
	for _, m := range regexp.MustCompile(`node (scripts/[\w.-]+\.mjs)`).FindAllStringSubmatch(pkg.Scripts["build"], -1) {
		entries = append(entries, m[1])
	}
	if len(entries) < 4 {
		t.Fatalf("the build script names %d scripts: %q", len(entries)-1, pkg.Scripts["build"])
	}
	// Any `from '…'`, `import '…'` or `import('…')`, in code or in a string
	// of code handed to a bundler (edge-vendor.mjs bundles one).
	imports := regexp.MustCompile(`(?:\bfrom|\bimport\s*\(?)\s*['"]([^'"\s]+)['"]`)
	seen := map[string]bool{}
	for len(entries) > 0 {
		file := entries[0]
		entries = entries[1:]
		if seen[file] {
			continue
		}
		seen[file] = true
		src, err := os.ReadFile(filepath.Join(site, file))
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, m := range imports.FindAllStringSubmatch(string(src), -1) {
			spec := m[1]
			switch {
			case strings.HasPrefix(spec, "node:"):
			case strings.HasPrefix(spec, "."):
				if strings.HasSuffix(spec, ".mjs") || strings.HasSuffix(spec, ".js") {
					entries = append(entries, filepath.ToSlash(filepath.Join(filepath.Dir(file), spec)))
				}
			default:
				// The package: its first segment, or two for a scoped one.
				parts := strings.SplitN(spec, "/", 3)
				name := parts[0]
				if strings.HasPrefix(spec, "@") && len(parts) >= 2 {
					name += "/" + parts[1]
				}
				if _, ok := pkg.Dependencies[name]; !ok {
					t.Errorf("%s imports %s, which is not among site/package.json's dependencies: a fresh build (npm ci --omit=dev) lacks it", file, spec)
				}
			}
		}
	}
	t.Logf("%d files of the build read", len(seen))
}
