package forms

import (
	"fmt"
	"strings"

	"charm.land/huh/v2"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/fieldcheck"
	"portfolio/cli/internal/projectedit"
	"portfolio/cli/internal/prompt"
	"portfolio/cli/internal/scaffold"
)

// EditGroups are the new project form's detail questions, filled in, and
// the cover's alt text when the page shows the cover (coverShown). In
// accessible mode each title shows the value Enter keeps, and an empty
// answer is checked as that value. A list detail (skills) is edited as
// text, in lists (ListsOf).
func EditGroups(contentDir string, f *projectedit.Fields, lists Lists, coverShown, accessible bool) []*huh.Group {
	pages := PageOptions(scaffold.Categories(contentDir), f.Page)
	input := func(title, desc string, value *string, v func(string) error) *huh.Input {
		current := *value
		return huh.NewInput().Title(prompt.Title(title, *value, accessible)).Description(desc).Value(value).
			Validate(fieldCheck(v, &current, accessible))
	}
	detail := func(d content.DetailField) huh.Field {
		switch v := d.Ptr(f).(type) {
		case *bool:
			return huh.NewConfirm().Title(d.Title).Description(d.HelpEdit).Value(v)
		case *[]string:
			return input(d.Title, d.HelpEdit, lists[d.Key], fieldcheck.Detail(d))
		case *string:
			switch {
			case d.Key == "page":
				return huh.NewSelect[string]().Title(d.Title).Description(d.HelpEdit).Options(pages...).Value(v)
			case d.Multiline && !accessible: // a multi-line field in the full-screen form
				return huh.NewText().Title(d.Title).Description(d.HelpEdit).Value(v).Validate(fieldcheck.Detail(d))
			}
			return input(d.Title, d.HelpEdit, v, fieldcheck.Detail(d))
		}
		return nil
	}
	var end []huh.Field
	if coverShown {
		end = append(end, input("Cover alt text", "The page opens with the cover: what it shows, for people who cannot see it.", &f.CoverAlt, fieldcheck.ValidateCoverAlt))
	}
	groups := askGroups(detail, nil, end)
	groups[0].Title("Edit project")
	return groups
}

// askGroups are the details' questions (content.AskedDetails), one group
// per group of their ask tags, each made by detail; the fields of
// after[key] follow the detail of key, and end closes the last group.
func askGroups(detail func(content.DetailField) huh.Field, after map[string][]huh.Field, end []huh.Field) []*huh.Group {
	var fields [][]huh.Field
	for _, d := range content.AskedDetails() {
		for len(fields) < d.Group {
			fields = append(fields, nil)
		}
		fields[d.Group-1] = append(fields[d.Group-1], detail(d))
		fields[d.Group-1] = append(fields[d.Group-1], after[d.Key]...)
	}
	fields[len(fields)-1] = append(fields[len(fields)-1], end...)
	groups := make([]*huh.Group, len(fields))
	for i, g := range fields {
		groups[i] = huh.NewGroup(g...)
	}
	return groups
}

// Lists are a form's list details (skills) as typed, by key: text with
// commas between the items.
type Lists map[string]*string

// ListsOf writes the list details of d as text, one per key.
func ListsOf(d *content.Details) Lists {
	out := Lists{}
	for _, f := range content.DetailFields() {
		if list, ok := f.Ptr(d).(*[]string); ok {
			text := strings.Join(*list, ", ")
			out[f.Key] = &text
		}
	}
	return out
}

// Parse puts the lists typed into d, split at commas.
func (l Lists) Parse(d *content.Details) {
	for key, text := range l {
		f, _ := content.DetailByKey(key)
		*f.Ptr(d).(*[]string) = fieldcheck.ParseSkills(*text)
	}
}

// PageOptions are the choices for a project's page: the categories site.yaml
// declares, in its order, each as its slug and title; and current, when it
// is none of them, so that an answer given beforehand stays (the check
// before writing names the problem).
func PageOptions(pages []scaffold.Page, current string) []huh.Option[string] {
	var out []huh.Option[string]
	known := false
	for _, p := range pages {
		out = append(out, huh.NewOption(fmt.Sprintf("%-17s %s", p.Name, p.Label), p.Name))
		known = known || p.Name == current
	}
	if !known && current != "" {
		out = append(out, huh.NewOption(current+" (not declared in site.yaml)", current))
	}
	return out
}
