// Package yamltext writes the text of YAML files the owner also edits by
// hand (project.yaml, site.yaml): values as the owner would type them,
// quoted only where YAML would read them as something else.
package yamltext

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/goccy/go-yaml"
)

// Scalar writes s as a YAML scalar that reads back as exactly s: plain when
// it is unambiguous, double-quoted otherwise.
func Scalar(s string) string {
	if plainOK(s) {
		return s
	}
	return quote(s)
}

func plainOK(s string) bool {
	if s == "" || s != strings.TrimSpace(s) || strings.ContainsAny(s[:1], "-?:,[]{}#&*!|>'\"%@`") {
		return false
	}
	if strings.Contains(s, ": ") || strings.Contains(s, " #") || strings.HasSuffix(s, ":") {
		return false
	}
	for _, r := range s {
		if !unicode.IsPrint(r) || r == '\t' {
			return false
		}
	}
	// Words YAML reads as something else: true, null, 2024, 1e3, …
	var v struct {
		V any `yaml:"v"`
	}
	if err := yaml.Unmarshal([]byte("v: "+s), &v); err != nil {
		return false
	}
	return v.V == s
}

// quote writes a double-quoted YAML scalar. YAML's escapes are a superset of
// Go's for valid UTF-8 text, which is all the answers can be.
func quote(s string) string { return strconv.Quote(s) }
