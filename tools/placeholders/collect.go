package main

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/goccy/go-yaml"
)

var imageExt = regexp.MustCompile(`(?i)\.(jpe?g|png|webp)$`)

// collectImagePaths returns, sorted and without duplicates, every string
// found at any depth under a key named "cover" or "src" that ends in an
// image extension.
func collectImagePaths(doc any) []string {
	seen := map[string]bool{}
	var walk func(v any, under bool)
	visit := func(k any, v any, under bool) {
		ks, ok := k.(string)
		walk(v, under || (ok && (ks == "cover" || ks == "src")))
	}
	walk = func(v any, under bool) {
		switch t := v.(type) {
		case string:
			s := strings.TrimSpace(t)
			if under && imageExt.MatchString(s) {
				seen[s] = true
			}
		case map[string]any:
			for k, val := range t {
				visit(k, val, under)
			}
		case map[any]any:
			for k, val := range t {
				visit(k, val, under)
			}
		case []any:
			for _, e := range t {
				walk(e, under)
			}
		}
	}
	walk(doc, false)
	out := make([]string, 0, len(seen))
	for s := range seen {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// project is what the generator needs to know about one project.yaml.
type project struct {
	slug  string
	dir   string // folder holding project.yaml
	page  string
	paths []string // image paths referenced by the YAML, relative, slash-separated
	// docs are the PDFs its document blocks name under `file`, relative.
	docs                         []string
	title, subtitle, description string
}

var pdfExt = regexp.MustCompile(`(?i)\.pdf$`)

// collectDocumentPaths returns the `file` of every document block in body.
func collectDocumentPaths(doc any) []string {
	m, _ := doc.(map[string]any)
	body, _ := m["body"].([]any)
	var out []string
	for _, b := range body {
		block, _ := b.(map[string]any)
		if file, ok := block["file"].(string); ok && block["type"] == "document" && pdfExt.MatchString(file) {
			out = append(out, strings.TrimSpace(file))
		}
	}
	return out
}

func parseProject(slug, dir string, data []byte) (project, []string, error) {
	var doc any
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return project{}, nil, err
	}
	p := project{slug: slug, dir: dir}
	if m, ok := doc.(map[string]any); ok {
		if s, ok := m["page"].(string); ok {
			p.page = strings.TrimSpace(s)
		}
		p.title, _ = m["title"].(string)
		p.subtitle, _ = m["subtitle"].(string)
		p.description, _ = m["description"].(string)
	}
	var warnings []string
	inside := func(paths []string) []string {
		var rels []string
		for _, s := range paths {
			rel, err := cleanRel(s)
			if err != nil {
				warnings = append(warnings, fmt.Sprintf("%s: skipping %q: %v", slug, s, err))
				continue
			}
			rels = append(rels, rel)
		}
		return rels
	}
	p.paths = inside(collectImagePaths(doc))
	slices.Sort(p.paths)
	p.paths = slices.Compact(p.paths)
	p.docs = inside(collectDocumentPaths(doc))
	return p, warnings, nil
}

// cleanRel checks that s names a file inside the project folder.
func cleanRel(s string) (string, error) {
	switch {
	case strings.Contains(s, "://"):
		return "", fmt.Errorf("not a local path")
	case strings.HasPrefix(s, "/"), strings.Contains(s, "\\"):
		return "", fmt.Errorf("must be relative, with / separators")
	}
	c := path.Clean(s)
	if c == "." || c == ".." || strings.HasPrefix(c, "../") {
		return "", fmt.Errorf("outside the project folder")
	}
	return c, nil
}
