package schemadoc

import (
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"

	"portfolio/cli/internal/schemamodel"
)

// prose escapes schema text for Markdown: its `code` spans stay code, and
// everything else reads literally, so that "*emphasis*" in the description
// of the Markdown subset shows its asterisks and "<title>" is not taken for
// an HTML tag.
func prose(s string) string {
	var b strings.Builder
	for s != "" {
		i := strings.IndexByte(s, '`')
		if i < 0 {
			b.WriteString(literal(s))
			break
		}
		b.WriteString(literal(s[:i]))
		s = s[i+1:]
		j := strings.IndexByte(s, '`')
		if j < 0 {
			b.WriteString("\\`" + literal(s))
			break
		}
		b.WriteString(code(s[:j]))
		s = s[j+1:]
	}
	return b.String()
}

var literalEscaper = strings.NewReplacer(
	`\`, `\\`, "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "<", `\<`, ">", `\>`,
)

func literal(s string) string { return literalEscaper.Replace(s) }

// code is s as an inline code span, fenced with more backticks than it
// holds in a row.
func code(s string) string {
	run, longest := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if longest > 0 {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// cell makes Markdown fit in a table cell: one line, and a | that does not
// end the cell (in code spans too, as GitHub reads tables).
func cell(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return strings.ReplaceAll(s, "|", `\|`)
}

func number(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// ordered returns an example with its mappings' keys in the order the
// schema declares them (JSON objects have none), any other keys after them
// in alphabetical order.
func (d *fileDoc) ordered(s *schemamodel.Schema, v any) any {
	s, _ = d.root.Resolve(s)
	switch x := v.(type) {
	case map[string]any:
		if s != nil {
			if branch, ok := s.Branch(x); ok {
				s, _ = d.root.Resolve(branch)
			}
		}
		out := yaml.MapSlice{}
		seen := map[string]bool{}
		if s != nil {
			for _, p := range s.Properties {
				if val, ok := x[p.Name]; ok {
					out = append(out, yaml.MapItem{Key: p.Name, Value: d.ordered(p.Schema, val)})
					seen[p.Name] = true
				}
			}
		}
		var rest []string
		for k := range x {
			if !seen[k] {
				rest = append(rest, k)
			}
		}
		slices.Sort(rest)
		for _, k := range rest {
			out = append(out, yaml.MapItem{Key: k, Value: d.ordered(nil, x[k])})
		}
		return out
	case []any:
		var items *schemamodel.Schema
		if s != nil {
			items = s.Items
		}
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = d.ordered(items, e)
		}
		return out
	}
	return v
}

func keyed(key string, v any) yaml.MapSlice { return yaml.MapSlice{{Key: key, Value: v}} }

// flow is a value in YAML's one-line form: Avery Morgan, [Figma, React].
func flow(v any) string {
	b, err := yaml.MarshalWithOptions(v, yaml.Flow(true))
	if err != nil {
		// Values decoded from JSON always marshal.
		panic(err)
	}
	return strings.TrimSuffix(string(b), "\n")
}

// blockYAML is a value as it would be written in a content file: block
// style, lists indented under their key, text with line breaks as a
// literal block.
func blockYAML(v any) string {
	b, err := yaml.MarshalWithOptions(v, yaml.Flow(false), yaml.Indent(2), yaml.IndentSequence(true), yaml.UseLiteralStyleIfMultiline(true))
	if err != nil {
		panic(err)
	}
	// A literal block's empty lines come out indented.
	lines := strings.Split(string(b), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}
