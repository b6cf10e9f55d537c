package editproject

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"reflect"
	"strings"
	"time"

	"github.com/goccy/go-yaml"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/draft"
	"portfolio/cli/internal/projectedit"
	"portfolio/cli/internal/scaffold"
	"portfolio/cli/internal/termsafe"
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
}

// keepDraft saves the edited values when they differ from the file's, and
// says how to resume.
func keepDraft(opts *Options, before, after projectedit.Fields) {
	if reflect.DeepEqual(before, after) {
		return
	}
	d := draftFile{Title: &after.Title, Subtitle: &after.Subtitle, Page: &after.Page, Category: &after.Category,
		Description: &after.Description, Role: &after.Role, Skills: after.Skills, Featured: &after.Featured, Active: &after.Active}
	path, err := draft.Save("edit-"+opts.Slug, "# Changes to project "+opts.Slug+" from `portfolio edit project`, kept when the form was left.\n", d, time.Now())
	if err != nil {
		fmt.Fprintf(opts.IO.ErrOut, "your changes could not be kept as a draft: %s\n", termsafe.String(err.Error()))
		return
	}
	fmt.Fprintf(opts.IO.ErrOut, "your changes are kept in %s\n  resume with: portfolio edit project %s --from %s\n",
		termsafe.String(path), termsafe.String(opts.Slug), termsafe.String(path))
}

// readDraft reads --from FILE: some of the details' keys.
func readDraft(path string) (func(*projectedit.Fields), error) {
	data, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, cmdutil.Usagef("--from %s: file not found", path)
		}
		return nil, fmt.Errorf("--from %s: %w", path, err)
	}
	if _, d := content.ParseYAML(path, data); d != nil {
		return nil, cmdutil.Usagef("%s: %s", d.Position(), d.Message)
	}
	var d draftFile
	if err := yaml.UnmarshalWithOptions(data, &d, yaml.DisallowUnknownField()); err != nil {
		return nil, cmdutil.Usagef("--from %s: %s; the keys are %s", path, yaml.FormatError(err, false, false), strings.Join(projectedit.Keys, ", "))
	}
	return func(f *projectedit.Fields) {
		for _, p := range []struct {
			dst *string
			src *string
		}{{&f.Title, d.Title}, {&f.Subtitle, d.Subtitle}, {&f.Page, d.Page}, {&f.Category, d.Category}, {&f.Description, d.Description}, {&f.Role, d.Role}} {
			if p.src != nil {
				*p.dst = *p.src
			}
		}
		if d.Skills != nil {
			f.Skills = scaffold.ParseSkills(strings.Join(d.Skills, ","))
		}
		if d.Featured != nil {
			f.Featured = *d.Featured
		}
		if d.Active != nil {
			f.Active = *d.Active
		}
	}, nil
}
