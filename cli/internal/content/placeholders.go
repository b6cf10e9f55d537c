package content

import (
	"strconv"
	"strings"

	"portfolio/cli/internal/content/schemacheck"
	"portfolio/cli/internal/content/yamldoc"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/schemamodel"
)

// Placeholder is a text `portfolio init` writes into site.yaml when the
// owner gives none: words about the owner that only the owner can write.
// Left as they are, they would be published as the owner's own.
type Placeholder struct {
	// Pointer is where init writes it: a text, or a list whose items
	// are compared one by one.
	Pointer string
	Text    string
}

// Placeholders are init's invented texts, the one list that init writes
// (cli/internal/scaffold/site) and validate recognises. The texts init
// derives from what the owner gave (the About and Contact descriptions
// from the name, the hero from the description) and the headings the
// specification names ("Contact", "Let's Connect") are not placeholders.
// The contact introduction is not the specification's sentence, which the
// sample content uses: the sample gives no warning.
var Placeholders = []Placeholder{
	{Pointer: "/taglines/mission", Text: "Thoughtful, human-centered design"},
	{Pointer: "/about/values", Text: "Accessibility is part of the brief, not a final check."},
	{Pointer: "/about/funFacts", Text: "I am always learning something new."},
	{Pointer: "/contact/intro", Text: "Have a project in mind, or a question? Send me a message."},
}

// PlaceholderText is the placeholder init writes at pointer ("" when it
// writes none there).
func PlaceholderText(pointer string) string {
	for _, p := range Placeholders {
		if p.Pointer == pointer {
			return p.Text
		}
	}
	return ""
}

// checkPlaceholders warns about every placeholder of init that site.yaml
// still holds, in the field where init wrote it: the same words elsewhere
// are the owner's.
func (l *loader) checkPlaceholders(site *yamldoc.Document) {
	described := map[string]string{}
	l.siteSchema.Walk(site, func(ptr string, s *schemamodel.Schema, _ string, _ any) {
		if PlaceholderText(ptr) != "" {
			described[ptr] = s.Description
		}
	})
	for _, p := range Placeholders {
		v, _ := site.At(p.Pointer)
		hint := "replace it with your own words"
		if d := described[p.Pointer]; d != "" {
			hint += " — " + d
		}
		warn := func(ptr string) {
			l.add(site.Diag(diag.Warning, ptr, hint, "%s is still the placeholder that `portfolio init` wrote: %q", schemacheck.FieldName(ptr), p.Text))
		}
		switch x := v.(type) {
		case string:
			if strings.TrimSpace(x) == p.Text {
				warn(p.Pointer)
			}
		case []any:
			for i, item := range x {
				if s, ok := item.(string); ok && strings.TrimSpace(s) == p.Text {
					warn(p.Pointer + "/" + strconv.Itoa(i))
				}
			}
		}
	}
}
