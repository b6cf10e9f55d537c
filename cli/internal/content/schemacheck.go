package content

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/english"
	"portfolio/cli/internal/schemamodel"
	"portfolio/schema"
)

// Schema is a compiled content schema with its model.
type Schema struct {
	Name      string // file name, e.g. project.schema.json
	Model     *schemamodel.Root
	validator *jsonschema.Schema
}

var schemas = sync.OnceValues(func() (map[string]*Schema, error) {
	out := map[string]*Schema{}
	for name, data := range map[string][]byte{schema.SiteFile: schema.Site, schema.ProjectFile: schema.Project} {
		s, err := compileSchema(name, data)
		if err != nil {
			return nil, err
		}
		out[name] = s
	}
	return out, nil
})

// SiteSchema returns the compiled schema of site.yaml.
func SiteSchema() (*Schema, error) { return schemaNamed(schema.SiteFile) }

// ProjectSchema returns the compiled schema of project.yaml.
func ProjectSchema() (*Schema, error) { return schemaNamed(schema.ProjectFile) }

func schemaNamed(name string) (*Schema, error) {
	all, err := schemas()
	if err != nil {
		return nil, err
	}
	return all[name], nil
}

func compileSchema(name string, data []byte) (*Schema, error) {
	model, err := schemamodel.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	url := "mem:///" + name
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	if err := c.AddResource(url, doc); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	v, err := c.Compile(url)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &Schema{Name: name, Model: model, validator: v}, nil
}

// Check validates a document and returns one diagnostic per problem, at the
// position of the value (or key) concerned, in words a content author can act
// on.
func (s *Schema) Check(doc *Document) diag.List {
	err := s.validator.Validate(doc.Value)
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return diag.List{doc.Diag(diag.Error, "", "", "cannot check the file against %s: %v", s.Name, err)}
	}
	all := leaves(ve)
	// A misspelt required key is one mistake, not two: when an unknown key
	// looks like a missing required one, report only the unknown key.
	misspelt := map[string]string{}
	for _, e := range all {
		if k, ok := e.ErrorKind.(*kind.AdditionalProperties); ok {
			ptr := pointerOf(e.InstanceLocation)
			for _, p := range k.Properties {
				near := closest(p, propertyNames(s.subschema(e)))
				child := ptr + "/" + schemamodel.EscapePointer(near)
				if _, present := doc.At(child); near != "" && !present {
					misspelt[child] = p
				}
			}
		}
	}
	var out diag.List
	for _, leaf := range all {
		out = append(out, s.describe(doc, leaf, misspelt)...)
	}
	return out
}

// leaves returns the errors that say what is wrong; the others only group.
func leaves(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(e.Causes) == 0 {
		return []*jsonschema.ValidationError{e}
	}
	var out []*jsonschema.ValidationError
	for _, c := range e.Causes {
		out = append(out, leaves(c)...)
	}
	return out
}

func pointerOf(loc []string) string {
	var b strings.Builder
	for _, tok := range loc {
		b.WriteByte('/')
		b.WriteString(schemamodel.EscapePointer(tok))
	}
	return b.String()
}

// subschema returns the raw schema object an error's keyword belongs to.
func (s *Schema) subschema(e *jsonschema.ValidationError) map[string]any {
	_, frag, _ := strings.Cut(e.SchemaURL, "#")
	m, _ := s.Model.At(frag).(map[string]any)
	return m
}

// describe turns one validation error into diagnostics. misspelt maps the
// pointer of a missing required property to the unknown key that is probably
// it, misspelt.
func (s *Schema) describe(doc *Document, e *jsonschema.ValidationError, misspelt map[string]string) diag.List {
	ptr := pointerOf(e.InstanceLocation)
	sub := s.subschema(e)
	custom, _ := sub["errorMessage"].(string)
	at := func(hint, format string, args ...any) diag.List {
		return diag.List{doc.Diag(diag.Error, ptr, hint, format, args...)}
	}
	name := fieldName(ptr)

	switch k := e.ErrorKind.(type) {
	case *kind.Required:
		var out diag.List
		for _, m := range k.Missing {
			child := ptr + "/" + schemamodel.EscapePointer(m)
			if _, ok := misspelt[child]; ok {
				continue // reported as the unknown key
			}
			hint := fmt.Sprintf("add `%s:`", m)
			if d := propertyDescription(sub, m); d != "" {
				hint += " — " + d
			}
			out = append(out, doc.Diag(diag.Error, child, hint, "missing required property %q%s", m, inWhat(ptr)))
		}
		return out
	case *kind.AdditionalProperties:
		var out diag.List
		allowed := propertyNames(sub)
		for _, p := range k.Properties {
			child := ptr + "/" + schemamodel.EscapePointer(p)
			pos := doc.KeyPos(child)
			hint := "allowed here: " + strings.Join(allowed, ", ")
			if near := closest(p, allowed); near != "" {
				hint = fmt.Sprintf("did you mean %q? ", near) + hint
				if _, missing := misspelt[ptr+"/"+schemamodel.EscapePointer(near)]; missing && slices.Contains(requiredOf(sub), near) {
					hint = fmt.Sprintf("did you mean %q? It is required.", near)
				}
			}
			out = append(out, diag.Diagnostic{File: doc.File, Line: pos.Line, Column: pos.Col, Pointer: child,
				Message: fmt.Sprintf("unknown property %q%s", p, inWhat(ptr)), Hint: hint})
		}
		return out
	case *kind.Type:
		want := strings.Join(mapSlice(k.Want, typeWord), " or ")
		if k.Got == "null" {
			if ptr == "" {
				return at("write the settings as YAML; `portfolio validate` lists what is missing", "the file holds no settings")
			}
			return at("write a value after the colon, or remove the line", "%s has no value: expected %s", name, want)
		}
		hint := ""
		switch {
		case slices.Contains(k.Want, "string") && (k.Got == "number" || k.Got == "integer" || k.Got == "boolean"):
			hint = `put the value in quotes, e.g. "2024" or "true"`
		case slices.Contains(k.Want, "boolean") && k.Got == "string":
			hint = "write true or false"
			switch strings.ToLower(fmt.Sprint(valueAt(doc, ptr))) {
			case "true", "false":
				hint = "write true or false without quotes"
			case "yes", "no", "on", "off", "y", "n":
				hint = "write true or false: yes, no, on and off are text in YAML 1.2"
			}
		case (slices.Contains(k.Want, "integer") || slices.Contains(k.Want, "number")) && k.Got == "string":
			hint = "write the number without quotes"
		}
		return at(hint, "%s must be %s, not %s", name, want, typeWord(k.Got))
	case *kind.Enum:
		hint := ""
		if got, ok := k.Got.(string); ok {
			if near := closestValue(got, k.Want); near != "" {
				hint = fmt.Sprintf("did you mean %q?", near)
			}
		}
		if custom != "" {
			return at(hint, "%s %s; got %s", name, custom, shortValue(k.Got))
		}
		return at(hint, "%s must be one of %s; got %s", name, joinValues(k.Want), shortValue(k.Got))
	case *kind.Const:
		return at("", "%s must be %s; got %s", name, shortValue(k.Want), shortValue(k.Got))
	case *kind.MinLength:
		if k.Want == 1 {
			return at("write some text, or remove the property if it is optional", "%s must not be empty", name)
		}
		return at("", "%s is too short: %d characters, at least %d needed", name, k.Got, k.Want)
	case *kind.MaxLength:
		return at("shorten it; the limit keeps the layout intact on small screens",
			"%s is too long: %d characters, at most %d allowed", name, k.Got, k.Want)
	case *kind.Pattern, *kind.Format:
		if custom != "" {
			return at("", "%s %s; got %s", name, custom, shortValue(valueAt(doc, ptr)))
		}
		return at("", "%s has the wrong form: %s", name, e.ErrorKind.LocalizedString(printer))
	case *kind.MinItems:
		return at("", "%s needs at least %s, has %d", name, english.Count(k.Want, "item"), k.Got)
	case *kind.MaxItems:
		return at("remove some items", "%s has %d items, at most %d allowed", name, k.Got, k.Want)
	case *kind.UniqueItems:
		second := fmt.Sprintf("%s/%d", ptr, k.Duplicates[1])
		return diag.List{doc.Diag(diag.Error, second, "remove the repeated item",
			"%s lists the same item twice (items %d and %d)", name, k.Duplicates[0]+1, k.Duplicates[1]+1)}
	case *kind.Minimum:
		return at("", "%s must be at least %s; got %s", name, ratString(k.Want), ratString(k.Got))
	case *kind.Maximum:
		return at("", "%s must be at most %s; got %s", name, ratString(k.Want), ratString(k.Got))
	default:
		return at("", "%s: %s", name, e.ErrorKind.LocalizedString(printer))
	}
}

// fieldName names the value at pointer for a message: its last key, or the
// item of a list.
func fieldName(ptr string) string {
	if ptr == "" {
		return "the file"
	}
	toks := strings.Split(ptr[1:], "/")
	last := toks[len(toks)-1]
	if isIndex(last) {
		if len(toks) >= 2 {
			return fmt.Sprintf("item %s of %q", oneBased(last), toks[len(toks)-2])
		}
		return "item " + oneBased(last)
	}
	return fmt.Sprintf("%q", schemamodel.UnescapePointer(last))
}

// inWhat says where a property is, for required/unknown property messages.
func inWhat(ptr string) string {
	if ptr == "" {
		return ""
	}
	return " in " + fieldName(ptr)
}

func isIndex(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func oneBased(idx string) string {
	n := 0
	for _, c := range idx {
		n = n*10 + int(c-'0')
	}
	return fmt.Sprint(n + 1)
}

func propertyNames(sub map[string]any) []string {
	props, _ := sub["properties"].(map[string]any)
	names := make([]string, 0, len(props))
	for k := range props {
		names = append(names, k)
	}
	slices.Sort(names)
	return names
}

func requiredOf(sub map[string]any) []string {
	list, _ := sub["required"].([]any)
	out := make([]string, 0, len(list))
	for _, r := range list {
		if name, ok := r.(string); ok {
			out = append(out, name)
		}
	}
	return out
}

func propertyDescription(sub map[string]any, name string) string {
	props, _ := sub["properties"].(map[string]any)
	p, _ := props[name].(map[string]any)
	d, _ := p["description"].(string)
	return d
}

func typeWord(t string) string {
	switch t {
	case "string":
		return "text"
	case "integer":
		return "a whole number"
	case "number":
		return "a number"
	case "boolean":
		return "true or false"
	case "object":
		return "a mapping (key: value lines)"
	case "array":
		return "a list (lines starting with '- ')"
	case "null":
		return "empty"
	}
	return t
}

func mapSlice(in []string, f func(string) string) []string {
	out := make([]string, len(in))
	for i, s := range in {
		out[i] = f(s)
	}
	return out
}

func joinValues(vs []any) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = shortValue(v)
	}
	return strings.Join(parts, ", ")
}

func shortValue(v any) string {
	s := fmt.Sprintf("%v", v)
	if str, ok := v.(string); ok {
		if r := []rune(str); len(r) > 57 {
			str = string(r[:56]) + "…"
		}
		s = fmt.Sprintf("%q", str)
	}
	return s
}

// closestValue returns the allowed string nearest to got, ignoring letter
// case and reading spaces as hyphens ("Web Design" → "web-design").
func closestValue(got string, allowed []any) string {
	var names []string
	for _, a := range allowed {
		if s, ok := a.(string); ok {
			names = append(names, s)
		}
	}
	return closest(strings.ReplaceAll(strings.TrimSpace(got), " ", "-"), names)
}

func valueAt(doc *Document, ptr string) any {
	v, _ := doc.At(ptr)
	return v
}

func ratString(r *big.Rat) string {
	if r == nil {
		return "?"
	}
	if r.IsInt() {
		return r.Num().String()
	}
	return r.FloatString(2)
}

// closest returns the candidate within edit distance 2 of s, if any.
func closest(s string, candidates []string) string {
	best, bestD := "", 3
	for _, c := range candidates {
		if d := editDistance(strings.ToLower(s), strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
