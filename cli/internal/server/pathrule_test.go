package server_test

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every spelling of a path in the shared vectors (decision 0091) gets the
// answer its kind calls for, whatever cookie it carries: a refused one 400,
// a private one the secret's page (401; 404 for the prefix alone), a public
// one the site's answer. The Edge Function's tests read the same vectors
// (netlify/private-gate/gate.test.mjs).
func TestEverySpellingOfAPathGetsItsKindsAnswer(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "privateaccess", "testdata", "vectors.json"))
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Paths []struct {
			Path string `json:"path"`
			Kind string `json:"kind"`
			Slug string `json:"slug"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	s := newPrivateSite(t)
	c := cookieOf(t, s.enter("/private/alpha/", "192.0.2.1", theSecret))
	for _, p := range v.Paths {
		if !strings.HasPrefix(p.Path, "/") {
			continue // not a request target HTTP can carry
		}
		// The vectors name smith-wedding; the site's private project is alpha.
		target := strings.ReplaceAll(p.Path, "smith-wedding", "alpha")
		r := s.do(http.MethodGet, target, "192.0.2.1", http.Header{"Cookie": {c.Name + "=" + c.Value}}, "")
		switch p.Kind {
		case "refused":
			if r.status != http.StatusBadRequest {
				t.Errorf("GET %s (refused): status %d, want 400", target, r.status)
			}
			withholds(t, target, r)
		case "private":
			if p.Slug == "" && r.status != http.StatusNotFound || p.Slug != "" && p.Slug != "smith-wedding" && r.status != http.StatusUnauthorized {
				t.Errorf("GET %s (private, slug %q): status %d", target, p.Slug, r.status)
			}
		case "public":
			if r.status == http.StatusBadRequest || r.status == http.StatusUnauthorized {
				t.Errorf("GET %s (public): status %d", target, r.status)
			}
		default:
			t.Errorf("%s: unknown kind %q", p.Path, p.Kind)
		}
	}
}
