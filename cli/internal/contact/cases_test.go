package contact

import (
	"encoding/json"
	"maps"
	"os"
	"testing"
)

// casesFile holds the cases the site's validate() runs too
// (validation.cases.test.ts): both sides must give the same answers.
const casesFile = "../../../site/src/features/contact/validation.cases.json"

type sharedCase struct {
	Name   string
	Input  Message
	Errors Errors
}

func loadCases(t *testing.T) []sharedCase {
	t.Helper()
	f, err := os.Open(casesFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := json.NewDecoder(f)
	dec.DisallowUnknownFields()
	var cases []sharedCase
	if err := dec.Decode(&cases); err != nil {
		t.Fatalf("%s: %v", casesFile, err)
	}
	return cases
}

func TestSharedCases(t *testing.T) {
	for _, c := range loadCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			got := Validate(c.Input)
			if !maps.Equal(got, c.Errors) {
				t.Errorf("Validate(%+q)\n got %q\nwant %q", c.Input, got, c.Errors)
			}
		})
	}
}

// The file must go on covering every field and every message, valid and
// invalid, without two cases of the same name (Vitest and go test would
// report them as one).
func TestSharedCasesCoverEveryRule(t *testing.T) {
	want := map[string]bool{
		"name: Name is required":                             false,
		"name: Name must be less than 100 characters":        false,
		"email: Invalid email address":                       false,
		"email: Email must be less than 255 characters":      false,
		"message: Message is required":                       false,
		"message: Message must be less than 1000 characters": false,
		"valid": false,
	}
	names := map[string]bool{}
	for _, c := range loadCases(t) {
		if names[c.Name] {
			t.Errorf("two cases named %q", c.Name)
		}
		names[c.Name] = true
		if len(c.Errors) == 0 {
			want["valid"] = true
		}
		for field, msg := range c.Errors {
			key := field + ": " + msg
			if _, ok := want[key]; !ok {
				t.Errorf("case %q: unknown error %q", c.Name, key)
			}
			want[key] = true
		}
	}
	for key, seen := range want {
		if !seen {
			t.Errorf("no case for %q", key)
		}
	}
}
