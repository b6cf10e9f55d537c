package forms

import (
	"reflect"
	"testing"

	"github.com/spf13/cobra"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/projectedit"
	"portfolio/cli/internal/scaffold"
)

// The details given as flags are read back the same way into a new
// project's answers and an edited project's fields: only those given
// change, text trimmed, the values of --skills one list.
func TestDetailFlagsSet(t *testing.T) {
	before := projectedit.Fields{ProjectDetails: content.ProjectDetails{Title: "Harbour", Page: "photography", Role: "Photographer", Skills: []string{"Photography"}, Active: true}}
	for _, tt := range []struct {
		name   string
		args   []string
		want   projectedit.Fields
		origin map[string]string
	}{
		{"none", nil, before, map[string]string{}},
		{"text trimmed", []string{"--title", " Harbour Lights ", "--cover-alt", "Boats at dawn"},
			projectedit.Fields{ProjectDetails: content.ProjectDetails{Title: "Harbour Lights", Page: "photography", Role: "Photographer", Skills: []string{"Photography"}, Active: true}, CoverAlt: "Boats at dawn"},
			map[string]string{"title": "--title", "coverAlt": "--cover-alt"}},
		{"skills, all values one list", []string{"--skills", "Figma, Sketch", "--skills", " Lightroom "},
			projectedit.Fields{ProjectDetails: content.ProjectDetails{Title: "Harbour", Page: "photography", Role: "Photographer", Skills: []string{"Figma", "Sketch", "Lightroom"}, Active: true}},
			map[string]string{"skills": "--skills"}},
		{"skills emptied", []string{"--skills", ""},
			projectedit.Fields{ProjectDetails: content.ProjectDetails{Title: "Harbour", Page: "photography", Role: "Photographer", Active: true}},
			map[string]string{"skills": "--skills"}},
		{"booleans", []string{"--featured", "--active=false", "--page", "graphics"},
			projectedit.Fields{ProjectDetails: content.ProjectDetails{Title: "Harbour", Page: "graphics", Role: "Photographer", Skills: []string{"Photography"}, Featured: true}},
			map[string]string{"featured": "--featured", "active": "--active", "page": "--page"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cmd := &cobra.Command{}
			d := AddDetailFlags(cmd, InEditProject)
			if err := cmd.ParseFlags(tt.args); err != nil {
				t.Fatal(err)
			}
			f := before
			f.Skills = append([]string(nil), before.Skills...)
			d.SetFields(&f)
			if !reflect.DeepEqual(f, tt.want) {
				t.Errorf("fields:\n got %+v\nwant %+v", f, tt.want)
			}
			a := scaffold.Answers{Details: before}
			a.Skills = append([]string(nil), before.Skills...)
			origin := map[string]string{}
			d.SetAnswers(&a, origin)
			got := a.Details
			if !reflect.DeepEqual(got, tt.want) || !reflect.DeepEqual(origin, tt.origin) {
				t.Errorf("answers:\n got %+v, origin %v\nwant %+v, origin %v", got, origin, tt.want, tt.origin)
			}
		})
	}
}

// Every detail has a flag, by the key answers files and messages use.
func TestDetailFlag(t *testing.T) {
	for key, want := range map[string]string{"title": "title", "skills": "skills", "coverAlt": "cover-alt", "cover": "", "slug": ""} {
		if got := DetailFlag(key); got != want {
			t.Errorf("DetailFlag(%q) = %q, want %q", key, got, want)
		}
	}
}

// The flags start from the schema's defaults (content.ProjectDefaults),
// written out so that declaring them compiles no schema.
func TestFlagDefaults(t *testing.T) {
	d := content.ProjectDefaults()
	if flagDefaults.Active != d.Active || flagDefaults.Featured != d.Featured {
		t.Errorf("flag defaults active %v, featured %v; the schema's are active %v, featured %v",
			flagDefaults.Active, flagDefaults.Featured, d.Active, d.Featured)
	}
}
