package forms

import (
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/fieldcheck"
	"portfolio/cli/internal/projectedit"
	"portfolio/cli/internal/scaffold"
)

// DetailFlags are the flags of a project's details, the questions the new
// project form and the edit form share: declared once here (name, type,
// default, help, completion) for `portfolio new project` and `portfolio
// edit project`, and read back once. Declared in each command, they had
// drifted apart: edit's --skills took one value where new's took several
// (issue 36).
type DetailFlags struct {
	fs *pflag.FlagSet
	// given are the values as given; Skills holds each --skills as
	// typed, split at commas only when read back.
	given projectedit.Fields
}

// DetailCommand is the command that declares the details' flags.
type DetailCommand int

const (
	InNewProject DetailCommand = iota
	InEditProject
)

// details points at a project's details in the type a command fills.
type details struct {
	Title, Subtitle, Page, Category, Description, Role, CoverAlt *string
	Skills                                                       *[]string
	Featured, Active                                             *bool
}

func fieldsOf(f *projectedit.Fields) details {
	return details{&f.Title, &f.Subtitle, &f.Page, &f.Category, &f.Description, &f.Role, &f.CoverAlt, &f.Skills, &f.Featured, &f.Active}
}

func answersOf(a *scaffold.Answers) details {
	return details{&a.Title, &a.Subtitle, &a.Page, &a.Category, &a.Description, &a.Role, &a.CoverAlt, &a.Skills, &a.Featured, &a.Active}
}

// detailFlag is one detail as a flag: its key (as answers files, drafts
// and messages name it), its flag and help, and a note a command adds to
// the help where the meaning differs there. value is where the flag keeps
// what was given, field the detail it fills: both *string, *[]string or
// *bool.
type detailFlag struct {
	key, name, usage string
	notes            map[DetailCommand]string
	value, field     any
}

// detailFlags are the details' flags, in the form's order, from the
// flags' values to the fields of dst.
func detailFlags(values, dst details) []detailFlag {
	return []detailFlag{
		{"title", "title", "project name: page heading and card title", nil, values.Title, dst.Title},
		{"subtitle", "subtitle", "one line under the title", nil, values.Subtitle, dst.Subtitle},
		{"page", "page", "the category to list it on: the slug of one of site.yaml's categories",
			map[DetailCommand]string{InEditProject: "moves it there"}, values.Page, dst.Page},
		{"category", "category", "badge on the card",
			map[DetailCommand]string{InNewProject: "default: the page's title"}, values.Category, dst.Category},
		{"description", "description", "card text and meta description", nil, values.Description, dst.Description},
		{"role", "role", "your role on the project", nil, values.Role, dst.Role},
		{"skills", "skills", "skills and tools, comma-separated (repeatable: together, the values given are the whole list)", nil, values.Skills, dst.Skills},
		{"featured", "featured", "show it in Selected Work on the home page", nil, values.Featured, dst.Featured},
		{"active", "active", "list it on its category page", nil, values.Active, dst.Active},
		{"coverAlt", "cover-alt", "what the cover shows, for a page that opens with an image block of it " +
			"(a new project with no gallery, document or prototype gets one): required there", nil, values.CoverAlt, dst.CoverAlt},
	}
}

// flagDefaults are the flags' defaults, the schema's: a project is listed
// unless told, and not featured. They are written here rather than read
// from the schema because every command declares its flags when the
// program starts, and compiling the schema then would cost every command
// (even `portfolio version`) about 14 ms and 12 MiB; TestFlagDefaults
// holds them to the schema.
var flagDefaults = projectedit.Fields{Active: true, Featured: false}

// AddDetailFlags declares the details' flags on cmd, as command c words
// them, and completes --page with site.yaml's categories.
func AddDetailFlags(cmd *cobra.Command, c DetailCommand) *DetailFlags {
	d := &DetailFlags{fs: cmd.Flags(), given: flagDefaults}
	for _, f := range detailFlags(fieldsOf(&d.given), details{}) {
		usage := f.usage
		if note := f.notes[c]; note != "" {
			usage += " (" + note + ")"
		}
		switch v := f.value.(type) {
		case *string:
			d.fs.StringVar(v, f.name, *v, usage)
		case *[]string:
			d.fs.StringArrayVar(v, f.name, *v, usage)
		case *bool:
			d.fs.BoolVar(v, f.name, *v, usage)
		}
	}
	_ = cmd.RegisterFlagCompletionFunc("page", func(c *cobra.Command, _ []string, _ string) ([]string, cobra.ShellCompDirective) {
		var names []string
		for _, p := range scaffold.Categories(cmdutil.ContentDir(c)) {
			names = append(names, p.Name+"\t"+p.Label)
		}
		return names, cobra.ShellCompDirectiveNoFileComp
	})
	return d
}

// SetAnswers puts the details given as flags into a, and where each came
// from into origin, by key ("--cover-alt").
func (d *DetailFlags) SetAnswers(a *scaffold.Answers, origin map[string]string) {
	for _, key := range d.set(answersOf(a)) {
		origin[key] = "--" + DetailFlag(key)
	}
}

// SetFields puts the details given as flags into f.
func (d *DetailFlags) SetFields(f *projectedit.Fields) { d.set(fieldsOf(f)) }

// set puts the details given into dst, text trimmed and the values of
// --skills split at commas, one list; it returns their keys.
func (d *DetailFlags) set(dst details) (keys []string) {
	for _, f := range detailFlags(fieldsOf(&d.given), dst) {
		if !d.fs.Changed(f.name) {
			continue
		}
		switch v := f.value.(type) {
		case *string:
			*f.field.(*string) = strings.TrimSpace(*v)
		case *[]string:
			var list []string
			for _, s := range *v {
				list = append(list, fieldcheck.ParseSkills(s)...)
			}
			*f.field.(*[]string) = list
		case *bool:
			*f.field.(*bool) = *v
		}
		keys = append(keys, f.key)
	}
	return keys
}

// DetailFlag is the flag of a detail, by key ("coverAlt": "cover-alt"),
// or "" for a key that is not a detail.
func DetailFlag(key string) string {
	for _, f := range detailFlags(details{}, details{}) {
		if f.key == key {
			return f.name
		}
	}
	return ""
}
