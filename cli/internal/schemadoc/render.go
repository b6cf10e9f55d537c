package schemadoc

import (
	"bytes"
	"fmt"
	"strings"

	"portfolio/cli/internal/schemamodel"
)

// render writes a file's part of the page: its top, with the fields of the
// file itself, then a section per object and definition.
func (d *fileDoc) render(b *bytes.Buffer) {
	for i, sec := range d.sections {
		level := "###"
		if i == 0 {
			level = "##"
		}
		fmt.Fprintf(b, "<a id=\"%s\"></a>\n\n%s %s\n\n", sec.anchor, level, sec.heading)
		if i == 0 {
			// Editors resolve the modeline from the YAML file's folder.
			modeline := strings.Repeat("../", strings.Count(d.path, "/")) + d.schema
			fmt.Fprintf(b, "The file %s is checked against [%s](../%s); its first line names the schema for editors:\n\n", code(d.path), code(d.schema), d.schema)
			fmt.Fprintf(b, "```yaml\n# yaml-language-server: $schema=%s\n```\n\n", modeline)
		}
		d.renderSection(b, sec)
	}
}

// renderSection writes a section's description, then its fields as a table
// (or, for a union, its kinds; for a value that is no object, its type and
// limits), its examples and where it is used.
func (d *fileDoc) renderSection(b *bytes.Buffer, sec *section) {
	s := sec.schema
	if s.Description != "" {
		b.WriteString(prose(s.Description) + "\n\n")
	}
	kinds := branches(s)
	props := s.Properties
	if len(kinds) > 0 {
		d.renderKinds(b, kinds)
		// The discriminator's values are the kinds just listed.
		prop, _, _ := kinds[0].Discriminator()
		props = nil
		for _, p := range s.Properties {
			if p.Name != prop {
				props = append(props, p)
			}
		}
	}
	switch {
	case len(props) > 0:
		d.renderFields(b, s, props)
	case len(kinds) == 0 && s.Type != "object":
		d.renderValue(b, s)
	}
	if len(props) > 0 || len(kinds) > 0 {
		d.renderExamples(b, s)
	}
	d.renderUses(b, sec)
}

// renderKinds lists the shapes an object may take, by the value of its
// discriminating property: the block types.
func (d *fileDoc) renderKinds(b *bytes.Buffer, kinds []*schemamodel.Schema) {
	prop, _, _ := kinds[0].Discriminator()
	fmt.Fprintf(b, "Its %s says which kind it is, and so which fields go with it:\n\n", code(prop))
	fmt.Fprintf(b, "| %s | Kind | Description |\n|---|---|---|\n", code(prop))
	for _, k := range kinds {
		_, value, _ := k.Discriminator()
		then, _ := d.root.Resolve(k.Then)
		fmt.Fprintf(b, "| %s | %s | %s |\n", cell(code(flow(value))), cell(d.typeOf(k.Then)), cell(prose(then.Description)))
	}
	b.WriteString("\n")
}

func (d *fileDoc) renderFields(b *bytes.Buffer, owner *schemamodel.Schema, props []schemamodel.Property) {
	b.WriteString("| Field | Type | Required | Limits | Default | Description | Example |\n")
	b.WriteString("|---|---|---|---|---|---|---|\n")
	var long []string
	for _, p := range props {
		cells, blocks := d.row(owner, p)
		long = append(long, blocks...)
		fmt.Fprintf(b, "| %s |\n", strings.Join(cells, " | "))
	}
	b.WriteString("\n")
	for _, l := range long {
		b.WriteString(l)
	}
}

// row returns the table cells of one field (field, type, required, limits,
// default, description, example), and the examples too long for a cell.
func (d *fileDoc) row(owner *schemamodel.Schema, p schemamodel.Property) (cells, blocks []string) {
	r, _ := d.root.Resolve(p.Schema)
	required := "no"
	if owner.IsRequired(p.Name) {
		required = "yes"
	}
	def := ""
	if r.HasDefault {
		def = code(flow(r.Default))
	}
	examples, blocks := d.examplesOf(p.Name, p.Schema)
	desc := describe(r)
	switch {
	case r.Translatable:
		desc += " *Translatable.*"
	case r.TranslationKey != "":
		desc += " A translation lines its items up with this file's by " + code(r.TranslationKey) + "."
	}
	cells = []string{code(p.Name), d.typeOf(p.Schema), required, d.limits(p.Schema), def, desc, examples}
	for i := range cells {
		cells[i] = cell(cells[i])
	}
	return cells, blocks
}

// renderValue describes a definition that is not an object: a text with
// rules (an image path), a choice, a list.
func (d *fileDoc) renderValue(b *bytes.Buffer, s *schemamodel.Schema) {
	line := func(name, value string) {
		if value != "" {
			fmt.Fprintf(b, "- **%s:** %s\n", name, value)
		}
	}
	line("Type", d.typeOf(s))
	line("Limits", d.limits(s))
	if s.HasDefault {
		line("Default", code(flow(s.Default)))
	}
	if items, _ := d.root.Resolve(s.Items); items != nil && !hasSection(items) {
		line("Each item", describe(items))
	}
	examples, blocks := d.examplesOf("", s)
	line("Examples", examples)
	b.WriteString("\n")
	for _, l := range blocks {
		b.WriteString(l)
	}
}

// renderExamples shows an object's examples as YAML.
func (d *fileDoc) renderExamples(b *bytes.Buffer, s *schemamodel.Schema) {
	switch len(s.Examples) {
	case 0:
		return
	case 1:
		b.WriteString("Example:\n\n")
	default:
		b.WriteString("Examples:\n\n")
	}
	for _, e := range s.Examples {
		fmt.Fprintf(b, "```yaml\n%s```\n\n", blockYAML(d.ordered(s, e)))
	}
}

// renderUses links a definition to the places whose values it describes:
// "Used by `cover` in project.yaml; `src` in Image block.", "A kind of
// Block."
func (d *fileDoc) renderUses(b *bytes.Buffer, sec *section) {
	var phrases []string
	fieldsSaid := false
	for i := 0; i < len(sec.usedBy); {
		u := sec.usedBy[i]
		link := fmt.Sprintf("[%s](#%s)", u.in.heading, u.in.anchor)
		switch u.as {
		case asKind:
			phrases = append(phrases, "a kind of "+link)
			i++
		case asItem:
			phrases = append(phrases, "the items of "+link)
			i++
		default:
			// The fields of one section together: `summary`, `values` and `funFacts` in About page.
			var fields []string
			for ; i < len(sec.usedBy) && sec.usedBy[i].in == u.in && sec.usedBy[i].as == asField; i++ {
				fields = append(fields, code(sec.usedBy[i].field))
			}
			phrase := andList(fields) + " in " + link
			if !fieldsSaid {
				phrase = "used by " + phrase
				fieldsSaid = true
			}
			phrases = append(phrases, phrase)
		}
	}
	if len(phrases) == 0 {
		return
	}
	text := strings.Join(phrases, "; ")
	fmt.Fprintf(b, "%s%s.\n\n", strings.ToUpper(text[:1]), text[1:])
}

// typeOf names the type of a field's value in words, linking to the
// section that describes it.
func (d *fileDoc) typeOf(s *schemamodel.Schema) string {
	if s == nil {
		return "any value"
	}
	if s.Ref != "" {
		def := d.root.Def(s.Ref)
		sec := d.byDef[schemamodel.DefName(s.Ref)]
		link := fmt.Sprintf("[%s](#%s)", sec.heading, sec.anchor)
		if objectLike(def) {
			return link
		}
		return d.typeOf(def) + " (" + link + ")"
	}
	if sec := d.inline[s]; sec != nil {
		name := s.Title
		if name == "" {
			name = "mapping"
		}
		return fmt.Sprintf("[%s](#%s)", name, sec.anchor)
	}
	switch {
	case s.HasConst:
		return code(flow(s.Const))
	case s.Enum != nil:
		var values []string
		for _, v := range s.Enum {
			values = append(values, code(flow(v)))
		}
		return "one of " + strings.Join(values, ", ")
	}
	switch s.Type {
	case "array":
		return "list of " + d.typeOf(s.Items)
	case "string":
		return "text"
	case "integer":
		return "whole number"
	case "number":
		return "number"
	case "boolean":
		return "true or false"
	case "object":
		return "mapping"
	}
	return "any value"
}

// limits says the bounds of a field's value, and of each item of a list. A
// pattern is shown where it is written; a field that takes it from a
// definition shows its rule in words and links to the definition.
func (d *fileDoc) limits(s *schemamodel.Schema) string {
	r, _ := d.root.Resolve(s)
	if r == nil {
		return ""
	}
	parts := bounds(r, s.Ref == "")
	if r.Type == "array" && r.Items != nil {
		items, _ := d.root.Resolve(r.Items)
		if each := bounds(items, r.Items.Ref == "" && s.Ref == ""); len(each) > 0 {
			parts = append(parts, "each "+strings.Join(each, ", "))
		}
	}
	return strings.Join(parts, "; ")
}

// bounds lists the constraints of one value: length, range, item count,
// and its pattern's rule (with the pattern itself when own).
func bounds(s *schemamodel.Schema, own bool) []string {
	var out []string
	switch s.Type {
	case "string":
		out = appendSome(out, span(s.MinLength, s.MaxLength, "character"))
	case "integer", "number":
		out = appendSome(out, numberRange(s.Minimum, s.Maximum))
	case "array":
		count := span(s.MinItems, s.MaxItems, "item")
		if s.UniqueItems {
			count = strings.TrimPrefix(count+", no item twice", ", ")
		}
		out = appendSome(out, count)
	}
	if s.Pattern != "" {
		out = appendSome(out, s.ErrorMessage)
		if own {
			out = append(out, "pattern "+code(s.Pattern))
		}
	}
	if s.Format != "" && own {
		out = append(out, "format "+code(s.Format))
	}
	return out
}

func appendSome(list []string, s string) []string {
	if s == "" {
		return list
	}
	return append(list, s)
}

// span says a length or a count: "1–80 characters", "at most 500 items".
// A minimum of 0 says nothing.
func span(min, max *int, unit string) string {
	lo := 0
	if min != nil {
		lo = *min
	}
	switch {
	case max != nil && lo == *max:
		return fmt.Sprintf("exactly %s", plural(lo, unit))
	case max != nil && lo > 0:
		return fmt.Sprintf("%d–%s", lo, plural(*max, unit))
	case max != nil:
		return "at most " + plural(*max, unit)
	case lo > 0:
		return "at least " + plural(lo, unit)
	}
	return ""
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}

func numberRange(min, max *float64) string {
	switch {
	case min != nil && max != nil:
		return number(*min) + "–" + number(*max)
	case min != nil:
		return "at least " + number(*min)
	case max != nil:
		return "at most " + number(*max)
	}
	return ""
}

// describe is a field's title and description, and what each item of a
// list of plain values is.
func describe(s *schemamodel.Schema) string {
	text := prose(s.Description)
	if s.Title != "" && !strings.EqualFold(strings.TrimSuffix(s.Description, "."), s.Title) {
		text = strings.TrimSpace("**" + prose(s.Title) + ".** " + text)
	}
	if s.Items != nil && s.Items.Ref == "" && !hasSection(s.Items) && s.Items.Description != "" {
		text += " Each item: " + prose(s.Items.Description)
	}
	return text
}

// examplesOf renders a value's examples for a table cell or a list line,
// in YAML's one-line form; an example with a line break in its text goes
// below, as a block of its own, keyed by the field. An object with a
// section shows its examples there.
func (d *fileDoc) examplesOf(field string, s *schemamodel.Schema) (inline string, blocks []string) {
	r, _ := d.root.Resolve(s)
	examples, prefix := r.Examples, ""
	if target := d.sectionOf(s); target != nil && objectLike(target.schema) && (s.Ref == "" || s.Examples == nil) && elem(s) == s {
		return "", nil
	}
	if len(examples) == 0 && r.Type == "array" && r.Items != nil {
		items, _ := d.root.Resolve(r.Items)
		if !hasSection(items) {
			examples, prefix = items.Examples, "one item: "
		}
	}
	var parts []string
	for _, e := range examples {
		v := d.ordered(s, e)
		if hasLineBreak(e) {
			if field == "" {
				blocks = append(blocks, fmt.Sprintf("```yaml\n%s```\n\n", blockYAML(v)))
			} else {
				blocks = append(blocks, fmt.Sprintf("Example of %s:\n\n```yaml\n%s```\n\n", code(field), blockYAML(keyed(field, v))))
			}
			continue
		}
		parts = append(parts, code(flow(v)))
	}
	if len(parts) == 0 {
		return "", blocks
	}
	return prefix + strings.Join(parts, ", "), blocks
}

func hasLineBreak(v any) bool {
	switch x := v.(type) {
	case string:
		return strings.Contains(x, "\n")
	case []any:
		for _, e := range x {
			if hasLineBreak(e) {
				return true
			}
		}
	case map[string]any:
		for _, e := range x {
			if hasLineBreak(e) {
				return true
			}
		}
	}
	return false
}

func andList(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
