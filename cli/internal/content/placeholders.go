package content

import (
	"fmt"
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
	// are compared one by one. A * stands for every item of a list
	// (each About section).
	Pointer string
	Text    string
	// Name tells apart placeholders that share a pointer (init's About
	// sections).
	Name string
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
	{Pointer: "/about/sections/*/items", Name: "values", Text: "Accessibility is part of the brief, not a final check."},
	{Pointer: "/about/sections/*/items", Name: "funFacts", Text: "I am always learning something new."},
	{Pointer: "/contact/intro", Text: "Have a project in mind, or a question? Send me a message."},
}

// PlaceholderText is the placeholder init writes at pointer, or the one of
// that name ("" when there is none).
func PlaceholderText(key string) string {
	for _, p := range Placeholders {
		if p.Name == key || p.Name == "" && p.Pointer == key {
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
		described[ptr] = s.Description
	})
	for _, p := range Placeholders {
		for _, ptr := range expandPointer(site, p.Pointer) {
			l.checkPlaceholder(site, p, ptr, described[ptr])
		}
	}
}

// checkPlaceholder warns when the text or list at ptr holds p's text.
func (l *loader) checkPlaceholder(site *yamldoc.Document, p Placeholder, ptr, described string) {
	v, _ := site.At(ptr)
	hint := "replace it with your own words"
	if described != "" {
		hint += " — " + described
	}
	warn := func(ptr string) {
		l.add(site.Diag(diag.Warning, ptr, hint, "%s is still the placeholder that `portfolio init` wrote: %q", placeholderField(site, ptr), p.Text))
	}
	switch x := v.(type) {
	case string:
		if strings.TrimSpace(x) == p.Text {
			warn(ptr)
		}
	case []any:
		for i, item := range x {
			if s, ok := item.(string); ok && strings.TrimSpace(s) == p.Text {
				warn(ptr + "/" + strconv.Itoa(i))
			}
		}
	}
}

// expandPointer is the pointers a placeholder's pointer names in site: the
// pointer itself, or with its * replaced by each index of the list there.
func expandPointer(site *yamldoc.Document, pointer string) []string {
	list, rest, ok := strings.Cut(pointer, "/*")
	if !ok {
		return []string{pointer}
	}
	v, _ := site.At(list)
	items, _ := v.([]any)
	out := make([]string, len(items))
	for i := range items {
		out[i] = list + "/" + strconv.Itoa(i) + rest
	}
	return out
}

// placeholderField names the field at ptr as validate words it, a bullet
// of an About section by the section's heading.
func placeholderField(site *yamldoc.Document, ptr string) string {
	var section, item int
	if n, _ := fmt.Sscanf(ptr, "/about/sections/%d/items/%d", &section, &item); n == 2 {
		if title, ok := site.At(fmt.Sprintf("/about/sections/%d/title", section)); ok {
			if t, ok := title.(string); ok {
				return fmt.Sprintf("bullet %d of the About section %q", item+1, t)
			}
		}
	}
	return schemacheck.FieldName(ptr)
}
