package editproject

import (
	"reflect"
	"strings"

	"portfolio/cli/internal/draft"
	"portfolio/cli/internal/fieldcheck"
	"portfolio/cli/internal/projectedit"
)

// leaving is the question the full-screen form asks on Esc or Ctrl-C.
const leaving = "Leave the form? Nothing is written; your changes so far are kept as a draft for --from."

// draftFile is the shape of an edit draft and of --from: the details' keys.
type draftFile struct {
	Title       *string  `yaml:"title,omitempty"`
	Subtitle    *string  `yaml:"subtitle,omitempty"`
	Page        *string  `yaml:"page,omitempty"`
	Category    *string  `yaml:"category,omitempty"`
	Description *string  `yaml:"description,omitempty"`
	Role        *string  `yaml:"role,omitempty"`
	Skills      []string `yaml:"skills,omitempty"`
	Featured    *bool    `yaml:"featured,omitempty"`
	Active      *bool    `yaml:"active,omitempty"`
	CoverAlt    *string  `yaml:"coverAlt,omitempty"`
}

// keepDraft saves the edited values when they differ from the file's, and
// says how to resume.
func keepDraft(opts *Options, before, after projectedit.Fields) {
	if reflect.DeepEqual(before, after) {
		return
	}
	d := draftFile{Title: &after.Title, Subtitle: &after.Subtitle, Page: &after.Page, Category: &after.Category,
		Description: &after.Description, Role: &after.Role, Skills: after.Skills, Featured: &after.Featured, Active: &after.Active}
	if after.CoverAlt != before.CoverAlt {
		d.CoverAlt = &after.CoverAlt
	}
	draft.Keep(opts.IO.ErrOut, "edit-"+opts.Slug, "# Changes to project "+opts.Slug+" from `portfolio edit project`, kept when the form was left.\n",
		"changes", d, "portfolio edit project "+opts.Slug)
}

// readDraft reads --from FILE: some of the details' keys.
func readDraft(path string) (func(*projectedit.Fields), error) {
	var d draftFile
	if err := draft.Read(path, &d, strings.Join(projectedit.Keys, ", ")+", coverAlt"); err != nil {
		return nil, err
	}
	return func(f *projectedit.Fields) {
		for _, p := range []struct {
			dst *string
			src *string
		}{{&f.Title, d.Title}, {&f.Subtitle, d.Subtitle}, {&f.Page, d.Page}, {&f.Category, d.Category}, {&f.Description, d.Description}, {&f.Role, d.Role}, {&f.CoverAlt, d.CoverAlt}} {
			if p.src != nil {
				*p.dst = *p.src
			}
		}
		if d.Skills != nil {
			f.Skills = fieldcheck.ParseSkills(strings.Join(d.Skills, ","))
		}
		if d.Featured != nil {
			f.Featured = *d.Featured
		}
		if d.Active != nil {
			f.Active = *d.Active
		}
	}, nil
}
