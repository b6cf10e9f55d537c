package forms

import (
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/fieldcheck"
	"portfolio/cli/internal/projectedit"
	"portfolio/cli/internal/scaffold"
)

// DetailFlags are the flags of a project's details, the questions the new
// project form and the edit form share: declared once here (name, type,
// default, help, completion) for `portfolio new project` and `portfolio
// edit project`, and read back once, from the one list of the details
// (content.Details' tags: decision 0110). Declared in each command, they
// had drifted apart: edit's --skills took one value where new's took
// several (issue 36).
type DetailFlags struct {
	fs *pflag.FlagSet
	// given are the values as given; Skills holds each --skills as
	// typed, split at commas only when read back.
	given content.Details
}

// DetailCommand is the command that declares the details' flags.
type DetailCommand int

const (
	InNewProject DetailCommand = iota
	InEditProject
)

// flagDefaults are the flags' defaults, the schema's: a project is listed
// unless told, and not featured. They are written here rather than read
// from the schema because every command declares its flags when the
// program starts, and compiling the schema then would cost every command
// (even `portfolio version`) about 14 ms and 12 MiB; TestFlagDefaults
// holds them to the schema.
var flagDefaults = content.Details{ProjectDetails: content.ProjectDetails{Active: true, Featured: false}}

// AddDetailFlags declares the details' flags on cmd, as command c words
// them, and completes --page with site.yaml's categories.
func AddDetailFlags(cmd *cobra.Command, c DetailCommand) *DetailFlags {
	d := &DetailFlags{fs: cmd.Flags(), given: flagDefaults}
	for _, f := range content.DetailFields() {
		usage, note := f.Usage, f.NoteNew
		if c == InEditProject {
			note = f.NoteEdit
		}
		if note != "" {
			usage += " (" + note + ")"
		}
		switch v := f.Ptr(&d.given).(type) {
		case *string:
			d.fs.StringVar(v, f.Flag, *v, usage)
		case *[]string:
			d.fs.StringArrayVar(v, f.Flag, *v, usage)
		case *bool:
			d.fs.BoolVar(v, f.Flag, *v, usage)
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
	for _, key := range d.set(&a.Details) {
		origin[key] = "--" + DetailFlag(key)
	}
}

// SetFields puts the details given as flags into f.
func (d *DetailFlags) SetFields(f *projectedit.Fields) { d.set(f) }

// set puts the details given into dst, text trimmed and the values of
// a list (--skills) split at commas, one list; it returns their keys.
func (d *DetailFlags) set(dst *content.Details) (keys []string) {
	for _, f := range content.DetailFields() {
		if !d.fs.Changed(f.Flag) {
			continue
		}
		switch v := f.Ptr(&d.given).(type) {
		case *string:
			*f.Text(dst) = strings.TrimSpace(*v)
		case *[]string:
			var list []string
			for _, s := range *v {
				list = append(list, fieldcheck.ParseSkills(s)...)
			}
			*f.Ptr(dst).(*[]string) = list
		case *bool:
			*f.Ptr(dst).(*bool) = *v
		}
		keys = append(keys, f.Key)
	}
	return keys
}

// DetailFlag is the flag of a detail, by key ("coverAlt": "cover-alt"),
// or "" for a key that is not a detail.
func DetailFlag(key string) string {
	f, _ := content.DetailByKey(key)
	return f.Flag
}
