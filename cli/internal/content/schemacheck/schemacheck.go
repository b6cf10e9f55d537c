// Package schemacheck checks a YAML document against its JSON Schema (in
// schema/) and rewords what the validator finds as one diagnostic per
// mistake, in the words an owner reads: the field, what it must be, what it
// holds, the nearest allowed value, at the file, line and column.
package schemacheck

import (
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/kaptinlin/jsonschema"

	"portfolio/cli/internal/content/yamldoc"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/english"
	"portfolio/cli/internal/schemamodel"
	"portfolio/schema"
)

// Schema is a compiled content schema with its model.
type Schema struct {
	Name        string // file name, e.g. project.schema.json
	Model       *schemamodel.Root
	Translation bool // the schema of a translation file (translation.go)
	validator   *jsonschema.Schema
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
	// Draft 2020-12 (the compiler's default) with "format" asserted, not
	// only noted: the schemas check URLs with it.
	v, err := jsonschema.NewCompiler().SetAssertFormat(true).Compile(data, "mem:///"+name)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	// The validator skips a $ref it cannot resolve rather than failing:
	// refuse the schema instead, as a typo there would accept anything.
	if refs := v.UnresolvedReferenceURIs(); len(refs) > 0 {
		return nil, fmt.Errorf("%s: $ref %q names nothing in the schema", name, refs[0])
	}
	compilePatterns(v, map[*jsonschema.Schema]bool{})
	return &Schema{Name: name, Model: model, validator: v}, nil
}

// compilePatterns has every "pattern" of s compiled now. The validator
// (v0.9.8) compiles one the first time a value meets it, writing to the
// schema without a lock, and Load checks projects on several cores
// (TestCheckConcurrently, under the race detector, shows it).
func compilePatterns(s *jsonschema.Schema, seen map[*jsonschema.Schema]bool) {
	if s == nil || seen[s] {
		return
	}
	seen[s] = true
	if s.Pattern != nil {
		s.Validate("") // any text: the pattern is compiled to test it
	}
	kids := []*jsonschema.Schema{s.ResolvedRef, s.Not, s.If, s.Then, s.Else, s.Items, s.Contains,
		s.AdditionalProperties, s.PropertyNames, s.UnevaluatedItems, s.UnevaluatedProperties, s.ContentSchema}
	kids = append(append(append(append(kids, s.AllOf...), s.AnyOf...), s.OneOf...), s.PrefixItems...)
	for _, m := range []map[string]*jsonschema.Schema{s.Defs, s.DependentSchemas} {
		for _, k := range m {
			kids = append(kids, k)
		}
	}
	for _, m := range []*jsonschema.SchemaMap{s.Properties, s.PatternProperties} {
		if m != nil {
			for _, k := range *m {
				kids = append(kids, k)
			}
		}
	}
	for _, k := range kids {
		compilePatterns(k, seen)
	}
}

// Check validates a document and returns one diagnostic per problem, at the
// position of the value (or key) concerned, in words a content author can act
// on.
func (s *Schema) Check(doc *yamldoc.Document) diag.List {
	// yamldoc.Document.Value never holds []byte (the parser refuses !!binary), which
	// Validate would read as JSON text.
	res := s.validator.Validate(doc.Value)
	if res.IsValid() {
		return nil
	}
	var all []problem
	s.problems(doc, res, "", "", &all)
	// A misspelt required key is one mistake, not two: when an unknown key
	// looks like a missing required one, report only the unknown key.
	misspelt := map[string]string{}
	for _, e := range all {
		if e.keyword == "additionalProperties" {
			for _, p := range e.names {
				near := Closest(p, propertyNames(e.sub))
				child := e.ptr + "/" + schemamodel.EscapePointer(near)
				if _, present := doc.At(child); near != "" && !present {
					misspelt[child] = p
				}
			}
		}
	}
	var out diag.List
	for _, p := range all {
		out = append(out, s.describe(doc, p, misspelt)...)
	}
	return out
}

// problem is one failed keyword that says what is wrong; the keywords that
// only group others ($ref, properties, items, allOf, then) are not problems.
type problem struct {
	keyword string         // the keyword that failed, e.g. "required"
	ptr     string         // JSON pointer of the value concerned
	sub     map[string]any // the schema object holding the keyword, as written
	names   []string       // required: the missing properties; additionalProperties: the unknown ones
	err     *jsonschema.EvaluationError
}

// The keywords a value fails alone: when one of them fails, it is the only
// problem reported for that schema, in this order of precedence, as the
// validator the messages were written against did: a URL that fails both
// "format" and "pattern" gets one message (see
// docs/decisions/0064-schema-validator-without-start-up-work.md).
var exclusive = []string{"type", "const", "enum", "format"}

// The other keywords reported on the value itself, in that validator's order.
var ownKeywords = []string{"required", "minItems", "maxItems", "uniqueItems", "minLength", "maxLength", "pattern", "minimum", "maximum"}

// problems collects the failed keywords of r, the evaluation of the schema
// at schema pointer sptr against the value at ptr, in the order: what the
// $ref target finds, the value's own keywords, its properties or items,
// then allOf and if/then branches.
func (s *Schema) problems(doc *yamldoc.Document, r *jsonschema.EvaluationResult, ptr, sptr string, out *[]problem) {
	if r.IsValid() {
		return
	}
	// The validator also checks a missing required property's schema
	// against null; `required` reports it, so there is nothing to say at a
	// place the document does not have.
	value, ok := doc.At(ptr)
	if !ok {
		return
	}
	sub, _ := s.Model.At(sptr).(map[string]any)
	add := func(kw string, names []string) {
		*out = append(*out, problem{keyword: kw, ptr: ptr, sub: sub, names: names, err: r.Errors[kw]})
	}
	for _, kw := range exclusive {
		if r.Errors[kw] != nil {
			add(kw, nil)
			return
		}
	}
	var props, items, branches []*jsonschema.EvaluationResult
	var unknown []string
	for _, d := range r.Details {
		switch p := d.EvaluationPath; {
		case p == "": // the $ref target, the only detail without a path of its own
			ref, _ := sub["$ref"].(string)
			_, frag, _ := strings.Cut(ref, "#")
			s.problems(doc, d, ptr, frag, out)
		case strings.HasPrefix(p, "/properties/"):
			props = append(props, d)
		case strings.HasPrefix(p, "/items/"):
			items = append(items, d)
		case strings.HasPrefix(p, "/additionalProperties/"):
			if !d.IsValid() {
				unknown = append(unknown, strings.TrimPrefix(d.InstanceLocation, "/"))
			}
		case p == "/if": // a condition, not a requirement
		default: // allOf, then
			branches = append(branches, d)
		}
	}
	for _, kw := range ownKeywords {
		if r.Errors[kw] == nil {
			continue
		}
		if kw == "required" {
			add(kw, missing(value, requiredOf(sub)))
			continue
		}
		add(kw, nil)
	}
	slices.SortFunc(props, func(a, b *jsonschema.EvaluationResult) int {
		return strings.Compare(a.InstanceLocation, b.InstanceLocation)
	})
	for _, d := range props {
		name := strings.TrimPrefix(d.EvaluationPath, "/properties/")
		s.problems(doc, d, child(ptr, d), sptr+"/properties/"+schemamodel.EscapePointer(name), out)
	}
	if len(unknown) > 0 {
		if sub["additionalProperties"] == false {
			slices.Sort(unknown)
			add("additionalProperties", unknown)
		} else {
			for _, d := range r.Details {
				if strings.HasPrefix(d.EvaluationPath, "/additionalProperties/") {
					s.problems(doc, d, child(ptr, d), sptr+"/additionalProperties", out)
				}
			}
		}
	}
	for _, d := range items {
		s.problems(doc, d, child(ptr, d), sptr+"/items", out)
	}
	for _, d := range branches {
		s.problems(doc, d, ptr, sptr+d.EvaluationPath, out)
	}
	// Keywords the schemas do not use today still get a message.
	var other []string
	for kw := range r.Errors {
		if !slices.Contains(exclusive, kw) && !slices.Contains(ownKeywords, kw) && !grouping[kw] {
			other = append(other, kw)
		}
	}
	slices.Sort(other)
	for _, kw := range other {
		add(kw, nil)
	}
}

// grouping keywords fail because a subschema does; the subschema's own
// result says why.
var grouping = map[string]bool{"$ref": true, "properties": true, "additionalProperties": true, "items": true, "allOf": true, "then": true}

// child returns the pointer of the property or item a detail evaluated:
// the validator gives its location relative to the parent, unescaped.
func child(ptr string, d *jsonschema.EvaluationResult) string {
	return ptr + "/" + schemamodel.EscapePointer(strings.TrimPrefix(d.InstanceLocation, "/"))
}

// missing returns the names in required that obj lacks, in the schema's order.
func missing(obj any, required []string) []string {
	m, _ := obj.(map[string]any)
	var out []string
	for _, name := range required {
		if _, ok := m[name]; !ok {
			out = append(out, name)
		}
	}
	return out
}

// describe turns one problem into diagnostics. misspelt maps the pointer of
// a missing required property to the unknown key that is probably it,
// misspelt.
func (s *Schema) describe(doc *yamldoc.Document, e problem, misspelt map[string]string) diag.List {
	ptr, sub := e.ptr, e.sub
	custom, _ := sub["errorMessage"].(string)
	at := func(hint, format string, args ...any) diag.List {
		return diag.List{doc.Diag(diag.Error, ptr, hint, format, args...)}
	}
	name := FieldName(ptr)
	value := valueAt(doc, ptr)

	switch e.keyword {
	case "required":
		return describeMissing(doc, ptr, sub, e.names, misspelt)
	case "additionalProperties":
		return describeUnknown(doc, ptr, sub, e.names, misspelt)
	case "type":
		hint, format, args := typeProblem(ptr, name, sub, value)
		return at(hint, format, args...)
	case "enum":
		allowed, _ := sub["enum"].([]any)
		hint := ""
		if got, ok := value.(string); ok {
			if near := ClosestValue(got, allowed); near != "" {
				hint = fmt.Sprintf("did you mean %q?", near)
			}
		}
		if custom != "" {
			return at(hint, "%s %s; got %s", name, custom, shortValue(value))
		}
		return at(hint, "%s must be one of %s; got %s", name, joinValues(allowed), shortValue(value))
	case "const":
		return at("", "%s must be %s; got %s", name, shortValue(sub["const"]), shortValue(value))
	case "minLength":
		want := intOf(sub["minLength"])
		if want == 1 {
			return at("write some text, or remove the property if it is optional", "%s must not be empty", name)
		}
		return at("", "%s is too short: %d characters, at least %d needed", name, runeCount(value), want)
	case "maxLength":
		return at("shorten it; the limit keeps the layout intact on small screens",
			"%s is too long: %d characters, at most %d allowed", name, runeCount(value), intOf(sub["maxLength"]))
	case "pattern", "format":
		hint := ""
		if e.keyword == "pattern" {
			hint = withoutScheme(sub, value)
		}
		if custom != "" {
			return at(hint, "%s %s; got %s", name, custom, shortValue(value))
		}
		got, _ := value.(string)
		if e.keyword == "pattern" {
			want, _ := sub["pattern"].(string)
			return at(hint, "%s has the wrong form: %s does not match pattern %s", name, quote(got), quote(want))
		}
		format, _ := sub["format"].(string)
		return at("", "%s has the wrong form: %s is not valid %s", name, quote(got), format)
	case "minItems":
		list, _ := value.([]any)
		return at("", "%s needs at least %s, has %d", name, english.Count(intOf(sub["minItems"]), "item"), len(list))
	case "maxItems":
		list, _ := value.([]any)
		return at("remove some items", "%s has %d items, at most %d allowed", name, len(list), intOf(sub["maxItems"]))
	case "uniqueItems":
		first, second := duplicates(value)
		return diag.List{doc.Diag(diag.Error, fmt.Sprintf("%s/%d", ptr, second), "remove the repeated item",
			"%s lists the same item twice (items %d and %d)", name, first+1, second+1)}
	case "minimum":
		return at("", "%s must be at least %s; got %s", name, ratString(ratOf(sub["minimum"])), ratString(ratOf(value)))
	case "maximum":
		return at("", "%s must be at most %s; got %s", name, ratString(ratOf(sub["maximum"])), ratString(ratOf(value)))
	default:
		return at("", "%s: %s", name, e.err.Error())
	}
}

// describeMissing reports each missing required property of the object at
// ptr, but for those misspelt reports as an unknown key.
func describeMissing(doc *yamldoc.Document, ptr string, sub map[string]any, names []string, misspelt map[string]string) diag.List {
	var out diag.List
	for _, m := range names {
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
}

// describeUnknown reports each unknown property of the object at ptr, with
// where it moved or the allowed name it is closest to.
func describeUnknown(doc *yamldoc.Document, ptr string, sub map[string]any, names []string, misspelt map[string]string) diag.List {
	var out diag.List
	allowed := propertyNames(sub)
	for _, p := range names {
		child := ptr + "/" + schemamodel.EscapePointer(p)
		pos := doc.KeyPos(child)
		hint := "allowed here: " + strings.Join(allowed, ", ")
		msg := fmt.Sprintf("unknown property %q%s", p, inWhat(ptr))
		if moved, ok := movedHint(sub, p); ok {
			msg = fmt.Sprintf("property %q%s has moved", p, inWhat(ptr))
			hint = moved
		} else if near := Closest(p, allowed); near != "" {
			hint = fmt.Sprintf("did you mean %q? ", near) + hint
			if _, missing := misspelt[ptr+"/"+schemamodel.EscapePointer(near)]; missing && slices.Contains(requiredOf(sub), near) {
				hint = fmt.Sprintf("did you mean %q? It is required.", near)
			}
		}
		out = append(out, diag.Diagnostic{File: doc.File, Line: pos.Line, Column: pos.Col, Pointer: child,
			Message: msg, Hint: hint})
	}
	return out
}

// typeProblem is the hint, message format and arguments for a value of the
// wrong type at ptr.
func typeProblem(ptr, name string, sub map[string]any, value any) (hint, format string, args []any) {
	types := typesOf(sub)
	got := jsonType(value)
	want := strings.Join(mapSlice(types, typeWord), " or ")
	if got == "null" {
		if ptr == "" {
			return "write the settings as YAML; `portfolio validate` lists what is missing", "the file holds no settings", nil
		}
		return "write a value after the colon, or remove the line", "%s has no value: expected %s", []any{name, want}
	}
	hint = ""
	switch {
	case slices.Contains(types, "string") && (got == "number" || got == "boolean"):
		hint = `put the value in quotes, e.g. "2024" or "true"`
	case slices.Contains(types, "boolean") && got == "string":
		hint = "write true or false"
		switch strings.ToLower(fmt.Sprint(value)) {
		case "true", "false":
			hint = "write true or false without quotes"
		case "yes", "no", "on", "off", "y", "n":
			hint = "write true or false: yes, no, on and off are text in YAML 1.2"
		}
	case (slices.Contains(types, "integer") || slices.Contains(types, "number")) && got == "string":
		hint = "write the number without quotes"
	}
	return hint, "%s must be %s, not %s", []any{name, want, typeWord(got)}
}

// scheme matches the start of a link: mailto:, https://, and the like.
var scheme = regexp.MustCompile(`^(?i:mailto:|[a-z][a-z0-9+.-]*://)`)

// withoutScheme is the hint for a value written as a link where the schema
// wants what follows the scheme (an email address, a domain): the value to
// write, when it matches the pattern without its scheme; "" otherwise.
func withoutScheme(sub map[string]any, value any) string {
	text, _ := value.(string)
	pattern, _ := sub["pattern"].(string)
	prefix := scheme.FindString(text)
	if prefix == "" || pattern == "" {
		return ""
	}
	re, err := regexp.Compile(pattern)
	if rest := text[len(prefix):]; err == nil && re.MatchString(rest) {
		return fmt.Sprintf("write %s, without %q", rest, prefix)
	}
	return ""
}

// jsonType names a value's JSON type as messages do: every number is "number".
func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "number"
}

// typesOf returns a schema's "type", one name or a list.
func typesOf(sub map[string]any) []string {
	switch t := sub["type"].(type) {
	case string:
		return []string{t}
	case []any:
		var out []string
		for _, x := range t {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// intOf reads a count written in the schema.
func intOf(v any) int {
	f, _ := v.(float64)
	return int(f)
}

func runeCount(v any) int {
	s, _ := v.(string)
	return utf8.RuneCountInString(s)
}

// ratOf reads a number exactly, from the schema or from content.
func ratOf(v any) *big.Rat {
	r, ok := new(big.Rat).SetString(fmt.Sprintf("%v", v))
	if !ok {
		return nil
	}
	return r
}

// duplicates returns the indexes i < j of the first item j that repeats an
// earlier one, i the first it repeats.
func duplicates(v any) (int, int) {
	list, _ := v.([]any)
	for j := 1; j < len(list); j++ {
		for i := range j {
			if jsonEqual(list[i], list[j]) {
				return i, j
			}
		}
	}
	return 0, 1
}

// jsonEqual compares two values as JSON does: numbers by value.
func jsonEqual(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !jsonEqual(v, w) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !jsonEqual(x[i], y[i]) {
				return false
			}
		}
		return true
	case string, bool, nil:
		return a == b
	}
	if jsonType(b) != "number" {
		return false
	}
	ra, rb := ratOf(a), ratOf(b)
	return ra != nil && rb != nil && ra.Cmp(rb) == 0
}

// quote puts text in single quotes for a message, escaped as Go would.
func quote(s string) string {
	s = fmt.Sprintf("%q", s)
	s = strings.ReplaceAll(s, `\"`, `"`)
	s = strings.ReplaceAll(s, `'`, `\'`)
	return "'" + s[1:len(s)-1] + "'"
}

// FieldName names the value at pointer for a message: its last key, or the
// item of a list.
func FieldName(ptr string) string {
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
	return " in " + FieldName(ptr)
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

// movedHint is what the schema's x-moved says of a retired property:
// where its content goes now (site.yaml's about.summary, values and
// funFacts became about.sections).
func movedHint(sub map[string]any, name string) (string, bool) {
	moved, _ := sub["x-moved"].(map[string]any)
	hint, ok := moved[name].(string)
	return hint, ok && hint != ""
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

// ClosestValue returns the allowed string nearest to got, ignoring letter
// case and reading spaces as hyphens ("Web Design" → "web-design").
func ClosestValue(got string, allowed []any) string {
	var names []string
	for _, a := range allowed {
		if s, ok := a.(string); ok {
			names = append(names, s)
		}
	}
	return Closest(strings.ReplaceAll(strings.TrimSpace(got), " ", "-"), names)
}

func valueAt(doc *yamldoc.Document, ptr string) any {
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

// Closest returns the candidate within edit distance 2 of s, if any.
func Closest(s string, candidates []string) string {
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
