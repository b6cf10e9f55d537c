package yamltext

import (
	"testing"

	"github.com/goccy/go-yaml"
)

// Every value reads back as itself, plain where YAML would not take it
// for something else.
func TestScalar(t *testing.T) {
	for in, want := range map[string]string{
		"Drone Photography":     "Drone Photography",
		"Été à Montréal":        "Été à Montréal",
		"UX/UI · Frontend":      "UX/UI · Frontend",
		"":                      `""`,
		"true":                  `"true"`,
		"null":                  `"null"`,
		"2024":                  `"2024"`,
		"1.5":                   `"1.5"`,
		"- not a list":          `"- not a list"`,
		"Role: designer":        `"Role: designer"`,
		"text # not a comment":  `"text # not a comment"`,
		"ends with a colon:":    `"ends with a colon:"`,
		" padded":               `" padded"`,
		"tab\there":             `"tab\there"`,
		"line\nbreak":           `"line\nbreak"`,
		`"quoted" at the start`: `"\"quoted\" at the start"`,
		"@handle":               `"@handle"`,
	} {
		got := Scalar(in)
		if got != want {
			t.Errorf("Scalar(%q) = %s, want %s", in, got, want)
		}
		var v map[string]any
		if err := yaml.Unmarshal([]byte("v: "+got), &v); err != nil || v["v"] != in {
			t.Errorf("v: %s reads back as %#v (%v), want %q", got, v["v"], err, in)
		}
	}
}
