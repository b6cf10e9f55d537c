package forms

import (
	"fmt"

	"charm.land/huh/v2"

	"portfolio/cli/internal/fieldcheck"
	"portfolio/cli/internal/projectedit"
	"portfolio/cli/internal/prompt"
	"portfolio/cli/internal/scaffold"
)

// EditGroups are the new project form's detail questions, filled in, and
// the cover's alt text when the page shows the cover (coverShown). In
// accessible mode each title shows the value Enter keeps, and an empty
// answer is checked as that value.
func EditGroups(contentDir string, f *projectedit.Fields, skills *string, coverShown, accessible bool) []*huh.Group {
	pages := PageOptions(scaffold.Categories(contentDir), f.Page)
	input := func(title, desc string, value *string, v func(string) error) *huh.Input {
		current := *value
		return huh.NewInput().Title(prompt.Title(title, *value, accessible)).Description(desc).Value(value).
			Validate(fieldCheck(v, &current, accessible))
	}
	var description huh.Field = input("Description", "Card text and meta description: one or two sentences.", &f.Description, fieldcheck.ValidateDescription)
	if !accessible { // a multi-line field in the full-screen form
		description = huh.NewText().Title("Description").Description("Card text and meta description: one or two sentences.").
			Value(&f.Description).Validate(fieldcheck.ValidateDescription)
	}
	flags := []huh.Field{
		huh.NewConfirm().Title("Featured?").Description("Shown in Selected Work on the home page.").Value(&f.Featured),
		huh.NewConfirm().Title("Active?").Description("Listed on its category page.").Value(&f.Active),
	}
	if coverShown {
		flags = append(flags, input("Cover alt text", "The page opens with the cover: what it shows, for people who cannot see it.", &f.CoverAlt, fieldcheck.ValidateCoverAlt))
	}
	return []*huh.Group{
		huh.NewGroup(
			input("Title", "The project's name: page heading and card title.", &f.Title, fieldcheck.ValidateTitle),
			input("Subtitle", "One line under the title on the project page.", &f.Subtitle, fieldcheck.ValidateSubtitle),
		).Title("Edit project"),
		huh.NewGroup(
			huh.NewSelect[string]().Title("Page").Description("The category that lists it: choose another to move it there.").Options(pages...).Value(&f.Page),
			input("Category", "The badge on its card.", &f.Category, fieldcheck.ValidateCategory),
			description,
			input("Role", `Your role, e.g. "Lead UX Designer".`, &f.Role, fieldcheck.ValidateRole),
			input("Skills", "Skills and tools, separated by commas.", skills, fieldcheck.ValidateSkillList),
		),
		huh.NewGroup(flags...),
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
