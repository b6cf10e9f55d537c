// Package schemamodel reads the project's JSON Schemas into a small model that
// keeps property order, for the parts of the program that need to understand a
// schema rather than validate against it: finding the values of a named
// definition in a document (image paths, Markdown), the messages and
// descriptions shown to the user, and the TypeScript types.
//
// It supports the subset of JSON Schema the project's schemas use; Parse
// refuses anything else, so a schema edit that the generator cannot follow
// fails loudly instead of producing wrong types.
package schemamodel

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// Schema is one (sub)schema.
type Schema struct {
	Title        string
	Description  string
	Ref          string // "#/$defs/<name>" or ""
	Type         string // "object", "array", "string", "integer", "number", "boolean" or ""
	Enum         []any
	Const        any
	HasConst     bool
	Default      any
	HasDefault   bool
	ErrorMessage string
	Format       string
	Pattern      string
	MinLength    *int
	MaxLength    *int
	// Examples are sample values, as decoded JSON (objects as maps).
	Examples []any
	// Translatable (x-translatable: true) marks a value a visitor reads
	// that a translation file may give per language (decisions 0113,
	// 0115): a text, a list of texts, or a definition every use of which
	// is one. What is not marked, and holds nothing marked, is shared
	// between the languages.
	Translatable bool
	// TranslationKey (x-translation-key), on a list of objects, is the
	// property that lines a translation's items up with the default
	// file's (a gallery's texts by file, the categories by slug); a list
	// without one lines up by position.
	TranslationKey string

	// The validator enforces these; the model keeps them to describe them.
	MinItems, MaxItems *int
	UniqueItems        bool
	Minimum, Maximum   *float64

	Properties []Property
	Required   []string
	// AdditionalProperties is false for closed objects.
	AdditionalProperties *bool
	Items                *Schema
	AllOf                []*Schema
	If, Then             *Schema

	Defs []Def // only on the root
}

// Property is a named property, in schema order.
type Property struct {
	Name   string
	Schema *Schema
}

// Def is a named definition under $defs.
type Def struct {
	Name   string
	Schema *Schema
}

// Prop returns the schema of the named property, or nil.
func (s *Schema) Prop(name string) *Schema {
	for _, p := range s.Properties {
		if p.Name == name {
			return p.Schema
		}
	}
	return nil
}

// IsRequired reports whether the object requires the property.
func (s *Schema) IsRequired(name string) bool { return slices.Contains(s.Required, name) }

// Root is a whole schema document.
type Root struct {
	*Schema
	raw any // the document as decoded JSON, for pointer look-ups
}

// Parse reads a schema document.
func Parse(data []byte) (*Root, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := decodeOrdered(dec)
	if err != nil {
		return nil, fmt.Errorf("schema: %w", err)
	}
	obj, ok := v.(ordered)
	if !ok {
		return nil, fmt.Errorf("schema: top level is not an object")
	}
	s, err := build(obj, "")
	if err != nil {
		return nil, err
	}
	var raw any
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	r := &Root{Schema: s, raw: raw}
	for _, d := range s.Defs {
		if err := r.checkRefs(d.Schema); err != nil {
			return nil, err
		}
	}
	return r, r.checkRefs(s)
}

func (r *Root) checkRefs(s *Schema) error {
	if s == nil {
		return nil
	}
	if s.Ref != "" && r.Def(s.Ref) == nil {
		return fmt.Errorf("schema: $ref %q names no definition", s.Ref)
	}
	for _, p := range s.Properties {
		if err := r.checkRefs(p.Schema); err != nil {
			return err
		}
	}
	for _, c := range append([]*Schema{s.Items, s.If, s.Then}, s.AllOf...) {
		if err := r.checkRefs(c); err != nil {
			return err
		}
	}
	return nil
}

// DefName returns the definition name a $ref points to.
func DefName(ref string) string { return strings.TrimPrefix(ref, "#/$defs/") }

// Def returns the definition a $ref points to, or nil.
func (r *Root) Def(ref string) *Schema {
	name := DefName(ref)
	for _, d := range r.Defs {
		if d.Name == name {
			return d.Schema
		}
	}
	return nil
}

// Resolve follows s's $ref, if any. It returns the schema that describes the
// value and the name of the definition it came through ("" for none). A
// title, description, examples or default written beside the $ref win over
// the definition's, as editors merge them.
func (r *Root) Resolve(s *Schema) (*Schema, string) {
	if s == nil || s.Ref == "" {
		return s, ""
	}
	def := r.Def(s.Ref)
	if s.Title == "" && s.Description == "" && s.Examples == nil && !s.HasDefault && !s.Translatable {
		return def, DefName(s.Ref)
	}
	c := *def
	c.Translatable = c.Translatable || s.Translatable
	if s.Title != "" {
		c.Title = s.Title
	}
	if s.Description != "" {
		c.Description = s.Description
	}
	if s.Examples != nil {
		c.Examples = s.Examples
	}
	if s.HasDefault {
		c.Default, c.HasDefault = s.Default, true
	}
	return &c, DefName(s.Ref)
}

// HoldsTranslatable reports whether a value of s is translatable or holds
// one that is (decision 0115): what a translation file may write under it.
func (r *Root) HoldsTranslatable(s *Schema) bool {
	return r.holdsTranslatable(s, map[*Schema]bool{})
}

func (r *Root) holdsTranslatable(s *Schema, seen map[*Schema]bool) bool {
	if s == nil || seen[s] {
		return false
	}
	seen[s] = true
	if s.Translatable {
		return true
	}
	if s.Ref != "" {
		return r.holdsTranslatable(r.Def(s.Ref), seen)
	}
	for _, p := range s.Properties {
		if r.holdsTranslatable(p.Schema, seen) {
			return true
		}
	}
	for _, a := range s.AllOf {
		if r.holdsTranslatable(a.Then, seen) {
			return true
		}
	}
	return r.holdsTranslatable(s.Items, seen)
}

// At returns the raw JSON value at a JSON pointer into the schema document
// (as found in a validator's schema location), or nil.
func (r *Root) At(pointer string) any {
	v := r.raw
	if pointer == "" || pointer == "/" {
		return v
	}
	for _, tok := range strings.Split(strings.TrimPrefix(pointer, "/"), "/") {
		tok = UnescapePointer(tok)
		switch x := v.(type) {
		case map[string]any:
			v = x[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

// Branch returns, for an object schema that discriminates with allOf of
// if/then pairs on a const property, the `then` schema whose `if` matches the
// instance, and whether one did.
func (s *Schema) Branch(instance map[string]any) (*Schema, bool) {
	for _, a := range s.AllOf {
		if a.If == nil || a.Then == nil {
			continue
		}
		if matchesConsts(a.If, instance) {
			return a.Then, true
		}
	}
	return nil, false
}

// Discriminator returns the property and value an if/then pair tests.
func (s *Schema) Discriminator() (prop string, value any, ok bool) {
	if s.If == nil || len(s.If.Properties) != 1 || !s.If.Properties[0].Schema.HasConst {
		return "", nil, false
	}
	return s.If.Properties[0].Name, s.If.Properties[0].Schema.Const, true
}

func matchesConsts(cond *Schema, instance map[string]any) bool {
	for _, p := range cond.Properties {
		v, ok := instance[p.Name]
		if !ok || !p.Schema.HasConst || !jsonEqual(v, p.Schema.Const) {
			return false
		}
	}
	return true
}

func jsonEqual(a, b any) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(ja, jb)
}

// ---- decoding with order ----

type ordered []struct {
	key string
	val any
}

func decodeOrdered(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			var obj ordered
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := decodeOrdered(dec)
				if err != nil {
					return nil, err
				}
				obj = append(obj, struct {
					key string
					val any
				}{kt.(string), v})
			}
			_, err := dec.Token()
			return obj, err
		case '[':
			var arr []any
			for dec.More() {
				v, err := decodeOrdered(dec)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
			_, err := dec.Token()
			return arr, err
		}
		return nil, fmt.Errorf("unexpected %v", t)
	case json.Number:
		if i, err := t.Int64(); err == nil {
			return i, nil
		}
		return t.Float64()
	default:
		if tok == io.EOF {
			return nil, io.ErrUnexpectedEOF
		}
		return tok, nil
	}
}

func plain(v any) any {
	switch x := v.(type) {
	case ordered:
		m := make(map[string]any, len(x))
		for _, kv := range x {
			m[kv.key] = plain(kv.val)
		}
		return m
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = plain(e)
		}
		return out
	}
	return v
}

func build(obj ordered, at string) (*Schema, error) {
	s := &Schema{}
	for _, kv := range obj {
		if err := s.setKeyword(kv.key, kv.val, at+"/"+kv.key); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// setKeyword sets one keyword of s from its value at where.
func (s *Schema) setKeyword(key string, val any, where string) error {
	switch key {
	case "$schema", "$comment", "x-moved":
		// x-moved: where a retired property's content now goes, for
		// the checker's hint (cli/internal/content/schemacheck); it
		// describes no value.
		return nil
	case "title", "description", "errorMessage", "format", "pattern", "$ref", "type", "x-translation-key":
		return s.setText(key, val, where)
	case "x-translatable":
		b, ok := val.(bool)
		if !ok {
			return fmt.Errorf("schema %s: must be true or false", where)
		}
		s.Translatable = b
		return nil
	case "examples", "enum", "const", "default", "required":
		return s.setValues(key, val, where)
	case "additionalProperties", "uniqueItems", "minLength", "maxLength", "minItems", "maxItems", "minimum", "maximum":
		return s.setLimit(key, val, where)
	case "properties", "items", "if", "then", "allOf", "$defs":
		return s.setChildren(key, val, where)
	}
	return fmt.Errorf("schema %s: keyword %q is not supported by the generator; supported are the keywords the project's schemas use", where, key)
}

// setText sets a keyword whose value is one string.
func (s *Schema) setText(key string, val any, where string) error {
	text, err := str(val, where)
	if err != nil {
		return err
	}
	switch key {
	case "title":
		s.Title = text
	case "description":
		s.Description = text
	case "errorMessage":
		s.ErrorMessage = text
	case "format":
		s.Format = text
	case "pattern":
		s.Pattern = text
	case "x-translation-key":
		s.TranslationKey = text
	case "$ref":
		s.Ref = text
		if !strings.HasPrefix(s.Ref, "#/$defs/") {
			return fmt.Errorf("schema %s: only local #/$defs/ references are supported", where)
		}
	default: // type
		s.Type = text
	}
	return nil
}

// setValues sets a keyword that holds JSON values: examples, enum, const,
// default, required.
func (s *Schema) setValues(key string, val any, where string) error {
	switch key {
	case "const":
		s.Const, s.HasConst = plain(val), true
		return nil
	case "default":
		s.Default, s.HasDefault = plain(val), true
		return nil
	}
	arr, ok := val.([]any)
	if !ok {
		return fmt.Errorf("schema %s: %s must be an array", where, key)
	}
	switch key {
	case "examples":
		for _, e := range arr {
			s.Examples = append(s.Examples, plain(e))
		}
	case "enum":
		s.Enum = arr
	default: // required
		for _, r := range arr {
			name, err := str(r, where)
			if err != nil {
				return err
			}
			s.Required = append(s.Required, name)
		}
	}
	return nil
}

// setLimit sets a keyword that bounds a value: additionalProperties,
// uniqueItems, the lengths and counts, minimum and maximum.
func (s *Schema) setLimit(key string, val any, where string) error {
	switch key {
	case "additionalProperties", "uniqueItems":
		b, ok := val.(bool)
		if !ok {
			if key == "additionalProperties" {
				return fmt.Errorf("schema %s: only a boolean additionalProperties is supported", where)
			}
			return fmt.Errorf("schema %s: must be true or false", where)
		}
		if key == "additionalProperties" {
			s.AdditionalProperties = &b
		} else {
			s.UniqueItems = b
		}
	case "minimum", "maximum":
		var f float64
		switch n := val.(type) {
		case int64:
			f = float64(n)
		case float64:
			f = n
		default:
			return fmt.Errorf("schema %s: must be a number", where)
		}
		if key == "minimum" {
			s.Minimum = &f
		} else {
			s.Maximum = &f
		}
	default: // minLength, maxLength, minItems, maxItems
		n, ok := val.(int64)
		if !ok {
			return fmt.Errorf("schema %s: must be an integer", where)
		}
		i := int(n)
		switch key {
		case "minLength":
			s.MinLength = &i
		case "maxLength":
			s.MaxLength = &i
		case "minItems":
			s.MinItems = &i
		default:
			s.MaxItems = &i
		}
	}
	return nil
}

// setChildren sets a keyword that holds schemas: properties, items, if,
// then, allOf, $defs.
func (s *Schema) setChildren(key string, val any, where string) error {
	var err error
	switch key {
	case "properties":
		return buildMembers(val, where, func(name string, c *Schema) {
			s.Properties = append(s.Properties, Property{name, c})
		})
	case "$defs":
		return buildMembers(val, where, func(name string, c *Schema) {
			s.Defs = append(s.Defs, Def{name, c})
		})
	case "items":
		s.Items, err = buildChild(val, where)
	case "if":
		s.If, err = buildChild(val, where)
	case "then":
		s.Then, err = buildChild(val, where)
	default: // allOf
		arr, ok := val.([]any)
		if !ok {
			return fmt.Errorf("schema %s: allOf must be an array", where)
		}
		for i, e := range arr {
			child, err := buildChild(e, fmt.Sprintf("%s/%d", where, i))
			if err != nil {
				return err
			}
			s.AllOf = append(s.AllOf, child)
		}
	}
	return err
}

// buildMembers builds each schema of an object of schemas (properties,
// $defs), in order.
func buildMembers(v any, where string, add func(name string, s *Schema)) error {
	obj, ok := v.(ordered)
	if !ok {
		return fmt.Errorf("schema %s: must be an object", where)
	}
	for _, kv := range obj {
		child, err := buildChild(kv.val, where+"/"+kv.key)
		if err != nil {
			return err
		}
		add(kv.key, child)
	}
	return nil
}

func buildChild(v any, where string) (*Schema, error) {
	obj, ok := v.(ordered)
	if !ok {
		return nil, fmt.Errorf("schema %s: must be an object", where)
	}
	return build(obj, where)
}

func str(v any, where string) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("schema %s: must be a string", where)
	}
	return s, nil
}

var (
	pointerEscaper   = strings.NewReplacer("~", "~0", "/", "~1")
	pointerUnescaper = strings.NewReplacer("~1", "/", "~0", "~")
)

// EscapePointer escapes one JSON pointer token (RFC 6901).
func EscapePointer(tok string) string { return pointerEscaper.Replace(tok) }

// UnescapePointer reverses EscapePointer.
func UnescapePointer(tok string) string { return pointerUnescaper.Replace(tok) }
